"""How each rules module of The Ardennes (1994) joins the game: what actions it handles, what
families of legal actions it offers in which phases, and which Decisions its actions answer.

A module makes one ``Part`` and play.py gathers them, so the modules never need to know one
another's tables.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ardennes_qt.core.actions import Action
from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import Outcome
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import Choices
from ardennes_qt.rules.ardennes1994.state import Decision

Handler = Callable[[Content, GameState, Action], Outcome]
PhaseChoices = Callable[[Content, GameState], list[Choices]]
DecisionChoices = Callable[[Content, GameState, Decision], list[Choices]]


@dataclass
class Part:
    """One module's share of the rules of play."""

    handlers: dict[type[Action], Handler] = field(default_factory=dict)
    phase_choices: dict[str, list[PhaseChoices]] = field(default_factory=dict)  # phase id -> families
    decision_choices: dict[str, DecisionChoices] = field(default_factory=dict)  # decision kind -> its answers
    answers: dict[str, tuple[type[Action], ...]] = field(default_factory=dict)  # decision kind -> the actions answering it
    # decision kind -> the handler of its answers, where another Decision shares the answering
    # action (TakeLoss answers a barrage's losses and a combat's): the Decision waited for decides
    answer_handlers: dict[str, Handler] = field(default_factory=dict)
    anytime: tuple[type[Action], ...] = ()  # allowed in any phase, even while a Decision waits

    def offer(self, family: PhaseChoices, *phases: str) -> None:
        for phase in phases:
            self.phase_choices.setdefault(phase, []).append(family)
