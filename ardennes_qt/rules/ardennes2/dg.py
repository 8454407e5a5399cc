"""Disorganized (DG) units (3.4; checklist items 29, 42, 74-76, 78-79): what makes them DG
at the end of a phase, and when they recover in the Pre-Turn.

Each cause is one function.  ``phase_end_checks`` runs the ones that belong to the end of
a phase; the sequence of play calls it after every phase, and ``dg_recovery`` in the
Pre-Turn's Barrage & DG Marker Removal phase.  DG caused by moving into a Traffic Jam,
Bug Out, retreat or barraging out of supply happen at those moments, in the rules that
do them; ``movecontext.active_traffic_jam`` and ``supply.in_trace_supply`` answer for them.
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.outcome import LogLine
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.movecontext import active_traffic_jam
from ardennes_qt.rules.ardennes2.options import FIRST_TURN, SETUP_DG, option
from ardennes_qt.rules.ardennes2.phases import ALLIED, GERMAN, next_phase
from ardennes_qt.rules.ardennes2.stacking import (
    STACKING_LIMIT,
    di_violators,
    overstacked,
    split_by_side,
    stacks_by_side,
)
from ardennes_qt.rules.ardennes2.supply import supplied_hexes, supply_net, trace_from

SUPPLY_PHASES = {"ge_supply": GERMAN, "us_supply": ALLIED}  # 3.7: each side's own Supply Phase

Result = tuple[GameState, tuple[LogLine, ...]]


def made_dg(content: Content, state: GameState, unit_ids, why: str, rule: str) -> Result:
    """The units DG (3.4), with one log line naming those that were not DG already."""
    fresh = [uid for uid in unit_ids if not state.units[uid].dg]
    if not fresh:
        return state, ()
    state = state.with_units({uid: replace(state.units[uid], dg=True) for uid in fresh})
    names = ", ".join(content.counter(uid).name for uid in fresh)
    return state, (LogLine(f"{names}: DG", (f"{why} ({rule})",)),)


# --- causes at the end of a phase -------------------------------------------------------


def overstacking_dg(content: Content, state: GameState) -> Result:
    """3.1, 3.4: units ending any Phase overstacked are DG."""
    log: tuple[LogLine, ...] = ()
    for h, ids in sorted(state.occupied().items()):
        for side, stack in split_by_side(content, ids).items():
            if overstacked(stack):
                why = f"{len(stack)} units in {content.map.hex_id(h)}, more than {STACKING_LIMIT}, at the end of the phase"
                state, lines = made_dg(content, state, stack, why, "3.1 Stacking, 3.4")
                log += lines
    return state, log


def divisional_integrity_dg(content: Content, state: GameState) -> Result:
    """3.1, 3.4: units of more than one Division stacked together at the end of a phase are DG
    (Independents and Reinforcements in their Entry Areas excepted)."""
    log: tuple[LogLine, ...] = ()
    for h, ids in sorted(state.occupied().items()):
        for side, stack in split_by_side(content, ids).items():
            violators = di_violators(content, state, stack)
            if violators:
                why = f"units of different Divisions in {content.map.hex_id(h)} at the end of the phase"
                state, lines = made_dg(content, state, violators, why, "3.1 Divisional Integrity, 3.4")
                log += lines
    return state, log


def traffic_jam_dg(content: Content, state: GameState, turn: int) -> Result:
    """3.1: units starting a phase of Turn ``turn`` in an active Traffic Jam hex are DG."""
    that_turn = state if turn == state.turn else replace(state, turn=turn)
    log: tuple[LogLine, ...] = ()
    for h, ids in sorted(state.occupied().items()):
        for side, stack in split_by_side(content, ids).items():
            if active_traffic_jam(content, that_turn, h, side):
                why = f"in the Traffic Jam hex {content.map.hex_id(h)} at the start of a phase of Turn {turn}"
                state, lines = made_dg(content, state, stack, why, "3.1 Traffic Jams, 3.4")
                log += lines
    return state, log


def supply_phase(content: Content, state: GameState, side: str) -> Result:
    """3.4, 3.7: the side's units ending its own Supply Phase out of supply are DG."""
    s = supply_net(content, state, side)
    log: tuple[LogLine, ...] = ()
    for h, ids in sorted(state.occupied().items()):
        stack = split_by_side(content, ids).get(side, [])
        if not stack:
            continue
        trace = trace_from(content, s, h)
        if not trace.supplied:
            why, rule = trace.reasons[0]
            state, lines = made_dg(content, state, stack, f"out of supply at {content.map.hex_id(h)}: {why}", f"{rule}, 3.4")
            log += lines
    return state, log


def phase_end_checks(content: Content, state: GameState, phase_id: str) -> Result:
    """Everything that makes units DG when phase ``phase_id`` ends (checklist item 29):
    overstacking and Divisional Integrity after every phase (3.1), out of supply after the
    owner's Supply Phase (3.4, 3.7), and the Traffic Jams units start the next phase in (3.1).
    """
    state, log = overstacking_dg(content, state)
    state, more = divisional_integrity_dg(content, state)
    log += more
    if phase_id in SUPPLY_PHASES:
        state, more = supply_phase(content, state, SUPPLY_PHASES[phase_id])
        log += more
    _, new_turn = next_phase(phase_id)
    state, more = traffic_jam_dg(content, state, state.turn + 1 if new_turn else state.turn)
    return state, log + more


# --- recovery in the Pre-Turn -----------------------------------------------------------


def setup_dg_stands(content: Content, state: GameState) -> bool:
    """7.1's set-up DG markers are the first turn's (scenario option ``setup_dg``, default
    ``first_turn``; checklist items 75, 86): in the scenario's first Pre-Turn there is no DG
    Recovery, else 3.4 would clear them before any unit acts."""
    return state.turn == content.scenario.first_turn and option(content.scenario, SETUP_DG) == FIRST_TURN


def recovery_blockers(
    content: Content, state: GameState, unit_id: str, supplied: set[Hex]
) -> list[tuple[str, str]]:
    """3.4 DG Recovery: why a DG unit keeps its DG now, as (reason, rule); empty if it recovers.

    ``supplied`` is the unit's side's ``supply.supplied_hexes`` (Air Supply included, 3.7).
    """
    u = state.units[unit_id]
    side = content.counter(unit_id).side
    stack = stacks_by_side(content, state, u.hex).get(side, [])
    out = []
    if u.hex not in supplied:
        out.append(("out of supply", "3.4, 3.7"))
    if active_traffic_jam(content, state, u.hex, side):
        out.append(("in an active Traffic Jam hex", "3.4, 3.1"))
    if overstacked(stack):
        out.append((f"overstacked ({len(stack)} units)", "3.4, 3.1"))
    if unit_id in di_violators(content, state, stack):
        out.append(("violating Divisional Integrity", "3.4, 3.1"))
    return out


def dg_recovery(content: Content, state: GameState) -> tuple[GameState, tuple[LogLine, ...], tuple[str, ...]]:
    """3.4 DG Recovery, both sides: remove DG where nothing holds it.

    Returns the new state, the log and the DG artillery held only by supply: 3.7 Air Supply
    for Artillery lets its owner leave it DG or roll for it (``ArtilleryAirSupply``).
    In the scenario's first Pre-Turn the set-up's DG markers stand (``setup_dg_stands``).
    """
    if setup_dg_stands(content, state):
        if not any(u.where == "map" and u.dg for u in state.units.values()):
            return state, (), ()
        line = LogLine("The DG markers of the set-up stand through this first turn: no DG Recovery now",
                       ("the scenario's set-up places them for this turn (7.1; 3.4 Recovery from the next Pre-Turn; scenario option)",))
        return state, (line,), ()
    supplied = {side: supplied_hexes(content, state, side) for side in (ALLIED, GERMAN)}
    recovered, log, artillery = {}, [], []
    for uid, u in sorted(state.units.items()):
        if u.where != "map" or not u.dg:
            continue
        blockers = recovery_blockers(content, state, uid, supplied[content.counter(uid).side])
        name = content.counter(uid).name
        if not blockers:
            recovered[uid] = replace(u, dg=False)
        elif content.counter(uid).is_artillery and [r for r, _ in blockers] == ["out of supply"]:
            artillery.append(uid)
            log.append(LogLine(f"{name} stays DG: out of supply; its owner may roll for it", ("3.7 Air Supply for Artillery",)))
        else:
            log.append(LogLine(f"{name} stays DG", tuple(f"{r} ({rule})" for r, rule in blockers)))
    if recovered:
        names = ", ".join(content.counter(uid).name for uid in sorted(recovered))
        log.insert(0, LogLine(f"DG removed: {names}", ("in supply, not overstacked, not violating Divisional Integrity, not in an active Traffic Jam (3.4)",)))
        state = state.with_units(recovered)
    return state, tuple(log), tuple(artillery)
