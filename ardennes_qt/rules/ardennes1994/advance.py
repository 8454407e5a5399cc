"""Advance after combat (checklist item 35; 1.9, 2.4, 1.3): once the defender's hex holds no
enemy combat units, the attackers left may advance into it, and never beyond it ("no unit in
this game can advance after combat further than the defender's hex itself").  Supply Units
never advance (2.4; they do not attack anyway); the stacking limit holds (1.3).  An overrun
is no attack in the Combat Phase: the overrunning unit goes on with its move instead (1.7).
"""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes1994.battle import ATTACK, Battle
from ardennes_qt.rules.ardennes1994.losses import surviving
from ardennes_qt.rules.ardennes1994.situation import side_of, supply_unit
from ardennes_qt.rules.ardennes1994.stacking import max_steps, stacking_steps
from ardennes_qt.rules.ardennes1994.strengths import defending_side

ADVANCE_RULE = "1.9"


def hex_vacated(content: Content, state: GameState, h: Hex, side: str) -> bool:
    """No combat unit of ``side``'s enemy holds the hex any more (Supply Units, Hidden Greif
    Teams and emplaced bridges may stay: the enemy entering destroys or passes them)."""
    return defending_side(content, state, h) in ("", side)


def room_for(content: Content, state: GameState, h: Hex, units) -> bool:
    """1.3: the advancing units and the friendly units already in ``h`` hold at most 6 steps
    (what the enemy left there - a Supply Unit, an emplaced bridge - is destroyed as they enter)."""
    side = side_of(content, units[0])
    here = [u for u in state.units_at(h) if side_of(content, u) == side and u not in units]
    return sum(stacking_steps(content, state, u) for u in (*here, *units)) <= max_steps()


def may_advance(content: Content, state: GameState, battle: Battle) -> tuple[str, ...]:
    """The attackers that may still advance into the defender's hex, each alone."""
    if battle.kind != ATTACK or not hex_vacated(content, state, battle.defender_hex, battle.side):
        return ()
    return tuple(u for u in surviving(state, battle.attackers)
                 if u not in battle.advanced and not supply_unit(content, u)
                 and room_for(content, state, battle.defender_hex, (u,)))


def advance_groups(content: Content, state: GameState, battle: Battle) -> list[tuple[str, ...]]:
    """Each unit alone, and all of them together when the hex holds them (1.3)."""
    able = may_advance(content, state, battle)
    groups = [(u,) for u in able]
    if len(able) > 1 and room_for(content, state, battle.defender_hex, able):
        groups.append(able)
    return groups
