"""Reserves in scenario 5.1 (checklist items 38-40; 1.8, 1.9, 1.14): who may go in Reserve, the
countermix's markers, and the release for Exploitation."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.core.outcome import Refused
from ardennes_qt.rules.ardennes1994.actions import EndPhase, SetReserve
from ardennes_qt.rules.ardennes1994.reserves import in_reserve, marker_limit, reserve_refusal
from tests.rules.ardennes1994.board import scenario_game


def german_turn_one():
    """5.1 at its first German Movement Phase, every unit set up (the free ones next to the 150 Pz Bde)."""
    return scenario_game("5.1", "ge_movement", place={"Ger-Greif:A": "B50.02", "GerSup:1": "B50.02"})


def test_item38_a_stack_not_next_to_the_enemy_goes_in_reserve():
    """1.8a: the 150 Pz Bde's three KGs at B50.01, one marker for the stack."""
    s = german_turn_one()
    kgs = ("150Pz:X", "150Pz:Y", "150Pz:Z")
    s.apply(SetReserve(kgs))
    assert all(in_reserve(s.state, u) for u in kgs)
    assert "1 of 10 markers" in s.log()[-1].text


def test_item38_not_next_to_an_enemy_unit():
    """1.8a: the 394 Inf Rgt at B53.09 faces the 12 VG Div at B52.08 and B53.08."""
    s = scenario_game("5.1", "us_movement", turn=1)
    with pytest.raises(Refused, match="next to an enemy"):
        s.apply(SetReserve(("99ID:394",)))
    s.apply(SetReserve(("9AD:CCB",)))  # B49.16: no German near


@pytest.mark.parametrize("unit, change, rule", [
    ("1SS:Peiper-A", {"dg": True}, "1.8a"),
    ("1SS:Peiper-A", {"statuses": frozenset({"out_of_supply"})}, "1.14"),
    ("Ger-Greif:A", {}, "1.8a"),
    ("GerSup:1", {}, "1.8a"),
])
def test_item38_never_dg_out_of_supply_greif_teams_or_supply_units(unit, change, rule):
    s = german_turn_one()
    state = s.state.with_units({unit: replace(s.state.units[unit], **change)})
    refusal = reserve_refusal(s.content, state, unit)
    assert refusal is not None and refusal.rule == rule


def test_item38_not_a_unit_that_has_moved_this_game_turn():
    s = german_turn_one()
    s.apply(MoveUnits(("1SS:Peiper-A",), "B51.04"))
    with pytest.raises(Refused, match="moved this game turn"):
        s.apply(SetReserve(("1SS:Peiper-A",)))


def test_item38_the_countermix_limits_the_markers():
    """1.8 (M7, provisional: ten a side): the eleventh stack finds no marker; a marked stack takes more units."""
    s = german_turn_one()
    by_hex: dict = {}
    for uid, u in sorted(s.state.units.items()):
        if u.where == "map" and reserve_refusal(s.content, s.state, uid) is None:
            by_hex.setdefault(u.hex, []).append(uid)
    stacks = list(by_hex.values())
    limit = marker_limit("German")
    assert len(stacks) > limit
    for units in stacks[:limit]:
        s.apply(SetReserve((units[0],)))
    with pytest.raises(Refused, match="markers are in use"):
        s.apply(SetReserve((stacks[limit][0],)))
    more = next(units for units in stacks[:limit] if len(units) > 1)
    s.apply(SetReserve((more[1],)))


def test_item38_a_marker_comes_off_again_in_the_same_movement_phase():
    s = german_turn_one()
    s.apply(SetReserve(("150Pz:X",)))
    s.apply(SetReserve(("150Pz:X",), on=False))
    assert not in_reserve(s.state, "150Pz:X")


def test_item40_reserves_are_released_for_exploitation_and_only_they_move():
    """1.8b: no move in Reserve; 1.9: released at the start of the Exploitation Phase."""
    s = german_turn_one()
    s.apply(SetReserve(("150Pz:X",)))
    assert s.legal_moves(("150Pz:X",)) == {}
    while s.state.phase != "ge_exploitation":
        s.apply(EndPhase())
    assert s.legal_moves(("150Pz:X",))
    assert s.legal_moves(("150Pz:Y",)) == {}
    with pytest.raises(Refused, match="1.9"):
        s.apply(MoveUnits(("150Pz:Y",), "B50.02"))


def test_item38_reserve_choices_are_offered_in_the_movement_phase_only():
    s = german_turn_one()
    assert any(c.kind == "reserve" for c in s.choices())
    s = scenario_game("5.1", "ge_combat")
    assert not any(c.kind == "reserve" for c in s.choices())
