"""The shared odds-ratio CRT engine (ardennes_qt.rules.common): dice as tables declare them,
ranges in the dice's order, whole columns, results and their exact chances, odds on the
column scale.  Checked on The Ardennes (1994) d66 table (checklist item 32), on Ardennes II's
2d6 table read through the same engine, and on a small 1d6 table."""

from __future__ import annotations

import tomllib
from fractions import Fraction
from pathlib import Path

import pytest

from ardennes_qt.core.state import GameState
from ardennes_qt.rules.common.crt import CombatTable, column_ratio, ratio_name
from ardennes_qt.rules.common.dice import dice, throw
from ardennes_qt.rules.scs.odds import rounded_ratio

RULES = Path(__file__).resolve().parents[3] / "ardennes_qt" / "rules"


def table_file(game: str) -> dict:
    return tomllib.loads((RULES / game / "tables" / "crt.toml").read_text(encoding="utf-8"))


def test_d66_is_read_tens_and_units_over_36_equal_throws():
    d66 = dice("d66")
    assert d66.readings[:7] == (11, 12, 13, 14, 15, 16, 21)
    assert len(d66.readings) == 36 and d66.readings[-1] == 66
    assert d66.read((3, 5)) == 35 and d66.chance(35) == Fraction(1, 36)
    assert d66.chance(17) == 0  # no such reading


def test_a_range_runs_over_the_dices_own_order():
    d66 = dice("d66")
    assert d66.span("25..36") == (25, 26, 31, 32, 33, 34, 35, 36)  # "Table number is an 11..66 two dice roll"
    assert d66.span("65") == (65,) and d66.span("") == ()
    assert dice("2d6").span("2..4, 12") == (2, 3, 4, 12)
    with pytest.raises(ValueError):
        d66.span("17..21")
    with pytest.raises(ValueError):
        d66.span("36..25")


def test_two_dice_summed_and_one_die():
    assert dice("2d6").chance(7) == Fraction(6, 36) and dice("2d6").read((3, 4)) == 7
    assert dice("1d6").readings == (1, 2, 3, 4, 5, 6) and dice("1d6").chance(4) == Fraction(1, 6)


def test_a_throw_comes_from_the_states_seeded_dice():
    state = GameState("x", seed=3, turn=1)
    after, faces, reading = throw(state, dice("d66"))
    assert after.draws == 2 and reading == 10 * faces[0] + faces[1]
    assert throw(state, dice("d66")) == (after, faces, reading)  # the same state throws the same again


def test_the_ardennes_crt_covers_every_roll_11_to_66_once_in_every_column():
    """CRT note, checklist item 32: each of the 12 columns gives one result for each d66 roll."""
    table = CombatTable.from_data(table_file("ardennes1994"))
    assert table.dice.notation == "d66" and len(table.columns) == 12
    assert table.problems() == []
    for column in table.columns:
        assert sum(share for _, share in table.chances(column)) == 1


def test_a_gap_or_an_overlap_in_a_column_is_found():
    data = table_file("ardennes1994")
    gap = {**data, "results": {**data["results"], "NR": ["41..52", *data["results"]["NR"][1:]]}}
    assert CombatTable.from_data(gap).problems() == ["1:5: no result for 53"]
    overlap = {**data, "results": {**data["results"], "NR": ["41..54", *data["results"]["NR"][1:]]}}
    with pytest.raises(ValueError, match="54 gives both"):
        CombatTable.from_data(overlap)


def test_results_and_exact_chances_on_printed_columns():
    table = CombatTable.from_data(table_file("ardennes1994"))
    assert table.result("3:1", 11) == "A2D1" and table.result("3:1", 66) == "D2r2"
    assert table.result("1:5", 41) == "NR" and table.result("9:1+", 64) == "D3r2"
    chances = dict(table.chances("1:1"))
    # 1:1: A3 11..12, A2D1 13..24 (8 rolls), NR 25..34, ... D2r2 66
    assert chances["A3"] == Fraction(2, 36) and chances["A2D1"] == Fraction(8, 36) and chances["D2r2"] == Fraction(1, 36)
    assert [r for r, _ in table.chances("1:1")][:3] == ["A3", "A2D1", "NR"]  # in the order the dice reach them
    assert "A4" not in chances


def test_ardennes_two_2d6_table_reads_through_the_same_engine():
    table = CombatTable.from_data(table_file("ardennes2"))
    assert table.dice.notation == "2d6" and table.problems() == []
    assert table.result("4:1", 8) == "D2r2" and table.result("3:1", 8) == "D1r1"
    assert dict(table.chances("1:1"))["-"] == Fraction(5 + 6, 36)  # "-" on 6 and 7


def test_a_one_die_table():
    table = CombatTable.from_data({"dice": "1d6", "columns": ["1:2", "1:1", "2:1"],
                                   "rows": {"1..2": ["AE", "AR", "DR"], "3..6": ["AR", "DR", "DE"]}})
    assert table.problems() == [] and table.result("2:1", 4) == "DE"
    assert dict(table.chances("1:1")) == {"AR": Fraction(1, 3), "DR": Fraction(2, 3)}


def test_a_table_read_by_one_die_and_its_modifiers_holds_the_roll_to_its_end_rows():
    """A 1d6 table printed with modified-roll rows 0 .. 3: a roll plus modifiers beyond either
    end reads the end row, and the chances follow the modifier."""
    table = CombatTable.from_data({"dice": "1d6 + modifiers", "row_min": 0, "row_max": 3, "columns": ["1:1", "2:1"],
                                   "rows": {"0": ["AE", "AR"], "1": ["AR", "AR"], "2": ["DR", "DR"], "3": ["DE", "DE"]}})
    assert table.modified and table.problems() == [] and table.dice.notation == "1d6"
    assert table.row(1, -3) == 0 and table.row(6, 0) == 3 and table.row(2, 0) == 2
    assert table.row_chances(-1) == ((0, Fraction(1, 6)), (1, Fraction(1, 6)), (2, Fraction(1, 6)), (3, Fraction(1, 2)))
    assert dict(table.chances("1:1", -2)) == {"AE": Fraction(1, 3), "AR": Fraction(1, 6), "DR": Fraction(1, 6),
                                               "DE": Fraction(1, 3)}
    assert sum(share for _, share in table.chances("2:1", 5)) == 1


def test_a_modified_table_refuses_rows_outside_its_range_and_a_bare_table_any_modifier():
    with pytest.raises(ValueError):
        CombatTable.from_data({"dice": "1d6 + modifiers", "row_min": 0, "row_max": 2, "columns": ["1:1"],
                               "rows": {"3": ["AE"]}})
    with pytest.raises(ValueError):
        CombatTable.from_data({"dice": "1d6 + luck", "columns": ["1:1"], "rows": {"1": ["AE"]}})
    gap = CombatTable.from_data({"dice": "1d6 + modifiers", "row_min": 0, "row_max": 2, "columns": ["1:1"],
                                 "rows": {"0": ["AE"], "2": ["DE"]}})
    assert gap.problems() == ["1:1: no result for 1"]
    bare = CombatTable.from_data({"dice": "1d6", "columns": ["1:1"], "rows": {"1..6": ["AR"]}})
    with pytest.raises(ValueError):
        bare.row(3, 1)


@pytest.mark.parametrize("attack, defense, rounding, expected", [
    (14, 5, "defender", "2:1"), (5, 11, "defender", "1:3"), (10, 10, "defender", "1:1"), (9, 20, "defender", "1:3"),
    (14, 5, "nearest", "3:1"), (5, 12.5, "nearest", "1:3"), (Fraction(3, 4), 4, "defender", "1:6"),
])
def test_odds_are_rounded_to_a_whole_ratio(attack, defense, rounding, expected):
    assert ratio_name(rounded_ratio(Fraction(attack), Fraction(defense), rounding)) == expected


def test_the_column_scale_counts_on_past_both_ends():
    table = CombatTable.from_data(table_file("ardennes1994"))
    assert column_ratio("7:1-8:1") == 7 and column_ratio("9:1+") == 9 and column_ratio("1:3") == Fraction(1, 3)
    at = table.position
    assert at(Fraction(1, 5)) == 0 and at(Fraction(1, 1)) == 4 and at(Fraction(8)) == 10 and at(Fraction(9)) == 11
    assert at(Fraction(1, 7)) == -2 and at(Fraction(11)) == 13
    assert table.column_at(-2) == "1:5" and table.column_at(13) == "9:1+" and table.column_at(10) == "7:1-8:1"
    assert table.off_table(-2) == "below" and table.off_table(13) == "above" and table.off_table(5) == ""
