"""The Ardennes 1944 CRT (7.6, 7.8) through the shared engine: rows transcribed here from the rules'
text (not from crt.toml), the 6:1 roll 3 Breakthrough of the Q&A, the modified roll held to rows
0 .. 8, red and bold with their sources, exact chances summing to 1."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ardennes_qt.rules.vv1944.combat_tables import combat_table
from ardennes_qt.rules.vv1944.results import read_cell, result_chances, roll_row

COLUMNS = "1:4 1:3 1:2 1:1 2:1 3:1 4:1 5:1 6:1 7:1 8:1+".split()
# As printed in the rules' text: "COMBAT RESULTS TABLE (7.6) ... Die 1:4 1:3 ... 8:1+ * 0 E/- 4/- ..."
PRINTED_ROWS = {
    0: "E/- 4/- 3/1 3/1 3/1 2/- 2/1 1/1 -/1 -/1 -/1",
    3: "3/- 2/- 2/1 1/1 1/1 -/1 -/1 -/2 -/2 -/2 1/3",
    5: "2/- 2/1 1/1 -/1 -/1 1/2 -/2 1/3 -/3 -/3 -/3",
    8: "1/1 -/1 1/2 1/2 -/2 1/3 -/3 1/4 -/4 1/E -/E",
}


def test_the_columns_are_the_printed_odds():
    crt = combat_table()
    assert list(crt.columns) == COLUMNS and crt.rows == tuple(range(9)) and crt.problems() == []


@pytest.mark.parametrize("row", sorted(PRINTED_ROWS))
def test_the_table_agrees_with_the_printed_rows(row):
    printed = PRINTED_ROWS[row].split()
    assert [combat_table().result(c, row) for c in COLUMNS] == printed


def test_the_6_1_roll_of_3_is_a_breakthrough_from_the_q_and_a():
    """Q&A: 'Should the die roll of 3 at 6/1 odds give a percée result? >Logically yes'."""
    result = read_cell("6:1", 3, "normal")
    assert result.cell == "-/2" and result.breakthrough == "printed"
    assert read_cell("6:1", 4, "normal").breakthrough == ""  # 1/3: the attacker is hurt
    assert read_cell("7:1", 3, "normal").breakthrough == "provisional"
    assert read_cell("6:1", 3, "normal", breakthrough_possible=False).breakthrough == ""  # SNAFU 3


def test_a_result_is_attacker_slash_defender():
    """CRT explanation: 'Attacker Result/Defender Result; #: Strength steps lost and/or Retreats; E: Entire stack is eliminated'."""
    first = read_cell("1:4", 0, "normal")
    assert first.attacker.eliminated and first.attacker.number == 0 and not first.defender.adverse
    shared = read_cell("3:1", 5, "normal")
    assert (shared.attacker.number, shared.defender.number) == (1, 2)


def test_a_prepared_attacks_attacker_takes_a_step_first_on_any_adverse_result():
    """7.3.2, 7.6: 'for a Prepared Attack the attacker must suffer at least one step loss on any adverse result'."""
    assert read_cell("3:1", 5, "prepared").attacker.step_first == "7.3.2 Prepared Attack"
    assert read_cell("3:1", 5, "normal").attacker.step_first == ""
    assert read_cell("5:1", 3, "prepared").attacker.step_first == ""  # "-": nothing to lose


def test_no_cell_is_red_while_the_formatting_is_lost():
    assert all(not read_cell(c, r, "normal").attacker.red and not read_cell(c, r, "normal").defender.red
               for c in COLUMNS for r in range(9))


def test_the_modified_roll_is_held_to_rows_0_and_8():
    """Rows 0 and 8 are starred: 0 or less, 8 or more."""
    assert roll_row(1, -3) == 0 and roll_row(6, 4) == 8 and roll_row(4, 1) == 5


@pytest.mark.parametrize("modifier", range(-6, 8))
def test_the_chances_of_every_column_sum_to_1(modifier):
    for column in COLUMNS:
        chances = result_chances(column, modifier, "prepared")
        assert sum(c.chance for c in chances) == 1
        assert sum(len(c.rows) for c in chances) == len({r for c in chances for r in c.rows})


def test_exact_chances_on_a_column_with_a_modifier():
    """3:1 with +2: rolls 1..6 read rows 3..8: -/1, -/1, 1/2, -/2, -/2, 1/3."""
    chances = {c.result.cell: c.chance for c in result_chances("3:1", 2, "normal")}
    assert chances == {"-/1": Fraction(1, 3), "1/2": Fraction(1, 6), "-/2": Fraction(1, 3), "1/3": Fraction(1, 6)}
    held = {c.result.cell: c.chance for c in result_chances("1:1", -3, "normal")}
    assert held == {"3/1": Fraction(1, 2), "2/-": Fraction(1, 6), "2/1": Fraction(1, 6), "1/1": Fraction(1, 6)}
