"""The attacks a player may make in his Combat Phase, as families of legal actions: for each
enemy hex not yet attacked this phase, the units next to it that may still attack it, by the
hex they attack from (SCS combat, provisional: ``series.toml [attacks]``; 1.8b, 1.10E,
1.11a, TEC).  The US may spend Air Points on an attack (3.2b).
"""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import Choices
from ardennes_qt.rules.ardennes1994.actions import Attack
from ardennes_qt.rules.ardennes1994.phases import ALLIED, COMBAT
from ardennes_qt.rules.ardennes1994.situation import rules_data, side_of
from ardennes_qt.rules.ardennes1994.strengths import cannot_attack, defending_side


def attackers_around(content: Content, state: GameState, target: Hex) -> dict[Hex, tuple[str, ...]]:
    """The units next to ``target`` that may still attack it this phase, by their hex."""
    side = defending_side(content, state, target)
    if not side:
        return {}
    attacked = rules_data(state).record.attacked
    occupied = state.occupied()
    stacks = {}
    for n in target.neighbours():
        able = tuple(u for u in occupied.get(n, ()) if side_of(content, u) != side and u not in attacked
                     and cannot_attack(content, state, u, n, target) is None)
        if able:
            stacks[n] = able
    return stacks


def attack_groups(stacks: dict[Hex, tuple[str, ...]]) -> list[tuple[str, ...]]:
    """Every able unit together, and each attacking hex's units alone."""
    groups = [tuple(u for ids in stacks.values() for u in ids)]
    if len(stacks) > 1:
        groups += list(stacks.values())
    return groups


def attack_choices(content: Content, state: GameState) -> list[Choices]:
    """Each enemy hex the phasing player may attack now, with the attacks on it."""
    side = COMBAT.get(state.phase)
    if side is None:
        return []
    data = rules_data(state)
    air = data.air_points if side == ALLIED else 0
    out = []
    for target in sorted(state.occupied(), key=content.map.numbering.index):
        if target in data.record.defended or defending_side(content, state, target) in ("", side):
            continue
        stacks = attackers_around(content, state, target)
        if not stacks:
            continue
        where = content.map.hex_id(target)
        out.append(Choices(f"attack {where}", side,
                           lambda stacks=stacks, where=where: [Attack(g, where, n) for g in attack_groups(stacks)
                                                               for n in range(air + 1)], "attack"))
    return out
