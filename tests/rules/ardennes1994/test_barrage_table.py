"""The Barrage Table (checklist item 42): the column of the points fired, its three shifts with
their reasons and rules, and the exact chance of each result before the dice are rolled."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from ardennes_qt.rules.ardennes1994.artillery import OUT_OF_SUPPLY
from ardennes_qt.rules.ardennes1994.barrage import chances_of
from ardennes_qt.rules.ardennes1994.barrage_table import PROVISIONAL, column_of, columns
from ardennes_qt.rules.ardennes1994.situation import rules_data, with_rules
from tests.rules.ardennes1994.barrage_board import position, put, status


def chances(content, state, hex_id, guns=(), air=0, side="German"):
    return chances_of(content, state, content.map.parse(hex_id), side, tuple(guns), air)


@pytest.mark.parametrize("points, column", [
    (1, "1"), (2, "2-3"), (3, "2-3"), (4, "4-5"), (8, "6-8"), (9, "9-12"), (12, "9-12"), (13, "13-17"),
    (17, "13-17"), (18, "18-23"), (23, "18-23"), (24, "24+"), (60, "24+"), (Fraction(7, 2), "2-3"),
])
def test_the_column_is_the_one_that_holds_the_total(points, column):
    """Barrage Table: columns 1, 2-3, 4-5, 6-8, 9-12, 13-17, 18-23, 24 or more; fractions
    dropped (provisional, SCS)."""
    assert columns()[column_of(Fraction(points))] == column


def test_under_one_point_there_is_no_column():
    assert column_of(Fraction(1, 2)) is None


def test_without_a_spotter_the_barrage_shifts_one_left():
    """Barrage Table, 1.10: no German unit stands next to the 18 Arm Cav Bn at B49.09 (open,
    one step): the 388 Arty Rgt and 4 Werfer Bde's 4 + 6 points fire on the 9-12 column,
    shifted to the 6-8: DG on 9-11, 1 step on 12."""
    content, state = position("ge_barrage")
    c = chances(content, state, "B49.09", ("Ger-Ind:388", "Ger-Ind:4"))
    assert (c.total, columns()[c.first_column], c.column_name) == (10, "9-12", "6-8")
    assert c.shifts == ((-1, "no friendly unit next to the target to spot", "1.10, Barrage Table"),)
    assert dict(c.chances) == {"-": Fraction(26, 36), "DG": Fraction(9, 36), "1": Fraction(1, 36)}
    assert [c.result(roll) for roll in range(2, 13)] == ["-"] * 7 + ["DG"] * 3 + ["1"]


def test_a_greif_team_spots_hidden_or_not():
    """2.1bE: Greif Teams count as the spotting unit, with no ill effect to Hidden status."""
    content, state = position("ge_barrage")
    state = put(content, state, "B50.09", "Ger-Greif:A")
    assert "Ger-Greif:A" in rules_data(state).hidden
    c = chances(content, state, "B49.09", ("Ger-Ind:388", "Ger-Ind:4"))
    assert c.shifts == () and c.column_name == "9-12"


def test_supply_units_do_not_spot():
    """3.3: "Dumps (German or Allied) can never spot" - read as the German Supply Units too."""
    content, state = position("ge_barrage")
    state = put(content, state, "B50.09", "GerSup:1")
    assert chances(content, state, "B49.09", ("Ger-Ind:388",)).shifts[0][1] == "no friendly unit next to the target to spot"


def test_cover_and_a_big_stack_shift_both_ways():
    """Barrage Table: 1 left for the forest at B56.10, 1 right for the 393 Inf Rgt's 3 steps:
    277 Arty Rgt, 402 Arty Rgt and 9 Werfer Bde, 14 points, stay on the 13-17 column."""
    content, state = position("ge_barrage")
    c = chances(content, state, "B56.10", ("277VG:277", "Ger-Ind:402", "Ger-Ind:9"))
    assert c.shifts == ((-1, "the target hex is forest", "1.10bD, Barrage Table"), (1, "3 steps in the target hex", "Barrage Table"))
    assert c.column_name == "13-17"
    assert c.chances == (("-", Fraction(10, 36)), ("DG", Fraction(23, 36)), ("1", Fraction(2, 36)), ("2", Fraction(1, 36)))
    assert "+1 column: 3 steps in the target hex (Barrage Table)" in c.reasons()


def test_supply_unit_steps_and_hidden_greif_teams_do_not_make_a_big_stack():
    """2.4: a Supply Unit's three steps are for stacking only; 2.1bB: a Hidden Greif Team has
    none.  With the one-step 244 AG Bn at B49.07 they are still under three steps."""
    content, state = position("us_barrage", air_points=2)
    state = put(content, state, "B49.07", "GerSup:1", "Ger-Greif:B")
    c = chances(content, state, "B49.07", air=2, side="Allied")
    assert not any("steps in the target hex" in why for _, why, _ in c.shifts)
    state = put(content, state, "B49.07", "18VG:293")
    assert any(why == "4 steps in the target hex" for _, why, _ in chances(content, state, "B49.07", air=2, side="Allied").shifts)


def test_a_barrage_shifted_off_the_left_of_the_table_has_no_effect():
    """Provisional (SCS): the 388 Arty Rgt on its move side and out of supply fires 1 point at
    B49.09, where no German unit spots: one column left of the 1 column, nothing can happen."""
    content, state = position("ge_barrage")
    state = with_rules(state, replace(rules_data(state), modes={"Ger-Ind:388": "move"}))
    state = status(state, "Ger-Ind:388", OUT_OF_SUPPLY)
    c = chances(content, state, "B49.09", ("Ger-Ind:388",))
    assert c.total == 1 and columns()[c.first_column] == "1" and c.shift == -1
    assert c.column is None and c.chances == (("-", Fraction(1)),)
    assert PROVISIONAL in c.reasons()


def test_the_table_as_printed_never_gets_milder_with_more_points_or_a_higher_roll():
    """The Barrage Table as transcribed: rows 2-12, eight columns, results "-", DG, 1, 2; each
    result at least as bad as the one to its left and the one above it (a slip would show)."""
    from ardennes_qt.rules.ardennes1994.tables import table

    rows = table("barrage")["rows"]
    severity = {"-": 0, "DG": 1, "1": 2, "2": 3}
    grid = [[severity[r] for r in rows[str(roll)]] for roll in range(2, 13)]
    assert sorted(int(r) for r in rows) == list(range(2, 13)) and all(len(row) == 8 for row in grid)
    assert all(row == sorted(row) for row in grid)
    assert all(list(col) == sorted(col) for col in zip(*grid))
    assert rows["12"] == ["DG", "DG", "DG", "1", "1", "2", "2", "2"] and rows["2"][-1] == "DG"
