"""What units entering a hex after combat do to what the enemy left in it: the effects of a move
entering a hex (``entering.enter_hex``: 2.3d, 2.4, 3.3, 3.1, 4.2), for a stack retreating or
advancing along a route.  Greif Teams alone capture neither cities nor dumps (2.1bE).
"""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import LogLine
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes1994.entering import enter_hex


def units_entered(content: Content, state: GameState, units, hexes) -> tuple[GameState, list[LogLine]]:
    """The effects of ``units`` (one side's) entering each of ``hexes`` in turn, from where they stand."""
    log: list[LogLine] = []
    came_from = {u: state.units[u].hex for u in units}
    for h in hexes:
        for uid in units:
            state, lines = enter_hex(content, state, uid, h, came_from[uid] if came_from[uid] in h.neighbours() else None)
            log.extend(lines)
            came_from[uid] = h
    return state, log
