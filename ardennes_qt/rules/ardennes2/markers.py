"""Barrage markers: they belong to the hex, never to units (3.5), and what they do to the
units in (or entering, or leaving) their hex.

A marker is written ``"<owner>:full"`` or ``"<owner>:half"`` in ``GameState.markers``.
"""

from __future__ import annotations

from fractions import Fraction

from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.tables import terrain_chart

FULL = "full"
HALF = "half"


def marker(owner: str, size: str) -> str:
    return f"{owner}:{size}"


def markers_in(state: GameState, h: Hex) -> list[tuple[str, str]]:
    """(owner, size) of every barrage marker in the hex."""
    out = []
    for text in state.markers.get(h, ()):
        owner, _, size = text.partition(":")
        if size in (FULL, HALF):
            out.append((owner, size))
    return out


def enemy_full_markers(state: GameState, h: Hex, side: str) -> int:
    """Full markers placed by the enemy of ``side`` in the hex (Half markers exist only
    within their phase and have no effect until reconciled, 3.5)."""
    return sum(1 for owner, size in markers_in(state, h) if owner != side and size == FULL)


def friendly_full_markers(state: GameState, h: Hex, side: str) -> int:
    return sum(1 for owner, size in markers_in(state, h) if owner == side and size == FULL)


def barrage_strength_factor(state: GameState, h: Hex, side: str) -> tuple[Fraction, str]:
    """3.5 Barrage Hex Effects: attack and defense x1/2 under one enemy Full marker, x1/4 under two or more."""
    n = enemy_full_markers(state, h, side)
    if n == 0:
        return Fraction(1), ""
    if n == 1:
        return Fraction(1, 2), "one enemy Full barrage marker"
    return Fraction(1, 4), f"{n} enemy Full barrage markers"


def enemy_barrage_move_cost(state: GameState, h: Hex, side: str) -> int:
    """3.5: +2 MP to enter or to exit a hex with one enemy Full marker, +4 with two or more (half MPs)."""
    n = enemy_full_markers(state, h, side)
    other = terrain_chart().other
    if n == 0:
        return 0
    return other["enemy_barrage_one"] if n == 1 else other["enemy_barrage_more"]


def friendly_barrage_enter_cost(state: GameState, h: Hex, side: str) -> int:
    """3.5 Blue-on-Blue: +1 MP to enter a hex with friendly Full markers, however many; nothing to exit."""
    return terrain_chart().other["friendly_barrage_enter"] if friendly_full_markers(state, h, side) else 0
