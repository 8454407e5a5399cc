"""Leaving the map for victory (7.2, 7.3, 7.5; checklist items 95, 97-98, 100): the ExitMap action."""

from __future__ import annotations

import pytest

from ardennes_qt.core.outcome import Refused
from ardennes_qt.core.scenario import Bounds
from ardennes_qt.rules.ardennes2.actions import ExitMap
from ardennes_qt.rules.ardennes2.ruleset import Ardennes2
from ardennes_qt.rules.ardennes2.situation import rules_data
from ardennes_qt.rules.ardennes2.victory import exit_choices, exit_hexes, exit_map, german_vp
from tests.rules.test_supply import FULL, board

# 7.2 plays Map B only: its west edge is column B1; Entry Area O is on its north edge.
BREAKTHROUGH = dict(scenario_id="7.2", maps=("B",), entry_areas={"O": ("Allied", "B2.06 B3.06")})


def game(units, phase="ge_movement", **kw):
    return board(**{**BREAKTHROUGH, **kw}, units=units, phase=phase)


def test_exit_hexes_are_entry_area_o_and_the_play_areas_west_edge():
    content, _ = game([])
    assert {content.map.hex_id(h) for h in exit_hexes(content, "O")} == {"B2.06", "B3.06"}
    assert {content.map.hex_id(h) for h in exit_hexes(content, "west")} == {f"B1.{r:02d}" for r in range(7)}


@pytest.mark.parametrize("via, hex_id", [("O", "B2.06"), ("Entry Area O", "B3.06"), ("west", "B1.03")])
def test_units_leave_and_count_for_their_formation(via, hex_id):
    content, state = game([f"2Pz:Pz1@{hex_id}", f"2Pz:Pz2@{hex_id}"])
    outcome = exit_map(content, state, ExitMap(("2Pz:Pz1", "2Pz:Pz2"), via))
    after = outcome.state
    assert after.units["2Pz:Pz1"].where == "exited" and after.units["2Pz:Pz1"].hex is None
    assert rules_data(after).exited == {"2Pz": 2}
    assert outcome.changes.hexes == {content.map.parse(hex_id)}
    assert "2 Pz Div: 2 exited (7.2, 6.0)" in outcome.log[0].reasons


def test_five_units_of_2_pz_div_are_one_vp_in_7_2():
    content, state = game([f"2Pz:Pz{i}@B2.06" for i in range(5)])
    state = exit_map(content, state, ExitMap(tuple(f"2Pz:Pz{i}" for i in range(5)), "O")).state
    assert german_vp(content, state)[0] == 1


@pytest.mark.parametrize(
    "units, action, phase, spent, reason",
    [
        (["2Pz:Pz1@B3.03"], ExitMap(("2Pz:Pz1",), "west"), "ge_movement", None, "is not on a hex units may leave from"),
        (["GE-Ind:Pz1@B1.03"], ExitMap(("GE-Ind:Pz1",), "west"), "ge_movement", None, "only the formations the scenario lists"),
        (["2Pz:Pz1@B1.03"], ExitMap(("2Pz:Pz1",), "north"), "ge_movement", None, "only via Entry Area O or the west edge"),
        (["2Pz:Pz1@B1.03"], ExitMap(("2Pz:Pz1",), "west"), "ge_combat", None, "Movement or Exploitation Phase"),
        (["2Pz:Pz1@B1.03"], ExitMap(("2Pz:Pz1",), "west"), "us_movement", None, "not the phasing side's"),
        (["2Pz:Pz1@B1.03"], ExitMap(("2Pz:Pz1",), "west"), "ge_movement", {"2Pz:Pz1": 24}, "no MPs left"),
        (["2Pz:A@B1.03"], ExitMap(("2Pz:A",), "west"), "ge_exploitation", None, "only Exploit Capable units"),
        (["2Pz:Pz1@B1.03"], ExitMap(("2Pz:Pz9",), "west"), "ge_movement", None, "no such unit"),
    ],
)
def test_exits_refused(units, action, phase, spent, reason):
    content, state = game(units, phase=phase, spent=spent)
    with pytest.raises(Refused) as refused:
        exit_map(content, state, action)
    assert reason in refused.value.reason


def test_a_dg_unit_has_half_its_ma():
    """3.4: DG halves the MA; 12 MA is 24 half MPs, 12 when DG."""
    content, state = game(["2Pz:Pz1@B1.03+dg"], spent={"2Pz:Pz1": 12})
    with pytest.raises(Refused, match="no MPs left"):
        exit_map(content, state, ExitMap(("2Pz:Pz1",), "west"))
    content, state = game(["2Pz:Pz1@B1.03"], spent={"2Pz:Pz1": 12})
    assert exit_map(content, state, ExitMap(("2Pz:Pz1",), "west")).state.units["2Pz:Pz1"].where == "exited"


BASTOGNE = dict(
    numbering=FULL,
    scenario_id="7.5",
    maps=("A", "B"),
    bounds=[Bounds("A", min_column=33, min_row=11, max_row=24), Bounds("B", max_column=12, min_row=11, max_row=24)],
)


@pytest.mark.parametrize(
    "turn, via, allowed",
    [
        (8, "west", True),  # 7.5: off the west edge, before the end of Turn 8
        (9, "west", False),
        (8, "O", False),  # 7.5 names the west edge only
    ],
)
def test_7_5_exits_by_turn_8_off_the_west_edge(turn, via, allowed):
    content, state = board(**BASTOGNE, units=["Lehr:Pz1@A33.20"], turn=turn, phase="ge_movement")
    if allowed:
        assert rules_data(exit_map(content, state, ExitMap(("Lehr:Pz1",), via)).state).exited == {"Lehr": 1}
    else:
        with pytest.raises(Refused):
            exit_map(content, state, ExitMap(("Lehr:Pz1",), via))


def test_no_exits_in_7_1():
    content, state = board(scenario_id="7.1", units=["2Pz:Pz1@A1.03"], phase="ge_movement")
    with pytest.raises(Refused, match="no unit leaves the map"):
        exit_map(content, state, ExitMap(("2Pz:Pz1",), "west"))
    assert exit_choices(content, state) == []


def test_legal_exits_are_offered_unit_by_unit():
    content, state = game(["2Pz:Pz1@B1.03", "2Pz:Pz2@B3.03", "GE-Ind:Pz1@B1.04", "1ID:A@B1.05"])
    assert [a for c in exit_choices(content, state) for a in c.actions()] == [ExitMap(("2Pz:Pz1",), "west")]


def test_the_ruleset_applies_exits():
    content, state = game(["2Pz:Pz1@B1.03"])
    outcome = Ardennes2().apply(content, state, ExitMap(("2Pz:Pz1",), "west"))
    assert outcome.state.units["2Pz:Pz1"].where == "exited"
