"""Activation (3) in the Operations Phase (2.1 phase 5, 2.2): the sides alternate activation
sequences, the side with the initiative first; each sequence is a formation activation (3.2), a
general activation (3.3: US 4 units, German 3, 9.2-9.3) or a pass.  Each unit activates once a
turn, a second time Fatigued (3.5).  The phase ends when both pass in succession or neither has
a unit left to activate; a side left alone goes on, rolling 2d6 after each of its extra
sequences from the second: 11-12 ends the turn.

Readings: a side "has activated all of its units" (2.2) when every unit it has on the map or
due this turn bears an Activated marker (second activations aside); a side left alone that
passes ends the phase (its enemy can do nothing more)."""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import LogLine, Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.vv1944.forces import army_of, base_ap, corps_of, enemy, hq_of, is_hq, movement_class, on_map
from ardennes_qt.rules.vv1944.schema import ACTIVATED, FATIGUED, ISOLATED, OUT_OF_COMMAND, UNSUPPLIED
from ardennes_qt.rules.vv1944.phases import ADMIN, special
from ardennes_qt.rules.vv1944.state import Activation, data, with_data
from ardennes_qt.rules.vv1944.tables import doctrine


# --- who may be activated -----------------------------------------------------------------------


def arrival_of(content: Content, uid: str) -> tuple[object, dict] | None:
    """The unit's OOA entry and its extras (hexes, in trucks), or None for a set-up unit."""
    extras = content.scenario.extras.get("arrival", [])
    for i, arrival in enumerate(content.scenario.arrivals):
        if uid in arrival.counters:
            return arrival, (extras[i] if i < len(extras) else {})
    return None


def due_units(content: Content, state: GameState, side: str) -> list[str]:
    """16.1: the side's reinforcements due by this turn and not on the map yet."""
    out = []
    for arrival in content.scenario.arrivals:
        if arrival.side == side and arrival.turn <= state.turn:
            out += [u for u in arrival.counters if state.units[u].where == "scheduled" and u not in data(state).to_place]
    return out


def arrived_this_turn(content: Content, state: GameState, uid: str) -> bool:
    found = arrival_of(content, uid)
    return found is not None and found[0].turn == state.turn


def can_activate(state: GameState, uid: str) -> bool:
    """3.1: once a turn; 3.5: again, Fatigued, unless already Fatigued."""
    u = state.units[uid]
    return not u.has(ACTIVATED) or not u.has(FATIGUED)


def units_of(content: Content, state: GameState, side: str) -> list[str]:
    return on_map(content, state, side) + due_units(content, state, side)


def left_to_activate(content: Content, state: GameState, side: str) -> bool:
    return any(not state.units[u].has(ACTIVATED) for u in units_of(content, state, side))


def formation_units(content: Content, state: GameState, corps: str, reactivate: bool) -> list[str]:
    """3.2: the formation's in-command units (reinforcements due count as in command, 16.1)."""
    out = []
    for uid in units_of(content, state, content.formations[corps].side):
        if is_hq(content, uid) or corps_of(content, uid) != corps or state.units[uid].has(OUT_OF_COMMAND):
            continue
        u = state.units[uid]
        if not u.has(ACTIVATED) or (reactivate and not u.has(FATIGUED)):
            out.append(uid)
    return out


def formations_to_activate(content: Content, state: GameState, side: str) -> list[tuple[str, bool]]:
    """(corps, reactivate) for each formation activation open now: its HQ on the map or due (3.2),
    not yet activated, or activated and not Fatigued (a reactivation fatigues it)."""
    d = data(state)
    opening = opening_under_way(content, state)
    out = []
    for code, f in sorted(content.formations.items()):
        if f.side != side or f.level != "corps" or f.independent:
            continue
        hq = hq_of(content, code)
        if hq not in state.units or state.units[hq].where not in ("map",) and hq not in due_units(content, state, side):
            continue
        if opening and army_of(content, hq) in d.opening:
            continue
        u = state.units[hq]
        if not u.has(ACTIVATED):
            out.append((code, False))
        elif not u.has(FATIGUED) and not opening:
            out.append((code, True))
    return out


def opening_under_way(content: Content, state: GameState) -> bool:
    """17.1: on Turn 1 the German activates three formations, one from each army, before the US."""
    d = data(state)
    n = int(special(content).get("first_turn_german_formation_activations", 0))
    return state.turn == 1 and d.acting == "German" and n > 0 and "-" not in d.opening and len(d.opening) < n


def general_size(side: str) -> int:
    return int(doctrine(side)["general_activation"])


# --- action points ------------------------------------------------------------------------------


def action_points(content: Content, state: GameState, uid: str, c3i_failed: bool = False) -> int:
    """AP by type (1.1) and status (1.4, cumulative): Isolated armor/mech/HQ 2, Unsupplied 1,
    a failed C3I check 1 (9.4), Fatigued -1 (3.5.1); in trucks 3 on the arrival turn (16.1)."""
    u = state.units[uid]
    ap = base_ap(content, uid)
    found = arrival_of(content, uid)
    if found is not None and found[0].turn == state.turn and found[1].get("in_trucks"):
        ap = 3
    if u.has(ISOLATED) and (is_hq(content, uid) or movement_class(content, uid) == "mechanized"):
        ap = min(ap, 2)
    if u.has(UNSUPPLIED) or c3i_failed:
        ap = 1
    if u.has(FATIGUED):
        ap -= 1
    return max(0, ap)


def _activate(content: Content, state: GameState, uid: str, log: list[LogLine], c3i: bool) -> tuple[GameState, int]:
    """One unit activated: Fatigued if it was already (3.5), its C3I check if asked (9.4), its AP."""
    u = state.units[uid]
    if u.has(ACTIVATED):
        u = u.with_status(FATIGUED)
        log.append(LogLine(f"{content.counter(uid).name} activated again: Fatigued (-1 AP, strength halved)", ("3.5",)))
    state = state.with_units({uid: u.with_status(ACTIVATED)})
    failed = False
    if c3i:
        quality = int(content.counter(uid).value("quality") or 4)
        state, roll = state.rolled()
        failed = roll >= quality
        log.append(LogLine(f"{content.counter(uid).name}: C3I check {roll} against quality {quality}: "
                           f"{'failed, 1 AP' if failed else 'passed'}", ("9.4",)))
    d = data(state)
    state = with_data(state, activations={**d.activations, uid: d.activations.get(uid, 0) + 1})
    return state, action_points(content, state, uid, failed)


def needs_c3i(content: Content, state: GameState, uid: str) -> bool:
    """3.3, 9.4: out of command, or its HQ destroyed; not a reinforcement on its turn (16.1)."""
    if is_hq(content, uid) or arrived_this_turn(content, state, uid):
        return False
    corps = corps_of(content, uid)
    hq = hq_of(content, corps) if corps else ""
    return state.units[uid].has(OUT_OF_COMMAND) or bool(hq) and state.units[hq].where == "dead"


def activate_formation(content: Content, state: GameState, corps: str, reactivate: bool) -> tuple[GameState, list[LogLine]]:
    side = data(state).acting
    if (corps, reactivate) not in formations_to_activate(content, state, side):
        raise Refused(f"the formation {corps} cannot be activated now", "3.2")
    hq = hq_of(content, corps)
    log = [LogLine(f"{side}: formation activation of {content.formations[corps].name}", ("3.2",))]
    ap = {}
    for uid in [hq] + formation_units(content, state, corps, reactivate):
        state, ap[uid] = _activate(content, state, uid, log, False)
    opening = data(state).opening
    if opening_under_way(content, state):
        opening = opening + (army_of(content, hq),)
    state = with_data(state, activation=Activation("formation", corps, tuple(ap), ap), opening=opening)
    return state, log


def general_candidates(content: Content, state: GameState) -> list[str]:
    d = data(state)
    if opening_under_way(content, state):
        return []
    taken = d.activation.units if d.activation else ()
    return [u for u in units_of(content, state, d.acting) if u not in taken and can_activate(state, u)]


def activate_general(content: Content, state: GameState, uid: str, first: bool) -> tuple[GameState, list[LogLine]]:
    d = data(state)
    if uid not in general_candidates(content, state):
        raise Refused(f"{uid} cannot join a general activation now", "3.3")
    log = [LogLine(f"{d.acting}: general activation", ("3.3",))] if first else []
    if not first and (d.activation is None or d.activation.kind != "general"
                      or len(d.activation.units) >= general_size(d.acting)):
        raise Refused(f"a general activation takes at most {general_size(d.acting)} units", "3.3, 9")
    state, ap = _activate(content, state, uid, log, needs_c3i(content, state, uid))
    log.append(LogLine(f"{content.counter(uid).name} activated: {ap} AP", ("3.4.1",)))
    act = d.activation if not first else Activation("general")
    act = replace(act, units=act.units + (uid,), ap={**act.ap, uid: ap})
    return with_data(state, activation=act), log


# --- the end of a sequence ----------------------------------------------------------------------


def end_sequence(content: Content, state: GameState, passed: bool) -> tuple[GameState, list[LogLine]]:
    """2.2: who has the next sequence, or the end of the Operations Phase."""
    d = data(state)
    side = d.acting
    other = enemy(side)
    log: list[LogLine] = []
    opening = d.opening + (("-",) if passed and opening_under_way(content, state) else ())
    passes = d.passes + 1 if passed else 0
    state = with_data(state, activation=None, passes=passes, opening=opening)
    if opening_under_way(content, state) and formations_to_activate(content, state, side):
        return state, [LogLine("17.1: the German activates another formation before the US moves", ("17.1",))]
    mine, theirs = left_to_activate(content, state, side), left_to_activate(content, state, other)
    if passes >= 2:
        return _ended(state, log, "both sides passed in succession")
    alone = d.alone
    if not theirs:
        if passed:
            return _ended(state, log, f"the {side} side passed with nothing left to the {other}")
        alone += 1
        if alone >= 2:
            state, a = state.rolled()
            state, b = state.rolled()
            log.append(LogLine(f"{side} alone: 2d6 rolled {a + b}" + (": the turn ends" if a + b >= 11 else ""), ("2.2",)))
            if a + b >= 11:
                return _ended(state, log, "the 2d6 roll")
        if not mine:
            return _ended(state, log, "no units left to activate")
        return with_data(state, alone=alone, acting=side, passes=0), log
    return with_data(state, acting=other, alone=0), log


def _ended(state: GameState, log: list[LogLine], why: str) -> tuple[GameState, list[LogLine]]:
    log.append(LogLine(f"The Operations Phase ends: {why}", ("2.2",)))
    return replace(with_data(state, activation=None, acting=""), phase=ADMIN), log
