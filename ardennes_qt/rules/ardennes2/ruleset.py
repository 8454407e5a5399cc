"""SCS Ardennes II (seeds 000, 003): the rule system, as the engine finds it through the
``ardennes_qt.systems`` entry point.

Opening a game needs its opening position and where play stands (the phase bar of the
table's first frame): these are read with the few modules they take.  Every other
question - an action's outcome, the legal actions, the capabilities (moves, odds,
Decisions, barrages, overlays, victory...) - goes to the rules of play (play.py),
loaded the first time one is asked: after the table's first frame, or at a script's
first move.
"""

from __future__ import annotations

from typing import Mapping, TypeVar

from ardennes_qt.core import system as capabilities
from ardennes_qt.core.actions import Action, kinds_defined_in
from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.outcome import Outcome
from ardennes_qt.core.scenario import Scenario
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import Choices, SystemSchema
from ardennes_qt.core.tableset import TableSet
from ardennes_qt.rules.ardennes2 import setup
from ardennes_qt.rules.ardennes2.a2state import Ardennes2Data
from ardennes_qt.rules.ardennes2.phase_info import PhaseInfo, phase_info
from ardennes_qt.rules.ardennes2.schema import SCHEMA
from ardennes_qt.rules.ardennes2.tables import TABLE_SET

C = TypeVar("C")

# The action kinds: known when a saved game's log is read (imported then, or with the rules of play).
kinds_defined_in("ardennes_qt.rules.ardennes2.actions", "ardennes2")

# What the rules of play answer besides the actions (play.PlayRules implements each).
CAPABILITIES = (
    capabilities.Movement,
    capabilities.Odds,
    capabilities.Decisions,
    capabilities.Barrage,
    capabilities.AirSupply,
    capabilities.Bridges,
    capabilities.Placement,
    capabilities.Markers,
    capabilities.Victory,
    capabilities.Overlays,
    capabilities.Estimates,
)


def _play():
    from ardennes_qt.rules.ardennes2.play import RULES

    return RULES


def _overlays():
    from ardennes_qt.rules.ardennes2.overlays import Ardennes2Overlays

    return Ardennes2Overlays()


def _estimates():
    from ardennes_qt.rules.ardennes2.estimates import Ardennes2Estimates

    return Ardennes2Estimates()


# Capabilities answered apart from the rules of play (lighter to load).
_APART = {capabilities.Overlays: _overlays, capabilities.Estimates: _estimates}


class Ardennes2:
    name = "ardennes2"

    def schema(self) -> SystemSchema:
        return SCHEMA

    def tables(self, house_rules: Mapping[str, str]) -> TableSet:
        """The shipped tables with the house rules (TOML text by table name) in their place."""
        return TABLE_SET.with_house_rules(house_rules)

    def kept_rules(self, saved_format: int, house_rules: Mapping[str, str]) -> dict[str, str]:
        """House rules keeping a game saved in an older saved-game format on the rules it was
        played with, where a default has changed since (kept_rules.py)."""
        from ardennes_qt.rules.ardennes2.kept_rules import kept_rules

        return kept_rules(saved_format, house_rules)

    def entry_outside_play_area(self, scenario: Scenario, numbering, printed: tuple[Hex, ...]) -> tuple[Hex, ...]:
        """Where a unit whose printed entry place (``printed``) lies wholly outside the play
        area enters: the play area's edge nearest it, unless the scenario's option leaves it to
        the nearest hexes with room (then ())."""
        from ardennes_qt.rules.ardennes2.options import OUTSIDE_ARRIVALS, PLAY_AREA_EDGE, option
        from ardennes_qt.rules.ardennes2.placement import play_area_edge_nearest

        if option(scenario, OUTSIDE_ARRIVALS) != PLAY_AREA_EDGE:
            return ()
        return play_area_edge_nearest(scenario, numbering, printed)

    def initial_state(self, content: Content, seed: int) -> GameState:
        return setup.initial_state(content, seed)

    def situation(self, content: Content, state: GameState) -> PhaseInfo:
        return phase_info(content, state)

    def state_part_from_json(self, data, parse_hex) -> Ardennes2Data:
        return Ardennes2Data.from_json(data, parse_hex)

    def apply(self, content: Content, state: GameState, action: Action) -> Outcome:
        return _play().apply(content, state, action)

    def legal_actions(self, content: Content, state: GameState) -> list[Action]:
        return _play().legal_actions(content, state)

    def choices(self, content: Content, state: GameState) -> list[Choices]:
        return _play().choices(content, state)

    def offers(self, kind: type) -> bool:
        """Does the system answer this capability?  (Asked without loading the rules of play.)"""
        return kind in CAPABILITIES

    def capability(self, kind: type[C]) -> C | None:
        if kind in _APART:
            return _APART[kind]()
        return _play() if kind in CAPABILITIES else None
