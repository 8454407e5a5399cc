"""The sequence of play as a state machine (1.2; checklist items 19-21).

``EndPhase`` finishes the current phase (its end steps) and begins the next ones, playing
the automatic phases, until a player must act or a Decision waits.  Each phase that begins
or is passed over leaves a log line saying why.  After the scenario's Last Turn the game is
over.  An automatic phase stands as the current one only while it waits for a Decision (or
at the very start of a game): once the answers are in, ``resume`` finishes it and goes on.

The steps of each phase are the tables the rules modules fill as they load (``phase_steps``).
``end_phase`` and ``resume`` are reached only through play.py, which loads every rules
module first, so the tables are full whenever they are read here.
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes1994 import phase_steps
from ardennes_qt.rules.ardennes1994.actions import EndPhase
from ardennes_qt.rules.ardennes1994.phases import GAME_OVER, PHASES, SEQUENCE, next_phase
from ardennes_qt.rules.ardennes1994.situation import rules_data, with_rules
from ardennes_qt.rules.ardennes1994.state import PhaseRecord
from ardennes_qt.rules.ardennes1994.victory import game_over_line


def end_phase(content: Content, state: GameState, action: EndPhase) -> Outcome:
    """Finish this phase and play on to the next phase where a player must act."""
    if state.phase == GAME_OVER:
        raise Refused("the game is over", "5.x Last Turn")
    pending = rules_data(state).pending
    if pending:
        raise Refused(f"waiting for the {pending[0].side} player: {pending[0].kind.replace('_', ' ')}", pending[0].rule)
    before = state
    log: list[LogLine] = []
    if PHASES[state.phase].automatic:
        state = _play_on(content, state, log, state.phase)  # the start of a game: it has not begun
    else:
        state = _play_on(content, _finish(content, state, log), log)
    return Outcome(state, changes_between(before, state), tuple(log))


def resume(content: Content, outcome: Outcome) -> Outcome:
    """After an answer: an automatic phase whose Decisions are all answered ends, and play goes on."""
    state = outcome.state
    if state.phase == GAME_OVER or not PHASES[state.phase].automatic or rules_data(state).pending:
        return outcome
    log = list(outcome.log)
    state = _play_on(content, _finish(content, state, log), log)
    return Outcome(state, outcome.changes | changes_between(outcome.state, state), tuple(log))


def _play_on(content: Content, state: GameState, log: list[LogLine], phase_id: str | None = None) -> GameState:
    while True:
        if phase_id is None:
            phase_id, new_turn = next_phase(state.phase)
            if new_turn:
                state = _turn_end(content, state, log)
                if state.turn >= content.scenario.last_turn:
                    log.append(LogLine(f"End of Turn {state.turn}: the game is over", ("5.x Last Turn",)))
                    over = replace(state, phase=GAME_OVER)
                    log.append(game_over_line(content, over))
                    return over
                state = replace(state, turn=state.turn + 1)
        state = _begin(content, state, phase_id, log)
        phase_id = None
        phase = PHASES[state.phase]
        steps = (phase_steps.RUN if phase.automatic else phase_steps.BEGIN).get(phase.id, ())
        state = _steps(content, state, steps, log)
        if rules_data(state).pending:
            return state
        if not phase.automatic:
            skip = next((why for check in phase_steps.SKIP.get(phase.id, ()) if (why := check(content, state))), "")
            if not skip:
                return state
            log.append(LogLine(f"{phase.name} passed over", (skip,)))
        state = _finish(content, state, log)


def _begin(content: Content, state: GameState, phase_id: str, log: list[LogLine]) -> GameState:
    phase = PHASES[phase_id]
    date = content.scenario.dates.get(state.turn, "")
    when = f"Turn {state.turn}" + (f" ({date})" if date else "")
    log.append(LogLine(f"{when}, {phase.segment}: {phase.name}", (phase.rule,)))
    state = replace(state, phase=phase_id)
    return with_rules(state, replace(rules_data(state), record=PhaseRecord()))


def _finish(content: Content, state: GameState, log: list[LogLine]) -> GameState:
    return _steps(content, state, phase_steps.END.get(state.phase, ()), log)


def _turn_end(content: Content, state: GameState, log: list[LogLine]) -> GameState:
    return _steps(content, state, phase_steps.TURN_END, log)


def _steps(content: Content, state: GameState, steps, log: list[LogLine]) -> GameState:
    for step in steps:
        state, lines = step(content, state)
        log.extend(lines)
    return state


def first_phase() -> str:
    return SEQUENCE[0].id


def changes_between(before: GameState, after: GameState) -> Changes:
    """What a view must redraw: the units whose state changed, the hexes they left and entered."""
    units = frozenset(uid for uid, u in after.units.items() if before.units.get(uid) != u)
    hexes = {before.units[uid].hex for uid in units if uid in before.units} | {after.units[uid].hex for uid in units}
    markers = before.markers != after.markers or before.rules != after.rules
    return Changes(units=units, hexes=frozenset(h for h in hexes if h is not None), phase=True, markers=markers)
