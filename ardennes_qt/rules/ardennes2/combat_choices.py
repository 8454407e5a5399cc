"""The combat families of legal actions (``legal.Choices``): attacks in a Combat Phase
(3.2) and the answers to a pending combat decision (the overruns' are in overrun.py).
Each family is listed cheaply; its actions are worked out when asked.
"""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.a2state import Decision
from ardennes_qt.rules.ardennes2.actions import Attack
from ardennes_qt.rules.ardennes2.combat import combat_choices
from ardennes_qt.rules.ardennes2.choices import Choices
from ardennes_qt.rules.ardennes2.odds import combat_odds
from ardennes_qt.rules.ardennes2.phases import phasing_side
from ardennes_qt.rules.ardennes2.situation import rules_data, side_of
from ardennes_qt.rules.ardennes2.strengths import cannot_attack


def attackers_around(content: Content, state: GameState, target: Hex, side: str, occupied) -> dict[Hex, tuple[str, ...]]:
    """The units of ``side`` next to ``target`` that may still attack it, by hex (3.2)."""
    attacked = rules_data(state).record.attacked
    stacks = {}
    for n in target.neighbours():
        ids = occupied.get(n, ())
        if not ids or side_of(content, ids[0]) != side:
            continue
        able = tuple(u for u in ids if u not in attacked and cannot_attack(content, state, u, n, target) is None)
        if able:
            stacks[n] = able
    return stacks


def attack_choices(content: Content, state: GameState) -> list[Choices]:
    """3.2: for each enemy hex not yet attacked this phase, the attack by every unit that may
    make it, and by each of its stacks alone; attacks the odds forbid are left out."""
    side = phasing_side(state.phase)
    defended = rules_data(state).record.defended
    occupied = state.occupied()
    out = []
    for target, ids in sorted(occupied.items()):
        if side_of(content, ids[0]) == side or target in defended:
            continue
        stacks = attackers_around(content, state, target, side, occupied)
        if not stacks:
            continue

        def actions(target=target, stacks=stacks) -> list[Attack]:
            groups = [tuple(u for ids in stacks.values() for u in ids)]
            if len(stacks) > 1:
                groups += list(stacks.values())
            hex_id = content.map.hex_id(target)
            return [Attack(g, hex_id) for g in groups if combat_odds(content, state, g, target).allowed]

        out.append(Choices(f"attack {content.map.hex_id(target)}", side, actions, "attack", content.map.hex_id(target)))
    return out


def combat_answers(content: Content, state: GameState, decision: Decision) -> list[Choices]:
    """The answers to a pending combat decision, one family."""
    label = decision.kind.replace("_", " ")
    return [Choices(label, decision.side, lambda: combat_choices(content, state), "answer")]
