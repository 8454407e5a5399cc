"""Saved games: one SQLite file holding the content the game is played on, the seed,
the action log (with the redo tail) and the current state.

Saving writes a complete new file next to the target and renames it over the old one,
so a save is the old file or the new one, never half of either.  Autosave keeps one
file open and appends each action in its own transaction.

Format 2 (release 0.1) adds the game's other lines of play (what-if branches, table
``lines``): each is its own action log from the same set-up and seed.  The line that was
on the table is the game itself (``actions`` and the meta), so a file reads the same
without its branches.  Format 3 adds check sums (integrity.py) of the content, of the
game's line and of each other line, and each other line's position, as the game's own
line has had from the start: a game opens at its positions without replaying its logs.
Format 4 changes nothing in the layout: a game of an older format keeps the rules it was
played with where a default has changed since (an Ardennes II game saved in format 3 or
earlier keeps odds rounded in the defender's favour, as a house rule of its own; see
``migrations.kept_house_rules``).  Format 5 adds the table of a game's own counter and
formation values; format 6 gives the map's hexes their levels and building levels and its
hexsides their slopes (ASL maps); an older game's map has none.
Older files open through the migration chain (``FILE_FORMAT``): format 1 (before release
0.1) had no other lines of play; format 4 had no table of a game's own counter values.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ardennes_qt.core.actions import Action, action_from_dict
from ardennes_qt.core.content import Content
from ardennes_qt.store.atomic import write_sqlite_atomic
from ardennes_qt.store.contentcheck import check_content
from ardennes_qt.store.contentdb import get_meta, map_levels_step, read_content, set_meta, write_content
from ardennes_qt.store.errors import ContentError, NotASaveFile, reading
from ardennes_qt.store.integrity import action_digest, content_digest, game_digest, line_digest, lines_digest
from ardennes_qt.store.limits import MAX_ACTIONS, MAX_LINES, MAX_SEED
from ardennes_qt.store.migrations import FileFormat, add_unit_values, kept_house_rules
from ardennes_qt.store.sqlite_rows import RowReader
from ardennes_qt.store.sqlitefile import open_for_reading

if TYPE_CHECKING:
    import sqlite_utils

FORMAT = "ardennes-qt game"
SCHEMA_VERSION = 6
SUFFIX = ".ardennes"
LINE_COLUMNS = {"seq": int, "name": str, "parent": str, "fork_at": int, "pointer": int, "state_hash": str,
                "actions": str, "state": str, "digest": str}
CHANGED_CONTENT = ("The game's map, counters or scenario were changed outside ardennes-qt; it is played as a "
                   "physical table (the rules' assistance off).")
CHANGED_LOG = ("The game's log was changed outside ardennes-qt; its position is kept, but not its undo history.")


def _format_2(conn: sqlite3.Connection) -> None:
    """1 -> 2: no other lines of play."""
    conn.execute("CREATE TABLE IF NOT EXISTS lines (seq INTEGER PRIMARY KEY, name TEXT, parent TEXT, fork_at INTEGER, "
                 "pointer INTEGER, state_hash TEXT, actions TEXT)")
    conn.executemany("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                     [("line", json.dumps({"name": "", "parent": "", "fork_at": 0})), ("main_line", "")])


def _format_3(conn: sqlite3.Connection) -> None:
    """2 -> 3: each other line's position and check sum, empty (a file of release 0.1 has none to check)."""
    if conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'lines'").fetchone():
        conn.execute("ALTER TABLE lines ADD COLUMN state TEXT NOT NULL DEFAULT ''")
        conn.execute("ALTER TABLE lines ADD COLUMN digest TEXT NOT NULL DEFAULT ''")


def _format_4(conn: sqlite3.Connection) -> None:
    """3 -> 4: the game keeps the rules it was played with where a default has changed since
    (its rule system says which)."""
    kept_house_rules(conn, 3)


def _format_5(conn: sqlite3.Connection) -> None:
    """4 -> 5: the content table of a game's own counter and formation values, empty."""
    add_unit_values(conn)


def _format_6(conn: sqlite3.Connection) -> None:
    """5 -> 6: the map's hexes have levels and its hexsides slopes (none in an older game)."""
    map_levels_step(conn)


FILE_FORMAT = FileFormat(FORMAT, "game", current=SCHEMA_VERSION, oldest=1,
                         steps={1: _format_2, 2: _format_3, 3: _format_4, 4: _format_5, 5: _format_6})


class ContentChanged(ContentError):
    """A saved game whose content is not what it was saved with: it may be opened anyway,
    as a physical table (``read_game(..., accept_changed_content=True)``)."""


@dataclass
class SavedLine:
    """A line of play: its name, where it was forked from and, for a line other than the
    game's own, its action log, position, the position's check sum and the position itself
    (None in a file older than format 3)."""

    name: str
    parent: str = ""  # the line it was forked from; "" for the first line
    fork_at: int = 0  # actions it shared with its parent when forked
    actions: list[Action] = field(default_factory=list)
    pointer: int = 0
    state_hash: str = ""
    state_json: dict | None = None


@dataclass
class SavedGame:
    """A saved game as its file holds it: the content, the seed, the action log with its redo tail,
    the current state and its check sum, and the other lines of play.

    Read from a file: ``history_sound`` is False when the log is not the one saved with the
    position (it cannot be trusted to replay), ``physical_table`` when the content was
    changed outside the program and the game is played without the rules' assistance, and
    ``warnings`` says what was found."""

    content: Content
    seed: int
    actions: list[Action]
    pointer: int  # actions[:pointer] are applied; the rest can be redone
    state_json: dict
    state_hash: str
    line: SavedLine | None = None  # the game's own line (name, parent, fork) when it has others
    main_line: str = ""  # the name of the main line
    lines: list[SavedLine] = field(default_factory=list)  # the other lines of play
    physical_table: bool = False
    history_sound: bool = True
    warnings: list[str] = field(default_factory=list)


def _game_meta(seed: int, pointer: int, state_json: dict, state_hash: str, sums: list[bytes]) -> dict[str, str]:
    return {
        "seed": str(seed),
        "pointer": str(pointer),
        "state": json.dumps(state_json, sort_keys=True),
        "state_hash": state_hash,
        "game_digest": game_digest(str(seed), str(pointer), state_hash, sums),
    }


def _write_actions(db: sqlite_utils.Database, actions: list[Action], start: int = 0) -> list[bytes]:
    """Write the actions from ``start`` on; the check sums of those written."""
    texts = [json.dumps(a.to_dict(), sort_keys=True) for a in actions[start:]]
    db.execute("DELETE FROM actions WHERE seq >= ?", [start])
    db["actions"].insert_all({"seq": i, "action": text} for i, text in enumerate(texts, start))
    return [action_digest(text) for text in texts]


def _write_lines(db: sqlite_utils.Database, game: SavedGame) -> None:
    db.execute("DELETE FROM lines")
    rows = []
    for i, line in enumerate(game.lines):
        row = {"seq": i, "name": line.name, "parent": line.parent, "fork_at": line.fork_at, "pointer": line.pointer,
               "state_hash": line.state_hash, "actions": json.dumps([a.to_dict() for a in line.actions], sort_keys=True),
               "state": json.dumps(line.state_json, sort_keys=True) if line.state_json is not None else ""}
        row["digest"] = _line_digest(row)
        rows.append(row)
    db["lines"].insert_all(rows)
    own = game.line or SavedLine("")
    own_text = json.dumps({"name": own.name, "parent": own.parent, "fork_at": own.fork_at})
    set_meta(db, {"line": own_text, "main_line": game.main_line,
                  "lines_digest": lines_digest(own_text, game.main_line, [r["digest"] for r in rows])})


def _line_digest(row: dict) -> str:
    return line_digest(row["name"], row["parent"], str(row["fork_at"]), str(row["pointer"]), row["state_hash"],
                       row["actions"], row["state"])


def write_game(path: Path, game: SavedGame) -> list[bytes]:
    """Write a complete saved game atomically; the check sums of its actions."""
    sums: list[bytes] = []
    write_sqlite_atomic(path, lambda db: sums.extend(_write_game(db, game)))
    return sums


def _write_game(db, game: SavedGame) -> list[bytes]:
    set_meta(db, {"format": FORMAT, "schema": str(SCHEMA_VERSION)})
    write_content(db, game.content)
    set_meta(db, {"content_digest": content_digest(db), "physical_table": "1" if game.physical_table else ""})
    db["actions"].create({"seq": int, "action": str}, pk="seq")
    sums = _write_actions(db, game.actions)
    set_meta(db, _game_meta(game.seed, game.pointer, game.state_json, game.state_hash, sums))
    db["lines"].create(LINE_COLUMNS, pk="seq")
    _write_lines(db, game)
    return sums


# --- reading ---------------------------------------------------------------------------------


def read_game(path: Path, accept_changed_content: bool = False) -> SavedGame:
    """Read a saved game, or raise NotASaveFile / ContentError with a message for the user,
    whatever the file holds (``errors.reading``).  A game whose content is not the one it
    was saved with raises ContentChanged, unless ``accept_changed_content``: then it is read
    as a physical-table game, with a warning.

    The file is opened read-only (a write to it cut short by a crash finished first, see
    sqlitefile.py): a file that cannot be read is left exactly as it was.
    """
    path = Path(path)
    name = path.name
    with reading(name, "the saved game"):
        conn = open_for_reading(path, name, "an ardennes-qt game")
        try:
            meta = get_meta(RowReader(conn))
            if meta.get("format") != FORMAT:
                raise NotASaveFile("this database is not an ardennes-qt game", name)
            current = FILE_FORMAT.opened(conn, meta.get("schema"), name)
            # The content's check sum is of the file as written, before any migration.
            content_sound = not meta.get("content_digest") or content_digest(RowReader(conn)) == meta["content_digest"]
            try:
                return _read_game(RowReader(current), name, content_sound, accept_changed_content)
            finally:
                if current is not conn:
                    current.close()
        finally:
            conn.close()


def _read_game(db: RowReader, name: str, content_sound: bool, accept_changed_content: bool) -> SavedGame:
    meta = get_meta(db)
    content = read_content(db, name)
    check_content(content, name)
    warnings = []
    physical_table = bool(meta.get("physical_table"))
    if not content_sound:
        if not accept_changed_content:
            raise ContentChanged("the game's map, counters or scenario are not the ones it was saved with: the file "
                                 "was changed outside ardennes-qt, or damaged", name)
        physical_table = True
        warnings.append(CHANGED_CONTENT)
    system = content.system
    actions, sums = _read_actions(db, system, name)
    pointer = _position(meta["pointer"], len(actions), "the game's", name)
    seed = int(meta["seed"])
    if not 0 <= seed <= MAX_SEED:
        raise ContentError(f"the game's dice seed ({seed}) is out of range", name)
    history_sound = not meta.get("game_digest") or meta["game_digest"] == game_digest(
        meta["seed"], meta["pointer"], meta["state_hash"], sums)
    if not history_sound:
        warnings.append(CHANGED_LOG)
    line, main_line, lines = _read_lines(db, meta, system, name, warnings)
    return SavedGame(
        content=content,
        seed=seed,
        actions=actions,
        pointer=pointer,
        state_json=_json(meta["state"], "the saved position", name),
        state_hash=_text(meta["state_hash"], "the saved position's check sum", name),
        line=line,
        main_line=main_line,
        lines=lines,
        physical_table=physical_table,
        history_sound=history_sound,
        warnings=warnings,
    )


def _read_actions(db: RowReader, system: str, name: str) -> tuple[list[Action], list[bytes]]:
    (count,) = db.execute("SELECT count(*) FROM actions").fetchone()
    if count > MAX_ACTIONS:
        raise ContentError(f"the game has {count:,} actions (at most {MAX_ACTIONS:,})", name)
    texts = [row["action"] for row in db["actions"].rows_where(order_by="seq")]
    actions = [action_from_dict(_json(text, "an action", name), system) for text in texts]
    return actions, [action_digest(text) for text in texts]


def _read_lines(db, meta: dict[str, str], system: str, name: str,
                warnings: list[str]) -> tuple[SavedLine | None, str, list[SavedLine]]:
    """The game's own line, the main line's name and the other lines; a line that was
    changed outside the program, or cannot be read, is left out with a warning."""
    has_lines = "lines" in db.table_names()
    if not has_lines and not meta.get("lines_digest"):
        return None, "", []  # a file of format 1, or one whose lines were all lost (below)
    own_text = meta.get("line") or "{}"
    own = _json(own_text, "the game's line of play", name)
    line = SavedLine(str(own["name"]), str(own.get("parent", "")), int(own.get("fork_at", 0))) if own.get("name") else None
    main_line = _text(meta.get("main_line", ""), "the main line's name", name)
    (count,) = db.execute("SELECT count(*) FROM lines").fetchone() if has_lines else (0,)
    if count > MAX_LINES:
        raise ContentError(f"the game has {count:,} lines of play (at most {MAX_LINES:,})", name)
    rows = list(db["lines"].rows_where(order_by="seq")) if has_lines else []
    recorded = meta.get("lines_digest")
    if recorded and recorded != lines_digest(own_text, meta.get("main_line", ""), [r.get("digest") for r in rows]):
        warnings.append("A what-if line of this game was removed, added or renamed outside ardennes-qt.")
    lines = []
    for row in rows:
        label = row["name"] if isinstance(row["name"], str) else "?"
        try:
            if row.get("digest") and row["digest"] != _line_digest(row):
                raise ContentError("it was changed outside ardennes-qt", name)
            lines.append(_line(row, system, name))
        except (ContentError, ValueError, TypeError, KeyError, AttributeError, RecursionError) as exc:
            reason = exc.message if isinstance(exc, ContentError) else f"it cannot be read ({exc})"
            warnings.append(f"The what-if line '{label}' is left out: {reason}.")
    return line, main_line, lines


def _line(row: dict, system: str, name: str) -> SavedLine:
    what = f"the what-if line '{row['name']}'"
    entries = _json(row["actions"], what, name)
    if not isinstance(entries, list) or len(entries) > MAX_ACTIONS:
        raise ContentError(f"{what} does not hold a list of actions of a game's length", name)
    actions = [action_from_dict(a, system) for a in entries]
    state = row.get("state") or ""
    return SavedLine(_text(row["name"], what, name), _text(row["parent"], what, name), int(row["fork_at"]), actions,
                     _position(row["pointer"], len(actions), "its", name), _text(row["state_hash"], what, name),
                     _json(state, f"{what}'s position", name) if state else None)


def _position(value, actions: int, whose: str, name: str) -> int:
    """A line's position: how many of its ``actions`` are applied."""
    pointer = int(value)
    if not 0 <= pointer <= actions:
        raise ContentError(f"{whose} position ({pointer}) lies outside its {actions} actions", name)
    return pointer


def _json(text, what: str, name: str):
    """A JSON value of the file (one nested too deeply is refused by ``reading``)."""
    return json.loads(_text(text, what, name))


def _text(value, what: str, name: str) -> str:
    if not isinstance(value, str):
        raise ContentError(f"{what} is not text", name)
    return value


class Autosave:
    """A saved game kept up to date action by action (each sync is one transaction).

    Its meta says what a start after a crash needs to know: the file the game was last
    saved to or opened from (``autosave_of``), whether it holds play not saved there
    (``unsaved``) and whether the program closed it normally (``closed``): one that holds
    unsaved play and was not closed is offered back (``unfinished_autosave``)."""

    def __init__(self, path: Path, game: SavedGame, saved_file: Path | None = None, unsaved: bool = False) -> None:
        """``unsaved``: the game holds play not saved to ``saved_file`` already (one brought back
        from an autosave)."""
        self.path = Path(path)
        self.sums = write_game(self.path, game)  # each action's check sum, for the game's
        import sqlite_utils  # loaded by write_game already

        self.db = sqlite_utils.Database(self.path)
        with self.db.atomic():
            set_meta(self.db, {"autosave_of": str(saved_file or ""), "unsaved": "1" if unsaved else "", "closed": ""})

    def sync(self, actions: list[Action], pointer: int, seed: int, state_json: dict, state_hash: str, common: int) -> None:
        """Bring the file in line: ``common`` leading actions are unchanged since the last sync."""
        start = min(common, len(self.sums))
        with self.db.atomic():
            sums = self.sums[:start] + _write_actions(self.db, actions, start)
            set_meta(self.db, {**_game_meta(seed, pointer, state_json, state_hash, sums), "unsaved": "1"})
        self.sums = sums

    def write_lines(self, game: SavedGame) -> None:
        """Bring the other lines of play in line (after a fork, a switch, a rename...)."""
        with self.db.atomic():
            _write_lines(self.db, game)
            set_meta(self.db, {"unsaved": "1"})

    def saved_to(self, path: Path) -> None:
        """The game was saved to ``path``: nothing in the autosave is unsaved now."""
        with self.db.atomic():
            set_meta(self.db, {"autosave_of": str(path), "unsaved": ""})

    def close(self) -> None:
        """Closed normally: a start after this one has nothing to offer back."""
        with self.db.atomic():
            set_meta(self.db, {"closed": "1"})
        self.db.close()


@dataclass(frozen=True)
class UnfinishedGame:
    """An autosave holding play that was never saved, left by a program that did not close normally."""

    path: Path
    title: str
    turn: int
    actions: int
    saved_file: Path | None  # the file the game was last saved to or opened from
    modified: float  # when it was last written (seconds since the epoch)


def unfinished_autosave(path: Path) -> UnfinishedGame | None:
    """The game in the autosave ``path`` if the program that wrote it stopped without closing
    it (a crash, a kill) while it held play not saved to a file; None otherwise, or if it
    cannot be read."""
    path = Path(path)
    if not path.is_file():
        return None
    try:
        with reading(path.name):
            conn = open_for_reading(path, path.name, "an ardennes-qt game")
            try:
                meta = get_meta(RowReader(conn))
            finally:
                conn.close()
            if meta.get("format") != FORMAT or meta.get("closed") == "1" or meta.get("unsaved") != "1":
                return None
            saved = meta.get("autosave_of") or ""
            return UnfinishedGame(path, str(json.loads(meta["scenario"]).get("title", "")),
                                  int(json.loads(meta["state"]).get("turn", 0)), int(meta.get("pointer", 0)),
                                  Path(saved) if saved else None, path.stat().st_mtime)
    except ContentError:
        return None
