"""Families of legal actions: what ``legal_actions`` is made of (see ``legal``).

Kept apart so that every rules module can offer its families without importing the
sequence of play.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ardennes_qt.core.actions import Action
from ardennes_qt.core.content import Content
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.a2state import Decision


@dataclass(frozen=True)
class Choices:
    """A family of legal actions (one stack's moves, one hex's attacks...): ``actions()`` lists
    them when asked, so a random player can pick a family first and then one action."""

    label: str
    side: str  # who chooses: "Allied", "German", or "" for either
    actions: Callable[[], list[Action]]


PhaseChoices = Callable[[Content, GameState], list[Choices]]
DecisionChoices = Callable[[Content, GameState, Decision], list[Choices]]
