"""Supply traces of The Ardennes (1994) on a small board (checklist items 46-51).

German: 5 hexes into the Eastern Zone (2.5a); 10 MP from a Supply Unit or captured dump to a
hex next to the unit (2.5b, 2.5d).  US: the same from a US dump, or 3 hexes to a road running
off the west, south or north edge (3.4).  Either side: 5 hexes to a Liège city hex it holds
(3.3b).  Never through enemy units or unnegated EZOCs; Greif Teams, von der Heydte dropped
and Supply Units are never out of supply (2.1bE, 2.2c, 2.4).  The effects of 1.14.

The board (``supply_board``) is open ground: Mech 2 MP a hex off-road, Secondary Road 1 MP
for supply (TEC **), Primary Road 1/2 MP; B5.05, B6.05, ... stand in a line.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from ardennes_qt.rules.ardennes1994.supply import out_of_supply_effect, unit_supply
from tests.rules.ardennes1994.supply_board import board, in_bounds


def supplied(content, state, unit_id: str) -> bool:
    return unit_supply(content, state, unit_id).supplied


def first_reason(content, state, unit_id: str) -> tuple[str, str]:
    return unit_supply(content, state, unit_id).reasons[0]


# --- 2.5a the Eastern Zone --------------------------------------------------------------------


def test_eastern_zone_supplies_within_five_hexes_counting_hexes_only():
    """2.5a: 5 hexes or less into the Eastern Zone, terrain and MP ignored (forest, a river on the way)."""
    c, s = board({"18VG:293": "B6.05", "18VG:294": "B7.05"}, zone=["B1.05"],
                 terrain={"B3.05": {"forest"}, "B4.05": {"forest"}}, rivers=[("B4.05", "B5.05")])
    assert supplied(c, s, "18VG:293")
    assert first_reason(c, s, "18VG:293") == ("5 hexes to the Eastern Zone at B1.05", "2.5a")
    assert not supplied(c, s, "18VG:294")  # 6 hexes


def test_eastern_zone_trace_is_stopped_by_an_unnegated_enemy_zoc_and_a_friendly_unit_negates_it():
    """2.5a: the only Zone hex B1.05 lies in the ZOC of the US regiment at B1.06: no trace into
    it, until a German unit stands there and negates that ZOC."""
    units = {"18VG:293": "B3.05", "2ID:9": "B1.07"}
    c, s = board(units, zone=["B1.05"])
    assert supplied(c, s, "18VG:293")  # B1.07's ZOC reaches B1.06, not B1.05
    c, s = board({**units, "2ID:9": "B1.06"}, zone=["B1.05"])
    assert not supplied(c, s, "18VG:293")
    c, s = board({**units, "2ID:9": "B1.06", "18VG:294": "B1.05"}, zone=["B1.05"])
    assert supplied(c, s, "18VG:293")


def test_enemy_units_block_an_eastern_zone_trace_but_a_hidden_greif_team_does_not_block_a_us_one():
    """2.5a: no trace through enemy units; 3.4: US traces ignore Hidden Greif Teams."""
    c, s = board({"18VG:293": "B2.05", "2ID:9": "B1.05"}, zone=["B1.05"])
    assert not supplied(c, s, "18VG:293")
    road = ("secondary", ["west", "B1.05", "B2.05", "B3.05", "B4.05"])
    c, s = board({"2ID:9": "B6.05", "Ger-Greif:A": "B3.05"}, roads=[road], hidden=["Ger-Greif:A"])
    assert supplied(c, s, "2ID:9")
    c, s = board({"2ID:9": "B6.05", "Ger-Greif:A": "B3.05"}, roads=[road])  # Open: a unit like any other
    assert not supplied(c, s, "2ID:9")


# --- 2.5b Supply Units, 2.5d captured dumps --------------------------------------------------------


@pytest.mark.parametrize("hex_id, ok", [("B11.05", True), ("B12.05", False)])
def test_supply_unit_traces_ten_mp_at_mech_costs_to_a_hex_next_to_the_unit(hex_id, ok):
    """2.5b: open ground costs Mech 2 MP a hex: 10 MP reach B10.05, next to B11.05."""
    c, s = board({"GerSup:1": "B5.05", "18VG:293": hex_id})
    assert supplied(c, s, "18VG:293") is ok
    if ok:
        assert first_reason(c, s, "18VG:293")[1] == "2.4, 2.5b"
        assert "traces 10 MP to B10.0" in first_reason(c, s, "18VG:293")[0]


@pytest.mark.parametrize("kind, last_ok", [("secondary", "B16.05"), ("primary", "B26.05")])
def test_supply_trace_pays_one_mp_on_secondary_roads_and_half_on_primary(kind, last_ok):
    """TEC **: a Secondary Road costs 1 MP for supply traces (10 hexes); a Primary Road 1/2 (20)."""
    road = (kind, [f"B{i}.05" for i in range(5, 31)])
    column = int(last_ok[1:3])
    c, s = board({"GerSup:1": "B5.05", "18VG:293": last_ok}, roads=[road])
    assert supplied(c, s, "18VG:293")
    c, s = board({"GerSup:1": "B5.05", "18VG:293": f"B{column + 1}.05"}, roads=[road])
    assert not supplied(c, s, "18VG:293")


def test_a_friendly_stack_on_the_road_costs_the_trace_one_more_mp():
    """1.5a: "Apply this cost to Supply Trace counts as well": without it the Primary Road
    takes the trace to B25.05 for 10 MP (B26.05 supplied); a German unit at B7.05 adds 1 MP,
    the trace stops at B23.05 and only B24.05 is supplied."""
    road = ("primary", [f"B{i}.05" for i in range(5, 31)])
    c, s = board({"GerSup:1": "B5.05", "1SS:Peiper-A": "B26.05"}, roads=[road])
    assert supplied(c, s, "1SS:Peiper-A")
    stack = {"GerSup:1": "B5.05", "18VG:294": "B7.05"}
    for hex_id, ok in (("B24.05", True), ("B25.05", False), ("B26.05", False)):
        c, s = board({**stack, "1SS:Peiper-A": hex_id}, roads=[road])
        assert supplied(c, s, "1SS:Peiper-A") is ok, hex_id


def test_map_traffic_jams_negate_the_road_for_supply_traces_on_turns_one_and_two():
    """1.5b: the road through the Traffic Jam hex B7.05 is negated on Turns 1-2: the trace pays
    open ground there (2 MP twice) and reaches B19.05, not B25.05."""
    road = ("primary", [f"B{i}.05" for i in range(5, 31)])
    jam = {"B7.05": {"traffic_jam"}}
    c, s = board({"GerSup:1": "B5.05", "18VG:293": "B20.05", "18VG:294": "B21.05"}, roads=[road], terrain=jam, turn=1)
    assert supplied(c, s, "18VG:293")
    assert not supplied(c, s, "18VG:294")
    c, s = board({"GerSup:1": "B5.05", "18VG:294": "B21.05"}, roads=[road], terrain=jam, turn=3)
    assert supplied(c, s, "18VG:294")


def test_supply_unit_trace_stops_at_enemy_zoc():
    """2.5b: free of unnegated EZOCs: the US regiment at B8.06 puts B7.05-B9.05 in its ZOC
    across the line and the unit at B11.05 is cut off from the Supply Unit at B5.05."""
    road = ("primary", [f"B{i}.05" for i in range(5, 13)])
    c, s = board({"GerSup:1": "B5.05", "18VG:293": "B11.05"}, roads=[road])
    assert supplied(c, s, "18VG:293")
    c, s = board({"GerSup:1": "B5.05", "18VG:293": "B11.05", "2ID:9": "B8.08"}, roads=[road])
    assert supplied(c, s, "18VG:293")  # two hexes off: its ZOC stops at B8.07
    wall = {f"2ID:{n}": h for n, h in zip((9, 23, 38), ("B8.03", "B8.05", "B8.07"))}
    c, s = board({"GerSup:1": "B5.05", "18VG:293": "B11.05", **wall}, roads=[road])
    assert not supplied(c, s, "18VG:293")


def test_captured_dump_supplies_like_a_supply_unit_and_a_us_one_does_not_supply_the_german():
    """2.5d: a captured dump works like a Supply Unit that cannot move; a US dump is the US
    player's (3.4)."""
    c, s = board({"18VG:293": "B11.05"}, dumps={"B5.05": (True, "German")})
    assert supplied(c, s, "18VG:293")
    assert first_reason(c, s, "18VG:293")[1] == "2.5d"
    c, s = board({"18VG:293": "B11.05"}, dumps={"B5.05": (True, "Allied")})
    assert not supplied(c, s, "18VG:293")


@pytest.mark.parametrize("real", [True, False])
def test_us_dump_real_or_dummy_supplies_us_units_as_a_supply_unit_does(real):
    """3.4: "US Dumps can be used if real or dummy in the same manner as German Supply units"."""
    c, s = board({"2ID:9": "B11.05", "2ID:23": "B12.05"}, dumps={"B5.05": (real, "Allied")}, phase="us_supply")
    assert supplied(c, s, "2ID:9")
    assert first_reason(c, s, "2ID:9")[1] == "3.3, 3.4"
    assert not supplied(c, s, "2ID:23")


# --- 3.4 US roads ------------------------------------------------------------------------------


WEST_ROAD = ("secondary", ["west"] + [f"B{i}.05" for i in range(1, 11)])


@pytest.mark.parametrize("hex_id, ok", [("B13.05", True), ("B14.05", False)])
def test_us_unit_traces_three_hexes_to_a_road_running_off_a_us_edge(hex_id, ok):
    """3.4: 3 hexes or less to a road that runs on off the west, south or north edge (the
    printed west edge is the real south)."""
    c, s = board({"2ID:9": hex_id}, roads=[WEST_ROAD])
    assert supplied(c, s, "2ID:9") is ok
    if ok:
        assert first_reason(c, s, "2ID:9") == (
            "3 hexes to the road at B10.05, running off the real south map edge at B1.05", "3.4")


def test_the_road_is_broken_by_an_enemy_unit_on_it():
    """3.4: the road hexes must be free of enemy units and unnegated EZOCs."""
    c, s = board({"2ID:9": "B13.05", "18VG:293": "B4.02"}, roads=[WEST_ROAD])
    assert supplied(c, s, "2ID:9")
    c, s = board({"2ID:9": "B13.05", "18VG:293": "B4.05"}, roads=[WEST_ROAD])
    assert not supplied(c, s, "2ID:9")


def test_a_road_to_the_german_edge_supplies_no_us_unit():
    """3.4 names the west, south and north edges: the printed bottom is the real (German) east."""
    road = ("primary", ["south"] + [f"B10.0{r}" for r in range(0, 5)])
    c, s = board({"2ID:9": "B10.05"}, roads=[road])
    assert not supplied(c, s, "2ID:9")


def test_a_blown_bridge_breaks_the_road():
    """3.1, 3.4: the road crosses the river at B5.05-B6.05 by its bridge; blown, it runs no more."""
    kwargs = dict(roads=[WEST_ROAD], rivers=[("B5.05", "B6.05")], bridges=[("B5.05", "B6.05")])
    c, s = board({"2ID:9": "B13.05"}, **kwargs)
    assert supplied(c, s, "2ID:9")
    c, s = board({"2ID:9": "B13.05"}, blown=[("B5.05", "B6.05")], **kwargs)
    assert not supplied(c, s, "2ID:9")


def test_a_play_area_edge_counts_as_a_map_edge_and_says_so():
    """3.4 with a part-map play area (supply.toml [play_area_edges], provisional): the road
    leaving the play area at its printed west edge (column 3) supplies, marked provisional."""
    road = ("secondary", [f"B{i}.05" for i in range(1, 11)])
    c, s = board({"2ID:9": "B13.05"}, roads=[road], bounds=[in_bounds(min_column=3)])
    trace = unit_supply(c, s, "2ID:9")
    assert trace.supplied
    assert trace.reasons[0][0].endswith("running off the real south play area edge at B3.05")
    assert any("play area's edge taken as a map edge" in what for what, _ in trace.reasons)


# --- 3.3b Liège --------------------------------------------------------------------------------


@pytest.mark.parametrize("side_holding", ["Allied", "German"])
def test_liege_city_hex_supplies_the_side_holding_it_within_five_hexes(side_holding):
    """3.3b: every Liège city hex is an inexhaustible supply head with a 5-hex range for the
    side that last passed through it."""
    units = {"2ID:9": "B20.05", "18VG:293": "B20.03", "2ID:23": "B21.05"}
    c, s = board(units, places={"B15.05": "Liège"}, control={"B15.05": side_holding})
    assert supplied(c, s, "2ID:9") is (side_holding == "Allied")
    assert supplied(c, s, "18VG:293") is (side_holding == "German")
    assert not supplied(c, s, "2ID:23")  # 6 hexes
    if side_holding == "Allied":
        assert first_reason(c, s, "2ID:9") == ("5 hexes to Liège at B15.05, held by the US side", "3.3b")


# --- never out of supply ------------------------------------------------------------------------


def test_greif_teams_supply_units_and_von_der_heydte_dropped_are_never_out_of_supply():
    """2.1bE, 2.4, 2.2c: far from every source, they are in supply, and say why."""
    units = {"Ger-Greif:A": "B20.05", "GerSup:1": "B5.08", "Ger-Ind:von der Heydte": "B25.05"}
    c, s = board(units, drop="B24.05")
    for uid, rule in (("Ger-Greif:A", "2.1bE"), ("GerSup:1", "2.4, 2.5b"), ("Ger-Ind:von der Heydte", "2.2c")):
        trace = unit_supply(c, s, uid)
        assert trace.supplied and trace.exempt and trace.reasons[0][1] == rule
    c, s = board(units)  # used as a ground unit: no drop, supply as any other unit
    assert not supplied(c, s, "Ger-Ind:von der Heydte")


# --- 1.14 effects -------------------------------------------------------------------------------


@pytest.mark.parametrize("unit_id, use, factor", [
    ("18VG:293", "attack", Fraction(1, 4)),
    ("18VG:293", "defense", Fraction(1, 2)),
    ("18VG:293", "barrage", Fraction(1, 2)),
    ("18VG:293", "movement", Fraction(1, 2)),
    ("1SS:Peiper-A", "movement", Fraction(1, 4)),
])
def test_out_of_supply_effects(unit_id, use, factor):
    """1.14: attack x1/4; defense and barrage x1/2; Mech movement x1/4, other movement x1/2."""
    c, s = board({unit_id: "B20.05"}, statuses={unit_id: ("out_of_supply",)})
    effect = out_of_supply_effect(c, s, unit_id, use)
    assert effect is not None and effect[0] == factor and effect[2] == "1.14"
    c, s = board({unit_id: "B20.05"})
    assert out_of_supply_effect(c, s, unit_id, use) is None
