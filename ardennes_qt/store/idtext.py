"""Scenario files that list counters by id: the text form of a game whose rules print unit
names only (The Ardennes 1994), where a listing's printed words cannot name a counter the
way Ardennes II's printed values do.  Each set-up line keeps its printed wording beside
the counter ids it was read as, so the two can be checked side by side.

    [[setup]]       side, hex, printed, units; optional step_loss, hidden, emplaced (ids), note
    [[setup_near]]  side, printed, units, rule (where they may go); optional hidden, emplaced
    [[dead]]        side, printed, units
    [[dump_set]]    set, hexes, names, real, dummy; optional kinds, status, dead_dummy, note
    [[arrival]]     turn, side, where (entry area letters "N" / "N or O", or a hex), printed, units
    [[bounds]]      sheet, min/max column/row: the play area, inclusive
    [text]          the printed rules of the scenario, by key

``reinforcements`` is ``own`` (the file's arrivals), ``ooa`` (the Orders of Arrival's within
the scenario's turns) or ``none``.  Keys the program does not read itself (``weather``,
``game_length``, ``map_bounds``...) are kept as the scenario's ``extras`` for its rules,
with the near placements, hidden and emplaced units and the supply dumps; the sections a
game declares as its own (``core.scenario.ScenarioSection``) are kept there typed
(scenariosections.py), with the keys it adds to ``[[setup]]`` entries.  ``maps`` may be
left out for a one-sheet map; ``dates`` may list every turn's date instead of ``first_date``.  Every listed
counter becomes a placement, an arrival, a near placement or a dead one, or a ContentError
names the file and entry; nothing is dropped.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from pathlib import Path

from ardennes_qt.core.numbering import HexIdError, Numbering
from ardennes_qt.core.scenario import Arrival, Bounds, Placement, Scenario, ScenarioSection
from ardennes_qt.core.units import SIDES, Counter
from ardennes_qt.store.errors import ContentError
from ardennes_qt.store.scenariosections import OWN_KEYS, SectionReader, game_sections, own_section, placed_units
from ardennes_qt.store.unitcounts import counts_problem

REINFORCEMENT_SOURCES = ("ooa", "own", "none")
READ_KEYS = {
    "system", "id", "title", "maps", "first_turn", "last_turn", "reinforcements", "notes", "bounds", "text",
    "setup", "setup_near", "dead", "dump_set", "arrival", "blown_bridges", "first_date", "dates", "counts",
}  # fmt: skip
BOUND_KEYS = {"sheet", "min_column", "max_column", "min_row", "max_row"}
_AREA = re.compile(r"^[A-Z]$")


def is_id_listing(doc: dict) -> bool:
    """Does a scenario document list its set-up by counter id (``[[setup]]`` entries)?"""
    return isinstance(doc.get("setup"), list) or isinstance(doc.get("setup_near"), list)


class _Entries:
    """One file's document, with errors that name the file and the entry."""

    def __init__(self, path: Path, doc: dict, sides: tuple[str, ...] = SIDES) -> None:
        self.path, self.doc, self.sides = path, doc, sides

    def fail(self, message: str, where: str = "") -> ContentError:
        return ContentError(message, f"{self.path.name}{', ' + where if where else ''}")

    def check(self, ok: bool, message: str, where: str = "") -> None:
        if not ok:
            raise self.fail(message, where)

    def entries(self, key: str) -> list[tuple[str, dict]]:
        found = self.doc.get(key, [])
        self.check(isinstance(found, list), f"'{key}' must be a list of [[{key}]] entries")
        out = []
        for i, entry in enumerate(found, 1):
            where = f"[[{key}]] #{i}"
            self.check(isinstance(entry, dict), "must be a table", where)
            out.append((where, entry))
        return out

    def ids(self, entry: dict, key: str, where: str, counters: dict[str, Counter]) -> tuple[str, ...]:
        value = entry.get(key, [])
        self.check(isinstance(value, list) and all(isinstance(v, str) for v in value), f"'{key}' must be a list of counter ids", where)
        unknown = [v for v in value if v not in counters]
        self.check(not unknown, f"no counter {', '.join(repr(u) for u in unknown)} in counters.csv", where)
        return tuple(value)

    def side(self, entry: dict, where: str) -> str:
        side = entry.get("side")
        self.check(side in self.sides, f"side '{side}' is not one of {', '.join(self.sides)}", where)
        return side

    def hex(self, numbering: Numbering, text, where: str):
        try:
            return numbering.parse(str(text))
        except HexIdError as exc:
            raise self.fail(str(exc), where) from None


def read_id_scenario(path: Path, doc: dict, counters: dict[str, Counter], ooa: list[Arrival], numbering: Numbering,
                     sections: tuple[ScenarioSection, ...] = (), formations: dict | None = None,
                     sides: tuple[str, ...] = SIDES) -> Scenario:
    """A scenario file; ``sections`` and ``sides`` are the ones the game declares (its schema's)."""
    src = _Entries(path, doc, sides)
    one_sheet = len(numbering.sheets) == 1
    for key in ("system", "id", "title", "first_turn", "last_turn", "reinforcements") + (() if one_sheet else ("maps",)):
        src.check(key in doc, f"the scenario lacks '{key}'")
    first, last = doc["first_turn"], doc["last_turn"]
    src.check(isinstance(first, int) and isinstance(last, int) and 1 <= first <= last,
              "first_turn and last_turn must be turn numbers, first <= last")
    maps_listed = doc.get("maps", list(numbering.sheets))
    maps = tuple(maps_listed) if isinstance(maps_listed, list) else ()
    src.check(bool(maps) and set(maps) <= set(numbering.sheets), f"maps {maps_listed} are not sheets of {numbering.to_text()}")
    source = doc["reinforcements"]
    src.check(source in REINFORCEMENT_SOURCES, f"reinforcements '{source}' is not one of {', '.join(REINFORCEMENT_SOURCES)}")
    extras = {key: value for key, value in doc.items() if key not in READ_KEYS}
    scenario = Scenario(
        system=str(doc["system"]),
        id=str(doc["id"]),
        title=str(doc["title"]),
        first_turn=first,
        last_turn=last,
        dates=_dates(src, first, last),
        maps=maps,
        bounds=tuple(_bounds(src, maps)),
        blown_bridges=tuple(src.hex(numbering, h, "blown_bridges") for h in doc.get("blown_bridges", ())),
        options={"reinforcements": source},
        text={str(k): str(v) for k, v in doc.get("text", {}).items()},
        notes=[str(n) for n in doc.get("notes", [])],
        extras=extras,
    )
    reader = SectionReader(path.name, counters, formations or {}, numbering, sides)
    for section in game_sections(sections, "scenario"):
        extras[section.name] = reader.section(doc, section)
    scenario.placements = _placements(src, counters, numbering, scenario, reader, own_section(sections, "setup"))
    extras["near"] = _near(src, counters)
    scenario.dead = tuple(uid for where, entry in src.entries("dead") for uid in src.ids(entry, "units", where, counters))
    extras["dump_sets"] = _dump_sets(src, numbering)
    if source == "own":
        scenario.arrivals = read_arrivals(src, counters, numbering)
    elif source == "ooa":
        scenario.arrivals = [a for a in ooa if first <= a.turn <= last]
    placed = placed_units(extras, sections)
    _check_each_counter_enters_once(src, scenario, placed)
    if "counts" in doc:  # a set-up line or an arrival lost from the text is found here
        set_up = [p.counter for p in scenario.placements] + [u for near in extras["near"] for u in near["units"]] + placed
        problem = counts_problem(doc["counts"], set_up, [c for a in scenario.arrivals for c in a.counters], counters, sides)
        src.check(not problem, problem, "counts")
    return scenario


def read_id_ooa(path: Path, doc: dict, counters: dict[str, Counter], numbering: Numbering,
                sides: tuple[str, ...] = SIDES) -> list[Arrival]:
    return read_arrivals(_Entries(path, doc, sides), counters, numbering)


def _dates(src: _Entries, first: int, last: int) -> dict[int, str]:
    """Every turn's date, one day a turn from ``first_date`` ("16 Dec 44"), or as ``dates``
    lists them; none without either."""
    if "dates" in src.doc:
        listed = src.doc["dates"]
        src.check(isinstance(listed, dict) and all(str(k).isdigit() and isinstance(v, str) for k, v in listed.items()),
                  "'dates' must be a table of turn = date", "dates")
        dates = {int(k): v for k, v in listed.items()}
        src.check(set(dates) == set(range(first, last + 1)), f"'dates' must give every turn {first}-{last} a date", "dates")
        return dates
    if "first_date" not in src.doc:
        return {}
    try:
        start = datetime.strptime(str(src.doc["first_date"]), "%d %b %y")
    except ValueError:
        raise src.fail(f"first_date '{src.doc['first_date']}' is not a date like '16 Dec 44'") from None
    return {t: (start + timedelta(days=t - first)).strftime("%d %b %y") for t in range(first, last + 1)}


def _bounds(src: _Entries, maps: tuple[str, ...]) -> list[Bounds]:
    out = []
    for where, entry in src.entries("bounds"):
        unknown = set(entry) - BOUND_KEYS
        src.check(not unknown, f"unknown key(s) {', '.join(sorted(unknown))}", where)
        src.check(entry.get("sheet") in maps, f"sheet '{entry.get('sheet')}' is not a map in play", where)
        limits = {k: v for k, v in entry.items() if k != "sheet"}
        src.check(all(isinstance(v, int) for v in limits.values()), "limits must be whole numbers", where)
        out.append(Bounds(entry["sheet"], **limits))
    return out


def _placements(src: _Entries, counters: dict[str, Counter], numbering: Numbering, scenario: Scenario,
                reader: SectionReader, game: ScenarioSection | None = None) -> list[Placement]:
    """The set-up entries' placements; the keys a ``game`` section adds to them are kept,
    with each entry's units, in ``extras["setup"]``."""
    out: list[Placement] = []
    hidden: list[str] = []
    emplaced: list[str] = []
    added: list[dict] = []
    for where, entry in src.entries("setup"):
        if game is not None:
            added.append({"units": list(entry.get("units", [])), **reader.entry(entry, game, where, OWN_KEYS["setup"])})
        side = src.side(entry, where)
        at = src.hex(numbering, entry.get("hex"), where)
        units = src.ids(entry, "units", where, counters)
        sheet, column, row = numbering.sheet_column_row(at)
        # A printed line with no units (5.2's "B31.17:") places nothing, wherever it is.
        src.check(not units or scenario.in_play_area(sheet, column, row), f"{entry.get('hex')} is outside the play area", where)
        wrong = [u for u in units if counters[u].side != side]
        src.check(not wrong, f"{', '.join(wrong)} are not {side} counters", where)
        reduced = set(src.ids(entry, "step_loss", where, counters))
        for key, kept in (("hidden", hidden), ("emplaced", emplaced)):
            listed = src.ids(entry, key, where, counters)
            src.check(set(listed) <= set(units), f"'{key}' names units the line does not set up", where)
            kept.extend(listed)
        src.check(reduced <= set(units), "'step_loss' names units the line does not set up", where)
        printed = str(entry.get("printed", ""))
        out.extend(Placement(uid, at, step_loss=uid in reduced, note=printed) for uid in units)
    scenario.extras["hidden"] = hidden
    scenario.extras["emplaced"] = emplaced
    if game is not None:
        scenario.extras["setup"] = added
    return out


def _near(src: _Entries, counters: dict[str, Counter]) -> list[dict]:
    """Units placed freely at the start ("with or adjacent to any of the above")."""
    out = []
    for where, entry in src.entries("setup_near"):
        side = src.side(entry, where)
        units = src.ids(entry, "units", where, counters)
        hidden = src.ids(entry, "hidden", where, counters)
        src.check(set(hidden) <= set(units), "'hidden' names units the entry does not place", where)
        emplaced = entry.get("emplaced", False)
        src.check(isinstance(emplaced, bool), "'emplaced' must be true or false", where)
        out.append({"side": side, "units": list(units), "hidden": list(hidden), "emplaced": emplaced,
                    "rule": str(entry.get("rule", "")), "printed": str(entry.get("printed", ""))})
    return out


def _dump_sets(src: _Entries, numbering: Numbering) -> list[dict]:
    out = []
    for where, entry in src.entries("dump_set"):
        hexes = entry.get("hexes", [])
        src.check(isinstance(hexes, list) and bool(hexes), "'hexes' must list the set's hexes", where)
        for h in hexes:
            src.hex(numbering, h, where)
        real, dummy = entry.get("real", 2), entry.get("dummy", 1)
        src.check(isinstance(real, int) and isinstance(dummy, int) and real >= 0 and dummy >= 0,
                  "'real' and 'dummy' must be counts", where)
        src.check(real + dummy >= len(hexes) or "kinds" in entry, f"{len(hexes)} hexes for {real} real and {dummy} dummy dumps", where)
        kinds = entry.get("kinds", [])
        src.check(not kinds or (len(kinds) == len(hexes) and set(kinds) <= {"real", "dummy"}),
                  "'kinds' must say real or dummy for each hex", where)
        status = entry.get("status", [])
        src.check(not status or (len(status) == len(hexes) and set(status) <= {"US", "captured"}),
                  "'status' must say US or captured for each hex", where)
        out.append({"set": entry.get("set", len(out) + 1), "hexes": list(hexes), "names": list(entry.get("names", [])),
                    "real": real, "dummy": dummy, "kinds": list(kinds), "status": list(status),
                    "dead_dummy": int(entry.get("dead_dummy", 0)), "note": str(entry.get("note", ""))})
    return out


def read_arrivals(src: _Entries, counters: dict[str, Counter], numbering: Numbering) -> list[Arrival]:
    out = []
    for where, entry in src.entries("arrival"):
        side = src.side(entry, where)
        turn = entry.get("turn")
        src.check(isinstance(turn, int) and turn >= 1, "'turn' must be a turn number", where)
        units = src.ids(entry, "units", where, counters)
        src.check(bool(units), "an arrival must bring some units", where)
        wrong = [u for u in units if counters[u].side != side]
        src.check(not wrong, f"{', '.join(wrong)} are not {side} counters", where)
        place = str(entry.get("where", "")).strip()
        note = str(entry.get("note", ""))
        areas = tuple(p.strip() for p in re.split(r",|\bor\b", place) if p.strip())
        if areas and all(_AREA.match(a) for a in areas):
            arrival = Arrival(turn, side, units, areas=areas, note=note)
        elif not place and note:  # placed where its note says: a set-up area that is no hex or entry area
            arrival = Arrival(turn, side, units, note=note)
        else:
            src.check(bool(place), "'where' must name an entry area or a hex (or 'note' say where)", where)
            hexes = tuple(src.hex(numbering, a, where) for a in areas)
            arrival = Arrival(turn, side, units, hexes=hexes, note=note)
        out.append(arrival)
    return out


def _check_each_counter_enters_once(src: _Entries, scenario: Scenario, placed: list[str] = ()) -> None:
    seen: dict[str, str] = {}
    listed = [(p.counter, "set up") for p in scenario.placements] + [(u, "placed by the game's rules") for u in placed]
    listed += [(u, "placed near the set-up") for near in scenario.extras.get("near", []) for u in near["units"]]
    listed += [(u, "in a dead pile") for u in scenario.dead]
    listed += [(u, f"arriving on Turn {a.turn}") for a in scenario.arrivals for u in a.counters]
    for uid, how in listed:
        src.check(uid not in seen, f"{uid} is both {seen.get(uid)} and {how}")
        seen[uid] = how
