"""The reviewable text form of a rule system's scenarios and Orders of Arrival, and the
loader that reads a whole system folder (``scenarios/ardennes2/``):

    formations.csv, counters.csv    (countertext.py)
    7.1.toml ... 7.6.toml           one scenario each: turns, maps, bounds, set-up, own OOA
    ooa.toml                        the main Orders of Arrival, both sides

A game that declares its own columns and scenario sections (its ``SystemSchema``) has its
counters and formations read by them (gamecolumns.py) and its sections kept as typed
extras (scenariosections.py); a scenario that takes the main Orders of Arrival gets the
game's ooa sections of its turns among its extras too.

Set-ups and arrivals keep the printed listing wording (seedgrammar.py).  Every listed
item becomes a Placement or an Arrival counter, or a ContentError naming the file and
line; nothing is dropped.  Printed values are checked against counters.csv.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

from ardennes_qt.core.numbering import HexIdError, Numbering
from ardennes_qt.core.scenario import Arrival, Bounds, Placement, Scenario
from ardennes_qt.core.system import SystemSchema
from ardennes_qt.core.units import SIDES, Counter
from ardennes_qt.store.arrivaltext import read_arrival
from ardennes_qt.store.countertext import SeedFormation, read_counters, read_formations
from ardennes_qt.store.errors import ContentError
from ardennes_qt.store.gamecolumns import read_game_counters, read_game_formations
from ardennes_qt.store.idtext import is_id_listing, read_id_ooa, read_id_scenario
from ardennes_qt.store.limits import MAX_TURN, read_text_file
from ardennes_qt.store.scenariosections import OWN_KEYS, SectionReader, game_sections, own_section
from ardennes_qt.store.seedgrammar import GrammarError, parse_setup_line
from ardennes_qt.store.unitcounts import counts_problem
from ardennes_qt.store.unitlookup import CounterIndex, ListingMismatch

__all__ = ["SystemContent", "load_system", "read_counters", "read_formations", "read_ooa", "read_scenario"]

# Where a scenario's reinforcements come from: the main OOA, its own list, or none.
REINFORCEMENT_SOURCES = ("ooa", "own", "none")
TEXT_KEYS = ("air_strikes", "reinforcements", "supply_allied", "supply_german", "victory", "special")
SCENARIO_KEYS = {
    "system", "id", "title", "maps", "first_turn", "last_turn", "first_date", "dates", "reinforcements",
    "notes", "bounds", "text", "setup", "setup_from", "not_in_play", "arrivals", "blown_bridges", "initial_control",
    "vp_overrides", "counts",
}  # fmt: skip
BOUND_KEYS = {"sheet", "min_column", "max_column", "min_row", "max_row"}
DATE_FORMAT = "%d %b %y"


@dataclass
class SystemContent:
    """Everything a rule system ships: formations, counters, scenarios by id, main OOA."""

    system: str
    formations: dict[str, SeedFormation]
    counters: dict[str, Counter]
    scenarios: dict[str, Scenario]
    ooa: list[Arrival]
    ooa_notes: list[str] = field(default_factory=list)
    # The game's own ooa.toml sections (its schema's), typed: each by name, a list of entries;
    # "arrival" holds the keys the game adds to each arrival, one dict per arrival.
    ooa_extras: dict[str, list] = field(default_factory=dict)


def load_system(folder: Path, numbering: Numbering, schema: SystemSchema | None = None) -> SystemContent:
    """A game's folder.  Its scenario files keep the printed listings (this module's grammar)
    or list counters by id beside the printed words (``idtext``), each file as it is written.
    ``schema`` is the game's, where it declares columns or sections of its own."""
    folder = Path(folder)
    columns = schema.unit_columns if schema is not None else None
    sections = schema.scenario_sections if schema is not None else ()
    if columns is None:
        formations = read_formations(folder / "formations.csv")
        counters = read_counters(folder / "counters.csv", formations)
    else:
        formations = read_game_formations(folder / "formations.csv", columns)
        counters = read_game_counters(folder / "counters.csv", formations, columns)
    index = CounterIndex(counters, formations)
    ooa_file = _TomlFile(folder / "ooa.toml")
    # Arrivals listing counter ids (a list) rather than printed units (a line of text).
    arrivals = ooa_file.doc.get("arrival", [])
    by_id = isinstance(arrivals, list) and any(isinstance(a, dict) and isinstance(a.get("units"), list) for a in arrivals)
    sides = tuple(schema.sides) if schema is not None else SIDES
    ooa = read_id_ooa(ooa_file.path, ooa_file.doc, counters, numbering, sides) if by_id else _read_ooa(ooa_file, index, numbering)
    ooa_extras = _ooa_extras(ooa_file, sections, SectionReader(ooa_file.path.name, counters, formations, numbering, sides))
    scenarios = {}
    for path in sorted(folder.glob("*.toml")):
        if path.name == ooa_file.path.name:
            continue
        doc = _TomlFile(path).doc
        if is_id_listing(doc):
            scenario = read_id_scenario(path, doc, counters, ooa, numbering, sections, formations, sides)
            _take_ooa_extras(scenario, ooa, ooa_extras)
        else:
            scenario = read_scenario(path, counters, formations, numbering)
        if scenario.system != folder.name or scenario.id in scenarios:
            message = f"scenario '{scenario.id}' of '{scenario.system}' does not belong in {folder.name}/, or is there twice"
            raise ContentError(message, path.name)
        scenarios[scenario.id] = scenario
    return SystemContent(folder.name, formations, counters, scenarios, ooa, _string_list(ooa_file, "notes"), ooa_extras)


def _ooa_extras(src: _TomlFile, sections, reader: SectionReader) -> dict[str, list]:
    out: dict[str, list] = {s.name: reader.section(src.doc, s) for s in game_sections(sections, "ooa")}
    added = own_section(sections, "arrival")
    if added is not None:
        out["arrival"] = [reader.entry(entry, added, f"[[arrival]] #{i}", OWN_KEYS["arrival"])
                          for i, entry in enumerate(src.doc.get("arrival", []), 1)]
    return out


def _take_ooa_extras(scenario: Scenario, ooa: list[Arrival], ooa_extras: dict[str, list]) -> None:
    """A scenario that takes the main Orders of Arrival takes the game's ooa sections of its turns."""
    if scenario.options.get("reinforcements") != "ooa":
        return
    turns = range(scenario.first_turn, scenario.last_turn + 1)
    for name, entries in ooa_extras.items():
        if name == "arrival":
            scenario.extras[name] = [added for a, added in zip(ooa, entries) if a.turn in turns]
        else:
            scenario.extras[name] = [e for e in entries if e.get("turn") in turns]


def read_ooa(
    path: Path, counters: dict[str, Counter], formations: dict[str, SeedFormation], numbering: Numbering
) -> list[Arrival]:
    return _read_ooa(_TomlFile(path), CounterIndex(counters, formations), numbering)


def read_scenario(
    path: Path, counters: dict[str, Counter], formations: dict[str, SeedFormation], numbering: Numbering
) -> Scenario:
    src = _TomlFile(path)
    doc = src.doc
    unknown = set(doc) - SCENARIO_KEYS
    src.check(not unknown, f"unknown key(s) {', '.join(sorted(unknown))}")
    for key in ("system", "id", "title", "maps", "first_turn", "last_turn", "reinforcements"):
        src.check(key in doc, f"the scenario lacks '{key}'")
    first, last = doc["first_turn"], doc["last_turn"]
    turns_ok = isinstance(first, int) and isinstance(last, int) and 1 <= first <= last <= MAX_TURN
    src.check(turns_ok, f"first_turn and last_turn must be turn numbers from 1 to {MAX_TURN}, first <= last")
    maps = tuple(doc["maps"]) if isinstance(doc["maps"], list) else ()
    src.check(bool(maps) and set(maps) <= set(numbering.sheets), f"maps {doc['maps']} are not {numbering.to_text()}")
    source = doc["reinforcements"]
    src.check(source in REINFORCEMENT_SOURCES, f"reinforcements '{source}' is not one of {', '.join(REINFORCEMENT_SOURCES)}")
    scenario = Scenario(
        system=doc["system"],
        id=str(doc["id"]),
        title=doc["title"],
        first_turn=first,
        last_turn=last,
        dates=_dates(src, first, last),
        maps=maps,
        bounds=tuple(_bounds(src, maps)),
        blown_bridges=tuple(_hex(src, numbering, h) for h in doc.get("blown_bridges", ())),
        initial_control=_initial_control(src, numbering),
        vp_overrides=_vp_overrides(src, numbering),
        options={"reinforcements": source},
        text=_text(src),
        notes=_string_list(src, "notes"),
    )
    index = CounterIndex(counters, formations)
    placed = _placements(src, index, numbering, scenario)
    for placement, where in placed:
        sheet, column, row = numbering.sheet_column_row(placement.hex)
        if not scenario.in_play_area(sheet, column, row):
            at = numbering.format(placement.hex)
            raise ContentError(f"{placement.counter} sets up at {at}, outside the play area", where)
    scenario.placements = [p for p, _ in placed]
    scenario.arrivals = _scenario_arrivals(src, index, numbering, scenario)
    _check_each_counter_enters_once(src, scenario)
    _check_counts(src, scenario, counters)
    return scenario


def _check_counts(src: _TomlFile, scenario: Scenario, counters: dict[str, Counter]) -> None:
    """The counters set up and arriving, by side, are as many as ``counts`` says: a set-up
    line or an arrival lost from the text (a line deleted, an ooa.toml emptied) is found
    here instead of giving a scenario short of units."""
    counts = src.doc.get("counts")
    if counts is None:
        return
    where = src.where(src.key_line("counts", "set_up"))
    problem = counts_problem(counts, [p.counter for p in scenario.placements],
                             [c for a in scenario.arrivals if not a.remove for c in a.counters], counters)
    if problem:
        raise ContentError(problem, where)


# --- set-up ------------------------------------------------------------------------------


def _placements(
    src: _TomlFile, index: CounterIndex, numbering: Numbering, scenario: Scenario
) -> list[tuple[Placement, str]]:
    """The scenario's own set-up, or the one it borrows ("Use the set-up from scenario 7.1"),
    less the units it leaves out (``not_in_play``: set up off its maps), with set-up lines of
    its own after it, for those it sets up elsewhere."""
    doc = src.doc
    if "setup_from" not in doc:
        src.check("not_in_play" not in doc, "not_in_play only applies to a set-up borrowed with setup_from")
        return _read_setup(src, index, numbering)
    lender = _TomlFile(src.path.parent / f"{doc['setup_from']}.toml")
    lender.check("setup_from" not in lender.doc, f"{src.path.name} borrows this set-up, which is itself borrowed")
    placed = _read_setup(lender, index, numbering)
    left_out = _string_list(src, "not_in_play")
    for counter_id in left_out:
        listed = any(p.counter == counter_id for p, _ in placed)
        src.check(listed, f"not_in_play names '{counter_id}', which {lender.path.name} does not set up")
    own = _read_setup(src, index, numbering)
    for placement, where in own:
        if placement.counter not in left_out:
            raise ContentError(f"{placement.counter} is set up by {lender.path.name}: only a unit left out of "
                               "that set-up (not_in_play) is set up here", where)
    scenario.options.update(setup_from=str(doc["setup_from"]), not_in_play=left_out)
    return [(p, where) for p, where in placed if p.counter not in left_out] + own


def _read_setup(src: _TomlFile, index: CounterIndex, numbering: Numbering) -> list[tuple[Placement, str]]:
    setup = src.doc.get("setup", {})
    src.check(isinstance(setup, dict), "setup must be a table of sides")
    out = []
    for side, blocks in setup.items():
        src.check(side in SIDES and isinstance(blocks, dict), f"[setup.{side}] is not a side's table of formation blocks")
        for header, block in blocks.items():
            src.check(isinstance(block, str), f"[setup.{side}] '{header}' must be a text block of set-up lines")
            for text in block.splitlines():
                if text.strip():
                    out.extend(_setup_line(src, side, header, text, index, numbering))
    return out


def _setup_line(
    src: _TomlFile, side: str, header: str, text: str, index: CounterIndex, numbering: Numbering
) -> list[tuple[Placement, str]]:
    where = src.where(src.block_line(side, header, text))
    try:
        line = parse_setup_line(text)
        at = numbering.parse(line.hex)
        out = []
        for item in line.items:
            for counter_id in index.resolve(side, header, item):
                if item.step_loss and index.counters[counter_id].steps < 2:
                    raise ListingMismatch(f"{counter_id} has one step, so it cannot start with a Step Loss")
                out.append((Placement(counter_id, at, line.within, item.dg, item.step_loss), where))
        return out
    except (GrammarError, HexIdError, ListingMismatch) as exc:
        raise ContentError(f"[setup.{side}] \"{header}\" line '{text.strip()}': {exc}", where) from None


# --- arrivals ----------------------------------------------------------------------------


def _read_ooa(src: _TomlFile, index: CounterIndex, numbering: Numbering) -> list[Arrival]:
    unknown = set(src.doc) - {"notes", "arrival"}
    src.check(not unknown, f"unknown key(s) {', '.join(sorted(unknown))}")
    _string_list(src, "notes")
    return [_arrival(src, "arrival", i, index, numbering) for i in range(len(src.doc.get("arrival", ())))]


def _scenario_arrivals(src: _TomlFile, index: CounterIndex, numbering: Numbering, scenario: Scenario) -> list[Arrival]:
    source = scenario.options["reinforcements"]
    own = src.doc.get("arrivals", ())
    src.check(not own or source == "own", f"[[arrivals]] are listed but reinforcements = '{source}'")
    if source == "ooa":
        ooa_file = _TomlFile(src.path.parent / "ooa.toml")
        ooa = _read_ooa(ooa_file, index, numbering)
        taken = [a for a in ooa if scenario.first_turn <= a.turn <= scenario.last_turn]
        if not taken:  # an emptied ooa.toml would give the scenario its set-up alone
            turns = f"{scenario.first_turn}-{scenario.last_turn}"
            raise ContentError(f"scenario {scenario.id} takes its reinforcements from ooa.toml, which lists "
                               f"none for turns {turns}", ooa_file.where())
        return taken
    arrivals = []
    for i in range(len(own)):
        arrival = _arrival(src, "arrivals", i, index, numbering)
        where = src.where(src.table_line("arrivals", i))
        if not scenario.first_turn <= arrival.turn <= scenario.last_turn:
            turns = f"{scenario.first_turn}-{scenario.last_turn}"
            raise ContentError(f"turn {arrival.turn} is outside the scenario's turns {turns}", where)
        for h in arrival.hexes:
            if not scenario.in_play_area(*numbering.sheet_column_row(h)):
                raise ContentError(f"the arrival hex {numbering.format(h)} is outside the play area", where)
        arrivals.append(arrival)
    return arrivals


def _arrival(src: _TomlFile, table: str, i: int, index: CounterIndex, numbering: Numbering) -> Arrival:
    entry = src.doc[table][i]
    where = src.where(src.table_line(table, i))
    try:
        return read_arrival(entry, index, numbering)
    except ValueError as exc:  # GrammarError, HexIdError and ListingMismatch among them
        raise ContentError(f"[[{table}]] #{i + 1}: {exc}", where) from None


def _check_each_counter_enters_once(src: _TomlFile, scenario: Scenario) -> None:
    """A counter sets up or arrives once; only a removal may name it again."""
    seen: set[str] = set()
    entering = [p.counter for p in scenario.placements]
    entering += [c for a in scenario.arrivals if not a.remove for c in a.counters]
    for counter_id in entering:
        src.check(counter_id not in seen, f"{counter_id} sets up or arrives more than once")
        seen.add(counter_id)


# --- scenario header ---------------------------------------------------------------------


def _dates(src: _TomlFile, first: int, last: int) -> dict[int, str]:
    """Every turn's date: from ``first_date`` one day per turn (1.1), or as listed."""
    doc = src.doc
    if "first_date" in doc:
        try:
            start = datetime.strptime(doc["first_date"], DATE_FORMAT)
        except (TypeError, ValueError):
            raise ContentError(f"first_date '{doc['first_date']}' is not a date like '16 Dec 44'", src.where()) from None
        return {t: (start + timedelta(days=t - first)).strftime(DATE_FORMAT) for t in range(first, last + 1)}
    dates = {int(k): str(v) for k, v in doc.get("dates", {}).items() if str(k).isdigit()}
    src.check(set(dates) == set(range(first, last + 1)), f"give every turn {first}-{last} a date, or a first_date")
    return dates


def _bounds(src: _TomlFile, maps: tuple[str, ...]) -> list[Bounds]:
    out = []
    for table in src.doc.get("bounds", ()):
        unknown = set(table) - BOUND_KEYS
        keys = ", ".join(sorted(BOUND_KEYS))
        src.check(not unknown and table.get("sheet") in maps, f"[[bounds]] {table} needs a sheet in play and only {keys}")
        numbers = all(isinstance(table[k], int) for k in table if k != "sheet")
        src.check(numbers, f"[[bounds]] {table}: limits are column and row numbers")
        out.append(Bounds(**table))
    return out


def _initial_control(src: _TomlFile, numbering: Numbering) -> dict:
    out = {}
    for hex_id, side in src.doc.get("initial_control", {}).items():
        src.check(side in SIDES, f"initial_control {hex_id} = '{side}' is not a side")
        out[_hex(src, numbering, hex_id)] = side
    return out


def _vp_overrides(src: _TomlFile, numbering: Numbering) -> dict:
    """The scenario's own VP values for hexes (0: not a VP hex in this scenario)."""
    values = src.doc.get("vp_overrides", {})
    src.check(isinstance(values, dict), "vp_overrides is a table of hex = VP, like { \"B1.16\" = 7 }")
    out = {}
    for hex_id, vp in values.items():
        where = src.where(src.key_line("vp_overrides", hex_id))
        if not isinstance(vp, int) or isinstance(vp, bool) or vp < 0:
            raise ContentError(f"vp_overrides {hex_id} = {vp!r}: a VP value is a whole number, 0 or more", where)
        try:
            out[numbering.parse(str(hex_id))] = vp
        except HexIdError as exc:
            raise ContentError(f"vp_overrides: {exc}", where) from None
    return out


def _text(src: _TomlFile) -> dict[str, str]:
    text = src.doc.get("text", {})
    unknown = set(text) - set(TEXT_KEYS)
    src.check(not unknown, f"[text] key(s) {', '.join(sorted(unknown))} not among {', '.join(TEXT_KEYS)}")
    src.check(all(isinstance(v, str) for v in text.values()), "[text] values are the printed wording, as text")
    return dict(text)


def _string_list(src: _TomlFile, key: str) -> list[str]:
    value = src.doc.get(key, [])
    src.check(isinstance(value, list) and all(isinstance(v, str) for v in value), f"'{key}' must be a list of strings")
    return list(value)


def _hex(src: _TomlFile, numbering: Numbering, hex_id: str):
    try:
        return numbering.parse(str(hex_id))
    except HexIdError as exc:
        raise ContentError(str(exc), src.where()) from None


class _TomlFile:
    """A parsed TOML file that can say on which line a table or a set-up line stands."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.text = read_text_file(self.path)
        try:
            self.doc = tomllib.loads(self.text)
        except tomllib.TOMLDecodeError as exc:
            raise ContentError(f"not valid TOML: {exc}", self.path.name) from None
        except RecursionError:
            raise ContentError("not valid TOML: its values nest too deeply", self.path.name) from None
        self.lines = self.text.splitlines()

    def where(self, line: int | None = None) -> str:
        return f"{self.path.name}, line {line}" if line else self.path.name

    def check(self, condition: bool, message: str) -> None:
        if not condition:
            raise ContentError(message, self.where())

    def block_line(self, side: str, header: str, text: str) -> int | None:
        """Line number of a set-up line inside ``[setup.<side>]``'s block ``header``."""
        start = self._first(lambda s: s == f"[setup.{side}]", 0)
        start = self._first(lambda s: s.startswith((f'"{header}"', f"{header} ")), start or 0)
        return self._first(lambda s: s == text.strip(), start or 0)

    def key_line(self, table: str, key: str) -> int | None:
        """Line number of ``key`` in ``[table]``, or of ``table = {...}`` written inline."""
        start = self._first(lambda s: s == f"[{table}]" or s.startswith(f"{table} ") or s.startswith(f"{table}="), 0)
        if start is None or not self.lines[start - 1].strip().startswith("["):
            return start
        return self._first(lambda s: s.startswith((f'"{key}"', f"{key} ", f"{key}=")), start) or start

    def table_line(self, table: str, i: int) -> int | None:
        """Line number of the ``i``-th ``[[table]]`` header."""
        found = [n for n, line in enumerate(self.lines, start=1) if line.strip() == f"[[{table}]]"]
        return found[i] if i < len(found) else None

    def _first(self, wanted, start: int) -> int | None:
        for n in range(start, len(self.lines)):
            if wanted(self.lines[n].strip()):
                return n + 1
        return None
