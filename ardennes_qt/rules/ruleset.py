"""What every rule system offers the engine: state in, legal actions and outcomes out."""

from __future__ import annotations

from typing import Any, Protocol

from ardennes_qt.core.actions import Action
from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import Outcome
from ardennes_qt.core.state import GameState


class Ruleset(Protocol):
    system: str

    def initial_state(self, content: Content, seed: int) -> GameState: ...

    def apply(self, content: Content, state: GameState, action: Action) -> Outcome:
        """The outcome of ``action``, or raise ``Refused`` with the reason and rule."""
        ...

    def phase_info(self, content: Content, state: GameState) -> Any:
        """Turn, date, phase name, acting side, pending decisions, whether the game is over."""
        ...

    def legal_actions(self, content: Content, state: GameState) -> list[Action]: ...

    def legal_moves(self, content: Content, state: GameState, unit_ids: tuple[str, ...]) -> dict[str, float]: ...

    def path(self, content: Content, state: GameState, unit_ids: tuple[str, ...], hex_id: str) -> Any: ...

    def odds(self, content: Content, state: GameState, attacker_ids: tuple[str, ...], defender_hex: str) -> Any: ...
