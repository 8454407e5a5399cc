"""Stacking and Divisional Integrity (3.1; checklist items 41-42, 78)."""

from __future__ import annotations

import pytest

from ardennes_qt.core.scenario import Arrival
from ardennes_qt.rules.ardennes2.stacking import (
    arrival_hexes,
    di_exemption,
    di_violators,
    ending_here_problems,
    overstacked,
    stacks_by_side,
)
from tests.rules.test_supply import board


@pytest.mark.parametrize(
    "units, over",
    [
        (["1ID:A", "1ID:B", "1ID:C"], False),  # 3.1: 3 units is the limit
        (["1ID:A", "1ID:B", "1ID:C", "1ID:D"], True),
        (["1ID:Arty1", "1ID:Arty2", "1ID:Arty3", "1ID:Pz1"], True),  # every unit counts 1, whatever it is
    ],
)
def test_more_than_three_units_overstack(units, over):
    assert overstacked(units) is over


@pytest.mark.parametrize(
    "units, violators",
    [
        (["1ID:A", "1ID:B"], []),
        (["1ID:A", "2ID:A"], ["1ID:A", "2ID:A"]),  # 3.1: two Divisions in a hex
        (["1ID:A", "US-Ind:A"], []),  # Independents stack with any Division
        (["1ID:A", "2ID:A", "US-Ind:A"], ["1ID:A", "2ID:A"]),  # ... without penalty
        (["1SS:A", "12SS:A", "GE-Ind:A"], ["1SS:A", "12SS:A"]),
    ],
)
def test_divisional_integrity(units, violators):
    content, state = board(units=[f"{u}@A3.03" for u in units])
    stack = state.units_at(content.map.parse("A3.03"))
    assert di_violators(content, state, stack) == violators


ENTRY = {"F": ("Allied", "A1.00 A2.00 A3.00")}


@pytest.mark.parametrize(
    "turn, hex_id, exempt",
    [
        (2, "A2.00", True),  # 3.1: "does not apply to Reinforcements in their Entry Areas"
        (2, "A2.01", False),  # moved out of the area
        (3, "A2.00", False),  # a turn later it is no longer a Reinforcement
    ],
)
def test_reinforcements_in_their_entry_area_are_free_of_divisional_integrity(turn, hex_id, exempt):
    arrival = Arrival(2, "Allied", ("2ID:A",), areas=("F",))
    content, state = board(entry_areas=ENTRY, arrivals=[arrival], units=[f"1ID:A@{hex_id}"], turn=turn)
    state = state.placed(["2ID:A"], content.map.parse(hex_id))
    assert bool(di_exemption(content, state, "2ID:A")) is exempt
    stack = state.units_at(content.map.parse(hex_id))
    assert di_violators(content, state, stack) == ([] if exempt else ["1ID:A", "2ID:A"])


@pytest.mark.parametrize(
    "arrival, expected",
    [
        (Arrival(2, "Allied", (), areas=("F",)), {"A1.00", "A2.00", "A3.00"}),
        (Arrival(2, "German", (), edge="B:east"), {f"B6.{row:02d}" for row in range(7)}),
    ],
)
def test_arrival_hexes(arrival, expected):
    content, _ = board(entry_areas=ENTRY)
    assert {content.map.hex_id(h) for h in arrival_hexes(content, arrival)} == expected


def test_arrival_hexes_within_a_radius():
    content, _ = board()
    arrival = Arrival(2, "German", (), hexes=(content.map.parse("B3.03"),), within=1)
    assert len(arrival_hexes(content, arrival)) == 7


def test_both_sides_in_one_hex_are_two_stacks():
    content, state = board(units=["1ID:A@A3.03", "1SS:A@A3.03"])
    assert stacks_by_side(content, state, content.map.parse("A3.03")) == {"Allied": ["1ID:A"], "German": ["1SS:A"]}


def test_what_ending_a_phase_here_would_cost():
    content, state = board(units=["1ID:A@A3.03", "1ID:B@A3.03", "US-Ind:A@A3.03", "2ID:A@A1.01"])
    h = content.map.parse("A3.03")
    problems = ending_here_problems(content, state, ["2ID:A"], h)
    assert [rule for _, rule in problems] == ["3.1, 3.4", "3.1 Divisional Integrity, 3.4"]
    assert "4 units" in problems[0][0] and "1 Inf Div, 2 Inf Div" in problems[1][0]
    assert ending_here_problems(content, state, ["1ID:A"], h) == []  # already there: nothing new
