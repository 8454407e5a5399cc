"""Modes (checklist items 16, 26, 28; 1.10a, 2.3a): the sides of a counter that are not step
losses.

- Artillery (1.10a): in its side's Movement Phase, before it moves, an artillery unit flips to
  its move or its fire mode; it then moves with the MA of the side showing.  At no other time.
- German engineers (2.3a): an engineer that does not move at all in the regular Movement
  Phase flips between its Engineer and Bridge sides at the end of the phase; on its Bridge
  side it bridges every river hexside of its hex (terrain.german_bridges).  ``ChangeMode``
  declares the flip (and, to the side it shows now, takes the declaration back); the unit
  may not move in that phase.
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import Choices
from ardennes_qt.rules.ardennes1994.actions import ChangeMode
from ardennes_qt.rules.ardennes1994.arrivals import only_entered
from ardennes_qt.rules.ardennes1994.estimates import BRIDGE, MOVE
from ardennes_qt.rules.ardennes1994.movement import moved_this_phase
from ardennes_qt.rules.ardennes1994.phase_steps import on_end
from ardennes_qt.rules.ardennes1994.phases import MOVEMENT, phasing_side
from ardennes_qt.rules.ardennes1994.rulebook import Part
from ardennes_qt.rules.ardennes1994.situation import (
    ENGINEER_SIDE, FIRE, artillery, engineer, mode, rules_data, side_of, units_of, with_rules,
)

PART = Part()
ARTILLERY_MODES = (FIRE, MOVE)
ENGINEER_MODES = (ENGINEER_SIDE, BRIDGE)


def other_mode(content: Content, state: GameState, unit_id: str) -> str:
    modes = ARTILLERY_MODES if artillery(content, unit_id) else ENGINEER_MODES
    return modes[1] if mode(content, state, unit_id) == modes[0] else modes[0]


def mode_refusal(content: Content, state: GameState, unit_id: str, wanted: str) -> Refused | None:
    """1.10a, 2.3a: why the unit may not take ``wanted`` now, or None."""
    if unit_id not in state.units:
        return Refused(f"no such unit: {unit_id}")
    name = content.counter(unit_id).name
    if not (artillery(content, unit_id) or engineer(content, unit_id)):
        return Refused(f"{name} has no modes: only artillery (1.10a) and engineers (2.3) do")
    modes = ARTILLERY_MODES if artillery(content, unit_id) else ENGINEER_MODES
    if wanted not in modes:
        return Refused(f"{name}'s modes are {' and '.join(modes)}", "1.10a" if artillery(content, unit_id) else "2.3")
    if state.units[unit_id].where != "map":
        return Refused(f"{name} is not on the map")
    if MOVEMENT.get(state.phase) != side_of(content, unit_id):
        return Refused("modes change in the owner's Movement Phase only", "1.10a, 2.3a")
    if moved_this_phase(state, unit_id) and not (artillery(content, unit_id) and only_entered(state, unit_id)):
        return Refused(f"{name} has moved this phase", "1.10a" if artillery(content, unit_id) else "2.3a")
    if artillery(content, unit_id) and wanted == mode(content, state, unit_id):
        return Refused(f"{name} is in its {wanted} mode already", "1.10a")
    if engineer(content, unit_id):
        flipping = unit_id in rules_data(state).record.flipping
        if wanted == mode(content, state, unit_id) and not flipping:
            return Refused(f"{name} shows its {wanted} side already", "2.3a")
        if wanted != mode(content, state, unit_id) and flipping:
            return Refused(f"{name} flips to its {wanted} side at the end of the phase already", "2.3a")
    return None


def change_mode(content: Content, state: GameState, action: ChangeMode) -> Outcome:
    uid = action.unit
    if refusal := mode_refusal(content, state, uid, action.mode):
        raise refusal
    name = content.counter(uid).name
    data = rules_data(state)
    h = state.units[uid].hex
    if artillery(content, uid):
        state = with_rules(state, replace(data, modes={**data.modes, uid: action.mode}))
        line = LogLine(f"{name} flips to its {action.mode} mode", ("1.10a: in its Movement Phase, before it moves",))
    elif action.mode == mode(content, state, uid):
        state = with_rules(state, data.with_record(flipping=data.record.flipping - {uid}))
        line = LogLine(f"{name} will not flip after all", ("2.3a",))
    else:
        state = with_rules(state, data.with_record(flipping=data.record.flipping | {uid}))
        line = LogLine(f"{name} will flip to its {action.mode.capitalize()} side at the end of the phase; it does not move",
                       ("2.3a",))
    return Outcome(state, Changes(units=frozenset({uid}), hexes=frozenset({h}), markers=True), (line,))


@on_end(*MOVEMENT)
def flip_engineers(content: Content, state: GameState):
    """2.3a: "At the end of the phase, flip the unit over." """
    data = rules_data(state)
    flips = [u for u in sorted(data.record.flipping) if state.units[u].where == "map"]
    if not flips:
        return state, []
    modes = dict(data.modes)
    lines = []
    for uid in flips:
        modes[uid] = other_mode(content, state, uid)
        where = content.map.hex_id(state.units[uid].hex)
        what = "emplaces its bridge" if modes[uid] == BRIDGE else "takes up its bridge"
        lines.append(LogLine(f"{content.counter(uid).name} {what} at {where}", ("2.3a", "2.3b")))
    return with_rules(state, replace(data, modes=modes, record=replace(data.record, flipping=frozenset()))), lines


def mode_choices(content: Content, state: GameState) -> list[Choices]:
    side = phasing_side(state.phase)
    out = []
    for uid in units_of(content, state, side):
        if not (artillery(content, uid) or engineer(content, uid)):
            continue
        flipping = uid in rules_data(state).record.flipping
        wanted = mode(content, state, uid) if flipping else other_mode(content, state, uid)
        if mode_refusal(content, state, uid, wanted) is None:
            label = f"keep {content.counter(uid).name} on its {wanted} side" if flipping else \
                f"flip {content.counter(uid).name} to its {wanted} side"
            out.append(Choices(label, side, lambda uid=uid, wanted=wanted: [ChangeMode(uid, wanted)], "mode",
                               hex=content.map.hex_id(state.units[uid].hex), units=(uid,)))
    return out


PART.handlers[ChangeMode] = change_mode
PART.offer(mode_choices, *MOVEMENT)
