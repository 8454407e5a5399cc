"""Reading the board: whose units are where, what a unit is and is worth now.

Small questions every clause of The Ardennes (1994) asks, answered from (content, state).
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.state import GameState
from ardennes_qt.core.units import Values
from ardennes_qt.rules.ardennes1994.estimates import BRIDGE, ENGINEER, GREIF, MOVE, SUPPLY, is_artillery
from ardennes_qt.rules.ardennes1994.state import Ardennes1994Data

FIRE = "fire"  # an artillery unit's fire side (1.10a)
ENGINEER_SIDE = "engineer"  # an engineer's Engineer side (2.3)


def rules_data(state: GameState) -> Ardennes1994Data:
    return state.rules if state.rules is not None else Ardennes1994Data()


def with_rules(state: GameState, data: Ardennes1994Data) -> GameState:
    return replace(state, rules=data)


def side_of(content: Content, unit_id: str) -> str:
    return content.counter(unit_id).side


def hex_of(state: GameState, unit_id: str) -> Hex | None:
    u = state.units[unit_id]
    return u.hex if u.where == "map" else None


def units_of(content: Content, state: GameState, side: str) -> list[str]:
    return [uid for uid, u in sorted(state.units.items()) if u.where == "map" and side_of(content, uid) == side]


# --- what a unit is -------------------------------------------------------------------------


def artillery(content: Content, unit_id: str) -> bool:
    return is_artillery(content.counter(unit_id).unit_type)


def supply_unit(content: Content, unit_id: str) -> bool:
    """2.4 German Supply Units."""
    return content.counter(unit_id).unit_type == SUPPLY


def engineer(content: Content, unit_id: str) -> bool:
    """2.3 German engineer units."""
    return content.counter(unit_id).unit_type == ENGINEER


def greif(content: Content, unit_id: str) -> bool:
    """2.1b Greif Teams."""
    return content.counter(unit_id).unit_type == GREIF


def hidden(state: GameState, unit_id: str) -> bool:
    """2.1bB: a Greif Team still on its Hidden side."""
    return unit_id in rules_data(state).hidden


def mech(content: Content, unit_id: str) -> bool:
    """1.6: the mechanized class (its own TEC column; the Armor Effect)."""
    return content.counter(unit_id).ma_type == "mech"


def mode(content: Content, state: GameState, unit_id: str) -> str:
    """The side an artillery unit (fire/move) or engineer (engineer/bridge) shows; "" for others."""
    if artillery(content, unit_id):
        return rules_data(state).modes.get(unit_id, FIRE)
    if engineer(content, unit_id):
        return rules_data(state).modes.get(unit_id, ENGINEER_SIDE)
    return ""


def current_values(content: Content, state: GameState, unit_id: str) -> Values:
    """The values showing: an artillery unit's or engineer's mode side (1.10a, 2.3), else its
    front or, after its first step loss, its back (1.4)."""
    counter = content.counter(unit_id)
    side = mode(content, state, unit_id)
    if side in (MOVE, BRIDGE):
        return counter.sides[side]
    return counter.values_at(state.units[unit_id].steps)


def is_combat_unit(content: Content, state: GameState, unit_id: str) -> bool:
    """A unit that takes part in ground combat: not a Supply Unit (2.4), not a Hidden Greif
    Team (2.1bB), not an emplaced bridge (2.3d)."""
    if supply_unit(content, unit_id) or hidden(state, unit_id):
        return False
    return mode(content, state, unit_id) != BRIDGE


def enemy_hexes(content: Content, state: GameState, side: str) -> set[Hex]:
    """Hexes holding enemy units that count as units there (Hidden Greif Teams do not, 2.1bB)."""
    out = set()
    for h, ids in state.occupied().items():
        if any(side_of(content, uid) != side and not hidden(state, uid) for uid in ids):
            out.add(h)
    return out


def friendly_in(content: Content, state: GameState, h: Hex, side: str) -> list[str]:
    return [uid for uid in state.units_at(h) if side_of(content, uid) == side]
