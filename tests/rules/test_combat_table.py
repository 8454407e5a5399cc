"""The Ardennes II Combat Results Table (seed 003; rule 3.2; checklist item 51) held against a
transcription made for this test from the tables document, not from the program's table file:
every one of its 110 cells (dice totals 2-12 by 10 odds columns), and the chances an odds report
gives for each column, counted over the 36 throws of two dice from this transcription.

How the printed table was read:

- the rows "2 or 3" and "11 or 12" are one printed row each, written here once per dice total;
- the column printed "7:1+" is the program's "7:1" column (it takes every odds above it);
- the printed "•" in the 1:3 column of rows 7 and 8 is read as "-" (no effect), as every
  other cell between the A and D results of those rows;
- results: A# attacker loses # steps, D# defender loses # steps, r# defender retreats # hexes.
"""

from fractions import Fraction

import pytest

from ardennes_qt.rules.ardennes2.odds import result_probabilities
from ardennes_qt.rules.ardennes2.tables import combat_table

PRINTED_COLUMNS = ("1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1+")
COLUMN_NAMES = {"7:1+": "7:1"}  # the printed heading -> the program's column

# Seed 003, "Combat Results Tables (two dice)", row by printed row, left to right.
PRINTED_ROWS = {
    (2, 3): "A2   A2   A2   A2   A2   A2   A1   A1   A1D1 A1D1",
    (4,): "A2   A2   A1   A1   A1   A1   A1D1 A1D1 D1r1 D1r1",
    (5,): "A1   A1   A1   A1   A1   A1D1 D1   D1r1 D1r1 D1r2",
    (6,): "A1   A1   A1   -    A1D1 D1   D1r1 D1r1 D1r2 D1r2",
    (7,): "-    -    -    -    D1   D1r1 D1r1 D1r2 D1r2 D1r3",
    (8,): "-    -    -    D1   D1r1 D1r1 D2r2 D2r2 D2r3 D2r3",
    (9,): "-    D1   D1   D1r1 D2r1 D2r2 D2r2 D2r3 D2r3 D2r4",
    (10,): "D1   D1   D1r1 D2r1 D2r2 D2r2 D2r3 D2r3 D2r4 D2r5",
    (11, 12): "D1   D1r1 D1r1 D2r2 D2r2 D2r3 D2r3 D2r4 D2r5 D2r6",
}


def transcribed_cells() -> dict[tuple[str, int], str]:
    """(column, dice total) -> result, for all 110 cells."""
    cells = {}
    for totals, row in PRINTED_ROWS.items():
        results = row.split()
        assert len(results) == len(PRINTED_COLUMNS), totals
        for total in totals:
            for heading, result in zip(PRINTED_COLUMNS, results):
                cells[(COLUMN_NAMES.get(heading, heading), total)] = result
    return cells


CELLS = transcribed_cells()
COLUMNS = tuple(COLUMN_NAMES.get(c, c) for c in PRINTED_COLUMNS)


def test_the_transcription_has_all_110_cells():
    assert len(CELLS) == 110
    assert {total for _, total in CELLS} == set(range(2, 13))


def test_the_program_has_the_printed_columns_in_order_item51():
    assert combat_table().columns == COLUMNS


@pytest.mark.parametrize("column", COLUMNS)
def test_every_cell_is_the_printed_result_item51(column):
    table = combat_table()
    for total in range(2, 13):
        assert table.result(column, total) == CELLS[(column, total)], f"{column}, dice {total}"


@pytest.mark.parametrize("column", COLUMNS)
def test_every_columns_chances_are_the_printed_table_over_36_throws_item51(column):
    """The exact chances an odds report gives, against the printed results of all 36 throws."""
    counted: dict[str, int] = {}
    for first in range(1, 7):
        for second in range(1, 7):
            result = CELLS[(column, first + second)]
            counted[result] = counted.get(result, 0) + 1
    chances = dict(result_probabilities(column))
    assert chances == {result: Fraction(n, 36) for result, n in counted.items()}
    assert sum(chances.values()) == 1
