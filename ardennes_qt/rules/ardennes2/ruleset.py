"""SCS Ardennes II (seeds 000, 003): the rule system's entry point for the engine."""

from __future__ import annotations

from ardennes_qt.core.actions import Action, MoveUnits, SendToDeadPile
from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState, UnitState
from ardennes_qt.core.numbering import HexIdError


class Ardennes2:
    system = "ardennes2"

    def initial_state(self, content: Content, seed: int) -> GameState:
        """Every set-up unit in its hex (7.x), every arrival scheduled (2.2 OOA)."""
        scenario = content.scenario
        units: dict[str, UnitState] = {}
        order = 0
        for placement in scenario.placements:
            counter = content.counter(placement.counter)
            steps = counter.steps - 1 if placement.step_loss and counter.steps > 1 else counter.steps
            units[placement.counter] = UnitState("map", placement.hex, steps, placement.dg, order)
            order += 1
        for arrival in scenario.arrivals:
            if arrival.remove:
                continue
            for counter_id in arrival.counters:
                if counter_id not in units:
                    units[counter_id] = UnitState("scheduled", None, content.counter(counter_id).steps)
        for counter_id in scenario.dead:
            units[counter_id] = UnitState("dead", None, 0)
        return GameState(
            scenario=scenario.key,
            seed=seed,
            turn=scenario.first_turn,
            units=units,
            next_order=order,
            control=dict(scenario.initial_control),
        )

    def apply(self, content: Content, state: GameState, action: Action) -> Outcome:
        if isinstance(action, MoveUnits):
            return move_units(content, state, action)
        if isinstance(action, SendToDeadPile):
            return send_to_dead_pile(content, state, action)
        raise Refused(f"the Ardennes II rules do not know the action '{action.kind}'")


def _check_units(state: GameState, unit_ids) -> None:
    if not unit_ids:
        raise Refused("no units given")
    unknown = [u for u in unit_ids if u not in state.units]
    if unknown:
        raise Refused(f"no such unit: {', '.join(unknown)}")
    gone = [u for u in unit_ids if state.units[u].where == "removed"]
    if gone:
        raise Refused(f"removed from play for good: {', '.join(gone)}", "2.2 Removal")


def move_units(content: Content, state: GameState, action: MoveUnits) -> Outcome:
    """Move counters to a hex.  Free movement: the table without rules assistance."""
    _check_units(state, action.units)
    try:
        destination = content.map.parse(action.to)
    except HexIdError as exc:
        raise Refused(str(exc)) from None
    origins = {state.units[u].hex for u in action.units if state.units[u].hex is not None}
    new_state = state.placed(action.units, destination)
    names = ", ".join(content.counter(u).name for u in action.units)
    return Outcome(
        new_state,
        Changes(units=frozenset(action.units), hexes=frozenset(origins | {destination})),
        (LogLine(f"{names} to {content.map.hex_id(destination)}"),),
    )


def send_to_dead_pile(content: Content, state: GameState, action: SendToDeadPile) -> Outcome:
    """1.2 Rebuilding: dead units are permanently out of play (the dead pile)."""
    _check_units(state, action.units)
    origins = {state.units[u].hex for u in action.units if state.units[u].hex is not None}
    new_state = state.moved_off(action.units, "dead")
    names = ", ".join(content.counter(u).name for u in action.units)
    return Outcome(
        new_state,
        Changes(units=frozenset(action.units), hexes=frozenset(origins)),
        (LogLine(f"{names} to the dead pile"),),
    )
