"""US bridge blowing (3.8; item 82) and its provisional table (M4)."""

from dataclasses import replace

import pytest

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.core.dice import die_value
from ardennes_qt.core.hexgrid import Hexside
from ardennes_qt.core.mapdata import Bridge
from ardennes_qt.core.outcome import Changes, Outcome, Refused
from ardennes_qt.rules.ardennes2.a2state import Decision
from ardennes_qt.rules.ardennes2.actions import BlowBridge
from ardennes_qt.rules.ardennes2.bridge_blowing import (
    blow_bridge,
    blowing_result,
    bridge_blowing_allowed,
    capture_plungers,
    legal_bridge_blowings,
    mark_captured_plungers,
)
from ardennes_qt.rules.ardennes2.bridges import bridge_state
from ardennes_qt.rules.ardennes2.ruleset import Ardennes2
from tests.rules.test_barrage_board import board, east_road, position

# Plunger P1 in A6.05 primes two bridges (3.8 Special Cases): A6.05-A7.05 on the east road and
# A6.05-A6.06 on a road north; P2 in A10.05 primes A10.05-A11.05; a German-built bridge
# A12.05-A13.05 "cannot be destroyed" even with a plunger beside it.
CONTENT = board(
    roads=(east_road("A1.05", 14), ("A6.05", "A6.06", "A6.07")),
    sides={("A6.05", "SE"): {"river"}, ("A6.05", "N"): {"river"}, ("A10.05", "SE"): {"stream"}},
    bridges={
        ("A6.05", "SE"): Bridge(plunger="P1"),
        ("A6.05", "N"): Bridge(plunger="P1"),
        ("A10.05", "SE"): Bridge(plunger="P2"),
        ("A12.05", "SE"): Bridge(built="1944-12-17", plunger="P3"),
    },
    plungers={"P1": "A6.05", "P2": "A10.05", "P3": "A12.05"},
)


def stands(state, a, b):
    """Does the bridge between two hexes carry its road (1.3a, 3.8)?"""
    side = Hexside.between(CONTENT.map.parse(a), CONTENT.map.parse(b))
    return bridge_state(CONTENT, state, side).operational


def seed_rolling(wanted):
    return next(seed for seed in range(200) if die_value(seed, 0) in wanted)


@pytest.mark.parametrize("roll, result", [(1, "tested"), (3, "tested"), (4, "blown"), (6, "blown")])
def test_item82_bridge_blowing_table_is_provisional_from_the_1994_game(roll, result):
    assert blowing_result(roll) == result


@pytest.mark.parametrize(
    "where, bridges, pending, ok, reason",
    [
        ({"1ID:A/1": "A4.05"}, {}, (), True, None),  # 2 hexes from the plunger
        ({"1ID:A/1": "A3.05"}, {}, (), False, "A/1 Inf Bn is 3 hexes from the plunger, more than 2 (3.8)"),
        ({"1ID:A/1": "A4.05"}, {"P1": "tested"}, (), False, "the bridge is already marked Tested: one attempt per game (3.8)"),
        ({"1ID:A/1": "A4.05", "1Pz:I/1": "A7.05"}, {}, (), False,
         "German units hold A7.05, a hex of the bridge's hexside (3.8)"),
        ({"1ID:A/1": "A4.05", "1Pz:I/1": "A6.06"}, {}, (), False,  # the other bridge of the plunger
         "German units hold A6.06, a hex of the bridge's hexside (3.8)"),
        ({"1ID:A/1": "A4.05"}, {}, (Decision("bug_out", "Allied", {"artillery": "US-Ind:402"}),), False,
         "resolve the Artillery Bug Outs first (3.8)"),
        ({"1Pz:I/1": "A4.05"}, {}, (), False, "1Pz:I/1 is not a US unit on the map (3.8)"),
    ],
)
def test_item82_who_may_try_to_blow_a_bridge(where, bridges, pending, ok, reason):
    state = position(CONTENT, where, phase="ge_movement", bridges=bridges, pending=pending)
    unit = next(iter(where))
    allowed, reasons = bridge_blowing_allowed(CONTENT, state, "P1", unit)
    assert allowed is ok
    if reason:
        assert reason in reasons


@pytest.mark.parametrize("wanted, result", [({4, 5, 6}, "blown"), ({1, 2, 3}, "tested")])
def test_item82_one_roll_for_every_bridge_of_the_plunger(wanted, result):
    seed = seed_rolling(wanted)
    state = position(CONTENT, {"1ID:A/1": "A4.05"}, phase="us_combat", seed=seed)
    outcome = blow_bridge(CONTENT, state, BlowBridge("P1", "1ID:A/1"))
    after = outcome.state
    assert after.rules.bridges == {"P1": result} and after.draws == 1
    for a, b in (("A6.05", "A7.05"), ("A6.05", "A6.06")):
        assert stands(after, a, b) is (result != "blown")
    assert stands(after, "A10.05", "A11.05")  # another plunger's bridge
    assert "1ID:A/1" in after.rules.record.stopped  # 3.8: the unit must stop
    assert outcome.log[0].text == f"A/1 Inf Bn tries to blow the bridges of plunger P1: rolled {die_value(seed, 0)}, {result.capitalize()}"
    with pytest.raises(Refused, match="one attempt per game"):
        blow_bridge(CONTENT, after, BlowBridge("P1", "1ID:A/1"))


def test_item82_germans_in_the_plunger_hex_mark_it_tested_without_a_roll():
    state = position(CONTENT, {"1Pz:I/1": "A6.05"}, phase="ge_movement")
    assert bridge_blowing_allowed(CONTENT, state, "P1", "1ID:A/1") == (
        True,
        ("the bridge is primed (3.8)", "the Germans hold the plunger hex: no roll, the bridges are marked Tested (3.8)"),
    )
    outcome = blow_bridge(CONTENT, state, BlowBridge("P1", "1ID:A/1"))
    assert outcome.state.rules.bridges == {"P1": "tested"} and outcome.state.draws == 0
    marked, log = mark_captured_plungers(CONTENT, state)
    assert marked.rules.bridges == {"P1": "tested"} and len(log) == 1


def test_item81_german_built_bridges_cannot_be_blown():
    state = position(CONTENT, {"1ID:A/1": "A12.06"}, phase="us_movement")
    assert bridge_blowing_allowed(CONTENT, state, "P3", "1ID:A/1") == (False, ("there is no plunger 'P3' priming a bridge (3.8)",))


def test_item82_legal_attempts_list_each_plunger_and_unit_in_reach():
    state = position(CONTENT, {"1ID:A/1": "A8.05", "1ID:B/1": "A2.05"}, phase="us_movement")
    assert legal_bridge_blowings(CONTENT, state) == [BlowBridge("P1", "1ID:A/1"), BlowBridge("P2", "1ID:A/1")]


def test_item82_a_german_stack_moving_through_the_plunger_hex_marks_it_tested():
    # 1Pz:I/1 moves along the east road from A4.05 through P1's hex A6.05 to A8.05.
    state = position(CONTENT, {"1Pz:I/1": "A4.05"}, phase="ge_movement", turn=3)
    out = Ardennes2().apply(CONTENT, state, MoveUnits(("1Pz:I/1",), "A8.05", ("A5.05", "A6.05", "A7.05", "A8.05")))
    assert out.state.rules.bridges == {"P1": "tested"}
    assert any(line.text == "The Germans hold plunger P1's hex: its bridges are marked Tested" for line in out.log)


def test_item82_germans_placed_in_the_plunger_hex_by_any_action_mark_it_tested():
    """A retreat, an advance, an overrun's entry or a placement ends in the hex: the ruleset
    asks after every action."""
    before = position(CONTENT, {"1Pz:I/1": "A5.05"}, phase="ge_combat", turn=3)
    after = replace(before, units={**before.units, "1Pz:I/1": replace(before.units["1Pz:I/1"], hex=CONTENT.map.parse("A6.05"))})
    outcome = capture_plungers(CONTENT, Outcome(after, Changes(), ()))
    assert outcome.state.rules.bridges == {"P1": "tested"} and outcome.changes.markers
    assert capture_plungers(CONTENT, Outcome(before, Changes(), ())).state is before
