"""Advance after Combat (3.2 step 7, 3.2 Advance after Combat; checklist item 53).

An Exploit Capable attacker, after a Retreat result of 2 or more, in an attack that is not
an Overrun, may advance two hexes: the defender's hex first, the second along a road.
Every other attacker may advance only into the defender's hex.  Overrunning units never
advance; they enter a vacated hex as part of the overrun (3.3).
"""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex, Hexside
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.battle import ATTACK, Battle
from ardennes_qt.rules.ardennes2.bridges import road_cut
from ardennes_qt.rules.ardennes2.losses import surviving
from ardennes_qt.rules.ardennes2.markers import enemy_full_markers
from ardennes_qt.rules.ardennes2.phases import GERMAN
from ardennes_qt.rules.ardennes2.placement import in_play_area
from ardennes_qt.rules.ardennes2.retreats import jam_closed
from ardennes_qt.rules.ardennes2.situation import rules_data, side_of

TWO_HEX_RETREAT = 2  # 3.2: "the Retreat result is 2 or more"


def exploit_capable(content: Content, state: GameState, unit_id: str) -> tuple[bool, str]:
    """1.2 Exploit Capable Units, as it bears on Advance after Combat: the yellow banner,
    revoked by DG, by an enemy Full barrage marker (3.5) and for the Germans on Turn 1.

    Starting the phase next to an enemy does not revoke it here: every attacker starts its
    Combat Phase next to the defender, and 3.2 and the designer's notes (Combat and
    Overruns) plainly mean mobile attackers to advance two hexes; 1.3 ties that revocation
    to Exploiting and Overrunning.
    """
    counter = content.counter(unit_id)
    unit = state.units[unit_id]
    if not counter.exploit:
        return False, "not Exploit Capable (no yellow banner)"
    if unit.dg:
        return False, "DG units are not Exploit Capable (1.2, 3.4)"
    if enemy_full_markers(state, unit.hex, counter.side) or unit_id in rules_data(state).record.in_enemy_barrage:
        return False, "in an enemy Full barrage hex this phase (1.2, 3.5)"
    if counter.side == GERMAN and state.turn == 1:
        return False, "Germans are not Exploit Capable on Turn 1 (1.2, 4.3)"
    return True, "Exploit Capable"


def follows_road(content: Content, state: GameState, a: Hex, b: Hex) -> bool:
    """A road (Road or Track) joins the two hexes and carries across any water: a bridge
    that is built and not Blown (1.3a, 3.8)."""
    side = Hexside.between(a, b)
    return side in content.map.roads and road_cut(content, state, side) is None


def advance_paths(content: Content, state: GameState, battle: Battle, unit_id: str) -> tuple[tuple[Hex, ...], ...]:
    """Every advance ``unit_id`` may make now: (defender's hex,) and, for a two-hex
    advance, (defender's hex, a hex along a road from it)."""
    first = battle.defender_hex
    if battle.kind != ATTACK or unit_id in battle.advanced or unit_id not in surviving(state, battle.attackers):
        return ()
    side = side_of(content, unit_id)

    def enemy_in(h: Hex) -> bool:
        stack = state.units_at(h)
        return bool(stack) and side_of(content, stack[0]) != side

    if enemy_in(first) or jam_closed(content, state, first, (unit_id,)):
        return ()  # the defender is still there (or 3.1: other Germans jam its hex): no advance
    paths = [(first,)]
    if battle.retreat_result >= TWO_HEX_RETREAT and exploit_capable(content, state, unit_id)[0]:
        home = state.units[unit_id].hex  # going back where it came from is no advance
        for n in first.neighbours():
            if n == home or enemy_in(n) or not in_play_area(content, n) or jam_closed(content, state, n, (unit_id,)):
                continue
            if follows_road(content, state, first, n):
                paths.append((first, n))
    return tuple(paths)


def may_advance(content: Content, state: GameState, battle: Battle) -> dict[str, tuple[tuple[Hex, ...], ...]]:
    """Each attacker that may still advance, with its paths."""
    out = {}
    for uid in battle.attackers:
        paths = advance_paths(content, state, battle, uid)
        if paths:
            out[uid] = paths
    return out
