"""Vae Victis Ardennes 1944 (seed 004): the rule system, as the engine finds it through the
``ardennes_qt.systems`` entry point.  Attacks (7) are played in part (``attack.py``: losses as
steps, no retreats), and their odds answered as the ``Odds`` capability."""

from __future__ import annotations

from typing import Mapping, TypeVar

from ardennes_qt.core import system as capabilities
from ardennes_qt.core.actions import Action, kinds_defined_in
from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import Outcome
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import Choices, SystemSchema
from ardennes_qt.core.tableset import TableSet
from ardennes_qt.rules.vv1944 import setup
from ardennes_qt.rules.vv1944.schema import schema
from ardennes_qt.rules.vv1944.situation import VvSituation, situation
from ardennes_qt.rules.vv1944.state import VvData
from ardennes_qt.rules.vv1944.tables import TABLE_SET

C = TypeVar("C")
SCHEMA = schema()

kinds_defined_in("ardennes_qt.rules.vv1944.actions", "vv1944")

OFFERED = (capabilities.Movement, capabilities.Placement, capabilities.Victory, capabilities.CounterFaces,
           capabilities.Estimates, capabilities.Odds, capabilities.Overlays)


def _play():
    from ardennes_qt.rules.vv1944.play import RULES

    return RULES


def _capabilities():
    from ardennes_qt.rules.vv1944.questions import CAPABILITIES

    return CAPABILITIES


class Vv1944:
    name = "vv1944"

    def schema(self) -> SystemSchema:
        return SCHEMA

    def tables(self, house_rules: Mapping[str, str]) -> TableSet:
        return TABLE_SET.with_house_rules(house_rules)

    def initial_state(self, content: Content, seed: int) -> GameState:
        return setup.initial_state(content, seed)

    def situation(self, content: Content, state: GameState) -> VvSituation:
        return situation(content, state)

    def state_part_from_json(self, data, parse_hex) -> VvData:
        return VvData.from_json(data, parse_hex)

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
