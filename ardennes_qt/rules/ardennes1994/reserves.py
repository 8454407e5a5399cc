"""Reserves (checklist items 38-40; 1.8, 1.9, 1.14).

A Reserve marker goes on a unit or stack in the owner's Movement Phase (1.8a) if the units
have not moved this game turn, are not DG, are not next to an enemy unit, are not Greif Teams
or Supply Units, and are not out of supply (1.14).  A unit in Reserve cannot move, barrage or
attack (1.8b: ``in_reserve``, for the other modules to ask).  At the start of the Exploitation
Phase the Reserves are released (turn.py): only they move and overrun in it (1.9:
``released``).  The markers are as many as the countermix holds (1.8, M7: provisional,
``movement.toml [reserve_markers]``); one marker covers a stack, so the markers in use are
the hexes holding Reserve units.
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import Choices
from ardennes_qt.rules.ardennes1994.actions import SetReserve
from ardennes_qt.rules.ardennes1994.phases import MOVEMENT, phasing_side
from ardennes_qt.rules.ardennes1994.rulebook import Part
from ardennes_qt.rules.ardennes1994.situation import enemy_hexes, greif, rules_data, side_of, supply_unit, units_of, with_rules
from ardennes_qt.rules.ardennes1994.tables import provisional_reason, table

PART = Part()


def in_reserve(state: GameState, unit_id: str) -> bool:
    """1.8b: a unit under a Reserve marker cannot move, barrage or attack."""
    return unit_id in rules_data(state).reserves


def released(state: GameState, unit_id: str) -> bool:
    """1.9: released from Reserve at the start of this Exploitation Phase: it may move and overrun."""
    return unit_id in rules_data(state).released


def marker_limit(side: str) -> int:
    """1.8 (M7, provisional): the Reserve markers of the countermix."""
    return int(table("movement")["reserve_markers"][side])


def marked_hexes(content: Content, state: GameState, side: str) -> set[Hex]:
    """The stacks of ``side`` under a Reserve marker."""
    return {state.units[u].hex for u in rules_data(state).reserves
            if side_of(content, u) == side and state.units[u].where == "map"}


def reserve_refusal(content: Content, state: GameState, unit_id: str, enemy: set[Hex] | None = None) -> Refused | None:
    """1.8a, 1.14: why the unit may not be put in Reserve now, or None (``enemy``: the hexes of
    the enemy's units, when already known)."""
    u = state.units.get(unit_id)
    if u is None:
        return Refused(f"no such unit: {unit_id}")
    name = content.counter(unit_id).name
    side = side_of(content, unit_id)
    if u.where != "map":
        return Refused(f"{name} is not on the map")
    if MOVEMENT.get(state.phase) != side:
        return Refused("Reserve markers are placed in the owner's Movement Phase", "1.8a")
    if greif(content, unit_id) or supply_unit(content, unit_id):
        return Refused("Greif Teams and Supply Units can never be placed into Reserve", "1.8a")
    if unit_id in rules_data(state).moved_this_turn:
        return Refused(f"{name} has moved this game turn", "1.8a")
    if u.dg:
        return Refused(f"{name} is DG", "1.8a")
    if u.has("out_of_supply"):
        return Refused(f"{name} is out of supply", "1.14")
    enemy = enemy_hexes(content, state, side) if enemy is None else enemy
    if any(n in enemy for n in u.hex.neighbours()):
        return Refused(f"{name} is next to an enemy unit", "1.8a")
    return None


def set_reserve(content: Content, state: GameState, action: SetReserve) -> Outcome:
    ids = tuple(action.units)
    if not ids:
        raise Refused("no units given")
    for uid in ids:
        if uid not in state.units:
            raise Refused(f"no such unit: {uid}")
    hexes = {state.units[u].hex for u in ids}
    if len(hexes) != 1 or None in hexes:
        raise Refused("a Reserve marker goes on one unit or one stack", "1.8a")
    h = hexes.pop()
    data = rules_data(state)
    names = ", ".join(content.counter(u).name for u in ids)
    if not action.on:
        if MOVEMENT.get(state.phase) != side_of(content, ids[0]):
            raise Refused("Reserve markers are taken off only in the owner's Movement Phase they were placed in", "1.8a")
        if not set(ids) <= data.reserves:
            raise Refused("only units in Reserve can be taken out of it", "1.8a")
        state = with_rules(state, replace(data, reserves=data.reserves - set(ids)))
        return Outcome(state, Changes(units=frozenset(ids), hexes=frozenset({h}), markers=True),
                       (LogLine(f"{names} out of Reserve", ("1.8a",)),))
    for uid in ids:
        if refusal := reserve_refusal(content, state, uid):
            raise refusal
    side = side_of(content, ids[0])
    in_use = marked_hexes(content, state, side)
    limit = marker_limit(side)
    why = ["1.8a"]
    if provisional_reason("movement", "reserve_markers"):
        why.append(f"≈ {limit} Reserve markers a side: the countermix is not printed, provisional")
    if h not in in_use and len(in_use) >= limit:
        raise Refused(f"all {limit} Reserve markers are in use (≈ provisional countermix)", "1.8")
    state = with_rules(state, replace(data, reserves=data.reserves | set(ids)))
    used = len(marked_hexes(content, state, side))
    return Outcome(state, Changes(units=frozenset(ids), hexes=frozenset({h}), markers=True),
                   (LogLine(f"{names} in Reserve at {content.map.hex_id(h)} ({used} of {limit} markers in use)", tuple(why)),))


def reserve_choices(content: Content, state: GameState) -> list[Choices]:
    """Each stack that may go in Reserve (all of it, or one unit), and each one to take out."""
    side = phasing_side(state.phase)
    data = rules_data(state)
    by_hex: dict[Hex, list[str]] = {}
    enemy = enemy_hexes(content, state, side)
    for uid in units_of(content, state, side):
        if uid not in data.reserves and reserve_refusal(content, state, uid, enemy) is None:
            by_hex.setdefault(state.units[uid].hex, []).append(uid)
    full = len(marked_hexes(content, state, side)) >= marker_limit(side)
    out = []
    hex_id = content.map.hex_id
    for h, ids in sorted(by_hex.items(), key=lambda kv: content.map.numbering.index(kv[0])):
        if full and h not in marked_hexes(content, state, side):
            continue
        options = [SetReserve(tuple(ids))] + ([SetReserve((u,)) for u in ids] if len(ids) > 1 else [])
        out.append(Choices(f"put units at {hex_id(h)} in Reserve", side, lambda options=options: options, "reserve",
                           hex=hex_id(h), units=tuple(ids)))
    for u in sorted(u for u in data.reserves if side_of(content, u) == side):
        out.append(Choices(f"take {content.counter(u).name} out of Reserve", side, lambda u=u: [SetReserve((u,), on=False)],
                           "reserve", hex=hex_id(state.units[u].hex), units=(u,)))
    return out


PART.handlers[SetReserve] = set_reserve
PART.offer(reserve_choices, *MOVEMENT)
