"""Content read from a file, checked before anything is built on it: every record named
from the map's vocabularies, every counter of a known formation with its values in range,
every set-up and arrival naming counters that exist, every number and text within
``limits``.  A saved game's position is checked against its content the same way.
(Hexes need no check of their own: every hex a file names is read through the map's
numbering, which refuses one off the map.)

Each check raises ContentError naming the file and, in the player's words, what is
wrong; content that passes can be drawn, played and written back.  The checks go over
the records a map shares (a woods hex is one record used a thousand times) and look for
the culprit only once something is wrong: the campaign is checked in a few milliseconds.
"""

from __future__ import annotations

import math
from typing import Iterable

from ardennes_qt.core.content import Content
from ardennes_qt.core.mapdata import EDGES, HEX_TERRAIN, HEXSIDE_FEATURES, ROAD_KINDS, MapData
from ardennes_qt.core.scenario import HOUSE_RULES_OPTION, Scenario
from ardennes_qt.core.state import WHERE, GameState
from ardennes_qt.core.units import MA_TYPES, SIDES, Counter, Formation
from ardennes_qt.store import limits
from ardennes_qt.store.gameschemas import sides_of
from ardennes_qt.store.errors import ContentError


class Checker:
    """Checks with one file's name on every message."""

    def __init__(self, origin: str) -> None:
        self.origin = origin

    def fail(self, message: str) -> ContentError:
        return ContentError(message, self.origin)

    def that(self, condition: bool, message: str) -> None:
        if not condition:
            raise self.fail(message)

    def number(self, value, low: int | float, high: int | float, what: str) -> None:
        if not (type(value) is int and low <= value <= high):
            ok = isinstance(value, (int, float)) and not isinstance(value, bool) and low <= value <= high
            self.that(ok, f"{what} is {value!r}, not a number from {low} to {high}")

    def count(self, items, most: int, what: str) -> None:
        self.that(len(items) <= most, f"there are {len(items):,} {what} (at most {most:,})")

    def texts(self, values: Iterable, what: str) -> None:
        """Every value is text of at most ``limits.MAX_TEXT`` characters."""
        for value in values:
            if type(value) is not str or len(value) > limits.MAX_TEXT:
                if not isinstance(value, str):
                    raise self.fail(f"{what}: {value!r} is not text")
                raise self.fail(f"{what}: a text of {len(value):,} characters (at most {limits.MAX_TEXT:,})")

    def names(self, values: Iterable, known: Iterable[str], what: str) -> None:
        unknown = set(values) - set(known)
        self.that(not unknown, f"{what}: {', '.join(sorted(map(repr, unknown)))} (known: {', '.join(known)})")


def check_content(content: Content, origin: str) -> None:
    """ContentError unless the map, counters and scenario can be played together (each record of
    a side one of the game's sides, as its schema names them)."""
    check = Checker(origin)
    sides = sides_of(content.scenario.system)
    check_map(content.map, check, sides)
    check_units(content.formations, content.counters, check, sides)
    check_scenario(content.scenario, content.map, content.counters, check, sides)


def check_map(m: MapData, check: Checker, sides: tuple[str, ...] = SIDES) -> None:
    check.texts((m.id, m.title, m.source, *m.notes), "the map's name and notes")
    for store in (m.hexes, m.hexsides, m.roads, m.bridges, m.places, m.plungers, m.entry_areas):
        check.count(store, limits.MAX_RECORDS, "map records of one kind")
    hexes = set(m.hexes.values())  # records are shared: a few hundred distinct ones
    check.names((t for r in hexes for t in r.terrain), HEX_TERRAIN, "unknown terrain")
    check.texts((r.source for r in hexes), "the source of a hex's terrain")
    hexsides = set(m.hexsides.values())
    check.names((f for r in hexsides for f in r.features), HEXSIDE_FEATURES, "unknown hexside feature")
    check.texts((t for r in hexsides for t in (r.name, r.source)), "a hexside's name")
    links = set(m.roads.values())
    check.names((r.kind for r in links), ROAD_KINDS, "unknown kind of road")
    check.texts((r.source for r in links), "the source of a road")
    for side, bridge in m.bridges.items():
        check.texts((bridge.built, bridge.plunger, bridge.source), "a bridge's date and plunger")
        check.that(not bridge.plunger or bridge.plunger in m.plungers, f"the bridge at {' '.join(m.side_ref(side))} "
                   f"names plunger '{bridge.plunger}', which is not on the map")
    check.texts(m.plungers, "a plunger's name")
    for h, place in m.places.items():
        check.texts((place.name, place.source), "a place's name")
        check.number(place.vp, 0, limits.MAX_VP, f"the VP of {place.name} ({m.hex_id(h)})")
    for letter, area in m.entry_areas.items():
        check.texts((letter, area.source), "an entry area's letter")
        check.that(letter == area.letter, f"entry area '{letter}' is filed under another letter")
        check.that(area.side in sides, f"entry area {letter} belongs to '{area.side}', not a side")
    check.names(m.friendly_edges, EDGES, "unknown map edge")
    check.names(m.friendly_edges.values(), sides, "a map edge belongs to no side")


def check_units(formations: dict[str, Formation], counters: dict[str, Counter], check: Checker,
                sides: tuple[str, ...] = SIDES) -> None:
    check.count(formations, limits.MAX_FORMATIONS, "formations")
    check.count(counters, limits.MAX_COUNTERS, "counters")
    for code, f in formations.items():
        check.that(code == f.code, f"formation '{code}' is filed under another code")
        check.texts((f.code, f.name, f.nationality, f.colour, f.colour_source), f"formation {code}'s names")
        check.that(f.side in sides, f"formation {code} belongs to '{f.side}', not a side")
        check.texts((f.level, f.parent), f"formation {code}'s level")
        _game_values(f.values, f.provenance, f"formation {code}", check)
    for cid, c in counters.items():
        check.that(cid == c.id, f"counter '{cid}' is filed under another id")
        check.texts((c.id, c.nationality, c.designation, c.unit_type, c.notes), f"counter {cid}'s names")
        check.that(c.side in sides, f"counter {cid} belongs to '{c.side}', not a side")
        # A game's own counter (no attack-defense-movement values) may belong to no division (an HQ).
        check.that(c.formation in formations or (c.full is None and not c.formation),
                   f"counter {cid} belongs to formation '{c.formation}', which is not listed")
        check.number(c.steps, 1, limits.MAX_STEPS, f"the steps of {cid}")
        check.that(c.full is None or c.ma_type in MA_TYPES, f"counter {cid}'s movement type is '{c.ma_type}', not {' or '.join(MA_TYPES)}")
        for values in (c.full, c.reduced):
            for number in vars(values).values() if values is not None else ():  # whatever values a game prints
                if number is not None:
                    check.number(number, 0, limits.MAX_VALUE, f"a value of {cid}")
        check.texts((t for kv in c.provenance.items() for t in kv), f"counter {cid}'s sources")
        check.texts((c.printed_name,), f"counter {cid}'s name")
        _game_values(c.values, {}, f"counter {cid}", check)


def _game_values(values: dict, provenance: dict, what: str, check: Checker) -> None:
    """A game's own values: named by text, each a whole number in range, a text or yes/no."""
    check.texts(values, f"the names of {what}'s values")
    check.texts((t for kv in provenance.items() for t in kv), f"{what}'s sources")
    for name, value in values.items():
        if isinstance(value, str):
            check.texts((value,), f"{what}'s {name}")
        elif not isinstance(value, bool):
            check.number(value, -limits.MAX_VALUE, limits.MAX_VALUE, f"{what}'s {name}")


def check_scenario(s: Scenario, m: MapData, counters: dict[str, Counter], check: Checker,
                   sides: tuple[str, ...] = SIDES) -> None:
    name = f"scenario {s.id}"
    check.texts((s.system, s.id, s.title, *s.dates.values(), *s.notes), f"{name}'s names, dates and notes")
    check.number(s.first_turn, 1, limits.MAX_TURN, f"{name}'s first turn")
    check.number(s.last_turn, s.first_turn, limits.MAX_TURN, f"{name}'s last turn")
    check.that(all(type(t) is int for t in s.dates), f"{name}'s dates are not by turn")
    check.that(bool(s.maps) and set(s.maps) <= set(m.numbering.sheets), f"{name} is played on maps {list(s.maps)!r}, "
               f"not sheets of the map ({', '.join(m.numbering.sheets)})")
    for b in s.bounds:
        check.that(b.sheet in s.maps, f"{name} limits the play area on sheet '{b.sheet}', which is not in play")
        for limit in (b.min_column, b.max_column, b.min_row, b.max_row):
            if limit is not None:
                check.number(limit, -limits.MAX_COLUMNS, limits.MAX_COLUMNS, f"a limit of {name}'s play area")
    check.count(s.placements, limits.MAX_COUNTERS, f"set-up lines in {name}")
    check.count(s.arrivals, limits.MAX_COUNTERS, f"arrivals in {name}")
    entering: set[str] = set()
    for p in s.placements:
        check.that(p.counter in counters, f"{name} sets up '{p.counter}', which is not a counter")
        check.number(p.within, 0, limits.MAX_WITHIN, f"how far from its hex {p.counter} may set up")
        check.texts((p.note,), f"the note on {p.counter}'s set-up")
        check.that(p.counter not in entering, f"{name} sets up {p.counter} more than once")
        entering.add(p.counter)
    for a in s.arrivals:
        what = f"an arrival of turn {a.turn} in {name}"
        check.number(a.turn, 0, limits.MAX_TURN, f"the turn of an arrival in {name}")
        check.that(a.side in sides, f"{what} is for '{a.side}', not a side")
        check.that(bool(a.counters), f"{what} names no counter")
        for cid in (*a.counters, *a.step_loss, *a.dg):
            check.that(cid in counters, f"{what} names '{cid}', which is not a counter")
        for cid in a.counters if not a.remove else ():
            check.that(cid not in entering, f"{name} sets up or brings in {cid} more than once")
            entering.add(cid)
        check.texts((*a.areas, a.edge, a.note), f"the wording of {what}")
        check.number(a.within, 0, limits.MAX_WITHIN, f"how far from its hexes {what} may enter")
        check.number(a.roll, 0, 6, f"the roll {what} needs")
    for cid in s.dead:
        check.that(cid in counters, f"{name} starts '{cid}' on the dead pile, which is not a counter")
    check.names(s.initial_control.values(), sides, f"{name} gives a hex's control to no side")
    for h, vp in s.vp_overrides.items():
        check.number(vp, 0, limits.MAX_VP, f"the VP {name} gives {m.hex_id(h)}")
    check.that(isinstance(s.options, dict), f"{name}'s options are not a table")
    check.that(s.options.get("reinforcements", "own") in ("ooa", "own", "none"), f"{name} takes its reinforcements "
               f"from '{s.options.get('reinforcements')}', not ooa, own or none")
    check.texts((s.options.get("setup_from", ""),), f"the scenario {name} borrows its set-up from")
    left_out = s.options.get("not_in_play", [])
    check.that(isinstance(left_out, (list, tuple)), f"{name}'s not_in_play is not a list")
    check.texts(left_out, f"{name}'s not_in_play")
    rules = s.options.get(HOUSE_RULES_OPTION, {})
    check.that(isinstance(rules, dict), f"{name}'s house rules are not a table")
    check.texts((t for kv in rules.items() for t in kv), f"{name}'s house rules")
    check.texts((t for kv in s.text.items() for t in kv), f"the printed text of {name}")


def check_state(content: Content, state: GameState, origin: str) -> None:
    """ContentError unless every unit of a saved position is a counter of the content, where
    a unit can be."""
    check = Checker(origin)
    check.that(state.scenario == content.scenario.key, f"the saved position is of '{state.scenario}', "
               f"not of the game's scenario {content.scenario.key}")
    check.number(state.turn, 0, limits.MAX_TURN + 1, "the saved position's turn")
    check.number(state.seed, 0, limits.MAX_SEED, "the saved position's seed")
    check.number(state.draws, 0, limits.MAX_SEED, "the saved position's count of dice rolled")
    check.texts((state.phase,), "the saved position's phase")
    for uid, u in state.units.items():
        check.that(uid in content.counters, f"the saved position has unit '{uid}', which is not a counter")
        check.that(u.where in WHERE, f"the saved position has {uid} in '{u.where}'")
        check.that((u.hex is not None) == (u.where == "map"), f"the saved position has {uid} on the map without "
                   "a hex, or off it with one")
        check.number(u.steps, 0, content.counters[uid].steps, f"the saved position's steps of {uid}")


def finite(value, low: float = -limits.MAX_COORDINATE, high: float = limits.MAX_COORDINATE) -> bool:
    """A number (not a truth value) that is neither infinite nor NaN, from ``low`` to ``high``."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and low <= value <= high


def check_rows(db, tables: Iterable[str], origin: str) -> None:
    """ContentError if a table of the file has more rows than any content needs (checked
    before they are read)."""
    names = set(db.table_names())
    for table in tables:
        if table in names:
            (rows,) = db.execute(f'SELECT count(*) FROM "{table}"').fetchone()
            if rows > limits.MAX_RECORDS:
                raise ContentError(f"the table {table} has {rows:,} rows (at most {limits.MAX_RECORDS:,})", origin)
