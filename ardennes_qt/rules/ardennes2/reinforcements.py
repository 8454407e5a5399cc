"""Reinforcement Placement (2.2; Orders of Arrival; checklist items 23, 83, 88-92).

Both sides' reinforcements are placed in the Pre-Turn Reinforcement Placement phase.
When the phase begins, the turn's OOA entries are processed: "Remove" entries take their
units out of play even if dead (2.2), conditional arrivals roll one die (653 JgTg Bn,
301 Fkl Bn: 5 or more), and the rest become due.  The owners then place their due units
with ``PlaceReinforcements``; what the rules do with units left unplaced, and where a
unit may go, is written in ``tables/reinforcements.toml`` (SCS 15.0 is not provided).
The XVIII Abn Corps (5.1) arrives in the US Movement Phase instead: see ``abn_corps``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Direction, Hex
from ardennes_qt.core.numbering import HexIdError
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.scenario import Arrival
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2 import abn_corps
from ardennes_qt.rules.ardennes2.options import OUTSIDE_ARRIVALS, PLAY_AREA_EDGE, option
from ardennes_qt.rules.ardennes2.placement import (
    STACKING_LIMIT,
    first_with_room,
    in_play_area,
    nearest_first,
    play_area_edge_nearest,
    reinforcement_table,
    stacks_with,
)
from ardennes_qt.rules.ardennes2.situation import rules_data, with_rules

if TYPE_CHECKING:
    from ardennes_qt.rules.ardennes2.actions import PlaceReinforcements

PHASE = "reinforcements"


def _name(content: Content, unit_id: str) -> str:
    c = content.counter(unit_id)
    return f"{c.name} ({content.formation_of(unit_id).name})"


# --- the OOA entries of the turn ---------------------------------------------------------


def arrival_of(content: Content, unit_id: str) -> tuple[int, Arrival]:
    """The OOA entry a unit arrives by, with its index in the scenario's list."""
    for i, arrival in enumerate(content.scenario.arrivals):
        if not arrival.remove and unit_id in arrival.counters:
            return i, arrival
    raise KeyError(f"{unit_id} arrives by no Order of Arrival entry")


def process_arrivals(content: Content, state: GameState, phase_id: str) -> tuple[GameState, list[LogLine]]:
    """The OOA entries of this turn that take effect in ``phase_id``: the Pre-Turn
    Reinforcement Placement for all but the XVIII Abn Corps (5.1: US Movement Phase)."""
    log: list[LogLine] = []
    data = rules_data(state)
    for i, arrival in enumerate(content.scenario.arrivals):
        if i in data.arrived or arrival.turn != state.turn:
            continue
        if (phase_id == abn_corps.arrival_phase()) != abn_corps.is_abn_corps(content, arrival):
            continue
        data = replace(data, arrived=data.arrived | {i})
        state = with_rules(state, data)
        if arrival.remove:
            state, line = remove_from_play(content, state, arrival)
        elif arrival.roll:
            state, line = conditional_arrival(content, state, arrival)
        else:
            line = LogLine(f"Due: {', '.join(_name(content, u) for u in arrival.counters)}", (_where_text(content, arrival),))
        data = rules_data(state)
        log.append(line)
    return state, log


def remove_from_play(content: Content, state: GameState, arrival: Arrival) -> tuple[GameState, LogLine]:
    """2.2 Removal: the units leave play for good, whatever their situation, even if dead.
    A whole-formation removal (7.4 Turn 4: 1 SS Pz Div, all) touches only its units in the game."""
    in_game = [u for u in arrival.counters if u in state.units]
    state = state.moved_off(in_game, "removed")
    names = ", ".join(_name(content, u) for u in in_game)
    return state, LogLine(f"Removed from play: {names}", ("2.2 Removal: regardless of situation, even if dead",))


def conditional_arrival(content: Content, state: GameState, arrival: Arrival) -> tuple[GameState, LogLine]:
    """OOA: "Roll one die, it arrives on a 5 or more.  Otherwise, it does not." (checklist 88)"""
    state, roll = state.rolled()
    names = ", ".join(_name(content, u) for u in arrival.counters)
    reason = f"rolled {roll}, needs {arrival.roll} or more (Order of Arrival)"
    if roll >= arrival.roll:
        return state, LogLine(f"Due: {names}", (reason,))
    return state.moved_off(arrival.counters, "removed"), LogLine(f"Does not arrive: {names}", (reason,))


def airborne_arrival(content: Content, state: GameState) -> tuple[GameState, list[LogLine]]:
    """5.1: at the start of the US Movement Phase of Turn 3 the 82nd and 101st Abn arrive;
    the US player places them before doing anything else in the phase."""
    state, log = process_arrivals(content, state, abn_corps.arrival_phase())
    units = [u for u in due_units(content, state) if abn_corps.is_abn_corps(content, arrival_of(content, u)[1])]
    if units:
        state = abn_corps.open_decision(state, units)
        log.append(LogLine("The XVIII Abn Corps arrives: place its units", (f"{abn_corps.rule()}: within 3 of one group each Division",)))
    return state, log


# --- who is due, and where they may go ------------------------------------------------------


def due_units(content: Content, state: GameState) -> list[str]:
    """Units of processed OOA entries still waiting to be placed, in printed order."""
    data = rules_data(state)
    out = []
    for i in sorted(data.arrived):
        arrival = content.scenario.arrivals[i]
        if not arrival.remove:
            out += [u for u in arrival.counters if state.units[u].where == "scheduled"]
    return out


EDGE_DIRECTIONS = {
    "north": (Direction.N,),
    "south": (Direction.S,),
    "east": (Direction.NE, Direction.SE),
    "west": (Direction.NW, Direction.SW),
}


def edge_hexes(content: Content, edge: str) -> list[Hex]:
    """ "Map A south edge" (7.5): the play area's hexes on that sheet along that edge."""
    sheet, _, side = edge.partition(":")
    return [
        h
        for h in content.map.all_hexes()
        if content.map.numbering.sheet_column_row(h)[0] == sheet
        and in_play_area(content, h)
        and any(not in_play_area(content, h.neighbour(d)) for d in EDGE_DIRECTIONS[side])
    ]


def printed_hexes(content: Content, arrival: Arrival) -> list[Hex]:
    """Where the unit enters: its entry place as printed, or where the scenario's play area
    takes a place printed wholly outside it (``entered_instead``)."""
    printed = printed_place(content, arrival)
    return list(entered_instead(content, printed)) or printed


def entered_instead(content: Content, printed: list[Hex]) -> tuple[Hex, ...]:
    """A printed entry place wholly outside the play area (7.2: Map A entries): the play area's
    edge nearest it (tables/options.toml outside_arrivals); () for a place in play, or when the
    option leaves such units to the nearest hexes with room (tables/reinforcements.toml)."""
    if not printed or any(in_play_area(content, h) for h in printed):
        return ()
    if option(content.scenario, OUTSIDE_ARRIVALS) != PLAY_AREA_EDGE:
        return ()
    return play_area_edge_nearest(content.scenario, content.map.numbering, printed)


def printed_place(content: Content, arrival: Arrival) -> list[Hex]:
    """The entry place as printed: Entry Area letters ("N or O"), hexes ("B9.28 or B9.29")
    with their "w/i 1", or a map edge."""
    if arrival.areas:
        areas = [content.map.entry_areas[a] for a in arrival.areas if a in content.map.entry_areas]
        return sorted({h for area in areas for h in area.hexes}, key=content.map.numbering.index)
    if arrival.hexes:
        return list(nearest_first(arrival.hexes, arrival.within))
    if arrival.edge:
        return edge_hexes(content, arrival.edge)
    return []


def placement_hexes(content: Content, state: GameState, unit_id: str) -> list[Hex]:
    """Every hex where a due unit may be placed now, best first (tables/reinforcements.toml)."""
    occupancy = state.occupied()
    _, arrival = arrival_of(content, unit_id)
    centres = printed_hexes(content, arrival)
    if not centres and abn_corps.is_abn_corps(content, arrival):
        return abn_corps.group_hexes(content, state, unit_id)
    return first_with_room(content, occupancy, unit_id, centres)


def stack_placement_hexes(content: Content, state: GameState, unit_ids) -> list[Hex]:
    """Every hex where the due units may be placed together now, best first: a hex each of
    them may be placed in, with room for all of them (3.1: at most 3 units)."""
    ids = tuple(unit_ids)
    if not ids:
        return []
    occupancy = state.occupied()
    common = [h for h in placement_hexes(content, state, ids[0]) if len(occupancy.get(h, ())) + len(ids) <= STACKING_LIMIT]
    for unit_id in ids[1:]:
        allowed = set(placement_hexes(content, state, unit_id))
        common = [h for h in common if h in allowed]
    return common


def placement_groups(content: Content, unit_ids) -> list[tuple[str, ...]]:
    """The due units as stacks to place together: each OOA entry's units of one Division, in
    printed order, up to 3 a stack (3.1)."""
    groups: dict[tuple[int, str], list[str]] = {}
    for unit_id in unit_ids:
        i, _ = arrival_of(content, unit_id)
        groups.setdefault((i, content.counter(unit_id).formation), []).append(unit_id)
    out = []
    for ids in groups.values():
        out += [tuple(ids[k : k + STACKING_LIMIT]) for k in range(0, len(ids), STACKING_LIMIT)]
    return [g for g in out if len(g) > 1]


def _where_text(content: Content, arrival: Arrival) -> str:
    if arrival.areas:
        return f"Entry Area {' or '.join(arrival.areas)} (2.2)"
    if arrival.hexes:
        hexes = " or ".join(content.map.hex_id(h) for h in arrival.hexes)
        return f"w/i {arrival.within} {hexes} (2.2)" if arrival.within else f"{hexes} (2.2)"
    if arrival.edge:
        sheet, _, side = arrival.edge.partition(":")
        return f"Map {sheet} {side} edge (2.2)"
    return arrival.note


# --- placing -----------------------------------------------------------------------------------


def place_reinforcements(content: Content, state: GameState, action: PlaceReinforcements) -> Outcome:
    """2.2 Reinforcement Placement (and 5.1 in the US Movement Phase of Turn 3)."""
    decision = abn_corps.pending(state)
    if state.phase != PHASE and decision is None:
        raise Refused("reinforcements are placed in the Pre-Turn Reinforcement Placement phase", "2.2")
    if not action.units or len(set(action.units)) != len(action.units):
        raise Refused("name each unit to place once")
    due = set(decision.data["units"]) if decision is not None else set(due_units(content, state))
    not_due = [u for u in action.units if u not in due or state.units[u].where != "scheduled"]
    if not_due:
        raise Refused(f"not due to be placed now: {', '.join(not_due)}", "2.2")
    try:
        h = content.map.parse(action.to)
    except HexIdError as exc:
        raise Refused(str(exc)) from None
    log = []
    for unit_id in action.units:
        if h not in placement_hexes(content, state, unit_id):
            raise Refused(f"{_name(content, unit_id)} cannot be placed in {action.to}", _rule_of(content, unit_id))
        state, line = place_one(content, state, unit_id, h)
        log.append(line)
    if decision is not None:
        state = abn_corps.record_placement(content, state, decision, action.units, h)
    return Outcome(state, Changes(units=frozenset(action.units), hexes=frozenset({h}), phase=True), tuple(log))


def _rule_of(content: Content, unit_id: str) -> str:
    _, arrival = arrival_of(content, unit_id)
    return "5.1" if abn_corps.is_abn_corps(content, arrival) else "2.2"


def place_one(content: Content, state: GameState, unit_id: str, h: Hex) -> tuple[GameState, LogLine]:
    """One unit onto the map, on its reduced side or DG if its entry says so (7.4 Turn 6)."""
    _, arrival = arrival_of(content, unit_id)
    unit = state.units[unit_id]
    steps = unit.steps - 1 if unit_id in arrival.step_loss and unit.steps > 1 else unit.steps
    state = state.with_units({unit_id: replace(unit, steps=steps, dg=unit_id in arrival.dg)}).placed((unit_id,), h)
    reasons = [_where_text(content, arrival)]
    if entered_instead(content, printed_place(content, arrival)):
        reasons.append("printed outside the play area: it enters at the play area's edge nearest its printed place "
                       "(scenario option, 7.2 reading)")
    if h not in printed_hexes(content, arrival) and printed_hexes(content, arrival):
        reasons.append("its entry place had no room: the nearest hex that has (provisional)")
    if unit_id in arrival.step_loss:
        reasons.append("arrives with a Step Loss")
    text = f"{_name(content, unit_id)} placed in {content.map.hex_id(h)}"
    if unit_id == reinforcement_table()["von_der_heydte"]["counter"]:
        return von_der_heydte_drop(content, state, unit_id, text, reasons)
    return state, LogLine(text, tuple(reasons))


def von_der_heydte_drop(content: Content, state: GameState, unit_id: str, text: str, reasons: list[str]):
    """4.1 vdH: roll one die on the vdH Success Table: 1-2 removed from play, 3-6 lands."""
    low, high = reinforcement_table()["von_der_heydte"]["lands"]
    state, roll = state.rolled()
    if low <= roll <= high:
        return state, LogLine(f"{text}: the drop succeeds", (*reasons, f"vdH Success Table: rolled {roll}, lands on {low}-{high} (4.1)"))
    state = state.moved_off((unit_id,), "removed")
    return state, LogLine(f"{text}: the drop fails, removed from play", (*reasons, f"vdH Success Table: rolled {roll}, 1-{low - 1} removes it (4.1)"))


def place_unplaced(content: Content, state: GameState) -> tuple[GameState, list[LogLine]]:
    """End of the Reinforcement Placement phase: units left unplaced go to their first legal
    hex that keeps Divisions apart (3.1), else their first legal hex, or wait for the next
    turn (tables/reinforcements.toml [placement])."""
    log = []
    auto = reinforcement_table()["placement"]["auto_place_unplaced"]
    for unit_id in due_units(content, state):
        hexes = placement_hexes(content, state, unit_id) if auto else []
        if hexes:
            occupancy = state.occupied()
            apart = [h for h in hexes if all(stacks_with(content, unit_id, o) for o in occupancy.get(h, ()))]
            state, line = place_one(content, state, unit_id, (apart or hexes)[0])
            log.append(LogLine(line.text, (*line.reasons, "not placed by its owner: placed by the program (provisional)")))
        else:
            log.append(LogLine(f"{_name(content, unit_id)} waits for the next turn", ("not placed in this phase (provisional)",)))
    return state, log
