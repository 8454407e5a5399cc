"""Special rules that change the sequence of play itself (4.3; 7.x game length)."""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.state import GameState

GERMAN_EXPLOITATION = "ge_exploitation"
GAME_OVER = "game_over"  # the phase after the scenario's Last Turn


def start_line_confusion(content: Content, state: GameState) -> str:
    """4.3 Start-Line Confusion: there is NO German Exploitation Phase on Turn 1."""
    if state.turn == 1:
        return "no German Exploitation Phase on Turn 1 (4.3 Start-Line Confusion)"
    return ""


def is_last_turn(content: Content, state: GameState) -> bool:
    """7.x General Information: the game ends with the scenario's Last Turn."""
    return state.turn >= content.scenario.last_turn
