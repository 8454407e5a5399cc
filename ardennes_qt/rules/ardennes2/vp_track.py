"""The German VP track of an Ardennes II game (6.0): the total at the end of every turn so
far, the total now, the greatest so far and the victory level it means, and the scale of
levels the scenario is judged on (6.0, or 7.3's own).

Scenarios won by holding VP hexes (7.4-7.6) still record the German total each turn; their
result comes from the hexes held, and they have no scale of levels.
"""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.planning import VpLevel, VpTrack
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.overlays import provisional_choices
from ardennes_qt.rules.ardennes2.situation import rules_data
from ardennes_qt.rules.ardennes2.victory import victory_rules, victory_status


def vp_track(content: Content, state: GameState) -> VpTrack:
    """The German VP track now."""
    report = victory_status(content, state)
    # M10: who controls a VP hex nobody has occupied rests on a provisional choice.
    provisional = provisional_choices(content, "vp")
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
        provisional_note="≈ control of VP hexes nobody has occupied is provisional" if provisional else "",
        provisional=provisional,
    )
