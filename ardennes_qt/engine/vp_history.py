"""The German VP track of an Ardennes II game (6.0): the total at the end of every turn so
far, the total now, the greatest so far and the victory level it means, and the scale of
levels the scenario is judged on (6.0, or 7.3's own).

Scenarios won by holding VP hexes (7.4-7.6) still record the German total each turn; their
result comes from the hexes held, and they have no scale of levels.
"""

from __future__ import annotations

from dataclasses import dataclass

from ardennes_qt.core.content import Content
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.situation import rules_data
from ardennes_qt.rules.ardennes2.victory import victory_rules, victory_status

ARDENNES2 = "ardennes2"


@dataclass(frozen=True)
class VpLevel:
    """One level of a scenario's victory scale: the least German VP total that reaches it, the
    result and the winner."""

    min: int | None  # the least total that reaches it; None for the level below all others
    result: str
    winner: str  # "German", "Allied" or "" for a draw


@dataclass(frozen=True)
class VpTrack:
    """The German VP track of a game (6.0): each turn's total, the total now, the greatest so far,
    the scale of levels and the result as it stands, with its reasons."""

    kind: str  # "vp": judged on the greatest total (6.0); "control": on the VP hexes held
    rule: str
    turn: int  # the turn being played (the last turn once the game is over)
    first_turn: int
    last_turn: int
    current: int  # the German VP total now
    greatest: int | None  # the greatest total at the end of a turn; None before any turn ended
    greatest_turn: int | None
    by_turn: tuple[tuple[int, int], ...]  # (turn, German VP at its end), in turn order
    result: str  # the result if play ended now (final once the game is over)
    winner: str
    final: bool
    levels: tuple[VpLevel, ...]  # highest first; () for "control" scenarios
    reasons: tuple[tuple[int | str, str, str], ...]  # (amount, why, rule) behind the result

    def level_of(self, total: int) -> VpLevel | None:
        """The level a total reaches on this scenario's scale (the first whose minimum it meets)."""
        return next((lv for lv in self.levels if lv.min is None or total >= lv.min), None)


def vp_track(content: Content, state: GameState) -> VpTrack | None:
    """The VP track now, or None for a rule system that keeps no VP track."""
    if content.system != ARDENNES2:
        return None
    report = victory_status(content, state)
    rules = victory_rules(content.scenario)
    by_turn = tuple(sorted(rules_data(state).vp_by_turn.items()))
    greatest = max(by_turn, key=lambda tv: (tv[1], -tv[0])) if by_turn else None
    levels = tuple(VpLevel(lv.min, lv.result, lv.winner) for lv in rules.schedule) if report.kind == "vp" else ()
    scenario = content.scenario
    return VpTrack(
        kind=report.kind,
        rule=(rules.schedule_rule or rules.rule) if report.kind == "vp" else rules.rule,
        turn=min(state.turn, scenario.last_turn),
        first_turn=scenario.first_turn,
        last_turn=scenario.last_turn,
        current=report.current_vp,
        greatest=greatest[1] if greatest else None,
        greatest_turn=greatest[0] if greatest else None,
        by_turn=by_turn,
        result=report.result,
        winner=report.winner,
        final=report.final,
        levels=levels,
        reasons=report.reasons,
    )
