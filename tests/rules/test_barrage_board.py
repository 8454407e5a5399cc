"""A small hand-built board for the artillery, barrage, air and bridge tests: one map sheet,
a few counters of both sides, and positions written as {unit: hex id}."""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Direction, Hex, Hexside
from ardennes_qt.core.mapdata import Bridge, HexRecord, HexsideRecord, MapData, RoadLink
from ardennes_qt.core.numbering import ScsSheets
from ardennes_qt.core.scenario import Scenario
from ardennes_qt.core.state import GameState, UnitState
from ardennes_qt.core.units import Formation
from ardennes_qt.rules.ardennes2.a2state import Ardennes2Data
from tests.builders import counter

SHEET = ScsSheets(sheets=("A",), columns=20, first_row=0, last_row=10)

FORMATIONS = {
    "1ID": Formation("1ID", "1 Inf Div", "Allied", "US", "#3a6b35"),
    "2ID": Formation("2ID", "2 Inf Div", "Allied", "US", "#4a7b45"),
    "US-Ind": Formation("US-Ind", "US Independents", "Allied", "US", "#5a8b55", independent=True),
    "1Pz": Formation("1Pz", "1 Pz Div", "German", "Wehrmacht", "#555555"),
    "GE-Ind": Formation("GE-Ind", "German Independents", "German", "Wehrmacht", "#666666", independent=True),
}

COUNTERS = {
    c.id: c
    for c in (
        counter("1ID:A/1", "Allied", "1ID", "3-5-10"),
        counter("1ID:B/1", "Allied", "1ID", "2-4-10"),
        counter("1ID:DIVARTY", "Allied", "1ID", "[7]-1-16", steps=1, ma_type="mech", unit_type="Arty Rgt"),
        counter("2ID:A/9", "Allied", "2ID", "3-5-10"),
        counter("US-Ind:402", "Allied", "US-Ind", "[9]-1-16", steps=1, ma_type="mech", unit_type="Arty Grp"),
        counter("US-Ind:174", "Allied", "US-Ind", "[9]-1-16", steps=1, ma_type="mech", unit_type="Arty Grp"),
        counter("1Pz:I/1", "German", "1Pz", "5-3-12", ma_type="mech", unit_type="Pz Bn", exploit=True),
        counter("1Pz:II/1", "German", "1Pz", "4-2-12", ma_type="mech", unit_type="Pz Bn", exploit=True),
        counter("1Pz:Fus", "German", "1Pz", "2-2-8", unit_type="Inf Bn"),
        counter("1Pz:Pio", "German", "1Pz", "1-2-8", steps=1, unit_type="Pio Bn"),
        counter("GE-Ind:405", "German", "GE-Ind", "[6]-1-8", steps=1, unit_type="Arty Bde"),
    )
}


def board(
    terrain: dict[str, set[str]] | None = None,
    sides: dict[tuple[str, str], set[str]] | None = None,
    roads: tuple[tuple[str, ...], ...] = (),
    exits: tuple[tuple[str, str], ...] = (),
    bridges: dict[tuple[str, str], Bridge] | None = None,
    plungers: dict[str, str] | None = None,
    scenario_id: str = "test",
    options: dict | None = None,
) -> Content:
    """A 20-column, 11-row sheet "A".  ``sides`` keys are (hex id, direction name); ``roads``
    are hex-id paths joined hex to hex by Roads; ``exits`` are Roads leaving the map as (edge
    hex id, direction name); ``bridges`` keys are (hex id, direction name)."""
    m = MapData("barrage-board", "Barrage test board", SHEET)
    p = m.parse
    for hex_id, kinds in (terrain or {}).items():
        m.hexes[p(hex_id)] = HexRecord(frozenset(kinds))
    for (hex_id, direction), features in (sides or {}).items():
        m.hexsides[Hexside.of(p(hex_id), Direction[direction])] = HexsideRecord(frozenset(features))
    for path in roads:
        for a, b in zip(path, path[1:]):
            m.roads[Hexside.between(p(a), p(b))] = RoadLink("road")
    for hex_id, direction in exits:
        m.roads[Hexside.of(p(hex_id), Direction[direction])] = RoadLink("road")
    for (hex_id, direction), bridge in (bridges or {}).items():
        m.bridges[Hexside.of(p(hex_id), Direction[direction])] = bridge
    for name, hex_id in (plungers or {}).items():
        m.plungers[name] = p(hex_id)
    m.friendly_edges.update(north="Allied", west="Allied", south="Allied", east="German")
    scenario = Scenario(system="ardennes2", id=scenario_id, title="Test", first_turn=1, last_turn=16, options=dict(options or {}))
    return Content(m, FORMATIONS, COUNTERS, scenario)


def position(
    content: Content,
    where: dict[str, str],
    phase: str = "us_movement",
    turn: int = 1,
    dg: tuple[str, ...] = (),
    markers: dict[str, tuple[str, ...]] | None = None,
    seed: int = 1,
    **rules,
) -> GameState:
    """Units on the map as {unit: hex id}; every other counter waits off the map."""
    p = content.map.parse
    units = {cid: UnitState("scheduled", None, c.steps) for cid, c in content.counters.items()}
    for order, (uid, hex_id) in enumerate(where.items()):
        units[uid] = UnitState("map", p(hex_id), content.counters[uid].steps, uid in dg, order)
    return GameState(
        scenario=content.scenario.key,
        seed=seed,
        turn=turn,
        phase=phase,
        units=units,
        next_order=len(units),
        markers={p(h): tuple(m) for h, m in (markers or {}).items()},
        rules=Ardennes2Data(**rules),
    )


def east_road(start: str, length: int) -> tuple[str, ...]:
    """Hex ids of a road running east from ``start`` for ``length`` hexes, zig-zagging NE/SE
    so it keeps to about one row."""
    h: Hex = SHEET.parse(start)
    out = [start]
    for i in range(length - 1):
        direction = Direction.SE if SHEET.offset(h)[0] % 2 == 0 else Direction.NE
        h = h.neighbour(direction)
        out.append(SHEET.format(h))
    return tuple(out)


def with_record(state: GameState, **changes) -> GameState:
    return replace(state, rules=state.rules.with_record(**changes))


def test_the_east_road_keeps_to_one_row():
    road = east_road("A1.05", 6)
    assert road == ("A1.05", "A2.05", "A3.05", "A4.05", "A5.05", "A6.05")
    assert all(SHEET.parse(a).distance(SHEET.parse(b)) == 1 for a, b in zip(road, road[1:]))
