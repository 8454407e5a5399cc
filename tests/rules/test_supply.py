"""Trace supply (3.7; checklist items 72-73) on small hand-built maps.

``board`` builds a map, a roster and a state from a few lines; the DG, stacking and victory
tests use it too.  Hex ids on the small map run A1-A6, B1-B6 west to east and rows 00-06
south to north; hexes of one row stand side by side, so "A1.03 ... B6.03" is a line.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Direction, Hexside
from ardennes_qt.core.mapdata import Bridge, EntryArea, HexRecord, HexsideRecord, MapData, Place, RoadLink
from ardennes_qt.core.numbering import ScsSheets
from ardennes_qt.core.scenario import Arrival, Bounds, Scenario
from ardennes_qt.core.state import GameState, UnitState
from ardennes_qt.core.units import Formation
from ardennes_qt.rules.ardennes2.a2state import Ardennes2Data
from ardennes_qt.rules.ardennes2.supply import in_trace_supply, supplied_hexes
from ardennes_qt.rules.ardennes2.supplysources import _source_table, scenario_sources, supply_terminals
from tests.builders import SMALL, counter

FULL = ScsSheets(sheets=("A", "B"), columns=40, first_row=0, last_row=54)

FORMATIONS = {
    "1ID": ("Allied", False, "1 Inf Div"),
    "2ID": ("Allied", False, "2 Inf Div"),
    "US-Ind": ("Allied", True, "Independents"),
    "1SS": ("German", False, "1 SS Pz Div"),
    "9SS": ("German", False, "9 SS Pz Div"),
    "12SS": ("German", False, "12 SS Pz Div"),
    "2Pz": ("German", False, "2 Pz Div"),
    "Lehr": ("German", False, "Lehr Pz Div"),
    "GE-Ind": ("German", True, "Independents"),
}


def make_counter(uid: str):
    """``<formation>:<name>``: "Arty..." is artillery, "Pz..." a Mech exploit unit, else Leg infantry."""
    code, name = uid.split(":")
    side = FORMATIONS[code][0]
    if name.startswith("Arty"):
        return counter(uid, side, code, "[7]-1-16", steps=1, ma_type="mech", unit_type="Arty Rgt")
    if name.startswith("Pz"):
        return counter(uid, side, code, "5-3-12", ma_type="mech", unit_type="Pz Bn", exploit=True)
    return counter(uid, side, code, "3-5-10")


def board(
    *,
    numbering: ScsSheets = SMALL,
    scenario_id: str = "test",
    maps=("A", "B"),
    bounds=(),
    roads=(),
    exits=(),
    sides=(),
    terrain=None,
    bridges=(),
    plungers=None,
    entry_areas=None,
    places=None,
    units=(),
    arrivals=(),
    turn: int = 1,
    phase: str = "setup",
    air_supply=(),
    blown=(),
    recorded=None,
    control=None,
    exited=None,
    vp_by_turn=None,
    spent=None,
    last_turn: int = 3,
) -> tuple[Content, GameState]:
    """A content and a state.

    roads: (kind, "A1.03 A2.03 ...") chains; exits: (hex, direction, kind) roads off the hex's side;
    sides: (hex, direction, feature); bridges: (hex, direction, built, plunger);
    units: "formation:name@hex" or with "+dg"; arrivals: Arrival records (their units wait).
    """
    m = MapData("test", "test map", numbering)
    p = m.parse
    for kind, chain in roads:
        ids = chain.split()
        for a, b in zip(ids, ids[1:]):
            m.roads[Hexside.between(p(a), p(b))] = RoadLink(kind)
    for h, d, kind in exits:
        m.roads[Hexside.of(p(h), Direction[d])] = RoadLink(kind)
    for h, d, feature in sides:
        m.hexsides[Hexside.of(p(h), Direction[d])] = HexsideRecord(frozenset({feature}))
    for h, kinds in (terrain or {}).items():
        m.hexes[p(h)] = HexRecord(frozenset(kinds))
    for h, d, built, plunger in bridges:
        m.bridges[Hexside.of(p(h), Direction[d])] = Bridge(built, plunger)
    m.plungers.update({name: p(h) for name, h in (plungers or {}).items()})
    for letter, (side, hexes) in (entry_areas or {}).items():
        m.entry_areas[letter] = EntryArea(letter, side, frozenset(p(h) for h in hexes.split()))
    for h, (name, vp) in (places or {}).items():
        m.places[p(h)] = Place(name, vp)
    m.friendly_edges.update(north="Allied", west="Allied", south="Allied", east="German")
    formations = {
        code: Formation(code, name, side, "US" if side == "Allied" else "Wehrmacht", "#777777", independent=ind)
        for code, (side, ind, name) in FORMATIONS.items()
    }
    placed = [u.split("@") for u in units]
    waiting = [c for a in arrivals for c in a.counters]
    counters = {uid: make_counter(uid) for uid in [u for u, _ in placed] + waiting}
    scenario = Scenario(
        system="ardennes2",
        id=scenario_id,
        title="test",
        first_turn=1,
        last_turn=last_turn,
        dates={t: f"{15 + t} Dec 44" for t in range(1, last_turn + 1)},
        maps=tuple(maps),
        bounds=tuple(bounds),
        arrivals=list(arrivals),
        blown_bridges=tuple(p(h) for h in blown),
    )
    states = {}
    for order, (uid, where) in enumerate(placed):
        h, _, flag = where.partition("+")
        states[uid] = UnitState("map", p(h), counters[uid].steps, flag == "dg", order)
    for uid in waiting:
        states.setdefault(uid, UnitState("scheduled", None, counters[uid].steps))
    data = Ardennes2Data(
        air_supply=tuple(p(h) for h in air_supply),
        bridges=recorded or {},
        exited=exited or {},
        vp_by_turn=vp_by_turn or {},
    )
    if spent:
        data = data.with_record(spent=spent)
    state = GameState(
        scenario=f"ardennes2/{scenario_id}",
        seed=1,
        turn=turn,
        phase=phase,
        units=states,
        next_order=len(placed),
        control={p(h): side for h, side in (control or {}).items()},
        rules=data,
    )
    return Content(m, formations, counters, scenario), state


def supplied(content, state, hex_id, side) -> bool:
    return in_trace_supply(content, state, content.map.parse(hex_id), side)[0]


# A Road off the west map edge at A1.03, running east to A2.03.
WEST_ROAD = dict(roads=[("road", "A1.03 A2.03")], exits=[("A1.03", "NW", "road")])


@pytest.mark.parametrize(
    "unit_hex, hexes_from_road, in_supply",
    [
        ("A2.03", 0, True),
        ("A4.03", 2, True),
        ("B1.03", 5, True),  # 3.7: "no more than 5 hexes"
        ("B2.03", 6, False),
        ("A5.06", 4, True),
    ],
)
def test_five_hexes_to_a_road_leading_off_a_friendly_edge(unit_hex, hexes_from_road, in_supply):
    content, state = board(**WEST_ROAD, units=[f"1ID:A@{unit_hex}"])
    h = content.map.parse(unit_hex)
    assert min(h.distance(content.map.parse(r)) for r in ("A1.03", "A2.03")) == hexes_from_road
    ok, trace = in_trace_supply(content, state, "1ID:A")
    assert ok is in_supply
    if ok:
        assert trace.path[0] == h and trace.path[-1] == content.map.parse("A1.03")
        assert "3.7" in trace.reasons[0][1]
    else:
        assert trace.path == () and "5 hexes" in trace.reasons[0][0]


def test_no_road_no_supply_however_near_the_edge():
    """3.7 A: the path must reach a road; the map edge alone is no source."""
    content, state = board(units=["1ID:A@A1.03"])
    ok, trace = in_trace_supply(content, state, "1ID:A")
    assert not ok and "no supply source" in trace.reasons[0][0]


@pytest.mark.parametrize(
    "enemy_hex, in_supply",
    [
        (None, True),
        ("A3.03", False),  # on the road: the road path is obstructed (supply.toml, provisional)
        ("A3.05", True),  # beside the road: no obstruction
        ("B5.03", True),  # beyond the unit
    ],
)
def test_enemy_units_obstruct_the_road_path(enemy_hex, in_supply):
    enemy = [f"1SS:A@{enemy_hex}"] if enemy_hex else []
    content, state = board(
        roads=[("road", "A1.03 A2.03 A3.03 A4.03 A5.03")], exits=[("A1.03", "NW", "road")], units=["1ID:A@B4.03", *enemy]
    )
    assert supplied(content, state, "B4.03", "Allied") is in_supply


@pytest.mark.parametrize(
    "unit_hex, enemy_hex, in_supply",
    [
        ("A3.05", None, True),  # 5 hexes due north of the road
        ("A3.05", "A3.02", False),  # the enemy in the way: the detour is 6
        ("A3.03", "A3.02", True),  # 3 hexes: a detour of 4 is within 5
    ],
)
def test_enemy_units_obstruct_the_five_hex_path(unit_hex, enemy_hex, in_supply):
    enemy = [f"1SS:A@{enemy_hex}"] if enemy_hex else []
    content, state = board(exits=[("A3.00", "S", "road")], units=[f"1ID:A@{unit_hex}", *enemy])
    assert supplied(content, state, unit_hex, "Allied") is in_supply


def test_friendly_units_never_obstruct():
    content, state = board(**WEST_ROAD, units=["1ID:A@B1.03", "1ID:B@A2.03", "2ID:A@A4.03"])
    assert supplied(content, state, "B1.03", "Allied")


MEUSE = [(f"A5.{row:02d}", d, "meuse") for row in range(7) for d in ("NE", "SE")]


@pytest.mark.parametrize(
    "crossing, in_supply",
    [
        ([], False),  # the Meuse is Prohibited to Leg MA: no path across (3.7)
        ([("road", "A5.05 A6.05")], True),  # a road across it negates the P (3.7)
    ],
)
def test_five_hex_path_crosses_leg_prohibited_terrain_only_along_a_road(crossing, in_supply):
    content, state = board(
        roads=[("road", "A1.03 A2.03 A3.03 A4.03 A5.03"), *crossing],
        exits=[("A1.03", "NW", "road")],
        sides=MEUSE,
        units=["1ID:A@A6.05"],
    )
    assert supplied(content, state, "A6.05", "Allied") is in_supply


# A Road from the west edge east to A6.03 over a stream bridged between A3.03 and A4.03.
BRIDGED = dict(
    roads=[("road", "A1.03 A2.03 A3.03 A4.03 A5.03 A6.03")],
    exits=[("A1.03", "NW", "road")],
    sides=[("A3.03", "NE", "stream")],
)


@pytest.mark.parametrize(
    "bridge, turn, blown, recorded, in_supply",
    [
        (("", "P1"), 1, (), None, True),
        (("", "P1"), 1, (), {"P1": "blown"}, False),  # 3.8 Bridge Blown marker on its plunger
        (("", "P1"), 1, (), {"P1": "tested"}, True),  # Tested: it stands
        (("", "P1"), 1, ("A3.02",), None, False),  # Blown at the start (7.5 Bridge Markers)
        (("1944-12-17", ""), 1, (), None, False),  # 3.8: a German bridge does not exist before its day
        (("1944-12-17", ""), 2, (), None, True),
        (("1944-12-17", "P1"), 2, (), {"P1": "blown"}, True),  # 3.8: it cannot be destroyed
    ],
)
def test_bridges_carry_the_road_unless_blown_or_not_yet_built(bridge, turn, blown, recorded, in_supply):
    built, plunger = bridge
    content, state = board(
        **BRIDGED,
        units=["1ID:A@B4.03"],
        bridges=[("A3.03", "NE", built, plunger)],
        plungers={"P1": "A3.02"},
        turn=turn,
        blown=blown,
        recorded=recorded,
    )
    assert supplied(content, state, "B4.03", "Allied") is in_supply


@pytest.mark.parametrize("side, in_supply", [("Allied", False), ("German", True)])
def test_friendly_map_edges_of_1_3(side, in_supply):
    """1.3: the East edge is German, North, West and South are US."""
    content, state = board(roads=[("road", "B5.03 B6.03")], exits=[("B6.03", "NE", "road")])
    assert supplied(content, state, "B3.03", side) is in_supply


@pytest.mark.parametrize("side, in_supply", [("Allied", True), ("German", False)])
def test_air_supply_ignores_terrain_and_enemies_and_serves_us_units_only(side, in_supply):
    """3.7 Air Supply: US units w/i 5 hexes, 'unaffected by Prohibited terrain and enemy units'."""
    ring = [f"{'1SS' if side == 'Allied' else '1ID'}:{n}@{h}" for n, h in zip("ABCDEF", ("A4.04", "A5.04", "A5.03", "A4.02", "A3.03", "A3.04"))]
    content, state = board(sides=MEUSE, units=ring, air_supply=["B2.03"])
    ok, trace = in_trace_supply(content, state, content.map.parse("A4.03"), side)
    assert ok is in_supply
    if ok:
        assert "Air Supply" in trace.reasons[0][1] and trace.path[-1] == content.map.parse("B2.03")


def test_supplied_hexes_agrees_with_each_trace():
    content, state = board(**BRIDGED, units=["1ID:A@B4.03", "1SS:A@A5.05"], air_supply=["B6.06"])
    for side in ("Allied", "German"):
        hexes = supplied_hexes(content, state, side)
        for h in content.map.all_hexes():
            assert (h in hexes) == in_trace_supply(content, state, h, side)[0]


# --- scenario sources: the play area's edges, not the sheet's ---------------------------------


@pytest.mark.parametrize(
    "kind, side, in_supply",
    [
        ("road", "Allied", True),  # 7.3: "any Road (not Track) exiting the playing area's west edge"
        ("track", "Allied", False),
        ("road", "German", False),  # 7.3: the Germans use their friendly map edges only
    ],
)
def test_7_3_roads_off_the_play_areas_west_edge(kind, side, in_supply):
    content, state = board(
        scenario_id="7.3", maps=("B",), roads=[(kind, "B1.03 B2.03")], exits=[("B1.03", "NW", kind)]
    )
    assert supplied(content, state, "B4.03", side) is in_supply


def test_7_3_friendly_map_edges_in_the_play_area():
    """The east map edge is in Map B's play area and German (1.3)."""
    content, state = board(scenario_id="7.3", maps=("B",), roads=[("track", "B5.03 B6.03")], exits=[("B6.03", "NE", "track")])
    assert supplied(content, state, "B3.03", "German")
    assert not supplied(content, state, "B3.03", "Allied")


def test_7_2_plays_map_b_edges_as_the_map_edges():
    """7.2 (provisional): Map B's west side is 'the West map-edge', so it supplies the Allies."""
    content, state = board(scenario_id="7.2", maps=("B",), roads=[("track", "B1.03 B2.03")], exits=[("B1.03", "NW", "track")])
    assert supplied(content, state, "B4.03", "Allied")
    assert scenario_sources(content.scenario).provisional


GOOSE_EGG = [Bounds("B", min_column=9, min_row=27, max_row=39)]  # 7.4's play area


@pytest.mark.parametrize(
    "exit_, unit_hex, side, in_supply",
    [
        (("B10.27", "S", "track"), "B10.30", "German", True),  # any road off the play area's south edge
        (("B10.27", "S", "track"), "B10.30", "Allied", False),
        (("B9.30", "NW", "road"), "B10.30", "Allied", True),  # a Road off its west edge
        (("B9.30", "NW", "track"), "B10.30", "Allied", False),
        (None, "B24.35", "German", True),  # the source hex B24.39, 4 hexes away
        (None, "B24.33", "German", False),  # 6 hexes away
    ],
)
def test_7_4_sources(exit_, unit_hex, side, in_supply):
    kind = exit_[2] if exit_ else "road"
    content, state = board(
        numbering=FULL,
        scenario_id="7.4",
        maps=("B",),
        bounds=GOOSE_EGG,
        roads=[(kind, "B10.27 B10.28")] if exit_ and exit_[0] == "B10.27" else [(kind, "B9.30 B10.30")],
        exits=[exit_] if exit_ else [],
    )
    assert supplied(content, state, unit_hex, side) is in_supply


BASTOGNE = [Bounds("A", min_column=33, min_row=11, max_row=24), Bounds("B", max_column=12, min_row=11, max_row=24)]


@pytest.mark.parametrize("arrived, in_supply", [(False, False), (True, True)])
def test_7_5_map_a_south_edge_opens_when_the_allied_reinforcements_arrive(arrived, in_supply):
    arrival = Arrival(11, "Allied", ("1ID:Abrams",), edge="A:south")
    content, state = board(
        numbering=FULL,
        scenario_id="7.5",
        bounds=BASTOGNE,
        roads=[("road", "A35.11 A35.12")],
        exits=[("A35.11", "S", "road")],
        arrivals=[arrival],
        turn=11,
    )
    if arrived:
        state = state.placed(["1ID:Abrams"], content.map.parse("A36.11"))
    assert supplied(content, state, "A35.14", "Allied") is in_supply


@pytest.mark.parametrize("unit_hex, in_supply", [("B4.19", True), ("B4.18", False), ("B12.17", True)])
def test_7_5_german_source_hexes(unit_hex, in_supply):
    content, state = board(numbering=FULL, scenario_id="7.5", bounds=BASTOGNE)
    assert supplied(content, state, unit_hex, "German") is in_supply


@pytest.mark.parametrize(
    "exit_, in_supply",
    [
        (("A30.23", "S", "road"), True),  # "any Road (not Track) exiting ... south edge, from A29.00 eastward"
        (("A28.23", "S", "road"), False),  # west of column 29
        (("A30.23", "S", "track"), False),
        (("A40.30", "NE", "track"), True),  # "all roads (including tracks) exiting the east edge, from A40.32 southward"
        (("A40.33", "NE", "road"), False),  # north of row 32
    ],
)
def test_7_6_german_sources(exit_, in_supply):
    content, state = board(numbering=FULL, scenario_id="7.6", maps=("A",), bounds=[Bounds("A", min_row=23)], exits=[exit_])
    h = content.map.parse(exit_[0])
    near = content.map.hex_id(h.neighbour(Direction.N).neighbour(Direction.N))
    assert supplied(content, state, near, "German") is in_supply
    assert not supplied(content, state, near, "Allied")


def test_sources_are_listed_with_their_rule():
    content, state = board(scenario_id="7.3", maps=("B",), roads=[("road", "B1.03 B2.03")], exits=[("B1.03", "NW", "road")])
    (terminal,) = supply_terminals(content, state, "Allied")
    assert terminal.label == "Road off the west edge at B1.03 (7.3)"


def test_the_source_table_covers_both_sides_of_every_shipped_scenario():
    table = _source_table()
    for scenario_id in ("7.2", "7.3", "7.4", "7.5", "7.6"):
        assert table[scenario_id].sides["Allied"] and table[scenario_id].sides["German"]
    content, _ = board(scenario_id="7.1")
    assert scenario_sources(content.scenario) is table["default"]
    assert scenario_sources(replace(content.scenario, id="my own")) is table["default"]
