"""Combat odds: strengths, raw odds, shifts and the final column (3.2, 1.3, 3.4, 3.5; items 49-51, 54, 7)."""

from dataclasses import replace
from fractions import Fraction

import pytest

from ardennes_qt.core.mapdata import Bridge
from ardennes_qt.core.outcome import Refused
from ardennes_qt.rules.ardennes2.odds import column_name, combat_odds, raw_odds_index, result_probabilities
from ardennes_qt.rules.ardennes2.series import series_rules
from tests.rules.combat_board import board, hx

NEAREST = replace(series_rules(), rounding="nearest")
DEFENDER = replace(series_rules(), rounding="defender")
NOT_BELOW = replace(series_rules(), below_lowest="not_allowed")


def odds(content, state, attackers, defender, **kw):
    return combat_odds(content, state, attackers, hx(content, defender), **kw)


@pytest.mark.parametrize(
    "attack, defense, rounding, raw",
    [
        (14, 5, "defender", "2:1"),  # 2.8 rounds down for the defender
        (14, 5, "nearest", "3:1"),  # the designer's notes' figure
        (15, 5, "defender", "3:1"),
        (5, 5, "defender", "1:1"),
        (9, 10, "defender", "1:2"),  # 1:1.1 rounds to 1:2 for the defender
        (5, 11, "defender", "1:3"),
        (5, 11, "nearest", "1:2"),
        (Fraction(5, 2), 1, "nearest", "2:1"),  # a tie goes to the defender
        (2, 5, "nearest", "1:3"),
        (1, 20, "defender", "1:20"),
        (70, 7, "defender", "10:1"),
    ],
)
def test_raw_odds_rounding_m1(attack, defense, rounding, raw):
    assert column_name(raw_odds_index(Fraction(attack), Fraction(defense), rounding)) == raw


def test_designers_city_two_stacks_across_stream_is_four_left_item50():
    """1.3 Combat Shifts Example: City with some Woods, two stacks each behind a Stream."""
    content, state = board(
        {
            "us": ("Allied", "3-5-10", "A5.05"),
            "ge1": ("German", "4-4-12", "A4.04", "mech"),
            "ge2": ("German", "4-4-12", "A4.05", "mech"),
        },
        terrain={"A5.05": {"city", "woods"}},
        hexsides={("A4.04", "A5.05"): {"stream"}, ("A4.05", "A5.05"): {"stream"}},
    )
    report = odds(content, state, ["ge1", "ge2"], "A5.05")
    assert [s for s, _, _ in report.shifts] == [-2, -1, -1]
    assert report.total_shift == -4
    assert report.shifts[0][1] == "defender in City"  # only the City counts, not the Woods


def test_one_stack_across_stream_is_three_left_item50():
    content, state = board(
        {
            "us": ("Allied", "3-5-10", "A5.05"),
            "ge1": ("German", "4-4-12", "A4.04", "mech"),
            "ge2": ("German", "4-4-12", "A4.05", "mech"),
        },
        terrain={"A5.05": {"city", "woods"}},
        hexsides={("A4.04", "A5.05"): {"stream"}},
    )
    assert odds(content, state, ["ge1", "ge2"], "A5.05").total_shift == -3


@pytest.mark.parametrize("rules, raw, column", [(None, "3:1", "1:1"), (NEAREST, "3:1", "1:1"), (DEFENDER, "2:1", "1:2")])
def test_designers_14_against_5_item49(rules, raw, column):
    """Designer's notes: a 12 stack under one Full barrage and across a Stream, plus an 8,
    against a 5 in Woods: 14 to 5, two left.  The notes work it as raw 3:1 -> 1:1, the figure
    rounding to the nearest column gives, and the game's default; the house rule rounding in
    the defender's favour (the usual SCS practice) gives 2:1 -> 1:2."""
    content, state = board(
        {
            "us": ("Allied", "3-5-10", "A5.05"),
            "ge12": ("German", "12-6-12", "A4.04", "mech"),
            "ge8": ("German", "8-4-12", "A4.05", "mech"),
        },
        terrain={"A5.05": {"woods"}},
        hexsides={("A4.04", "A5.05"): {"stream"}},
        markers={"A4.04": ("Allied:full",)},
    )
    report = odds(content, state, ["ge12", "ge8"], "A5.05", rules=rules)
    assert report.attack == 14 and report.defense == 5
    assert [(s.unit, s.value) for s in report.attackers] == [("ge12", 6), ("ge8", 8)]
    assert report.attackers[0].modifiers == ((Fraction(1, 2), "one enemy Full barrage marker", "3.5"),)
    assert [(s, r) for s, r, _ in report.shifts] == [
        (-1, "defender in Woods"),
        (-1, "stack in A4.04 attacks across a Stream hexside"),
    ]
    assert (report.raw, report.column) == (raw, column)


@pytest.mark.parametrize("defender_side, shift", [("German", -1), ("Allied", 0)])
def test_west_wall_helps_german_defenders_only_item10(defender_side, shift):
    attacker_side = "Allied" if defender_side == "German" else "German"
    content, state = board(
        {"d": (defender_side, "3-5-10", "A5.05"), "a": (attacker_side, "6-4-12", "A4.04", "mech")},
        terrain={"A5.05": {"west_wall", "village"}},
    )
    report = odds(content, state, ["a"], "A5.05")
    assert report.total_shift == shift
    if shift:
        assert report.shifts[0][1:] == ("defender in West Wall", "1.3 West Wall, TEC")


def test_dg_and_barrage_modifiers_multiply_items_49_65():
    content, state = board(
        {
            "us": ("Allied", "3-8-10", "A5.05", "dg"),
            "ge": ("German", "8-4-12", "A4.04", "mech", "dg"),
            "ge2": ("German", "4-4-12", "A4.05", "mech"),
        },
        markers={"A5.05": ("German:full", "German:full", "Allied:full"), "A4.05": ("German:full",)},
    )
    report = odds(content, state, ["ge", "ge2"], "A5.05")
    ge, ge2 = report.attackers
    assert ge.value == 4 and [r for _, r, _ in ge.modifiers] == ["DG"]
    assert ge2.value == 4 and ge2.modifiers == ()  # friendly markers never touch friendly units (3.5)
    (us,) = report.defenders
    assert us.value == 1  # 8 x1/2 DG x1/4 for two enemy Full markers (its own side's marker is no help)
    assert [(f, rule) for f, _, rule in us.modifiers] == [(Fraction(1, 2), "3.4"), (Fraction(1, 4), "3.5")]
    assert (report.raw, report.column) == ("8:1", "7:1")


def test_reduced_unit_uses_its_reduced_values_item17():
    content, state = board({"us": ("Allied", "3-6-10", "A5.05", "reduced"), "ge": ("German", "6-4-12", "A4.04", "mech")})
    report = odds(content, state, ["ge"], "A5.05")
    assert report.defense == 3 and report.raw == "2:1"


def test_artillery_defends_with_printed_defense_but_cannot_attack_item54():
    content, state = board(
        {"us": ("Allied", "[9]-1-16", "A5.05"), "ge": ("German", "2-2-12", "A4.04", "mech"), "gart": ("German", "[6]-1-12", "A4.05")}
    )
    report = odds(content, state, ["ge"], "A5.05")
    assert report.defense == 1 and report.raw == "2:1"
    with pytest.raises(Refused) as refused:
        odds(content, state, ["ge", "gart"], "A5.05")
    assert "artillery" in refused.value.reason


ACROSS = ("A4.04", "A5.05")  # the attacker's hexside


@pytest.mark.parametrize(
    "terrain, hexside, roads, bridged, ma, refusal",
    [
        ({"forest"}, None, [], False, "mech", "TEC note 1"),  # Forest is P for Mech
        ({"forest"}, None, [("A5.05", "A6.05")], False, "mech", None),  # any road through the hex
        ({"forest"}, None, [], False, "leg", None),
        (set(), {"meuse"}, [], False, "leg", "TEC note 1"),
        (set(), {"meuse"}, [ACROSS], True, "leg", None),
        (set(), {"meuse"}, [ACROSS], False, "leg", "TEC note 1; 1.3"),  # no bridge: movement may not follow it either
        (set(), {"river"}, [], False, "mech", "TEC note 1"),
        (set(), {"river"}, [], False, "leg", None),
        (set(), {"river"}, [ACROSS], True, "mech", None),
        (set(), {"river"}, [("A5.05", "A6.05")], False, "mech", "TEC note 1"),  # the road must cross the hexside
    ],
)
def test_attack_into_or_across_prohibited_terrain_needs_a_road_item7(terrain, hexside, roads, bridged, ma, refusal):
    content, state = board(
        {"us": ("Allied", "3-5-10", "A5.05"), "ge": ("German", "6-4-12", "A4.04", *(["mech"] if ma == "mech" else []))},
        terrain={"A5.05": terrain or {"open"}},
        hexsides={ACROSS: hexside} if hexside else {},
        roads=roads,
        bridges={ACROSS: Bridge()} if bridged else {},
    )
    if refusal is None:
        odds(content, state, ["ge"], "A5.05")
    else:
        with pytest.raises(Refused) as refused:
            odds(content, state, ["ge"], "A5.05")
        assert refused.value.rule == refusal


def test_road_does_not_negate_the_meuse_shift_item3():
    content, state = board(
        {"us": ("Allied", "3-5-10", "A5.05"), "ge": ("German", "20-4-12", "A4.04")},
        hexsides={ACROSS: {"meuse"}},
        roads=[ACROSS],
        bridges={ACROSS: Bridge()},
    )
    report = odds(content, state, ["ge"], "A5.05")
    assert report.shifts == ((-2, "stack in A4.04 attacks across a Meuse River hexside", "1.3, TEC"),)
    assert (report.raw, report.column) == ("4:1", "2:1")


def test_odds_beyond_the_table_shift_from_the_true_odds_m1():
    content, state = board(
        {"us": ("Allied", "1-1-10", "A5.05", "1step"), "ge": ("German", "10-4-12", "A4.04")},
        terrain={"A5.05": {"city"}},
    )
    report = odds(content, state, ["ge"], "A5.05")
    assert (report.raw, report.total_shift, report.column) == ("10:1", -2, "7:1")


@pytest.mark.parametrize("rules, allowed, column", [(None, True, "1:4"), (NOT_BELOW, False, "")])
def test_odds_below_one_to_four_m1(rules, allowed, column):
    content, state = board({"us": ("Allied", "3-12-10", "A5.05"), "ge": ("German", "2-2-12", "A4.04")})
    report = odds(content, state, ["ge"], "A5.05", rules=rules)
    assert (report.raw, report.allowed, report.column) == ("1:6", allowed, column)


@pytest.mark.parametrize(
    "attackers, defender, why",
    [
        (["ge"], "A7.07", "no units"),
        (["ge"], "A4.05", "friendly"),
        (["far"], "A5.05", "not adjacent"),
        (["ge", "us2"], "A5.05", "both sides"),
        ([], "A5.05", "no attacking"),
    ],
)
def test_who_may_attack_whom_3_2(attackers, defender, why):
    content, state = board(
        {
            "us": ("Allied", "3-5-10", "A5.05"),
            "us2": ("Allied", "3-5-10", "A6.05"),
            "ge": ("German", "4-4-12", "A4.04"),
            "ge2": ("German", "4-4-12", "A4.05"),
            "far": ("German", "4-4-12", "A2.02"),
        }
    )
    with pytest.raises(Refused) as refused:
        odds(content, state, attackers, defender)
    assert why in refused.value.reason


def test_probabilities_over_two_dice_item51():
    assert dict(result_probabilities("1:1")) == {
        "A2": Fraction(3, 36),
        "A1": Fraction(7, 36),
        "-": Fraction(11, 36),
        "D1": Fraction(5, 36),
        "D1r1": Fraction(4, 36),
        "D2r1": Fraction(3, 36),
        "D2r2": Fraction(3, 36),
    }
    for column in ("1:4", "3:1", "7:1"):
        assert sum(p for _, p in result_probabilities(column)) == 1


def test_the_odds_report_carries_its_columns_chances():
    content, state = board({"us": ("Allied", "3-5-10", "A5.05"), "ge": ("German", "8-4-12", "A4.04")})
    report = odds(content, state, ["ge"], "A5.05")
    assert report.column == "2:1" and report.probabilities == result_probabilities("2:1")  # 8 to 5 is 1.6: nearest 2:1


def test_report_reasons_name_every_modifier():
    content, state = board(
        {"us": ("Allied", "3-5-10", "A5.05"), "ge": ("German", "8-4-12", "A4.04", "dg")},
        terrain={"A5.05": {"woods"}},
    )
    reasons = odds(content, state, ["ge"], "A5.05").reasons(content)
    assert "attack ge Inf Bn 8 x1/2 DG (3.4) = 4" in reasons
    assert "-1 defender in Woods (1.3b, TEC)" in reasons
    assert any("provisional SCS series rule" in r for r in reasons)
