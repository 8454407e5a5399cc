"""The shipped scenarios: found as text under ``scenarios/``, built into SQLite on first
use (rebuilt whenever the text changes) and read back from there.

A scenario key is ``<system>/<id>``, e.g. ``ardennes2/7.1``.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from typing import TYPE_CHECKING

from ardennes_qt.core.content import Content
from ardennes_qt.store.atomic import write_sqlite_atomic
from ardennes_qt.store.checksum import Checksum
from ardennes_qt.store.contentdb import get_meta, read_content, set_meta, write_content
from ardennes_qt.store.contentcheck import check_content
from ardennes_qt.store.errors import ContentError, reading
from ardennes_qt.store.folders import cache_dir
from ardennes_qt.store.gameschemas import schema_of
from ardennes_qt.store.shipped import scenarios_root
from ardennes_qt.store.limits import MAX_TEXT_FILE
from ardennes_qt.store.sqlite_rows import RowReader
from ardennes_qt.store.sqlitefile import open_for_reading, remove_database

if TYPE_CHECKING:
    from ardennes_qt.store.scenariotext import SystemContent

CONTENT_FORMAT = "ardennes-qt content 3"  # 2: the table of a game's own unit values; 3: map levels and slopes
MAP_FILE = Path("map") / "map.txt"


def systems() -> list[str]:
    root = scenarios_root()
    return sorted(p.parent.parent.name for p in root.glob(f"*/{MAP_FILE.as_posix()}"))


def split_key(key: str) -> tuple[str, str]:
    system, _, scenario_id = key.partition("/")
    if not system or not scenario_id:
        raise ContentError(f"'{key}' is not a scenario name like ardennes2/7.1")
    return system, scenario_id


def _text_digest(folder: Path) -> str:
    h = Checksum(CONTENT_FORMAT.encode())
    with reading(f"{folder.name}/", "the scenario text"):
        for path in sorted(p for p in folder.rglob("*") if p.suffix in (".toml", ".csv", ".txt")):
            h.update_part(path.relative_to(folder).as_posix().encode())
            h.update_part(_text_bytes(path, folder))
    return h.hexdigest()


def _text_bytes(path: Path, folder: Path) -> bytes:
    """A text file's bytes (a folder in its place has none), within the size a text file may have."""
    if not path.is_file():
        return b""
    if path.stat().st_size > MAX_TEXT_FILE:
        raise ContentError(f"the file is {path.stat().st_size:,} bytes (at most {MAX_TEXT_FILE:,})",
                           path.relative_to(folder).as_posix())
    return path.read_bytes()


@lru_cache(maxsize=4)
def _system_from_text(system: str, digest: str) -> tuple[SystemContent, object]:
    # The text readers are imported only when the text is read: opening a scenario whose
    # SQLite content is already built needs none of them.
    from ardennes_qt.store.gameschemas import schema_of
    from ardennes_qt.store.maptext import read_map
    from ardennes_qt.store.scenariotext import load_system

    folder = scenarios_root() / system
    with reading(f"{system}/", "the scenario text"):
        m = read_map(folder / MAP_FILE, MAP_FILE.as_posix())
        return load_system(folder, m.numbering, schema_of(system)), m


def system_content(system: str) -> SystemContent:
    folder = scenarios_root() / system
    if not (folder / MAP_FILE).is_file():
        raise ContentError(f"there is no rule system '{system}' (known: {', '.join(systems()) or 'none'})")
    return _system_from_text(system, _text_digest(folder))[0]


def list_scenarios() -> list[tuple[str, str]]:
    """Every shipped scenario: (key, title), in scenario order.  A game whose text cannot be
    read is listed by its name alone (``<system>/``: a new game of it says why), the other
    games' scenarios as ever."""
    out = []
    for system in systems():
        try:
            out += scenarios_of(system)
        except ContentError:
            out.append((f"{system}/", f"{system}: its scenarios cannot be read"))
    return out


def scenarios_of(system: str) -> list[tuple[str, str]]:
    """The scenarios a rule system ships: (key, title), in scenario order; ContentError
    naming the file if its text cannot be read."""
    ordered = sorted(system_content(system).scenarios.items(), key=lambda kv: _order(kv[0]))
    return [(f"{system}/{scenario_id}", scenario.title) for scenario_id, scenario in ordered]


def _order(scenario_id: str):
    return [int(p) if p.isdigit() else p for p in scenario_id.split(".")]


def content_from_text(key: str) -> Content:
    """Read a shipped scenario straight from its text form."""
    system, scenario_id = split_key(key)
    folder = scenarios_root() / system
    if not (folder / MAP_FILE).is_file():
        raise ContentError(f"there is no rule system '{system}' (known: {', '.join(systems()) or 'none'})")
    loaded, m = _system_from_text(system, _text_digest(folder))
    if scenario_id not in loaded.scenarios:
        known = ", ".join(sorted(loaded.scenarios, key=_order))
        raise ContentError(f"{system} has no scenario '{scenario_id}' (known: {known})")
    formations = dict(loaded.formations)
    content = Content(m, formations, dict(loaded.counters), loaded.scenarios[scenario_id])
    check_content(content, f"{key} (scenarios/{system}/)")
    return content


def content_db(key: str) -> Path:
    """The built SQLite content of a shipped scenario, building it when the text changed."""
    system, scenario_id = split_key(key)
    folder = scenarios_root() / system
    if not (folder / MAP_FILE).is_file():
        raise ContentError(f"there is no rule system '{system}' (known: {', '.join(systems()) or 'none'})")
    path = cache_dir() / f"{system}-{scenario_id}-{_text_digest(folder)}.sqlite"
    if not path.is_file():
        content = content_from_text(key)
        with reading(key, "the scenario"):
            _build(content, path)
    return path


def _build(content: Content, path: Path) -> None:
    """A cache: built again from the text if lost, so not flushed to disk before it is used."""

    def fill(db) -> None:
        set_meta(db, {"format": CONTENT_FORMAT})
        write_content(db, content)

    write_sqlite_atomic(path, fill, durable=False)


def load_content(key: str) -> Content:
    """A shipped scenario, read from its built SQLite content (built again from the text
    when the cache cannot be read: a cache is never a reason to refuse a scenario)."""
    path = content_db(key)
    try:
        with reading(path.name, "the built content"):
            return _read_built(path)
    except ContentError:
        remove_database(path)
    return _read_built(content_db(key))


def _read_built(path: Path) -> Content:
    db = RowReader(open_for_reading(path, path.name, "built content"))
    try:
        if get_meta(db).get("format") != CONTENT_FORMAT:
            raise ContentError("this is not the content of a shipped scenario", path.name)
        content = read_content(db, path.name)
        check_content(content, path.name)  # a cache is a file anyone may have changed
        return content
    finally:
        db.close()
