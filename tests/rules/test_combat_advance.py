"""Advance after Combat (3.2; checklist item 53) and the Exploit Capability it needs (1.2)."""

import pytest

from ardennes_qt.core.hexgrid import Hexside
from ardennes_qt.core.mapdata import Bridge
from ardennes_qt.rules.ardennes2.advance import advance_paths
from ardennes_qt.rules.ardennes2.battle import ATTACK, OVERRUN, Battle
from tests.rules.combat_board import board, hx

# The defender's hex A5.05 is empty now; a road leads on from it to A6.05 and to A5.06.
ROADS = [("A4.04", "A5.05", "A6.05"), ("A5.05", "A5.06")]


def paths(units, *, retreat=2, kind=ATTACK, turn=2, markers=None, hexsides=None, bridge=False, extra=None):
    content, state = board({**units, **(extra or {})}, roads=ROADS, turn=turn, markers=markers, hexsides=hexsides)
    if bridge:
        content.map.bridges[Hexside.between(hx(content, "A5.05"), hx(content, "A5.06"))] = Bridge()
    battle = Battle(kind, "German", ("ge",), hx(content, "A5.05"), ("us",), retreat_result=retreat)
    return {tuple(content.map.hex_id(h) for h in p) for p in advance_paths(content, state, battle, "ge")}


EXPLOIT = {"ge": ("German", "6-4-12", "A4.04", "mech", "exploit")}
TWO = {("A5.05",), ("A5.05", "A6.05"), ("A5.05", "A5.06")}
ONE = {("A5.05",)}


@pytest.mark.parametrize(
    "units, kw, expected",
    [
        (EXPLOIT, {}, TWO),  # Exploit Capable, retreat 2: two hexes, the second along a road
        (EXPLOIT, {"retreat": 5}, TWO),  # a Retreat before combat is 5 hexes
        (EXPLOIT, {"retreat": 1}, ONE),  # retreat result below 2
        (EXPLOIT, {"retreat": 0}, ONE),  # the defender was destroyed without a retreat result
        ({"ge": ("German", "6-4-12", "A4.04", "mech")}, {}, ONE),  # no yellow banner
        ({"ge": ("German", "6-4-12", "A4.04", "mech", "exploit", "dg")}, {}, ONE),  # DG revokes it (1.2, 3.4)
        (EXPLOIT, {"turn": 1}, ONE),  # the Germans on Turn 1 (1.2, 4.3)
        (EXPLOIT, {"markers": {"A4.04": ("Allied:full",)}}, ONE),  # an enemy Full barrage marker (1.2, 3.5)
        (EXPLOIT, {"markers": {"A4.04": ("German:full",)}}, TWO),  # a friendly one does not
        (EXPLOIT, {"kind": OVERRUN}, set()),  # overrunning units never advance (3.3)
    ],
)
def test_advance_after_combat_item53(units, kw, expected):
    assert paths(units, **kw) == expected


def test_the_second_hex_is_never_an_enemy_hex():
    assert paths(EXPLOIT, extra={"us2": ("Allied", "3-4-10", "A6.05")}) == {("A5.05",), ("A5.05", "A5.06")}


@pytest.mark.parametrize("bridge, expected", [(False, {("A5.05",), ("A5.05", "A6.05")}), (True, TWO)])
def test_the_road_must_carry_across_water_1_3a(bridge, expected):
    assert paths(EXPLOIT, hexsides={("A5.05", "A5.06"): {"stream"}}, bridge=bridge) == expected


def test_no_advance_while_the_defender_holds_its_hex():
    assert paths(EXPLOIT, extra={"us": ("Allied", "3-4-10", "A5.05")}) == set()
