"""The Ardennes (1994) combat odds as a player checks them (checklist items 32-34, 7; 1.6,
1.8b, 1.10E, 1.11a, 1.14, 2.1bB, 2.3d, 2.4, 3.2b, TEC, CRT note): strengths and their
modifiers, the raw odds, every column shift with its reason and rule, the column, and the
exact chance of each result.  Positions are the 5.3 set-up or units placed on its map."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ardennes_qt.core.outcome import Refused
from ardennes_qt.core.system import Odds
from ardennes_qt.rules.ardennes1994.odds import combat_odds
from tests.rules.ardennes1994.combat_position import game

PEIPER = "1SS:Peiper-A"  # mechanized KG 6-4-12
VG = ("18VG:293", "18VG:294", "18VG:295")  # VG Inf Rgts 3-4-6, not mechanized
US_RGT = "2ID:9"  # US Inf Rgt 4-5-6, three steps


def odds(session, attackers, target, **air):
    return combat_odds(session.content, session.state, attackers, session.map.parse(target), **air)


def test_the_opening_attack_across_the_our_is_halved():
    """5.3 set-up: the three 276 VG regiments attack CCA of 9 AD across the River hexsides of
    B14.01: 9 halved (TEC "River: Attackers x1/2") to 4.5 against 4 is 1:1, in open ground."""
    s = game("ge_combat")
    report = s.odds(("276VG:987", "276VG:986", "276VG:988"), "B14.01")
    assert [(st.printed, st.value) for st in report.attackers] == [(3, Fraction(3, 2))] * 3
    assert all(st.modifiers == ((Fraction(1, 2), "across a River hexside", "TEC"),) for st in report.attackers)
    assert (report.attack, report.defense, report.raw, report.shifts, report.column) == (Fraction(9, 2), 4, "1:1", (), "1:1")
    chances = dict(report.probabilities)
    # CRT 1:1: A3 11-12, A2D1 13-24, NR 25-34, A1D1 35-43, D1 44-53, D1r1 54-62, D1r2 63-64, D2r1 65, D2r2 66
    assert [chances[r] * 36 for r in ("A3", "A2D1", "NR", "A1D1", "D1", "D1r1", "D1r2", "D2r1", "D2r2")] == [2, 8, 6, 5, 6, 5, 2, 1, 1]
    assert sum(chances.values()) == 1


def test_a_bridge_halves_the_attack_too():
    """TEC: "Bridges ... Attackers x1/2"."""
    s = game(place={"18VG:293": "B9.17", US_RGT: "B9.18"}, alone=True)
    assert odds(s, ("18VG:293",), "B9.18").attackers[0].modifiers == ((Fraction(1, 2), "across a bridge", "TEC"),)


@pytest.mark.parametrize("hex_id, attack_from, shifts, column", [
    ("B5.13", "B5.14", [(-1, "defender in Village", "TEC")], "1:2"),  # 1:1 raw; no Armor Effect in a Village
    ("B2.26", "B2.27", [(-1, "defender in Forest", "TEC"), (-1, "Armor Effect", "1.6, CRT note")], "1:3"),
    ("A11.08", "A11.09", [(-2, "defender in Forest & Village", "TEC"), (-1, "Armor Effect", "1.6, CRT note")], "1:4"),
    ("B15.28", "B15.29", [(-3, "defender in City", "TEC"), (-1, "Armor Effect", "1.6, CRT note")], "1:5"),
])
def test_the_defenders_terrain_and_the_armor_effect_shift_left(hex_id, attack_from, shifts, column):
    """TEC combat effects (Village 1L, Forest 1L, Forest & Village 2L, City 3L) and 1.6: one more
    left in Forest or City terrain when the attack is all mechanized (6 against 5: 1:1 raw)."""
    s = game(place={PEIPER: attack_from, US_RGT: hex_id}, alone=True)
    report = odds(s, (PEIPER,), hex_id)
    assert report.raw == "1:1"
    assert [(n, why.split(":")[0], rule) for n, why, rule in report.shifts] == shifts
    assert report.column == column


@pytest.mark.parametrize("infantry, armor_effect", [(VG[:2], True), (VG, False)])
def test_the_armor_effect_needs_half_the_attacking_strength_mechanized(infantry, armor_effect):
    """1.6: "apply this shift only if half or more of the attacking combat strength is mech":
    6 mech with 6 leg is half; with 9 leg it is less."""
    around = ("B2.27", "B3.27", "B3.26", "B2.25")
    s = game(place={PEIPER: around[0], **dict(zip(infantry, around[1:])), US_RGT: "B2.26"}, alone=True)
    report = odds(s, (PEIPER, *infantry), "B2.26")
    assert any("Armor Effect" in why for _, why, _ in report.shifts) == armor_effect


def test_dg_and_out_of_supply_strengths():
    """1.11a DG defends x1/2; 1.14 out of supply attacks x1/4 and defends x1/2: 3/4 against
    5/4 is 1:2 (the ratio is rounded in the defender's favour, fractions kept)."""
    s = game(place={"18VG:293": "A37.29", US_RGT: "A37.28"}, alone=True, dg=(US_RGT,),
             statuses={"18VG:293": {"out_of_supply"}, US_RGT: {"out_of_supply"}})
    report = odds(s, ("18VG:293",), "A37.28")
    assert report.attackers[0].modifiers == ((Fraction(1, 4), "out of supply", "1.14"),)
    assert report.defenders[0].modifiers == ((Fraction(1, 2), "DG", "1.11a"), (Fraction(1, 2), "out of supply", "1.14"))
    assert (report.attack, report.defense, report.raw, report.column) == (Fraction(3, 4), Fraction(5, 4), "1:2", "1:2")


def test_artillery_defends_at_one_and_never_attacks():
    """1.10E: "each Artillery unit in a hex has a defense-only combat strength of 1"."""
    s = game(place={PEIPER: "A37.29", "1SS:1": "A38.28", US_RGT: "A37.28", "2ID:Divarty": "A37.28"}, alone=True)
    report = odds(s, (PEIPER,), "A37.28")
    assert [(d.unit, d.value) for d in report.defenders] == [(US_RGT, 5), ("2ID:Divarty", 1)]
    assert report.raw == "1:1"
    with pytest.raises(Refused, match="1.10E"):
        odds(s, (PEIPER, "1SS:1"), "A37.28")


def test_supply_units_hidden_greif_teams_and_emplaced_bridges_do_not_defend():
    """2.4 Supply Units have no defense; 2.1bB Hidden Greif Teams none; 2.3d emplaced bridges
    none: only the regiment defends, and a hex holding only them cannot be attacked."""
    mixed = game("us_combat", place={US_RGT: "A37.29", "18VG:293": "A37.28", "GerSup:1": "A37.28",
                                    "Ger-Greif:A": "A37.28", "6SSEng:1": "A37.28"},
                 alone=True, hidden=frozenset({"Ger-Greif:A"}), modes={"6SSEng:1": "bridge"})
    assert [d.unit for d in odds(mixed, (US_RGT,), "A37.28").defenders] == ["18VG:293"]
    for lone, rules in (("GerSup:1", {}), ("Ger-Greif:A", {"hidden": frozenset({"Ger-Greif:A"})}),
                        ("6SSEng:1", {"modes": {"6SSEng:1": "bridge"}})):
        s = game("us_combat", place={US_RGT: "A37.29", lone: "A37.28"}, alone=True, **rules)
        with pytest.raises(Refused, match="2.4, 2.1bB, 2.3d"):
            odds(s, (US_RGT,), "A37.28")


@pytest.mark.parametrize("why, rule, setup", [
    ("DG", "1.11a", {"dg": ("18VG:293",)}),
    ("Reserve", "1.8b", {"reserves": frozenset({"18VG:293"})}),
])
def test_dg_and_reserve_units_cannot_attack(why, rule, setup):
    s = game(place={"18VG:293": "A37.29", US_RGT: "A37.28"}, alone=True, **setup)
    with pytest.raises(Refused, match=rule):
        odds(s, ("18VG:293",), "A37.28")
    assert s.attackers("A37.28") == {}


def test_no_attack_across_the_major_river():
    """TEC: "Major River ... Cannot attack across" (the unbridged Meuse between A10.35 and A11.36)."""
    s = game(place={"18VG:293": "A10.35", US_RGT: "A11.36"}, alone=True)
    with pytest.raises(Refused, match="Major River"):
        odds(s, ("18VG:293",), "A11.36")


def test_us_air_points_shift_in_the_us_players_favour():
    """3.2b: each Air Point is one column to benefit the US, attacking (right) or defending (left)."""
    s = game("us_combat", place={US_RGT: "A37.29", "18VG:293": "A37.28"}, alone=True)
    attack = odds(s, (US_RGT,), "A37.28", air_attack=2)
    assert (attack.raw, attack.column) == ("1:1", "3:1") and attack.shifts == ((2, "2 US Air Point(s) spent for the attack", "3.2b"),)
    s = game(place={"18VG:293": "A37.29", US_RGT: "A37.28"}, alone=True)
    defense = odds(s, ("18VG:293",), "A37.28", air_defense=1)
    assert (defense.raw, defense.column) == ("1:2", "1:3") and defense.shifts[0][0] == -1


def test_odds_beyond_the_table():
    """series.toml [odds] (provisional): shifts count from the true odds; the final column is
    held to 1:5 and 9:1+.  3/4 against 5 is 1:7, resolved on 1:5; 12 against an Open Greif
    Team's 1 in Forest is 12:1, one left is still 9:1+."""
    low = game(place={"18VG:293": "A37.29", US_RGT: "A37.28"}, alone=True, statuses={"18VG:293": {"out_of_supply"}})
    report = odds(low, ("18VG:293",), "A37.28")
    assert (report.raw, report.column) == ("1:7", "1:5")
    assert any("resolved on 1:5" in text for text, _ in report.notes)
    high = game("us_combat", place={"2ID:9": "B2.27", "2ID:23": "B3.27", "2ID:38": "B3.26", "Ger-Greif:A": "B2.26"},
                alone=True, hidden=frozenset())
    report = odds(high, ("2ID:9", "2ID:23", "2ID:38"), "B2.26")
    assert (report.raw, report.column) == ("12:1", "9:1+")
    assert any("shifts count from the true odds" in text for text, _ in report.notes)
    assert any("7:1-8:1 and 9:1 or more" in text for text, _ in report.notes)  # M8: the garbled headers


def test_the_odds_capability():
    """The table asks the game for odds, attackers by hex, and holds (none in this game)."""
    s = game(place={PEIPER: "A37.29", "18VG:293": "A38.28", "1SS:1": "A36.28", US_RGT: "A37.28"}, alone=True)
    assert s.capability(Odds) is not None
    assert s.attackers("A37.28") == {"A37.29": (PEIPER,), "A38.28": ("18VG:293",)}  # not the artillery (1.10E)
    assert s.mandated_hold("A37.28") == ()
    assert s.odds((PEIPER, "18VG:293"), "A37.28").column == "1:1"  # 9 to 5
    assert game("ge_movement", place={PEIPER: "A37.29", US_RGT: "A37.28"}, alone=True).attackers("A37.28") == {}
