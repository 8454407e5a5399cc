"""A rule system for the table's widget tests: counters go wherever they are dropped.

The table's own mechanics (drag, drop, snap, undo, save, redraw from the engine's
changes) are tested apart from the Ardennes II rules, which refuse most moves outside
a Movement Phase; the campaign tests go through the real rules.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from ardennes_qt.core.actions import Action, MoveUnits, SendToDeadPile
from ardennes_qt.core.content import Content
from ardennes_qt.core.numbering import HexIdError
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState, UnitState
from ardennes_qt.core.system import Choices, SystemSchema, Word
from ardennes_qt.core.tableset import TableSet

SYSTEM = "free_table"
SCHEMA = SystemSchema(
    system=SYSTEM, title="Free table", publisher="", sides=("German", "Allied"),
    value_fields=(Word("attack", "Attack"), Word("defense", "Defense"), Word("movement", "MA")),
    value_format="attack-defense-movement", statuses=(Word("dg", "DG"),), hex_terrain=(), hexside_features=(),
    road_kinds=(), markers=(), numbering="scs", dice="",
)


@dataclass(frozen=True)
class FreePlay:
    """No sequence of play: one endless phase in which anything goes."""

    turn: int
    date: str = ""
    phase: str = "free"
    name: str = "Free play"
    segment: str = ""
    acting: str = ""
    rule: str = ""
    automatic: bool = False
    pending: tuple = ()
    due_reinforcements: tuple = ()
    last_turn: int = 0
    game_over: bool = False
    numbered_turns = True

    def conditions(self) -> tuple:
        return ()


class FreeTable:
    name = SYSTEM

    def schema(self) -> SystemSchema:
        return SCHEMA

    def tables(self, house_rules) -> TableSet:
        return TableSet(SYSTEM, Path(__file__).parent / "no_tables", house_rules)

    def situation(self, content: Content, state: GameState) -> FreePlay:
        return FreePlay(state.turn)

    def legal_actions(self, content: Content, state: GameState) -> list[Action]:
        return []

    def choices(self, content: Content, state: GameState) -> list[Choices]:
        return []

    def state_part_from_json(self, data, parse_hex) -> None:
        return None

    def offers(self, kind: type) -> bool:
        return False

    def capability(self, kind: type):
        return None

    def initial_state(self, content: Content, seed: int) -> GameState:
        units = {}
        for order, p in enumerate(content.scenario.placements):
            steps = content.counter(p.counter).steps - (1 if p.step_loss else 0)
            units[p.counter] = UnitState("map", p.hex, max(steps, 1), p.dg, order)
        for arrival in content.scenario.arrivals:
            for counter_id in arrival.counters:
                units.setdefault(counter_id, UnitState("scheduled", None, content.counter(counter_id).steps))
        return GameState(scenario=content.scenario.key, seed=seed, turn=1, units=units, next_order=len(units))

    def apply(self, content: Content, state: GameState, action: Action) -> Outcome:
        unknown = [u for u in getattr(action, "units", ()) if u not in state.units]
        if unknown:
            raise Refused(f"no such unit: {', '.join(unknown)}")
        origins = frozenset(state.units[u].hex for u in action.units if state.units[u].hex is not None)
        if isinstance(action, MoveUnits):
            try:
                to = content.map.parse(action.to)
            except HexIdError as exc:
                raise Refused(str(exc)) from None
            new = state.placed(action.units, to)
            return Outcome(new, Changes(units=frozenset(action.units), hexes=origins | {to}),
                           (LogLine(f"{', '.join(action.units)} to {action.to}"),))
        if isinstance(action, SendToDeadPile):
            new = state.moved_off(action.units, "dead")
            return Outcome(new, Changes(units=frozenset(action.units), hexes=origins),
                           (LogLine(f"{', '.join(action.units)} to the dead pile"),))
        raise Refused(f"the free table does not know '{action.kind}'")


def free_table_content(content: Content) -> Content:
    """``content`` played on the free table."""
    return replace(content, scenario=replace(content.scenario, system=SYSTEM))
