"""The sequence of play as a state machine (2.1; checklist items 24-29).

``EndPhase`` finishes the current phase (its end steps, then the checks made after every
phase) and begins the next ones, running the automatic phases, until a player must act
or a Decision is pending.  Each phase that begins or is passed over leaves a log line
saying why.  After the scenario's Last Turn the game is over.

An automatic phase stands as the current phase only while it waits for a Decision (or at
the very start of a game, before it has begun): once the answers are in, ``resume``
finishes it and goes on.

The steps of each phase are the tables the rules modules fill as they load (``phase_steps``).
``end_phase`` and ``resume`` are reached only through play.py, which loads every rules
module first, so the tables are full whenever they are read here.
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2 import phase_steps, special
from ardennes_qt.rules.ardennes2.a2state import PhaseRecord
from ardennes_qt.rules.ardennes2.actions import EndPhase
from ardennes_qt.rules.ardennes2.markers import enemy_full_markers
from ardennes_qt.rules.ardennes2.phases import GAME_OVER, PHASES, next_phase
from ardennes_qt.rules.ardennes2.situation import rules_data, side_of, with_rules


def end_phase(content: Content, state: GameState, action: EndPhase) -> Outcome:
    """Finish this phase and play on to the next phase where a player must act."""
    if state.phase == GAME_OVER:
        raise Refused("the game is over", "7.x Last Turn")
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
    """Begin ``phase_id`` (by default the phase after the current one, which has finished) and
    the phases after it, until one needs a player or waits for a Decision."""
    while True:
        if phase_id is None:
            if state.phase == "turn_end":
                if special.is_last_turn(content, state):
                    log.append(LogLine(f"End of Turn {state.turn}: the game is over", ("7.x Last Turn",)))
                    log.append(special.result_line(content, state))
                    return replace(state, phase=GAME_OVER)
                state = replace(state, turn=state.turn + 1)  # 2.1 Turn Marker Advance
            phase_id = next_phase(state.phase)[0]
        state = _begin(content, state, phase_id, log)
        phase_id = None
        phase = PHASES[state.phase]
        if phase.automatic:
            steps = (*phase_steps.RUN.get(phase.id, ()), *phase_steps.OPENING)
        else:
            steps = (*phase_steps.OPENING, *phase_steps.BEGIN.get(phase.id, ()))
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
    return with_rules(state, replace(rules_data(state), record=starting_record(content, state)))


def _finish(content: Content, state: GameState, log: list[LogLine]) -> GameState:
    """The phase's end steps, then the checks made after every phase (item 29)."""
    state = _steps(content, state, phase_steps.END.get(state.phase, ()), log)
    return _steps(content, state, phase_steps.AFTER_EVERY_PHASE, log)


def _steps(content: Content, state: GameState, steps, log: list[LogLine]) -> GameState:
    for step in steps:
        state, lines = step(content, state)
        log.extend(lines)
    return state


def starting_record(content: Content, state: GameState) -> PhaseRecord:
    """A new phase's record: who starts it adjacent to an enemy unit (1.2, 1.3: no Exploit or
    Overrun) and who starts it in an enemy Full barrage marker's hex (3.5: likewise)."""
    stacks = state.occupied()
    side_at = {h: side_of(content, ids[0]) for h, ids in stacks.items()}
    adjacent, barraged = set(), set()
    for h, ids in stacks.items():
        side = side_at[h]
        if any(side_at.get(n, side) != side for n in h.neighbours()):
            adjacent.update(ids)
        if enemy_full_markers(state, h, side):
            barraged.update(ids)
    return PhaseRecord(started_adjacent=frozenset(adjacent), in_enemy_barrage=frozenset(barraged))


def changes_between(before: GameState, after: GameState) -> Changes:
    """What a view must redraw: the units whose state changed, the hexes they left and entered."""
    units = frozenset(uid for uid, u in after.units.items() if before.units.get(uid) != u)
    hexes = {before.units[uid].hex for uid in units if uid in before.units} | {after.units[uid].hex for uid in units}
    markers = before.markers != after.markers
    hexes |= {h for h in set(before.markers) | set(after.markers) if before.markers.get(h) != after.markers.get(h)}
    return Changes(units=units, hexes=frozenset(h for h in hexes if h is not None), phase=True, markers=markers)
