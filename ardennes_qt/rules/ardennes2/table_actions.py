"""The table without rules assistance: moving counters freely and sending them to the dead
pile.  These are always allowed, in any phase and while a Decision waits; they are
recorded in the log so a game replays the same."""

from __future__ import annotations

from ardennes_qt.core.actions import MoveUnits, SendToDeadPile
from ardennes_qt.core.content import Content
from ardennes_qt.core.numbering import HexIdError
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState


def check_units(state: GameState, unit_ids) -> None:
    if not unit_ids:
        raise Refused("no units given")
    unknown = [u for u in unit_ids if u not in state.units]
    if unknown:
        raise Refused(f"no such unit: {', '.join(unknown)}")
    gone = [u for u in unit_ids if state.units[u].where == "removed"]
    if gone:
        raise Refused(f"removed from play for good: {', '.join(gone)}", "2.2 Removal")


def free_move(content: Content, state: GameState, action: MoveUnits) -> Outcome:
    """Move counters to a hex, unchecked: the physical table."""
    check_units(state, action.units)
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
        (LogLine(f"{names} to {content.map.hex_id(destination)}", ("moved by hand, unchecked",)),),
    )


def send_to_dead_pile(content: Content, state: GameState, action: SendToDeadPile) -> Outcome:
    """1.2 Rebuilding: dead units are permanently out of play (the dead pile)."""
    check_units(state, action.units)
    origins = {state.units[u].hex for u in action.units if state.units[u].hex is not None}
    new_state = state.moved_off(action.units, "dead")
    names = ", ".join(content.counter(u).name for u in action.units)
    return Outcome(
        new_state,
        Changes(units=frozenset(action.units), hexes=frozenset(origins)),
        (LogLine(f"{names} to the dead pile"),),
    )
