"""A random player: picks legal actions at random, for fuzzing, benchmarks and demos.

It asks the rules for the families of legal actions (``choices``), picks a family, then
one of its actions; it answers every Decision the game waits for, and ends a phase after
a while so that games move on.  Randomness comes from the caller's ``random.Random``; the
game's own dice stay in the state.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ardennes_qt.core.actions import Action
from ardennes_qt.core.outcome import Outcome, Refused
from ardennes_qt.engine.session import Session


class IllegalLegalAction(AssertionError):
    """The rules listed an action as legal, then refused it."""


@dataclass
class RandomPlayer:
    """A player that picks legal actions at random and ends each phase after a while, so that games
    move on."""

    rng: random.Random
    actions_per_phase: int = 12  # after this many actions in a phase, end it
    end_phase_weight: float = 0.15  # the chance of ending a phase early when it offers more

    def choose(self, session: Session, done_in_phase: int = 0) -> Action | None:
        """A random legal action, or None when there is none (the game is over)."""
        families = list(session.choices())
        end = [f for f in families if f.kind == "end_phase"]
        others = [f for f in families if f.kind != "end_phase"]
        if end and (not others or done_in_phase >= self.actions_per_phase or self.rng.random() < self.end_phase_weight):
            return end[0].actions()[0]
        self.rng.shuffle(others)
        for family in others:
            actions = family.actions()
            if actions:
                return self.rng.choice(actions)
        return end[0].actions()[0] if end else None

    def step(self, session: Session, done_in_phase: int = 0) -> tuple[Action, Outcome] | None:
        action = self.choose(session, done_in_phase)
        if action is None:
            return None
        try:
            return action, session.apply(action)
        except Refused as exc:
            info = session.phase()
            raise IllegalLegalAction(f"Turn {info.turn} {info.phase}: {action!r} was listed as legal but refused: {exc}") from exc

    def play(self, session: Session, until_turn: int | None = None, max_actions: int = 100_000) -> int:
        """Play until the game is over (or ``until_turn`` begins); the number of actions taken."""
        taken = 0
        in_phase = 0
        key = (session.state.turn, session.state.phase)
        while taken < max_actions:
            if until_turn is not None and session.state.turn >= until_turn:
                break
            if self.step(session, in_phase) is None:
                break
            taken += 1
            new_key = (session.state.turn, session.state.phase)
            in_phase = in_phase + 1 if new_key == key else 0
            key = new_key
        return taken
