"""Special rules that change the sequence of play itself (4.3; 7.x game length)."""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import LogLine
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.victory import victory_status

GERMAN_EXPLOITATION = "ge_exploitation"


def start_line_confusion(content: Content, state: GameState) -> str:
    """4.3 Start-Line Confusion: there is NO German Exploitation Phase on Turn 1."""
    if state.turn == 1:
        return "no German Exploitation Phase on Turn 1 (4.3 Start-Line Confusion)"
    return ""


def is_last_turn(content: Content, state: GameState) -> bool:
    """7.x General Information: the game ends with the scenario's Last Turn."""
    return state.turn >= content.scenario.last_turn


def result_line(content: Content, state: GameState) -> LogLine:
    """The result of the game (6.0; the scenario's own victory conditions), with its reasons."""
    report = victory_status(content, state)
    if report.kind == "vp":
        reasons = tuple(f"{amount} VP: {why} ({rule})" for amount, why, rule in report.reasons)
    else:
        reasons = tuple(f"{why} ({rule})" for _, why, rule in report.reasons)
    return LogLine(f"Result: {report.result}", reasons)
