"""Ardennes 1944 odds and column shifts (7.5, 7.4, 7.3, 12.2, 1.6, 14.3, TEC): the ratio rounded in
the attacker's favour, its column, terrain shifts cumulative, the Westwall, IP, the Prepared Attack,
supports within the attack type's limits."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ardennes_qt.rules.common.crt import ratio_name
from ardennes_qt.rules.vv1944.attack_checks import attack_problems
from ardennes_qt.rules.vv1944.odds import BELOW_TABLE, TOP_COLUMN, combat_odds, ratio_position, rounded_ratio
from ardennes_qt.rules.vv1944.shifts import column_shifts, terrain_shifts
from tests.rules.vv1944.combat_units import combat, unit, us


@pytest.mark.parametrize("attack, defense, expected", [
    (149, 100, "1:1"), (150, 100, "2:1"),  # 7.5: '1.49 to 1 gives a 1:1; 1.50 to 1 gives a 2:1'
    (5, 2, "3:1"), (6, 4, "2:1"), (7, 2, "4:1"), (100, 149, "1:1"), (100, 150, "1:1"), (100, 151, "1:2"),
    (2, 5, "1:2"), (1, 4, "1:4"), (1, 6, "1:6"), (30, 3, "10:1"),
])
def test_the_ratio_is_rounded_to_the_nearest_whole_number_not_in_the_defenders_favour(attack, defense, expected):
    assert ratio_name(rounded_ratio(attack, defense)) == expected


def test_columns_run_1_4_to_8_1_plus():
    """7.6: 1:4 .. 8:1+; 8:1 or more is the last column; below 1:4 is counted on past the table."""
    assert ratio_position(Fraction(1, 4)) == 0 and ratio_position(Fraction(8)) == 10 and ratio_position(Fraction(12)) == 10
    assert ratio_position(Fraction(1, 6)) == -2


def test_odds_worse_than_1_4_read_1_4_with_a_provisional_note():
    report = combat_odds(combat([unit("a", strength=1)], [us("d", strength=6)]))
    assert report.ratio == "1:6" and report.column == "1:4" and (BELOW_TABLE, "7.5, 7.6") in report.notes
    helped = combat_odds(combat([unit("a", strength=1)], [us("d", strength=6)], "prepared"))
    assert helped.column == "1:4"  # 1:6 two right is 1:4


def test_odds_above_8_1_shift_from_the_8_1_plus_column():
    report = combat_odds(combat([unit("a", strength=12, steps=4)], [us("d", strength=1)], terrain=("forest",)))
    assert report.ratio == "12:1" and report.column == "7:1" and (TOP_COLUMN, "7.6") in report.notes


def test_a_village_in_rough_shifts_two_columns_left():
    """7.4: 'These modifiers are cumulative (example: a village in rough terrain shifts two columns to the left).'"""
    c = combat([unit("a", strength=12, steps=4)], [us("d", strength=6)], terrain=("village", "rough"))
    assert sum(s for s, _, _ in terrain_shifts(c)) == -2
    report = combat_odds(c)
    assert report.ratio == "2:1" and report.column == "1:2"


def test_clear_and_road_do_not_shift_and_words_off_the_chart_are_noted():
    c = combat([unit("a")], [us("d")], terrain=("clear", "road", "west_of_meuse"))
    assert terrain_shifts(c) == []
    assert ("'west_of_meuse' is not on the Terrain Effects Chart: no combat effect", "TEC") in combat_odds(c).notes


def test_the_westwall_shifts_only_for_german_defenders():
    """TEC Westwall: 'Germ. Def -1 Col'; the map's word west_wall is the chart's Westwall."""
    german = combat([us("a")], [unit("d")], terrain=("west_wall", "forest"))
    assert [s for s, _, _ in terrain_shifts(german)] == [-1, -1]
    american = combat([unit("a")], [us("d")], terrain=("westwall", "forest"))
    assert [s for s, _, _ in terrain_shifts(american)] == [-1]


def test_improved_positions_shift_only_when_every_defender_is_in_ip():
    """12.1: 'If some units in a hex are in IP and others are not, the IP bonus does not apply in combat.'"""
    ip = frozenset({"improved_position"})
    both = combat([unit("a")], [us("d", statuses=ip), us("e", statuses=ip)])
    assert (-1, "every defending unit is in Improved Position", "12.2, 7.4") in column_shifts(both)
    one = combat([unit("a")], [us("d", statuses=ip), us("e")])
    assert not [s for s in column_shifts(one) if "Improved" in s[1]]


def test_a_prepared_attack_shifts_one_column_for_the_us_and_two_for_the_german():
    """Attack Types table / Combat Modifiers: 'German Prepared Attack +2 columns, US Prepared Attack +1 column'."""
    assert (2, "German Prepared Attack", "7.3.2") in column_shifts(combat([unit("a")], [us("d")], "prepared"))
    assert (1, "US Prepared Attack", "7.3.2") in column_shifts(combat([us("a")], [unit("d")], "prepared"))
    assert column_shifts(combat([us("a")], [unit("d")])) == []
    british = combat_odds(combat([us("a", nationality="British")], [unit("d")], "prepared"))
    assert (1, "US Prepared Attack", "7.3.2") in british.shifts and any("British" in n for n, _ in british.notes)


def test_hq_supports_and_air_shift_right_attacking_and_left_defending():
    """1.6.1: Nebelwerfer two columns 'right when attacking, left when defending', artillery one;
    1.6.2: heavy artillery two, artillery one; 14.3: air one."""
    c = combat([unit("a", hex="1"), unit("b", hex="2")], [us("d")], "prepared",
               attacker_markers=("nebelwerfer", "artillery_german"), attacker_air=1,
               defender_markers=("heavy_artillery",), defender_air=1)
    assert [s for s, _, _ in column_shifts(c)] == [2, 2, 1, 1, -2, -1]
    assert attack_problems(c) == []


def test_supports_are_limited_by_the_attack_type():
    """7.3.1: a Normal Attack 'may benefit from a single HQ Support and a single Air Support'; 7.3.2: a
    Prepared Attack 'two HQ Support and two Air Support'; 14.3: at most two air supports a combat."""
    normal = combat([unit("a")], [us("d")], attacker_markers=("nebelwerfer", "stug"), attacker_air=2)
    assert [rule for _, rule in attack_problems(normal)] == ["7.3.1", "7.3.1"]
    prepared = combat([unit("a")], [us("d")], "prepared", attacker_markers=("nebelwerfer", "stug"), attacker_air=2)
    assert attack_problems(prepared) == []
    crowded = combat([unit("a")], [us("d")], "prepared", attacker_air=2, defender_air=1)
    assert attack_problems(crowded) == [("3 air supports in one combat; at most 2", "14.3")]
    wrong = combat([unit("a")], [us("d")], attacker_markers=("tank",))
    assert [rule for _, rule in attack_problems(wrong)] == ["1.6.2"]


def test_a_normal_attack_comes_from_one_hex_and_isolated_units_make_no_prepared_attack():
    """7.3.1: 'a Normal Attack can only be made from a single hex'; Status table: Isolated and
    Unsupplied 'no Prepared Attack'."""
    spread = combat([unit("a", hex="1"), unit("b", hex="2")], [us("d")])
    assert [rule for _, rule in attack_problems(spread)] == ["7.3.1"]
    cut_off = combat([unit("a", statuses=frozenset({"isolated"}))], [us("d")], "prepared")
    assert attack_problems(cut_off) == [("a is isolated: no Prepared Attack", "1.4, 10.3")]
    assert attack_problems(combat([unit("a", statuses=frozenset({"isolated"}))], [us("d")])) == []


def test_no_more_than_the_stacking_limit_attacks_from_one_hex():
    """7.1: 'the number of stacked units which can attack from the same hex cannot exceed the stacking limit' (6 steps)."""
    c = combat([unit("a", steps=4, hex="1"), unit("b", steps=3, hex="1")], [us("d")])
    assert [rule for _, rule in attack_problems(c)] == ["7.1, 5"]


def test_a_refused_attack_has_no_column():
    report = combat_odds(combat([unit("a")], [unit("d")]))
    assert not report.allowed and report.column == "" and report.problems == (("the target hex holds friendly units", "7.1"),)


def test_the_odds_report_every_shift_and_modifier_and_chances_summing_to_1():
    c = combat([unit("a", type="armored", strength=9, steps=3, division="2Pz", hex="1"),
                unit("b", type="mechanized", strength=9, steps=3, division="2Pz", hex="1")],
               [us("d", strength=6, quality=3)], "prepared", terrain=("forest",),
               attacker_markers=("nebelwerfer", "stug"), attacker_air=1, quality_units=("a", "d"))
    report = combat_odds(c)
    assert report.ratio == "3:1" and report.total_shift == -1 + 2 + 2 + 1 and report.column == "7:1"
    assert report.modifier == 1 + 1 + 1 and sum(rc.chance for rc in report.chances) == 1
