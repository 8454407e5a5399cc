"""SCS The Ardennes (1994, seed 002): the rule system, as the engine finds it through the
``ardennes_qt.systems`` entry point.  The opening position and where play stands are read
with the few modules they take; the rules of play (play.py) load with the first question.
"""

from __future__ import annotations

from typing import Mapping, TypeVar

from ardennes_qt.core import system as capabilities
from ardennes_qt.core.actions import Action, kinds_defined_in
from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import Outcome
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import Choices, SystemSchema
from ardennes_qt.core.tableset import TableSet
from ardennes_qt.rules.ardennes1994 import setup
from ardennes_qt.rules.ardennes1994.phase_info import PhaseInfo, phase_info
from ardennes_qt.rules.ardennes1994.schema import SCHEMA
from ardennes_qt.rules.ardennes1994.state import Ardennes1994Data
from ardennes_qt.rules.ardennes1994.tables import TABLE_SET

C = TypeVar("C")

kinds_defined_in("ardennes_qt.rules.ardennes1994.actions", "ardennes1994")


def _play():
    from ardennes_qt.rules.ardennes1994.play import RULES

    return RULES


def _capabilities():
    from ardennes_qt.rules.ardennes1994.questions import CAPABILITIES

    return CAPABILITIES


# What the game answers besides the actions (questions.py says who answers each).
OFFERED = (
    capabilities.Movement,
    capabilities.Odds,
    capabilities.Decisions,
    capabilities.Barrage,
    capabilities.BarrageTogether,
    capabilities.Placement,
    capabilities.Markers,
    capabilities.Victory,
    capabilities.Overlays,
    capabilities.Estimates,
    capabilities.CounterFaces,
)


class Ardennes1994:
    name = "ardennes1994"

    def schema(self) -> SystemSchema:
        return SCHEMA

    def tables(self, house_rules: Mapping[str, str]) -> TableSet:
        return TABLE_SET.with_house_rules(house_rules)

    def initial_state(self, content: Content, seed: int) -> GameState:
        return setup.initial_state(content, seed)

    def situation(self, content: Content, state: GameState) -> PhaseInfo:
        return phase_info(content, state)

    def state_part_from_json(self, data, parse_hex) -> Ardennes1994Data:
        return Ardennes1994Data.from_json(data, parse_hex)

    def apply(self, content: Content, state: GameState, action: Action) -> Outcome:
        return _play().apply(content, state, action)

    def legal_actions(self, content: Content, state: GameState) -> list[Action]:
        return _play().legal_actions(content, state)

    def choices(self, content: Content, state: GameState) -> list[Choices]:
        return _play().choices(content, state)

    def offers(self, kind: type) -> bool:
        return kind in OFFERED

    def capability(self, kind: type[C]) -> C | None:
        return _capabilities().get(kind) if kind in OFFERED else None
