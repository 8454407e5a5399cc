"""Stacking (1.3; checklist item 30): at most 6 steps in a hex.  German Supply Units count 3
(2.4), engineers on their Bridge side count (2.3b), Hidden Greif Teams and Supply Dumps
count none (2.1bB, 3.3)."""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes1994.situation import hidden, supply_unit
from ardennes_qt.rules.ardennes1994.tables import table


def stacking_steps(content: Content, state: GameState, unit_id: str) -> int:
    """What one unit counts toward the stacking limit."""
    if hidden(state, unit_id):
        return 0
    if supply_unit(content, unit_id):
        return int(table("special")["stacking"]["supply_unit_steps"])
    return max(state.units[unit_id].steps, 1)


def steps_in(content: Content, state: GameState, h: Hex, adding: tuple[str, ...] = ()) -> int:
    """The stacking steps in ``h``, with ``adding`` units entering it."""
    here = [u for u in state.units_at(h) if u not in adding]
    return sum(stacking_steps(content, state, u) for u in (*here, *adding))


def max_steps() -> int:
    return int(table("special")["stacking"]["max_steps"])


def overstacked(content: Content, state: GameState, h: Hex, adding: tuple[str, ...] = ()) -> bool:
    return steps_in(content, state, h, adding) > max_steps()
