"""Overruns (checklist item 37; 1.7, 1.5a, 1.9; SCS overruns, provisional: ``series.toml
[overrun]``).

A moving unit - units move one at a time (1.5a) - attacks the hex next to it during its move
in its Movement Phase, or in the Exploitation Phase once released from Reserve (1.9).  Any
hex may be overrun whatever it costs to enter: the overrun costs 2 MP or the hex's regular
off-road cost, whichever is more, ignoring EZOC costs and the stacked-road cost (1.7a); a
hex may be overrun twice in a phase (1.7b).  It is resolved on the CRT like any attack
(odds, losses, retreat), with no advance after combat: if the hex is cleared the unit may
go on moving with the MP it has left, else its move ends.

The moving unit's Movement Allowance and what it has left are movement's (``movement.allowance``,
``movement.mp_left``: MA, x1/2 DG, x1/4 Mech or x1/2 other out of supply; ``PhaseRecord.spent``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.numbering import HexIdError
from ardennes_qt.core.outcome import LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import Choices
from ardennes_qt.rules.ardennes1994.actions import Overrun
from ardennes_qt.rules.ardennes1994.battle import OVERRUN, Battle, series_rule
from ardennes_qt.rules.ardennes1994.movement import mp_left, mps
from ardennes_qt.rules.ardennes1994.odds import check_attack
from ardennes_qt.rules.ardennes1994.phases import EXPLOITATION, MOVEMENT
from ardennes_qt.rules.ardennes1994.procedure import names, outcome, proceed
from ardennes_qt.rules.ardennes1994.situation import mech, rules_data, side_of, units_of, with_rules
from ardennes_qt.rules.ardennes1994.strengths import cannot_attack, defenders_in, defending_side
from ardennes_qt.rules.ardennes1994.tables import table
from ardennes_qt.rules.ardennes1994.terrain import crossing_cost, hex_entry_cost, movement_class

LEAST_COST = 4  # half MPs: 1.7a "The Overrun MP cost is 2 MPs (standard)"
TIMES_PER_PHASE = 2  # 1.7b


class RouteStep(NamedTuple):
    """One hex of an overrun's route: its id, the MPs spent up to it, each cost of it."""

    hex: str
    mp: int | float
    reasons: tuple[tuple[int | float, str, str], ...]


def overrun_cost(content: Content, state: GameState, unit_id: str, start: Hex, target: Hex):
    """1.7a: (half MPs, reasons) - 2 MP or the regular off-road cost into the target, whichever
    is more; EZOC and stacked-road costs are left out.  The hexside crossed is part of the
    regular cost (a River +8/+3).  None: the hexside is Prohibited."""
    cls = movement_class(content, unit_id)
    entry, why = hex_entry_cost(content, target, cls)
    crossing, across = crossing_cost(content, state, start, target, cls)
    if entry is None or crossing is None:
        return None, ((0, across or why, "TEC"),)
    regular = entry + crossing
    parts = [(mps(entry), f"{why} off-road", "1.7a")]
    if crossing:
        parts.append((mps(crossing), across, "1.7a, TEC"))
    if regular < LEAST_COST:
        return LEAST_COST, ((2, "the overrun's 2 MP (more than the hex's off-road cost)", "1.7a"),)
    return regular, tuple(parts)


def unit_cannot_overrun(content: Content, state: GameState, unit_id: str) -> Refused | None:
    """Why the unit may not overrun at all now, or None."""
    side = MOVEMENT.get(state.phase) or EXPLOITATION.get(state.phase)
    name = content.counter(unit_id).name
    data = rules_data(state)
    if side is None:
        return Refused("overruns are made during a move, in a Movement or Exploitation Phase", "1.7, 1.9")
    if side_of(content, unit_id) != side or state.units[unit_id].where != "map":
        return Refused(f"{name} is not a unit of the moving side on the map", "1.2")
    if state.phase in EXPLOITATION and unit_id not in data.released:
        return Refused(f"{name} was not in Reserve: only released units move and overrun in Exploitation", "1.9")
    if unit_id in data.reserves:
        return Refused(f"{name} is in Reserve and cannot move", "1.8b")
    if unit_id in data.record.finished:
        return Refused(f"{name} has finished its move this phase", "1.5a")
    if table("series")["overrun"].get("mech_only", True) and not mech(content, unit_id):
        return Refused(f"{name} is not mechanized: only mechanized units overrun", series_rule("overrun", "1.7"))
    return None


def overrun_targets(content: Content, state: GameState, unit_id: str) -> dict[Hex, tuple[int, tuple]]:
    """Every hex next to the unit it may overrun now, with the cost and its reasons."""
    if unit_cannot_overrun(content, state, unit_id) is not None:
        return {}
    start = state.units[unit_id].hex
    side = side_of(content, unit_id)
    left = mp_left(content, state, unit_id)
    done = rules_data(state).record.overruns
    out = {}
    for target in start.neighbours():
        if defending_side(content, state, target) not in ("", side) and done.get(target, 0) < TIMES_PER_PHASE \
                and cannot_attack(content, state, unit_id, start, target) is None:
            cost, reasons = overrun_cost(content, state, unit_id, start, target)
            if cost is not None and cost <= left:
                out[target] = (cost, reasons)
    return out


def overrun_routes(content: Content, state: GameState, unit_ids) -> dict[str, list[RouteStep]]:
    """The Odds capability's routes: for one unit, each hex it may overrun now, as the step it
    stands on and the overrun into the target at the MP spent with it."""
    if len(unit_ids) != 1:
        return {}
    uid = unit_ids[0]
    spent = rules_data(state).record.spent.get(uid, 0)
    here = RouteStep(content.map.hex_id(state.units[uid].hex), mps(spent), ())
    targets = sorted(overrun_targets(content, state, uid).items(), key=lambda kv: content.map.numbering.index(kv[0]))
    return {content.map.hex_id(h): [here, RouteStep(content.map.hex_id(h), mps(spent + cost), reasons)]
            for h, (cost, reasons) in targets}


def overrun(content: Content, state: GameState, action: Overrun) -> Outcome:
    """1.7: the moving unit pays the overrun's MP and attacks the hex next to it."""
    before = state
    units = tuple(dict.fromkeys(action.units))
    if len(units) != 1:
        raise Refused("units move one at a time, so an overrun is made by one moving unit", "1.5a, 1.7")
    uid = units[0]
    if uid not in state.units:
        raise Refused(f"no such unit: {uid}")
    why = unit_cannot_overrun(content, state, uid)
    if why is not None:
        raise why
    try:
        target = content.map.parse(action.target)
    except HexIdError as exc:
        raise Refused(str(exc)) from None
    start = state.units[uid].hex
    if start.distance(target) != 1:
        raise Refused(f"{action.target} is not next to {content.counter(uid).name}", "1.7")
    side = check_attack(content, state, units, target, launch=start)
    data = rules_data(state)
    record = data.record
    if record.overruns.get(target, 0) >= TIMES_PER_PHASE:
        raise Refused(f"{action.target} has been overrun twice this phase", "1.7b")
    cost, reasons = overrun_cost(content, state, uid, start, target)
    left = mp_left(content, state, uid)
    if cost is None or cost > left:
        need = "cannot be paid" if cost is None else f"costs {mps(cost)} MP"
        raise Refused(f"the overrun {need}; {content.counter(uid).name} has {mps(left)} MP left", "1.7a")
    finished = record.finished | ({record.moving} if record.moving and record.moving != uid else set())
    spent = {**record.spent, uid: record.spent.get(uid, 0) + cost}
    overruns = {**record.overruns, target: record.overruns.get(target, 0) + 1}
    data = replace(data, moved_this_turn=data.moved_this_turn | {uid},
                   record=replace(record, moving=uid, finished=finished, spent=spent, overruns=overruns))
    state = with_rules(state, data)
    battle = Battle(OVERRUN, side, units, target, defenders_in(content, state, target), launch=start)
    costs = tuple(f"+{mp} {why} ({rule})" for mp, why, rule in reasons)
    log = [LogLine(f"{names(content, units)} overrun {action.target} ({names(content, battle.defenders)}) for "
                   f"{mps(cost)} MP", (*costs, f"overrun {overruns[target]} of {TIMES_PER_PHASE} on this hex this phase (1.7b)",
                                       series_rule("overrun", "1.7")))]
    state, log = proceed(content, state, battle, log)
    return outcome(before, state, log, target, start)


def overrun_choices(content: Content, state: GameState) -> list[Choices]:
    """1.7: each unit of the moving side that may overrun now, with the hexes it may overrun."""
    side = MOVEMENT.get(state.phase) or EXPLOITATION.get(state.phase)
    if side is None:
        return []
    enemy = {h for h in state.occupied() if defending_side(content, state, h) not in ("", side)}
    out = []
    for uid in units_of(content, state, side):
        if not any(n in enemy for n in state.units[uid].hex.neighbours()):
            continue
        targets = overrun_targets(content, state, uid)
        if targets:
            out.append(Choices(f"overrun with {content.counter(uid).name}", side,
                               lambda uid=uid, targets=targets: [Overrun((uid,), content.map.hex_id(h)) for h in targets],
                               "overrun", hex=content.map.hex_id(state.units[uid].hex), units=(uid,)))
    return out
