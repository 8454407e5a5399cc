"""The Ardennes (1994): every counter's values come from the stated estimate rules (the seed
prints none), marked as such; the file cannot drift from the rules."""

from __future__ import annotations

import csv

import pytest

from ardennes_qt.rules.ardennes1994.estimates import MOVE, counter_values
from ardennes_qt.store.library import content_from_text, scenarios_root

CONTENT = content_from_text("ardennes1994/5.3")
# The units as printed ("155mm Arty Grp"): the calibre tells an Arty Grp's strength.
with open(scenarios_root() / "ardennes1994" / "counters.csv", encoding="utf-8") as _f:
    PRINTED = {row["id"]: row["name"] for row in csv.DictReader(_f)}


@pytest.mark.parametrize("counter_id", sorted(CONTENT.counters))
def test_every_counters_values_come_from_the_estimate_rules(counter_id):
    counter = CONTENT.counters[counter_id]
    formation = CONTENT.formations[counter.formation]
    expected = counter_values(counter.unit_type, counter.side, formation.name, PRINTED[counter_id])
    assert (counter.full, counter.reduced, counter.steps, counter.ma_type, counter.sides) == (
        expected.full, expected.reduced, expected.steps, expected.ma_type, expected.sides)
    assert counter.source_of("full") == "estimated"  # no value of this game is printed
    assert not counter.exploit  # 1.9: no unit is exploit capable by itself


def test_the_estimates_follow_the_rules_that_print_values():
    arty = CONTENT.counters["US-Ind:8in-1"]
    assert arty.full.defense == 1 and arty.steps == 1 and arty.full.bracket == 8  # 1.10E, 1.4; 8-inch strongest
    assert MOVE in arty.sides and arty.sides[MOVE].movement > arty.full.movement == 0  # 1.10a, 1.10H
    assert CONTENT.counters["US-Ind:105-1"].full.bracket < CONTENT.counters["US-Ind:155-1"].full.bracket
    supply = CONTENT.counters["GerSup:1"]
    assert supply.full.defense == 0 and supply.ma_type == "mech"  # 2.4 no defense; 1.6 mechanized
    engineer = CONTENT.counters["6SSEng:1"]
    assert engineer.full.defense == 1 and "bridge" in engineer.sides  # 2.3d; 2.3 Bridge side
    peiper = CONTENT.counters["1SS:Peiper-A"]
    vg = CONTENT.counters["18VG:293"]
    assert peiper.ma_type == "mech" and vg.ma_type == "leg"  # an SS Pz KG is armoured; a VG regiment is not
    assert peiper.full.attack > vg.full.attack
