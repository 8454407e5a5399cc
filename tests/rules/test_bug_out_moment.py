"""Bug Outs "at that moment" (3.6; checklist item 67): a move stops where it makes artillery
Bug Out, an overrun's approach that does so is two actions, and an overrunning stack that
enters the vacated hex counts as moving next to the guns there."""

from __future__ import annotations

import pytest

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.core.hexgrid import Direction, Hexside
from ardennes_qt.core.mapdata import RoadLink
from ardennes_qt.core.outcome import Refused
from ardennes_qt.rules.ardennes2.actions import BugOut, Overrun
from ardennes_qt.rules.ardennes2.artillery import bug_out_destinations
from ardennes_qt.rules.ardennes2.overrun import overrun, overrun_choices
from ardennes_qt.rules.ardennes2.ruleset import Ardennes2
from ardennes_qt.rules.ardennes2.situation import rules_data
from tests.rules.combat_board import dice, hx
from tests.rules.test_movement_handler import gun_line
from tests.rules.test_overrun import setup, where

RULES = Ardennes2()


def pending_kinds(state):
    return [d.kind for d in rules_data(state).pending]


def test_item67_a_move_stops_where_it_makes_artillery_bug_out_and_goes_on_afterwards():
    content, state = gun_line().game(phase="ge_movement")
    out = RULES.apply(content, state, MoveUnits(("pz",), "B4.05", ("B4.03", "B4.04", "B4.05")))
    assert content.map.hex_id(out.state.units["pz"].hex) == "B4.03"  # B4.03 is next to the guns in B3.03
    assert pending_kinds(out.state) == ["bug_out"]
    stop = next(line for line in out.log if "stop in B4.03" in line.text)
    assert stop.reasons == ("3.6: at that moment; the stack may move on afterwards with the MPs it has left",)
    spent_to_stop = rules_data(out.state).record.spent["pz"]
    # The guns go where the rules allow with the stack in B4.03, then the stack moves on.
    (destination, *_) = bug_out_destinations(content, out.state, "guns")
    placed = RULES.apply(content, out.state, BugOut("guns", destination)).state
    on = RULES.apply(content, placed, MoveUnits(("pz",), "B4.05"))
    assert content.map.hex_id(on.state.units["pz"].hex) == "B4.05"
    assert rules_data(on.state).record.spent["pz"] > spent_to_stop


def test_item67_a_move_that_never_passes_next_to_the_guns_is_not_stopped():
    content, state = gun_line().game(phase="ge_movement")
    out = RULES.apply(content, state, MoveUnits(("pz",), "B4.05", ("B5.04", "B5.05", "B4.05")))
    assert content.map.hex_id(out.state.units["pz"].hex) == "B4.05" and pending_kinds(out.state) == []


def road_to_the_north_edge(content, chain):
    """Guns need a road of 8 hexes to a supplied place to Bug Out to (3.6)."""
    for a, b in zip(chain, chain[1:]):
        content.map.roads[Hexside.between(hx(content, a), hx(content, b))] = RoadLink("road")
    content.map.roads[Hexside.of(hx(content, chain[-1]), Direction.N)] = RoadLink("road")


def test_item67_entering_the_vacated_hex_after_an_overrun_makes_guns_next_to_it_bug_out():
    content, state = setup(
        {"pz": ("German", "12-4-12", "A3.04", "mech"), "guns": ("Allied", "[9]-1-16", "A6.05")},
        defender=("Allied", "3-4-10", "A5.05"),  # Leg: it must Hold
    )
    road_to_the_north_edge(content, ("A6.05", "A6.06", "A6.07", "A6.08", "A6.09", "A6.10", "A7.10", "A8.10", "A9.10"))
    state = dice(state, 9)  # 12 to 4 = 3:1, 9 = D2r2: the defender is destroyed
    out = overrun(content, state, Overrun(("pz",), "A5.05", ("A4.04",)))
    assert where(content, out.state, "pz") == "A5.05"
    assert pending_kinds(out.state) == ["bug_out"]
    assert rules_data(out.state).pending[0].data["artillery"] == "guns"


def test_item67_an_overrun_whose_approach_makes_guns_bug_out_is_two_actions():
    """Guns in A4.05 are next to the launch hex A4.04, not in the target: they Bug Out the
    moment the stack arrives there, before the overrun can be fought."""
    content, state = setup({"pz": ("German", "12-4-12", "A3.04", "mech"), "guns": ("Allied", "[9]-1-16", "A4.05")})
    road_to_the_north_edge(content, ("A4.05", "A4.06", "A4.07", "A4.08", "A4.09", "A4.10", "A3.10", "A2.10", "A1.10"))
    with pytest.raises(Refused) as refused:
        overrun(content, state, Overrun(("pz",), "A5.05", ("A4.04",)))
    assert refused.value.reason == "moving to A4.04 makes guns Arty Rgt Bug Out first: move there, then overrun"
    assert refused.value.rule == "3.6"
    assert overrun_choices(content, state)[0].actions() == []
    # As two actions: the move (the guns Bug Out), then the overrun from the hex next to the target.
    moved = RULES.apply(content, state, MoveUnits(("pz",), "A4.04"))
    (destination, *_) = bug_out_destinations(content, moved.state, "guns")
    placed = RULES.apply(content, moved.state, BugOut("guns", destination)).state
    attacked = RULES.apply(content, placed, Overrun(("pz",), "A5.05"))
    assert pending_kinds(attacked.state) == ["hold_or_retreat"]
