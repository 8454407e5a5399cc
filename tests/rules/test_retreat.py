"""Retreat paths and what a retreat costs (3.2 Retreats, 3.4; checklist items 47, 52, 54; M1)."""

from dataclasses import replace

import pytest

from ardennes_qt.core.hexgrid import Hexside
from ardennes_qt.core.mapdata import Bridge
from ardennes_qt.core.scenario import Bounds
from ardennes_qt.rules.ardennes2 import combat
from ardennes_qt.rules.ardennes2.actions import Attack, Defend, TakeLoss
from ardennes_qt.rules.ardennes2.retreats import retreat_options
from ardennes_qt.rules.ardennes2.situation import rules_data
from tests.rules.combat_board import SHEET, board, dice, hx

ALL_HEXES = [SHEET.format(h) for h in SHEET.hexes()]


def forest_but(*open_hexes):
    """Forest (Prohibited to Mech MA) everywhere but the given hexes."""
    return {h: {"forest"} for h in ALL_HEXES if h not in open_hexes}


def ids(content, paths):
    return {tuple(content.map.hex_id(h) for h in p) for p in paths}


def options(content, state, units, start, hexes):
    return retreat_options(content, state, units, hx(content, start), hexes)


def test_each_hex_farther_never_into_enemy_units_friends_allowed_m1():
    content, state = board(
        {
            "us": ("Allied", "3-4-12", "A5.05", "mech"),
            "friend": ("Allied", "3-4-12", "A5.06", "mech"),
            "ge": ("German", "6-4-12", "A4.04", "mech"),
            "ge2": ("German", "6-4-12", "A6.06", "mech"),
        }
    )
    found = options(content, state, ("us",), "A5.05", 2)
    assert found.kind == "clean" and not found.costs_a_step
    start = hx(content, "A5.05")
    for path in found.paths:
        assert [start.distance(h) for h in path] == [1, 2]
    paths = ids(content, found.paths)
    assert ("A5.06", "A5.07") in paths  # through a friendly stack
    assert not any("A4.04" in p or "A6.06" in p for p in paths)


def test_prohibited_terrain_blocks_unless_a_road_carries_the_stack():
    units = {"us": ("Allied", "3-4-12", "A5.05", "mech"), "ge": ("German", "6-4-12", "A4.04", "mech")}
    content, state = board(units, terrain=forest_but("A5.05", "A5.06", "A5.07"))
    assert ids(content, options(content, state, ("us",), "A5.05", 2).paths) == {("A5.06", "A5.07")}
    content, state = board(units, terrain=forest_but("A5.05", "A5.06", "A5.07"), roads=[("A5.05", "A6.05", "A7.05")])
    assert ids(content, options(content, state, ("us",), "A5.05", 2).paths) == {("A5.06", "A5.07"), ("A6.05", "A7.05")}


def test_a_leg_stack_ignores_terrain_prohibited_to_mech_only():
    content, state = board(
        {"us": ("Allied", "3-4-10", "A5.05"), "ge": ("German", "6-4-12", "A4.04", "mech")},
        terrain=forest_but("A5.05"),
    )
    assert len(options(content, state, ("us",), "A5.05", 1).paths) == 5


def test_a_blown_bridge_closes_the_road_across_a_river_3_8():
    units = {"us": ("Allied", "3-4-12", "A5.05", "mech"), "ge": ("German", "6-4-12", "A4.04", "mech")}
    content, state = board(
        units,
        terrain=forest_but("A5.05", "A5.06"),
        hexsides={("A5.05", "A5.06"): {"river"}},
        roads=[("A5.05", "A5.06")],
    )
    content.map.bridges[Hexside.between(hx(content, "A5.05"), hx(content, "A5.06"))] = Bridge(plunger="P1")
    assert ids(content, options(content, state, ("us",), "A5.05", 1).paths) == {("A5.06",)}
    blown = replace(state, rules=replace(rules_data(state), bridges={"P1": "blown"}))
    assert options(content, blown, ("us",), "A5.05", 1).kind == "blocked"


def test_the_play_area_bounds_a_retreat_7x():
    content, state = board(
        {"us": ("Allied", "3-4-10", "A5.05"), "ge": ("German", "6-4-12", "A4.04", "mech")},
        bounds=[Bounds("A", max_row=5)],
    )
    paths = ids(content, options(content, state, ("us",), "A5.05", 1).paths)
    assert paths == {("A6.05",), ("A6.04",), ("A5.04",), ("A4.05",)}  # not A5.06, on row 6


# The corridor: from A5.05 only A5.06 is open to Mech, and beyond it only A5.07, the ZOC
# Bond hex between the German posts in A4.06 and A6.07 (two steps of infantry each, 1.2).
CORRIDOR = forest_but("A5.05", "A5.06", "A5.07", "A4.06", "A6.07")
BOND_UNITS = {
    "us": ("Allied", "3-4-12", "A5.05", "mech"),
    "ge": ("German", "12-4-12", "A4.04", "mech"),
    "post1": ("German", "2-3-8", "A4.06"),
    "post2": ("German", "2-3-8", "A6.07"),
}


def test_an_enemy_zoc_bond_hex_stops_the_retreat_and_costs_a_step_item52():
    content, state = board({**BOND_UNITS, "us2": ("Allied", "3-4-12", "A5.05", "mech")}, terrain=CORRIDOR)
    found = options(content, state, ("us", "us2"), "A5.05", 3)
    assert (found.kind, ids(content, found.paths)) == ("zoc_bond", {("A5.06", "A5.07")})
    state = combat.attack(content, state, Attack(("ge",), "A5.05")).state
    state = dice(state, 11)  # 12 to 8 = 1:1; 11 = D2r2
    state = combat.defend(content, state, Defend("hold")).state
    state = combat.take_loss(content, state, TakeLoss("us")).state
    out = combat.take_loss(content, state, TakeLoss("us2"))
    # the only retreat ends in the Bond hex: taken at once, and it costs another step
    assert content.map.hex_id(out.state.units["us"].hex) == "A5.07"
    assert "The defender loses 1 step: it entered an enemy ZOC Bond hex and stops there" in [line.text for line in out.log]
    decision = rules_data(out.state).pending[0]
    assert (decision.kind, decision.data["role"]) == ("loss", "defender")
    state = combat.take_loss(content, out.state, TakeLoss("us")).state
    assert state.units["us"].where == "dead" and state.units["us2"].steps == 1


def test_retreat_before_combat_into_a_bond_hex_costs_a_step_item52():
    content, state = board(BOND_UNITS, terrain=CORRIDOR)
    state = combat.attack(content, state, Attack(("ge",), "A5.05")).state
    (decision,) = rules_data(state).pending
    assert decision.kind == "hold_or_retreat"
    assert combat.combat_choices(content, state) == [Defend("hold"), Defend("retreat", ("A5.06", "A5.07"))]
    out = combat.defend(content, state, Defend("retreat", ("A5.06", "A5.07")))
    assert content.map.hex_id(out.state.units["us"].hex) == "A5.07"
    assert out.state.units["us"].steps == 1  # the Bond hex took a step (one unit: no choice)
    assert any("ZOC Bond" in line.text for line in out.log)


def test_a_blocked_retreat_goes_as_far_as_it_can_and_costs_a_step_item52():
    content, state = board(
        {
            "us": ("Allied", "3-4-12", "A5.05", "mech"),
            "us2": ("Allied", "3-4-12", "A5.05", "mech"),
            "ge": ("German", "12-4-12", "A4.04", "mech"),
        },
        terrain=forest_but("A5.05", "A5.06"),
    )
    found = options(content, state, ("us", "us2"), "A5.05", 2)
    assert (found.kind, ids(content, found.paths)) == ("blocked", {("A5.06",)})
    state = combat.attack(content, state, Attack(("ge",), "A5.05")).state
    state = dice(state, 11)  # 1:1, 11 = D2r2
    state = combat.defend(content, state, Defend("hold")).state
    state = combat.take_loss(content, state, TakeLoss("us")).state
    out = combat.take_loss(content, state, TakeLoss("us"))
    assert out.state.units["us"].where == "dead"
    assert content.map.hex_id(out.state.units["us2"].hex) == "A5.06"
    assert "The defender loses 1 step: its retreat is blocked" in [line.text for line in out.log]
    assert out.state.units["us2"].steps == 1  # one unit left: the step is taken without a choice


def test_a_stack_that_cannot_leave_its_hex_may_not_retreat_before_combat():
    content, state = board(
        {"us": ("Allied", "3-4-12", "A5.05", "mech"), "ge": ("German", "12-4-12", "A4.04", "mech")},
        terrain=forest_but("A5.05"),
    )
    out = combat.attack(content, state, Attack(("ge",), "A5.05"))
    assert any(line.text == "The defender Holds: it cannot retreat" for line in out.log)
    assert out.state.draws == 2


@pytest.mark.parametrize("dg", [False, True])
def test_artillery_that_retreats_becomes_dg_item54(dg):
    content, state = board(
        {"art": ("Allied", "[9]-1-16", "A5.05", *(["dg"] if dg else [])), "ge": ("German", "6-4-12", "A4.04", "mech")}
    )
    out = combat.attack(content, state, Attack(("ge",), "A5.05"))
    if dg:
        assert out.state.draws == 2  # a DG defender must Hold
        return
    out = combat.defend(content, out.state, Defend("retreat", ("A5.06", "A5.07", "A5.08", "A5.09", "A5.10")))
    assert out.state.units["art"].dg
    assert any("artillery that retreats" in line.text for line in out.log)
