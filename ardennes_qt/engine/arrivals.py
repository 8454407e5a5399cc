"""The Order of Arrival as the table shows it during a game: each turn's entries by side and
entry place, each unit with where it stands now - due to be placed this turn, still to
come, arrived, or out of play - and the conditions printed with its entry.

Plain values from the scenario and the state; the rules have already decided who is due
(``PhaseInfo.due_reinforcements``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ardennes_qt.core.content import Content
from ardennes_qt.core.scenario import Arrival
from ardennes_qt.core.state import GameState
from ardennes_qt.engine.setup_sheet_words import choice_words

DUE = "due"  # to be placed now
COMING = "coming"  # a later turn's, or not yet processed
ARRIVED = "arrived"  # on the map, or arrived and since lost
OUT = "out"  # removed from play, or a conditional arrival that failed its roll

STATUS_WORDS = {DUE: "place now", COMING: "to come", ARRIVED: "arrived", OUT: "out of play"}


@dataclass(frozen=True)
class ArrivingUnit:
    """One unit of an Order of Arrival entry and where it stands now: due, to come, arrived or out
    of play."""

    id: str
    name: str
    formation: str
    status: str
    where: str  # the unit's hex once arrived, or how it left play


@dataclass(frozen=True)
class ArrivalGroup:
    """One Order of Arrival entry as the table shows it: its turn, side, entry place, printed
    conditions and units; or a removal from play."""

    turn: int
    date: str
    side: str
    place: str  # "Entry Area N or O", "w/i 1 B17.49", "Map A south edge", "Removed from play"
    conditions: str  # "Arrives only on a die roll of 5+", "arrives reduced: ...", ""
    units: tuple[ArrivingUnit, ...]
    removal: bool = False

    @property
    def due(self) -> tuple[str, ...]:
        return tuple(u.id for u in self.units if u.status == DUE)


def place_words(content: Content, arrival: Arrival) -> str:
    if arrival.remove:
        return "Removed from play"
    if arrival.areas:
        return "Entry Area " + choice_words(arrival.areas)
    if arrival.hexes:
        hexes = " or ".join(content.map.hex_id(h) for h in arrival.hexes)
        return f"w/i {arrival.within} {hexes}" if arrival.within else hexes
    if arrival.edge:
        sheet, _, edge = arrival.edge.partition(":")
        return f"Map {sheet} {edge} edge"
    return arrival.note or "As noted"


def condition_words(content: Content, arrival: Arrival) -> str:
    parts = []
    if arrival.roll and not arrival.note:  # a printed note says it in the scenario's words
        parts.append(f"Arrives only on a die roll of {arrival.roll}+")
    if arrival.step_loss:
        parts.append("with a Step Loss: " + ", ".join(content.counter(u).name for u in arrival.step_loss))
    if arrival.dg:
        parts.append("DG: " + ", ".join(content.counter(u).name for u in arrival.dg))
    if arrival.note and (arrival.areas or arrival.hexes or arrival.edge):
        parts.append(arrival.note)
    return "; ".join(parts)


def _unit(content: Content, state: GameState, unit_id: str, due: set[str], arrival: Arrival) -> ArrivingUnit:
    counter = content.counter(unit_id)
    formation = content.formations.get(counter.formation)
    u = state.units[unit_id]
    if u.where == "removed":
        status, where = OUT, "did not arrive" if arrival.roll and not arrival.remove else "removed"
    elif arrival.remove:
        status, where = COMING, f"leaves play on Turn {arrival.turn}"
    elif unit_id in due:
        status, where = DUE, ""
    elif u.where == "scheduled":
        status, where = COMING, ""
    else:
        status = ARRIVED
        where = content.map.hex_id(u.hex) if u.where == "map" and u.hex is not None else u.where
    return ArrivingUnit(unit_id, counter.name, formation.name if formation else counter.formation, status, where)


def _placed_at_start(content: Content, state: GameState, due: set[str]) -> list[ArrivalGroup]:
    """Units due now that no Order of Arrival brings: those a scenario places at the start."""
    scheduled = {u for a in content.scenario.arrivals for u in a.counters}
    groups = []
    for side in dict.fromkeys(content.counter(u).side for u in sorted(due - scheduled)):
        units = tuple(ArrivingUnit(u, content.counter(u).name, _formation_name(content, u), DUE, "")
                      for u in sorted(due - scheduled) if content.counter(u).side == side)
        groups.append(ArrivalGroup(state.turn, content.scenario.dates.get(state.turn, ""), side,
                                   "Set up at the start", "as the scenario's set-up says", units))
    return groups


def _formation_name(content: Content, unit_id: str) -> str:
    formation = content.formations.get(content.counter(unit_id).formation)
    return formation.name if formation else content.counter(unit_id).formation


def arrival_schedule(content: Content, state: GameState, due_units) -> list[ArrivalGroup]:
    """Every Order of Arrival entry in turn order (a turn's entries as printed); ``due_units``
    are those the rules say are to be placed now."""
    due = set(due_units)
    groups = _placed_at_start(content, state, due)
    for arrival in sorted(content.scenario.arrivals, key=lambda a: a.turn):
        units = tuple(_unit(content, state, u, due, arrival) for u in arrival.counters if u in state.units)
        if not units:
            continue
        groups.append(ArrivalGroup(arrival.turn, content.scenario.dates.get(arrival.turn, ""), arrival.side,
                                   place_words(content, arrival), condition_words(content, arrival), units,
                                   arrival.remove))
    return groups
