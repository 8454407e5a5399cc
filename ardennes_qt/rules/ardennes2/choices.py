"""Families of legal actions: what ``legal_actions`` is made of (see ``legal``).

Kept apart so that every rules module can offer its families without importing the
sequence of play.
"""

from __future__ import annotations

from typing import Callable

from ardennes_qt.core.content import Content
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import Choices
from ardennes_qt.rules.ardennes2.a2state import Decision

__all__ = ["Choices", "DecisionChoices", "PhaseChoices"]


PhaseChoices = Callable[[Content, GameState], list[Choices]]
DecisionChoices = Callable[[Content, GameState, Decision], list[Choices]]
