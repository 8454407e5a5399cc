"""Half Reconciliation (3.5, item 64)."""

import pytest

from ardennes_qt.core.dice import die_value
from ardennes_qt.rules.ardennes2.reconciliation import reconcile_halves, reconciled
from tests.rules.test_barrage_board import board, position

CONTENT = board()


def markers(content, state):
    return {content.map.hex_id(h): tuple(sorted(m)) for h, m in state.markers.items()}


@pytest.mark.parametrize("roll, full", [(1, False), (2, False), (3, False), (4, True), (5, True), (6, True)])
def test_item64_half_reconciliation_table(roll, full):
    assert reconciled(roll, 1) is full


def test_item64_two_or_more_halves_make_one_full_without_a_roll():
    state = position(CONTENT, {}, markers={"A3.03": ("Allied:half", "Allied:half", "Allied:half")})
    after, log = reconcile_halves(CONTENT, state, "Allied")
    assert markers(CONTENT, after) == {"A3.03": ("Allied:full",)}
    assert after.draws == 0
    assert log[0].text == "A3.03: 3 Half markers become one Full marker"


def seed_rolling(wanted: set[int]) -> int:
    return next(seed for seed in range(100) if die_value(seed, 0) in wanted)


@pytest.mark.parametrize("wanted, left", [({1, 2, 3}, ()), ({4, 5, 6}, ("Allied:full",))])
def test_item64_a_single_half_rolls(wanted, left):
    seed = seed_rolling(wanted)
    state = position(CONTENT, {}, markers={"A3.03": ("Allied:half",)}, seed=seed)
    after, log = reconcile_halves(CONTENT, state, "Allied")
    assert markers(CONTENT, after) == ({"A3.03": left} if left else {})
    assert after.draws == 1
    assert f"(rolled {die_value(seed, 0)})" in log[0].text


def test_item64_full_markers_and_the_other_sides_halves_are_ignored():
    state = position(CONTENT, {}, markers={"A3.03": ("Allied:full", "Allied:half", "Allied:half", "German:half")})
    after, _ = reconcile_halves(CONTENT, state, "Allied")
    assert markers(CONTENT, after) == {"A3.03": ("Allied:full", "Allied:full", "German:half")}


def test_item64_hexes_are_reconciled_in_a_fixed_order():
    state = position(CONTENT, {}, markers={"A9.03": ("Allied:half",), "A2.03": ("Allied:half",)}, seed=5)
    _, log = reconcile_halves(CONTENT, state, "Allied")
    assert [line.text[:5] for line in log] == ["A2.03", "A9.03"]
