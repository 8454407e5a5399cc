"""Reading the board: whose units are where, who is next to whom, what a unit is worth.

Small questions every Ardennes II clause asks, answered from (content, state).
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.state import GameState
from ardennes_qt.core.units import Counter, Values
from ardennes_qt.rules.ardennes2.a2state import Ardennes2Data


def rules_data(state: GameState) -> Ardennes2Data:
    return state.rules if state.rules is not None else Ardennes2Data()


def with_rules(state: GameState, data: Ardennes2Data) -> GameState:
    return replace(state, rules=data)


def side_of(content: Content, unit_id: str) -> str:
    return content.counter(unit_id).side


def counter(content: Content, unit_id: str) -> Counter:
    return content.counter(unit_id)


def current_values(content: Content, state: GameState, unit_id: str) -> Values:
    """The values showing on the counter: full, or reduced after a step loss (1.2)."""
    return content.counter(unit_id).values_at(state.units[unit_id].steps)


def hex_of(state: GameState, unit_id: str) -> Hex | None:
    u = state.units[unit_id]
    return u.hex if u.where == "map" else None


def stacks_of(content: Content, state: GameState, side: str) -> dict[Hex, list[str]]:
    """Every hex holding units of ``side``, with its stack bottom to top."""
    return {h: ids for h, ids in state.occupied().items() if side_of(content, ids[0]) == side}


def units_of(content: Content, state: GameState, side: str) -> list[str]:
    return [uid for uid, u in sorted(state.units.items()) if u.where == "map" and side_of(content, uid) == side]


def enemy_hexes(content: Content, state: GameState, side: str) -> set[Hex]:
    """Hexes holding units of the side opposed to ``side``."""
    return {h for h, ids in state.occupied().items() if side_of(content, ids[0]) != side}


def adjacent_to_enemy(content: Content, state: GameState, h: Hex, side: str, enemies: set[Hex] | None = None) -> bool:
    """Is ``h`` next to any enemy unit, of any kind or status (1.2 Moving Adjacently)?"""
    if enemies is None:
        enemies = enemy_hexes(content, state, side)
    return any(n in enemies for n in h.neighbours())


def steps_in(content: Content, state: GameState, unit_ids) -> int:
    return sum(state.units[uid].steps for uid in unit_ids)
