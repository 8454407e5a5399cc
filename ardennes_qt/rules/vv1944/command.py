"""Command (8): a unit is in command when a Line of Command of at most its side's range (9.2 US
6, 9.3 German 4; the HQ's hex not counted, the unit's counted) joins it to its HQ, through any
terrain and enemy ZoC but no hex an enemy unit occupies.  Checked at the start of the turn."""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.vv1944.forces import corps_of, enemy_hexes, hq_of, is_hq
from ardennes_qt.rules.vv1944.tables import doctrine


def command_reach(content: Content, state: GameState, hq: str) -> set[Hex]:
    """Every hex a Line of Command from the HQ reaches (8.1)."""
    u = state.units.get(hq)
    if u is None or u.where != "map":
        return set()
    side = content.counter(hq).side
    blocked = enemy_hexes(content, state, side)
    limit = int(doctrine(side)["command_range"])
    reached = {u.hex}
    frontier = [u.hex]
    for _ in range(limit):
        nxt = []
        for h in frontier:
            for n in h.neighbours():
                if n not in reached and content.map.contains(n) and n not in blocked:
                    reached.add(n)
                    nxt.append(n)
        frontier = nxt
    return reached


def in_command(content: Content, state: GameState, uid: str, reach: dict[str, set[Hex]] | None = None) -> bool:
    """8.1; an HQ commands itself; an independent unit is always in command (16.3)."""
    if is_hq(content, uid):
        return True
    corps = corps_of(content, uid)
    if not corps:
        return True
    hq = hq_of(content, corps)
    cache = reach if reach is not None else {}
    if hq not in cache:
        cache[hq] = command_reach(content, state, hq)
    return state.units[uid].hex in cache[hq]
