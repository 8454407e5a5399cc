"""A unit going along a checked route (checklist items 22, 29; 1.5a, 2.1bC): every hex it enters
has its effects (entering.py), and a US unit that moves into a Hidden Greif Team's hex stops
there while the German decides whether to redirect it (2.1bC: a Decision, its answer in
greif_play.py); the rest of its route waits in the Decision.
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.outcome import LogLine, Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes1994.entering import enter_hex
from ardennes_qt.rules.ardennes1994.greif import REDIRECT, redirect_roads, redirecting_team
from ardennes_qt.rules.ardennes1994.movement import Walk, move_refusal, mover, spend, walk
from ardennes_qt.rules.ardennes1994.phases import GERMAN
from ardennes_qt.rules.ardennes1994.situation import rules_data, with_rules
from ardennes_qt.rules.ardennes1994.state import Decision


def travel(content: Content, state: GameState, unit_id: str, done: Walk) -> tuple[GameState, list[LogLine]]:
    """Move the unit along the checked route; it stops early where a Greif Team may redirect it."""
    lines: list[LogLine] = []
    route = done.route
    for i in range(1, len(route)):
        state, entered = enter_hex(content, state, unit_id, route[i], route[i - 1])
        lines += entered
        team = redirecting_team(content, state, unit_id, route[i])
        if team and redirect_roads(content, mover(content, state, unit_id), route[i]):
            state = spend(state.placed((unit_id,), route[i]), unit_id, done.spent[i])
            decision = Decision(REDIRECT, GERMAN, {"unit": unit_id, "team": team, "hex": route[i],
                                                   "rest": tuple(route[i + 1:])}, "2.1bC")
            data = rules_data(state)
            return with_rules(state, replace(data, pending=(*data.pending, decision))), lines
    state = spend(state.placed((unit_id,), route[-1]), unit_id, done.spent[-1])
    return state, lines


def go_on(content: Content, state: GameState, unit_id: str, rest: tuple[Hex, ...]) -> tuple[GameState, list[LogLine]]:
    """The unit goes on along the rest of its route, as far as it still may (a Greif Team that
    opened in its way may bar it); it keeps the MPs it has not spent."""
    if not rest:
        return state, []
    here = state.units[unit_id].hex
    name = content.counter(unit_id).name
    if refusal := move_refusal(content, state, unit_id):
        return state, [LogLine(f"{name} stops at {content.map.hex_id(here)}: {refusal.reason}", (refusal.rule,))]
    m = mover(content, state, unit_id)
    why: Refused | None = None
    for end in range(len(rest), 0, -1):
        try:
            done = walk(m, [here, *rest[:end]])
        except Refused as exc:
            why = why or exc
            continue
        lines = [LogLine(f"{name} stops at {content.map.hex_id(rest[end - 1])}: {why.reason}", (why.rule,))] if why else []
        state, entered = travel(content, state, unit_id, done)
        return state, [*entered, *lines]
    return state, [LogLine(f"{name} stops at {content.map.hex_id(here)}: {why.reason}", (why.rule,))] if why else []
