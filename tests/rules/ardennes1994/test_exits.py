"""Leaving the map for victory (checklist items 60, 64; 4.1, 5.1)."""

from __future__ import annotations

import pytest

from ardennes_qt.core.outcome import Refused
from ardennes_qt.rules.ardennes1994.actions import ExitMap
from ardennes_qt.rules.ardennes1994.exits import edge_hexes
from ardennes_qt.rules.ardennes1994.victory import exited_strength, victory_status
from tests.rules.ardennes1994.board import scenario_game


def test_item64_the_west_edge_of_5_1_is_map_b_s_printed_top():
    """5.1 "off the west map edge": the map is printed with north to the right (map README), so
    Map B's real west edge is its row 36, within the play area (columns 43-62)."""
    s = scenario_game("5.1", "ge_movement")
    edge = sorted(s.content.map.hex_id(h) for h in edge_hexes(s.content, "north"))
    assert edge == [f"B{c}.36" for c in range(43, 63)]


def test_item64_ss_units_leave_there_and_count_for_5_1s_victory():
    s = scenario_game("5.1", "ge_movement", turn=3, place={"1SS:Peiper-A": "B50.36", "18VG:293": "B51.36"})
    assert [a for c in s.choices() if c.kind == "exit" for a in c.actions()] == [ExitMap("1SS:Peiper-A", "B50.36")]
    s.apply(ExitMap("1SS:Peiper-A", "B50.36"))
    assert s.state.units["1SS:Peiper-A"].where == "exited"
    assert s.content.map.hex_id(s.state.rules.exits["1SS:Peiper-A"]) == "B50.36"
    assert victory_status(s.content, s.state).reasons[0][0] == 1  # 1 of the 8 SS units
    with pytest.raises(Refused, match="cannot leave the map"):
        s.apply(ExitMap("18VG:293", "B51.36"))  # not SS


def test_item64_not_from_a_hex_off_the_edge_nor_without_mp():
    s = scenario_game("5.1", "ge_movement", turn=3, place={"1SS:Peiper-A": "B50.35"})
    with pytest.raises(Refused, match="cannot leave the map"):
        s.apply(ExitMap("1SS:Peiper-A", "B50.35"))
    with pytest.raises(Refused, match="not at"):
        s.apply(ExitMap("1SS:Peiper-A", "B50.36"))
    with pytest.raises(Refused, match="1.2"):
        scenario_game("5.1", "ge_combat", place={"1SS:Peiper-A": "B50.36"}).apply(ExitMap("1SS:Peiper-A", "B50.36"))


def test_item60_the_antwerp_and_paris_exits_are_open_to_any_german_unit_and_count_for_the_chosen_option():
    """4.1: Antwerp by a road hex of the north-west corner (US Entry Area L's A55.36), Paris via
    Givet A12.35; only the chosen option's exits count."""
    s = scenario_game("5.3", "ge_movement", turn=3, place={"1SS:Peiper-A": "A55.36", "1SS:Peiper-B": "A12.35"},
                      victory_option="paris")
    s.apply(ExitMap("1SS:Peiper-A", "A55.36"))
    s.apply(ExitMap("1SS:Peiper-B", "A12.35"))
    paris = {s.state.rules.exits["1SS:Peiper-B"]}
    strength, supply = exited_strength(s.content, s.state, frozenset(paris))
    assert (strength, supply) == (6, False)


def test_item60_no_exit_where_the_scenario_has_none():
    """5.2 is won by holding Bastogne and Wiltz: no unit leaves the map."""
    s = scenario_game("5.2", "ge_movement", place={"2Pz:von Böhm": "B15.36"})
    assert not [c for c in s.choices() if c.kind == "exit"]
