"""Ardennes 1944 combat strengths (7.5, 1.4 Status table, 3.5.1, 10.3, 7.7.1, TEC, 0.3): each halving
with its reason, sums before halving, fractions rounded up, the HQ's defence-only 1."""

from __future__ import annotations

import csv
from fractions import Fraction
from pathlib import Path

from ardennes_qt.rules.vv1944.attack_checks import attack_problems
from ardennes_qt.rules.vv1944.combat_model import Fighter, strength_after_losses
from ardennes_qt.rules.vv1944.strength import attack_strength, attacking_strength, defending_strength
from tests.rules.vv1944.combat_units import combat, unit, us

COUNTERS = Path(__file__).resolve().parents[3] / "scenarios" / "vv1944" / "counters.csv"


def test_half_of_5_is_3_fractions_up():
    """0.3: 'fractions are always rounded up. EX: 5 divided by 2 becomes 3.'"""
    c = combat([unit("a", strength=5, statuses=frozenset({"fatigued"}))], [us("d")])
    assert attacking_strength(c).total == 3


def test_values_are_added_before_they_are_halved():
    """0.3: 'values are always added together before being divided': two fatigued 5s make 10 / 2 = 5, not 3 + 3."""
    c = combat([unit("a", strength=5, statuses=frozenset({"fatigued"})),
                unit("b", strength=5, statuses=frozenset({"fatigued"}))], [us("d")])
    side = attacking_strength(c)
    assert side.total == 5 and side.groups == ((Fraction(1, 2), 10, 5),)


def test_fatigued_and_unsupplied_halve_attack_and_defense_cumulatively():
    """1.4 Status table: Fatigued 'Halved Halved', Unsupplied 'Halved, Halved'; effects cumulative (1.4)."""
    tired = unit("a", strength=9, statuses=frozenset({"fatigued", "unsupplied"}))
    s = attack_strength(combat([tired], [us("d")]), tired)
    assert s.factor == Fraction(1, 4)
    assert [(f, rule) for f, _, rule in s.factors] == [(Fraction(1, 2), "1.4, 3.5"), (Fraction(1, 2), "1.4, 10.3")]
    assert attacking_strength(combat([tired], [us("d")])).total == 3  # 9 / 4 = 2.25 -> 3, as 9 -> 5 -> 3
    d = us("d", strength=7, statuses=frozenset({"unsupplied"}))
    assert defending_strength(combat([unit("a")], [d])).total == 4


def test_isolated_out_of_command_and_ip_do_not_change_strength():
    """1.4: Isolated attacks and defends 'Normal'; Out of Command and In IP 'Normal' too."""
    d = us("d", strength=6, statuses=frozenset({"isolated", "out_of_command", "improved_position"}))
    assert defending_strength(combat([unit("a")], [d])).total == 6


def test_armor_attacking_into_a_city_is_halved():
    """TEC City: 'Armor halved' (read as armored attackers)."""
    tank, grenadiers = unit("t", type="armored", strength=9), unit("g", type="mechanized", strength=9)
    c = combat([tank, grenadiers], [us("d")], terrain=("city",))
    assert attacking_strength(c).total == 5 + 9
    assert attacking_strength(combat([tank], [us("d")], terrain=("village",))).total == 9


def test_attacking_across_a_river_or_bridge_is_halved_and_only_infantry_crosses_a_river():
    """TEC River: 'Only Infantry attack, Halved attacking across'; Bridge: 'Halved attacking across'."""
    foot = unit("f", strength=7, across="river")
    assert attacking_strength(combat([foot], [us("d")])).total == 4
    tank = unit("t", type="armored", strength=9, across="bridge")
    assert attacking_strength(combat([tank], [us("d")])).total == 5
    wading = unit("w", type="armored", across="river")
    assert ("w: only infantry may attack across a river", "TEC River") in attack_problems(combat([wading], [us("d")]))


def test_a_unit_that_retreated_into_the_hex_defends_at_half():
    """7.7.1: a unit retreating into a friendly hex fights 'with half of its combat strength' if it is attacked."""
    c = combat([unit("a")], [us("d", strength=6), us("r", strength=5, retreated=True)])
    assert defending_strength(c).total == 6 + 3


def test_an_hq_defends_with_1_and_never_attacks():
    """1.1: 'an intrinsic combat strength of 1 which is only usable in defense'."""
    hq = us("hq", type="HQ", strength=1, quality=4, steps=1)
    assert defending_strength(combat([unit("a")], [hq])).total == 1
    problems = attack_problems(combat([unit("hq2", type="HQ", strength=1)], [us("d")]))
    assert problems == [("hq2 is an HQ: its strength is usable only in defense", "1.1")]


def test_each_step_lost_is_3_strength_points():
    """1.2: 'Each step loss means the loss of 3 strength points.'"""
    assert strength_after_losses(12, 4, 3) == 9 and strength_after_losses(3, 1, 0) == 0


def test_a_fighter_is_read_by_the_schemas_column_names():
    with COUNTERS.open(encoding="utf-8") as f:
        rows = {r["id"]: r for r in csv.DictReader(f)}
    peiper = Fighter.from_values("1SS:Peiper", rows["1SS:Peiper"], hex="3208", statuses=frozenset({"fatigued"}))
    assert (peiper.side, peiper.type, peiper.division) == ("German", rows["1SS:Peiper"]["type"], "1SS")
    assert peiper.strength == int(rows["1SS:Peiper"]["strength"]) and peiper.quality == int(rows["1SS:Peiper"]["quality"])
    hq = Fighter.from_values("HQ:V", rows["HQ:V"])
    assert hq.is_hq and hq.c3i == rows["HQ:V"]["c3i"]

