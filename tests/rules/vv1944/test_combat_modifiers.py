"""Ardennes 1944 die roll modifiers (7.4, 1.6): the quality difference of the pair the attacker
picks, armored support markers, divisional integrity at most 1 a side."""

from __future__ import annotations

import pytest

from ardennes_qt.rules.vv1944.die_modifiers import (
    armor_support_modifiers,
    integrity_modifiers,
    quality_choices,
    quality_modifier,
)
from ardennes_qt.rules.vv1944.odds import combat_odds
from tests.rules.vv1944.combat_units import combat, unit, us


def test_quality_difference_is_the_picked_attacker_minus_the_picked_defender():
    """7.4: 'the quality rating of one attacking unit minus the quality rating of one defending unit'."""
    c = combat([unit("ss", quality=5), unit("vg", quality=3)], [us("para", quality=5), us("di", quality=4)])
    assert quality_choices(c)[0] == ("ss", "di", 1) and quality_choices(c)[-1] == ("vg", "para", -2)
    picked = combat([unit("ss", quality=5), unit("vg", quality=3)], [us("para", quality=5), us("di", quality=4)],
                    quality_units=("vg", "di"))
    value, reason, rule = quality_modifier(picked)
    assert (value, rule) == (-1, "7.4") and "vg 3 - di 4" in reason and "first loss" in reason
    with pytest.raises(ValueError):
        quality_modifier(combat([unit("a")], [us("d")], quality_units=("d", "a")))


def test_an_hq_has_quality_4_only_when_alone():
    """1.1: 'If a HQ is alone in a hex, it has a quality of 4.'"""
    alone = combat([unit("a", quality=3)], [us("hq", type="HQ", strength=1, quality=4, steps=1)])
    assert quality_choices(alone) == [("a", "hq", -1)]
    stacked = combat([unit("a", quality=3)], [us("hq", type="HQ", quality=4, steps=1), us("d", quality=5)])
    assert [d for _, d, _ in quality_choices(stacked)] == ["d"]


def test_armored_support_markers_add_1_attacking_and_subtract_1_defending():
    """Combat Modifiers: 'Armor Support marker +1 to die roll'; 1.6.1: '+1 or -1 to the die roll in attack or defense'."""
    c = combat([unit("a")], [us("d")], "prepared", attacker_markers=("tiger", "stug"), defender_markers=("tank",))
    assert [m for m, _, _ in armor_support_modifiers(c)] == [1, 1, -1]


def test_divisional_integrity_is_at_most_1_a_side():
    """7.4: 'a stack composed of two armored or mechanized units of the same division ... +1 or -1 ...
    Even if several stacks meet this condition, the maximum die roll modifier is +1 or -1.'"""
    kg = dict(type="mechanized", strength=9, steps=3)
    two_stacks = combat([unit("a", division="1SS", hex="1", **kg), unit("b", division="1SS", hex="1", **kg),
                         unit("c", division="12SS", hex="2", **kg), unit("e", division="12SS", hex="2", **kg)],
                        [us("d")], "prepared")
    assert [m for m, _, _ in integrity_modifiers(two_stacks)] == [1]
    apart = combat([unit("a", division="1SS", hex="1", **kg), unit("b", division="1SS", hex="2", **kg)], [us("d")], "prepared")
    assert integrity_modifiers(apart) == []
    mixed = combat([unit("a", division="1SS", hex="1", **kg), unit("b", division="12SS", hex="1", **kg)], [us("d")])
    assert integrity_modifiers(mixed) == []
    infantry = combat([unit("a", division="26VG", hex="1"), unit("b", division="26VG", hex="1")], [us("d")])
    assert integrity_modifiers(infantry) == []
    defending = combat([unit("a")], [us("cca", type="armored", division="9DB", hex="7"),
                                     us("ccb", type="mechanized", division="9DB", hex="7")])
    assert [m for m, _, _ in integrity_modifiers(defending)] == [-1]


def test_the_modifiers_move_the_roll_on_the_column():
    """The modified roll reads the CRT row: quality +1 and a StuG +1 read rows 3 .. 8."""
    c = combat([unit("a", quality=5, strength=6)], [us("d", quality=4, strength=6)], attacker_markers=("stug",))
    report = combat_odds(c)
    assert report.column == "1:1" and report.modifier == 2
    assert [c.rows for c in report.chances] == [(3, 4), (5, 6), (7, 8)]
    assert [c.result.cell for c in report.chances] == ["1/1", "-/1", "1/2"]
