"""Half Reconciliation (3.5; checklist item 64): "No Barrage Phase moves on to a new Phase
with Half markers still in play" - at the end of the phase that made them, each hex's Half
markers become a Full marker or go.  The sequence of play runs ``reconcile_halves`` in the
German Half Reconciliation phase and in both US Half Reconciliation phases.

(When Full markers come off, checklist item 28, is the scenario option ``barrage_removal``
applied by the sequence of play, ``phase_steps.py``.)
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.outcome import LogLine
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.barrage import barrage_table
from ardennes_qt.rules.ardennes2.markers import FULL, HALF, marker, markers_in


def _with_markers(state: GameState, h: Hex, texts: list[str]) -> GameState:
    markers = dict(state.markers)
    if texts:
        markers[h] = tuple(texts)
    else:
        markers.pop(h, None)
    return replace(state, markers=markers)


def halves_to_reconcile(state: GameState, side: str) -> list[tuple[Hex, int]]:
    """Hexes holding ``side``'s Half markers and how many, west to east then south to north
    (a fixed order, so the dice fall the same on every replay)."""
    out = []
    for h in sorted(state.markers):
        n = sum(1 for owner, size in markers_in(state, h) if owner == side and size == HALF)
        if n:
            out.append((h, n))
    return out


def reconciled(rolled: int | None, halves: int) -> bool:
    """3.5 Half Reconciliation: two or more Halves make one Full; a single Half becomes Full
    on the Half Reconciliation Table's 4-6 (003) and is removed on 1-3."""
    if halves >= 2:
        return True
    low, high = barrage_table()["half_reconciliation"]["full"]
    return low <= rolled <= high


def reconcile_halves(content: Content, state: GameState, side: str) -> tuple[GameState, list[LogLine]]:
    """Reconcile ``side``'s Half markers at the end of the phase that placed them (3.5: no
    Barrage Phase moves on with Half markers in play).  Full markers in the hex are ignored."""
    log = []
    for h, halves in halves_to_reconcile(state, side):
        roll = None
        if halves == 1:
            state, roll = state.rolled()
        full = reconciled(roll, halves)
        kept = [text for text in state.markers[h] if text != marker(side, HALF)]
        if full:
            kept.append(marker(side, FULL))
        state = _with_markers(state, h, kept)
        where = content.map.hex_id(h)
        if roll is None:
            log.append(LogLine(f"{where}: {halves} Half markers become one Full marker", ("3.5 Half Reconciliation",)))
        else:
            result = "becomes a Full marker" if full else "is removed"
            log.append(LogLine(f"{where}: the Half marker {result} (rolled {roll})", ("Half Reconciliation Table: 1-3 removed, 4-6 Full (3.5, 003)",)))
    return state, log
