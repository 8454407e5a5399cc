"""What every rule system offers the engine: state in, legal actions and outcomes out."""

from __future__ import annotations

from typing import Protocol

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
