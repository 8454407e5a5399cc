"""Ardennes 1944 losses, retreats and advance (7.6-7.7.2, 1.6.1): the owner's choices of steps and
hexes, red and Prepared Attack steps first, the quality unit's first loss, armor against armor,
the armored marker as a step, the advance."""

from __future__ import annotations

from ardennes_qt.rules.vv1944.losses import (
    ARMOR_LOSS,
    FIRST_LOSS,
    LossOption,
    advance_hexes,
    armor_on_both_sides,
    attacker_may_advance,
    loss_options,
    next_loss_candidates,
)
from ardennes_qt.rules.vv1944.results import SideResult
from tests.rules.vv1944.combat_units import combat, unit, us


def options(result: SideResult, steps: int, can_retreat: bool = True) -> list[tuple[int, int, bool]]:
    return [(o.steps, o.hexes, o.eliminated) for o in loss_options(result, steps, can_retreat)]


def test_the_7_7_2_example_of_a_1_2_result():
    """7.7.2: 'the result 1/2 indicates that the defender must: lose 2 strength steps and remain in place
    or lose 1 strength step and retreat all of his units 1 hex or retreat all of his units 2 hexes. The
    attacker must either retreat 1 hex or lose 1 step ... If the result had been 1/2 [red], the defender
    would have been obliged to take a step loss before being able to retreat a hex or take a second step loss.'"""
    assert options(SideResult("2"), 4) == [(0, 2, False), (1, 1, False), (2, 0, False)]
    assert options(SideResult("1"), 3) == [(0, 1, False), (1, 0, False)]
    red = SideResult("2", red="printed", step_first="7.6 red result")
    assert options(red, 4) == [(1, 1, False), (2, 0, False)]


def test_a_prepared_attacks_attacker_loses_a_step_first():
    assert options(SideResult("1", step_first="7.3.2 Prepared Attack"), 3) == [(1, 0, False)]


def test_e_eliminates_the_stack_and_a_stack_that_cannot_retreat_takes_it_all_as_losses():
    """CRT 'E: Entire stack is eliminated'; 7.7.1: a unit that cannot retreat must 'absorb the entire combat result as losses'."""
    assert options(SideResult("E"), 5) == [(5, 0, True)]
    assert options(SideResult("3"), 5, can_retreat=False) == [(3, 0, False)]
    assert options(SideResult("-"), 5) == [(0, 0, False)]
    assert options(SideResult("3"), 1) == [(0, 3, False), (1, 0, True)]


def test_the_unit_whose_quality_was_used_suffers_the_first_loss():
    """7.4: 'The unit whose quality rating was used must suffer the first step loss.'"""
    stack = (us("di", steps=4), us("cav", type="mechanized", steps=2))
    assert next_loss_candidates(stack, (), "cav", False) == (("cav", FIRST_LOSS),)
    after = next_loss_candidates(stack, ("cav",), "cav", False)
    assert [who for who, _ in after] == ["di", "cav"]
    assert [who for who, _ in next_loss_candidates(stack, ("cav", "cav"), "cav", False)] == ["di"]


def test_armor_on_both_sides_takes_the_second_loss_from_armor_when_the_quality_unit_is_not():
    """7.6: 'the first or second loss (if the unit whose quality rating was used is not armored/mechanized)
    must be taken from an armored or mechanized unit (possibly including any armored HQ Support counter present)'."""
    defenders = (us("di", steps=4), us("cca", type="armored", steps=3))
    c = combat([unit("kg", type="mechanized")], defenders)
    assert armor_on_both_sides(c) and not armor_on_both_sides(combat([unit("vg")], defenders))
    second = next_loss_candidates(defenders, ("di",), "di", True, markers=("tank",))
    assert second == (("cca", ARMOR_LOSS), ("tank", ARMOR_LOSS))
    third = next_loss_candidates(defenders, ("di", "cca"), "di", True, markers=("tank",))
    assert [who for who, _ in third] == ["di", "cca", "tank"]
    armored_first = next_loss_candidates(defenders, ("cca",), "cca", True)
    assert [who for who, _ in armored_first] == ["di", "cca"]


def test_an_armored_marker_may_be_given_as_a_step_but_not_as_the_quality_units_first_loss():
    """1.6.1: 'the armored marker then equals one step loss in combat'; artillery markers may not."""
    stack = (unit("vg", steps=4),)
    first = next_loss_candidates(stack, (), "vg", False, markers=("stug", "nebelwerfer"))
    assert [who for who, _ in first] == ["vg"] and "provisional" in first[0][1][0]
    later = next_loss_candidates(stack, ("vg",), "vg", False, markers=("stug", "nebelwerfer"))
    assert [who for who, _ in later] == ["vg", "stug"]
    assert [who for who, _ in next_loss_candidates(stack, ("vg", "stug"), "vg", False, markers=("stug",))] == ["vg"]


def test_the_attacker_advances_only_after_taking_its_whole_result_as_steps():
    """7.7.2: 'the attacker must convert all of his adverse result into step losses if he wishes to remain
    in place or advance after combat. Only the attacker may advance.'"""
    one = SideResult("1")
    assert attacker_may_advance(one, LossOption(1, 0)) and not attacker_may_advance(one, LossOption(0, 1))
    assert attacker_may_advance(SideResult("-"), LossOption(0, 0))
    assert not attacker_may_advance(SideResult("-"), LossOption(0, 0), hesitation=True)  # SNAFU 3


def test_the_advance_follows_the_retreat_or_the_unfulfilled_result():
    """7.7.2: 'a result of -/3 eliminates a unit which had only one strength step, in this case the attacker
    may advance two hexes'; a defender retreating 2 hexes may be followed along its path."""
    three = SideResult("3")
    assert advance_hexes(three, loss_options(three, 1)[-1], 1) == 2
    assert advance_hexes(SideResult("2"), LossOption(0, 2), 4) == 2
    assert advance_hexes(SideResult("2"), LossOption(2, 0), 4) == 0
    assert advance_hexes(SideResult("E"), LossOption(3, 0, True), 3) == 1  # the vacated hex
