"""Traffic Jams in retreats and advances (3.1; checklist items 9, 79): a German-occupied
Traffic Jam is Prohibited to other German units, and a unit entering an active one is DG,
however it gets there."""

from __future__ import annotations

import pytest

from ardennes_qt.rules.ardennes2 import combat
from ardennes_qt.rules.ardennes2.actions import Advance
from ardennes_qt.rules.ardennes2.advance import advance_paths
from ardennes_qt.rules.ardennes2.battle import ADVANCE, ATTACK, Battle, waiting
from ardennes_qt.rules.ardennes2.retreats import retreat_options, retreat_stack
from tests.rules.combat_board import board, hx

JAM = {"A5.06": {"traffic_jam"}}


def retreats(units, turn=2):
    content, state = board(units, terrain=JAM, turn=turn, phase="us_combat")
    found = retreat_options(content, state, ("ge",), hx(content, "A5.05"), 2)
    return {tuple(content.map.hex_id(h) for h in p) for p in found.paths}


@pytest.mark.parametrize("turn, through_the_jam", [(2, False), (3, True)])
def test_item9_a_german_occupied_jam_is_closed_to_a_german_retreat_on_turns_1_and_2(turn, through_the_jam):
    paths = retreats({"ge": ("German", "3-4-12", "A5.05", "mech"), "jam": ("German", "2-2-8", "A5.06")}, turn=turn)
    assert any(p[0] == "A5.06" for p in paths) is through_the_jam
    assert paths  # it retreats another way


def test_item9_an_empty_jam_is_open_to_a_retreat_but_makes_the_stack_dg():
    units = {"ge": ("German", "3-4-12", "A5.05", "mech")}
    assert any(p[0] == "A5.06" for p in retreats(units))
    content, state = board(units, terrain=JAM, turn=2, phase="us_combat")
    after, log = retreat_stack(content, state, ("ge",), (hx(content, "A5.06"), hx(content, "A5.07")))
    assert after.units["ge"].dg
    assert log[-1].text == f"{content.counter('ge').name} DG: entered the Traffic Jam A5.06"
    assert log[-1].reasons == ("3.1 Traffic Jams, 3.4",)


def advancing(extra=None, turn=2, terrain=None):
    units = {"ge": ("German", "6-4-12", "A4.04", "mech", "exploit"), **(extra or {})}
    content, state = board(units, terrain=terrain, turn=turn, roads=[("A4.04", "A5.05", "A5.06")])
    battle = Battle(ATTACK, "German", ("ge",), hx(content, "A5.05"), ("us",), retreat_result=2)
    return content, state, battle


def test_item9_an_advance_never_enters_a_jam_other_germans_occupy():
    other = {"other": ("German", "2-2-8", "A5.06")}
    content, state, battle = advancing(other, terrain=JAM)
    assert {tuple(content.map.hex_id(h) for h in p) for p in advance_paths(content, state, battle, "ge")} == {("A5.05",)}
    content, state, battle = advancing(other, terrain=JAM, turn=3)  # no jams after Turn 2
    assert ("A5.05", "A5.06") in {tuple(content.map.hex_id(h) for h in p) for p in advance_paths(content, state, battle, "ge")}


def test_item9_advancing_into_an_active_jam_makes_the_unit_dg():
    content, state, battle = advancing(terrain={"A5.05": {"traffic_jam"}})
    state = waiting(state, ADVANCE, "German", battle, "3.2 Advance after Combat")
    out = combat.advance(content, state, Advance(("ge",), ("A5.05",)))
    assert out.state.units["ge"].dg
    assert any(line.reasons == ("3.1 Traffic Jams, 3.4",) for line in out.log)
