"""Ardennes 1944 C3I and SNAFUs (9.5, optional) and support retention (1.6.1-1.6.2): the attack's
letter, the chance of an S, each SNAFU's effect on the odds, retention chances."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ardennes_qt.rules.vv1944.odds import combat_odds
from ardennes_qt.rules.vv1944.snafu import attack_c3i, c3i_result, snafu_chance, snafu_chances, snafu_effect, unit_c3i
from ardennes_qt.rules.vv1944.supports import REMOVED, RETURNS, cancelled, marker_as_step, retention_chances
from tests.rules.vv1944.combat_units import combat, unit, us


def test_the_c3i_table_as_printed():
    """C3I TABLE (9.5): 'Die A B C 1 - - S 2 S - - 3 - S S 4 - - - 5 - S - 6 - - S'."""
    printed = "1 - - S 2 S - - 3 - S S 4 - - - 5 - S - 6 - - S".split()
    for i in range(6):
        roll, a, b, c = printed[4 * i: 4 * i + 4]
        assert [c3i_result(letter, int(roll)) for letter in "ABC"] == [a, b, c]
    assert (snafu_chance("A"), snafu_chance("B"), snafu_chance("C")) == (Fraction(1, 6), Fraction(1, 3), Fraction(1, 2))


def test_the_worst_rating_of_mixed_formations_and_independents_by_quality():
    """9.5: 'If an attack involves units of different formations, use the worst C3I rating. Independent units
    have a C3I rating of A if their quality is 5, and B if their quality is 4.'"""
    assert unit_c3i(unit("i", independent=True, quality=5)) == "A" and unit_c3i(unit("i", independent=True, quality=4)) == "B"
    letter, reason = attack_c3i(combat([unit("a", c3i="B"), unit("b", c3i="C"), unit("i", independent=True, quality=5)], [us("d")]))
    assert letter == "C" and "b" in reason
    with pytest.raises(ValueError):
        unit_c3i(unit("lost"))


@pytest.mark.parametrize("letter", ["A", "B", "C"])
def test_the_snafu_chances_sum_to_1(letter):
    chances = snafu_chances(letter)
    assert sum(c for _, c in chances) == 1 and chances[0][0] is None
    assert dict((e.roll, c) for e, c in chances[1:])[7] == snafu_chance(letter) * Fraction(6, 36)


def test_each_snafu_result_as_an_effect():
    """SNAFU TABLE (9.5), 2 .. 12."""
    assert snafu_effect(2).shift == -1
    three = snafu_effect(3)
    assert three.no_advance and three.no_breakthrough and three.ap_lost == 1
    assert snafu_effect(4).cancel == {"artillery"} and snafu_effect(4).reading
    assert snafu_effect(5).cancel == {"armor"} and snafu_effect(10).cancel == {"air"}
    assert all(snafu_effect(r).nothing for r in (6, 7, 8))
    assert snafu_effect(9).halve_armored_attacker and snafu_effect(11).zero_attacker
    twelve = snafu_effect(12)
    assert twelve.cancel == {"artillery", "armor", "air"} and twelve.drm_per_attacking_stack == -1
    assert twelve.cancels_divisional_integrity


def test_a_snafu_changes_the_odds():
    kg = dict(type="mechanized", strength=9, steps=3, division="2Pz", hex="1", c3i="B")
    base = dict(attacker_markers=("nebelwerfer", "stug"), attacker_air=2, quality_units=("a", "d"))
    attackers = [unit("a", **kg), unit("b", **kg)]
    plain = combat_odds(combat(attackers, [us("d", strength=6)], "prepared", **base))
    assert plain.total_shift == 2 + 2 + 2 and plain.modifier == 0 + 1 + 1
    poor = combat_odds(combat(attackers, [us("d", strength=6)], "prepared", snafu=2, **base))
    assert poor.total_shift == plain.total_shift - 1
    garbled = combat(attackers, [us("d", strength=6)], "prepared", snafu=4, **base)
    assert cancelled(garbled) == (("nebelwerfer",), 0) and combat_odds(garbled).total_shift == 2 + 2
    confusion = combat_odds(combat(attackers, [us("d", strength=6)], "prepared", snafu=12, **base))
    assert confusion.total_shift == 2 and confusion.modifier == 0 - 1  # quality 0, one stack -1, no integrity
    hesitant = combat_odds(combat(attackers, [us("d", strength=1)], "prepared", snafu=3, **base))
    assert not any(c.result.breakthrough for c in hesitant.chances)


def test_snafu_9_and_11_strike_the_unit_the_defender_names():
    tank = unit("t", type="armored", strength=9, steps=3, hex="1")
    foot = unit("f", strength=6, hex="1")
    halved = combat_odds(combat([tank, foot], [us("d")], snafu=9, snafu_unit="t"))
    assert halved.attack.total == 5 + 6
    assert not combat_odds(combat([tank, foot], [us("d")], snafu=9, snafu_unit="f")).allowed
    jammed = combat_odds(combat([tank, foot], [us("d")], snafu=11, snafu_unit="t"))
    assert jammed.attack.total == 6
    alone = combat_odds(combat([tank], [us("d")], snafu=11, snafu_unit="t"))  # 'ignore if only one attacker'
    assert alone.attack.total == 9


def test_retention_rolls_after_use():
    """1.6.1: Nebelwerfer back on a 1, removed on 2-6; artillery 'disappears on a die roll of 4-6';
    1.6.2: heavy artillery and artillery 'only disappears on a 6'; the armored markers go back to the pool."""
    assert dict(retention_chances("nebelwerfer")) == {RETURNS: Fraction(1, 6), REMOVED: Fraction(5, 6)}
    assert dict(retention_chances("artillery_german")) == {RETURNS: Fraction(1, 2), REMOVED: Fraction(1, 2)}
    assert dict(retention_chances("heavy_artillery")) == {RETURNS: Fraction(5, 6), REMOVED: Fraction(1, 6)}
    assert dict(retention_chances("artillery_allied")) == {RETURNS: Fraction(5, 6), REMOVED: Fraction(1, 6)}
    assert dict(retention_chances("tank")) == {RETURNS: 1} and marker_as_step("tank") and not marker_as_step("nebelwerfer")
