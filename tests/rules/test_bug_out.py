"""Bugging Out (3.6; items 67, 68): when artillery must run, where it may go, the DG after."""

from dataclasses import replace

import pytest

from ardennes_qt.core.mapdata import Bridge
from ardennes_qt.core.outcome import Refused
from ardennes_qt.rules.ardennes2.a2state import Decision
from ardennes_qt.rules.ardennes2.actions import BugOut
from ardennes_qt.rules.ardennes2.artillery import bug_out, bug_out_destinations, bug_outs_due
from ardennes_qt.rules.ardennes2.barrage import barrage_table
from tests.rules.test_barrage_board import board, east_road, position

ROAD = east_road("A1.05", 14)  # A1.05 ... A14.05, leaving the map westward (a US edge)
CONTENT = board(roads=(ROAD,), exits=(("A1.05", "NW"),), terrain={"A2.05": {"forest"}})
ARTILLERY = "A12.05"


def due(content, where, dg=(), mover_ids=None, **rules):
    state = position(content, {"US-Ind:402": ARTILLERY, **where}, phase="ge_movement", dg=dg, **rules)
    return [(d.data["artillery"], d.data["threats"]) for d in bug_outs_due(content, state, mover_ids)]


@pytest.mark.parametrize(
    "enemy, steps_lost, must",
    [
        ("1Pz:I/1", False, True),  # printed attack 5
        ("1Pz:Fus", False, True),  # printed attack 2: "at least 2"
        ("1Pz:Fus", True, False),  # its reduced side prints 1
        ("1Pz:Pio", False, False),  # printed attack 1
        ("GE-Ind:405", False, False),  # artillery prints a range, not an attack
    ],
)
def test_item67_an_enemy_with_printed_attack_two_or_more_next_to_it(enemy, steps_lost, must):
    state = position(CONTENT, {"US-Ind:402": ARTILLERY, enemy: "A13.05"}, phase="ge_movement")
    if steps_lost:
        state = state.with_units({enemy: replace(state.units[enemy], steps=1)})
    found = [d.data["artillery"] for d in bug_outs_due(CONTENT, state)]
    assert found == (["US-Ind:402"] if must else [])


def test_item67_dg_artillery_cannot_bug_out():
    assert due(CONTENT, {"1Pz:I/1": "A13.05"}, dg=("US-Ind:402",)) == []


def test_item67_friendly_units_do_not_negate_it():
    assert due(CONTENT, {"1Pz:I/1": "A13.05", "1ID:A/1": ARTILLERY, "1ID:B/1": "A11.05"}) == [("US-Ind:402", ("1Pz:I/1",))]


@pytest.mark.parametrize(
    "movers, threats",
    [
        (None, ("1Pz:I/1", "1Pz:II/1")),  # a phase begins: every adjacent enemy counts
        (("1Pz:II/1",), ("1Pz:II/1",)),  # only the unit that moved adjacent with its own MPs
        (("1Pz:Pio",), None),
    ],
)
def test_item67_moving_adjacent_or_beginning_the_phase_adjacent(movers, threats):
    found = due(CONTENT, {"1Pz:I/1": "A13.05", "1Pz:II/1": "A12.06", "1Pz:Pio": "A12.04"}, mover_ids=movers)
    assert found == ([("US-Ind:402", threats)] if threats else [])


@pytest.mark.parametrize(
    "feature, road, blown, enemy, must",
    [
        ("meuse", False, False, "1Pz:Fus", False),  # Meuse: no attack across it
        ("meuse", True, False, "1Pz:Fus", True),  # ... unless a road crosses it (TEC note 1)
        ("meuse", True, True, "1Pz:Fus", False),  # ... over a bridge that is not Blown
        ("river", False, False, "1Pz:I/1", False),  # River is P for Mech MA
        ("river", False, False, "1Pz:Fus", True),  # but Leg MA may attack across it
        ("stream", False, False, "1Pz:I/1", True),
    ],
)
def test_item67_enemies_across_hexsides_that_forbid_attacking_are_ignored(feature, road, blown, enemy, must):
    content = board(
        roads=(ROAD, ("A12.05", "A12.06")) if road else (ROAD,),
        exits=(("A1.05", "NW"),),
        sides={("A12.05", "N"): {feature}},
        bridges={("A12.05", "N"): Bridge(plunger="P1")} if road else None,
        plungers={"P1": "A12.05"} if road else None,
    )
    found = due(content, {enemy: "A12.06"}, bridges={"P1": "blown"} if blown else {})
    assert bool(found) is must


def test_item67_destinations_are_eight_road_hexes_away_in_supply_and_clear_of_the_enemy():
    state = position(CONTENT, {"US-Ind:402": ARTILLERY, "1Pz:I/1": "A13.05"}, phase="ge_movement")
    # 8+ road hexes west: A4.05 (8), A3.05 (9), A2.05 (forest: Prohibited for Mech), A1.05 (11)
    assert bug_out_destinations(CONTENT, state, "US-Ind:402") == ["A1.05", "A3.05", "A4.05"]
    near_enemy = position(CONTENT, {"US-Ind:402": ARTILLERY, "1Pz:I/1": "A13.05", "1Pz:Pio": "A3.06"}, phase="ge_movement")
    assert bug_out_destinations(CONTENT, near_enemy, "US-Ind:402") == ["A1.05"]


def test_item67_no_destination_without_supply():
    unsupplied = board(roads=(ROAD,))
    state = position(unsupplied, {"US-Ind:402": ARTILLERY, "1Pz:I/1": "A13.05"}, phase="ge_movement")
    assert bug_out_destinations(unsupplied, state, "US-Ind:402") == []
    assert bug_outs_due(unsupplied, state) == []  # nowhere to run: it stays


def test_item67_a_blown_bridge_breaks_the_road():
    content = board(roads=(ROAD,), exits=(("A1.05", "NW"),), bridges={("A8.05", "SW"): Bridge(plunger="P1")}, plungers={"P1": "A8.05"})
    blown = position(content, {"US-Ind:402": ARTILLERY}, phase="ge_movement", bridges={"P1": "blown"})
    assert bug_out_destinations(content, blown, "US-Ind:402") == []


def test_item67_ignore_zoc_bonds_and_enemy_units_on_the_route():
    state = position(CONTENT, {"US-Ind:402": ARTILLERY, "1Pz:I/1": "A13.05", "1Pz:II/1": "A8.05"}, phase="ge_movement")
    assert "A3.05" in bug_out_destinations(CONTENT, state, "US-Ind:402")


DECISION = Decision("bug_out", "Allied", {"artillery": "US-Ind:402", "threats": ("1Pz:I/1",)}, "3.6")


def test_item68_the_bug_out_teleports_and_makes_the_artillery_dg():
    state = position(CONTENT, {"US-Ind:402": ARTILLERY, "1Pz:I/1": "A13.05"}, phase="ge_movement", pending=(DECISION,))
    outcome = bug_out(CONTENT, state, BugOut("US-Ind:402", "A4.05"))
    unit = outcome.state.units["US-Ind:402"]
    assert (CONTENT.map.hex_id(unit.hex), unit.dg) == ("A4.05", True)
    assert outcome.state.rules.pending == ()
    assert outcome.log[0].text == "402 Arty Grp bugs out from A12.05 to A4.05 and is DG"
    assert outcome.log[0].reasons == ("enemy adjacent: I/1 Pz Bn (3.6)", "Bug Out makes artillery DG (3.4, 3.6)")


@pytest.mark.parametrize(
    "pending, to, message",
    [
        ((DECISION,), "A9.05", "A9.05 is not a Bug Out hex"),
        ((), "A4.05", "US-Ind:402 has no bug out waiting"),
    ],
)
def test_item67_refused_bug_outs(pending, to, message):
    state = position(CONTENT, {"US-Ind:402": ARTILLERY, "1Pz:I/1": "A13.05"}, phase="ge_movement", pending=pending)
    with pytest.raises(Refused, match=message):
        bug_out(CONTENT, state, BugOut("US-Ind:402", to))


def test_item67_artillery_off_the_road_starts_from_a_road_next_to_it():
    # A12.06 has no road; the road hexes next to it count as the first road hex (provisional).
    state = position(CONTENT, {"US-Ind:402": "A12.06", "1Pz:I/1": "A13.06"}, phase="ge_movement", pending=(DECISION,))
    assert bug_out_destinations(CONTENT, state, "US-Ind:402") == ["A1.05", "A3.05", "A4.05", "A5.05"]
    line = bug_out(CONTENT, state, BugOut("US-Ind:402", "A5.05")).log[0]
    assert line.reasons[-1] == "off the road net: its 8 road hexes count from a road within 1 hex (3.6; provisional reading)"


def test_item67_the_literal_reading_needs_a_road_in_the_artillery_hex(monkeypatch):
    monkeypatch.setitem(barrage_table()["bug_out"], "road_within", 0)
    state = position(CONTENT, {"US-Ind:402": "A12.06", "1Pz:I/1": "A13.06"}, phase="ge_movement")
    assert bug_out_destinations(CONTENT, state, "US-Ind:402") == []


@pytest.mark.parametrize("turn, jammed", [(1, True), (2, True), (3, False)])
def test_item67_a_german_occupied_traffic_jam_is_prohibited_to_german_artillery(turn, jammed):
    road = east_road("A1.05", 20)
    content = board(roads=(road,), exits=(("A20.05", "NE"), ("A20.05", "SE")), terrain={"A12.05": {"traffic_jam"}})
    state = position(content, {"GE-Ind:405": "A3.05", "1ID:A/1": "A2.05", "1Pz:Fus": "A12.05"}, phase="us_movement", turn=turn)
    assert ("A12.05" not in bug_out_destinations(content, state, "GE-Ind:405")) is jammed
    assert "A13.05" in bug_out_destinations(content, state, "GE-Ind:405")
