"""SCS Combat Results Table results read the same in both games, each with its own mark and
words for no result."""

from __future__ import annotations

import pytest

from ardennes_qt.rules.scs.results import ResultCodes

CODES = ResultCodes("Combat Results Table", "NR", "no result")


@pytest.mark.parametrize("result, steps, words", [
    ("A1", (1, 0, 0), "attacker loses 1"),
    ("D2r3", (0, 2, 3), "defender loses 2, defender retreats 3"),
    ("A1D1r2", (1, 1, 2), "attacker loses 1, defender loses 1, defender retreats 2"),
    ("r1", (0, 0, 1), "defender retreats 1"),
    ("NR", (0, 0, 0), "no result"),
])
def test_a_result_in_steps_and_words(result, steps, words):
    assert CODES.parse(result) == steps
    assert CODES.words(result) == words


@pytest.mark.parametrize("result", ["", "-", "D1A1", "AE"])
def test_what_is_no_result_of_the_table_is_refused(result):
    with pytest.raises(ValueError, match="is not a Combat Results Table result"):
        CODES.parse(result)
