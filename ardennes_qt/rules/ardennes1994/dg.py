"""Disorganized status (1.11; checklist item 43): a barrage result DGs the whole stack in the
target hex and takes its Reserve markers off (1.8b).  Supply Units and Hidden Greif Teams are
never DG'd; neither can a barrage take their steps (2.4, 2.1bB).

What DG does is read where it matters: no barrage (artillery.py), no ZOC (zoc.py), no attack
and half defense and movement (1.11a, in combat and movement); Clean Up removes the markers
(1.11b, turn.py).
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.outcome import LogLine
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes1994.situation import hidden, rules_data, supply_unit, with_rules


def barrage_affects(content: Content, state: GameState, unit_id: str) -> bool:
    """1.11: every unit in the hex is DG'd "except Supply Units and Hidden Greif Teams"; Supply
    Units' steps can never be attacked with the Barrage Table (2.4) and Hidden Greif Teams are
    "completely unaffected by ... barrages into their hexes" (2.1bB)."""
    return not supply_unit(content, unit_id) and not hidden(state, unit_id)


def disorganize(content: Content, state: GameState, h: Hex) -> tuple[GameState, list[LogLine]]:
    """1.11: a DG marker on the stack in ``h``: every unit it can touch is DG'd, and any Reserve
    marker on the stack is removed (1.8b)."""
    units = [u for u in state.units_at(h) if barrage_affects(content, state, u)]
    if not units:
        return state, []
    where = content.map.hex_id(h)
    state = state.with_units({u: replace(state.units[u], dg=True) for u in units})
    lines = [LogLine(f"The stack in {where} is DG: {', '.join(content.counter(u).name for u in units)}",
                     ("1.11: DG'd units cannot attack or barrage, defend and move x1/2, have no ZOC (1.11a)",))]
    data = rules_data(state)
    reserve = data.reserves & set(units)
    if reserve:
        state = with_rules(state, replace(data, reserves=data.reserves - reserve))
        lines.append(LogLine(f"Reserve marker removed from {', '.join(content.counter(u).name for u in sorted(reserve))}",
                             ("1.8b: a barrage that DGs units in Reserve removes the marker",)))
    return state, lines
