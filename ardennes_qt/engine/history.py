"""Checking a game's log against the position it was opened at.

A saved game opens at its position - the state its file holds, checked against its check
sum - without replaying its log first: an 815-action campaign opens in a moment rather
than in the seconds its replay takes.  Its history (what undo and the log show) is the
log replayed from the set-up: ``HistoryReplay`` does that apart from the game, on plain
values (the table runs it between its events; a script asks ``Session.verify_history``;
an undo that reaches back past the position waits for it), and the game takes the
outcomes once they lead to the position it opened at.  A log that does not is reported,
and the game keeps its position without it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator

from ardennes_qt.core.actions import Action
from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import Outcome
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import RuleSystem
from ardennes_qt.core.tableset import TableSet


@dataclass
class Replayed:
    """The outcome of each action replayed, in order, up to the first the rules refused
    (``failed_at``; None when every action replayed)."""

    outcomes: list[Outcome] = field(default_factory=list)
    failed_at: int | None = None
    stopped: bool = False


class HistoryReplay:
    """A game's log replayed from its set-up on values nothing changes, while the game goes
    on: at once (``run``), or a step at a time between a window's events (``steps``)."""

    def __init__(self, system: RuleSystem, content: Content, tables: TableSet, initial: GameState,
                 actions: tuple[Action, ...]) -> None:
        self.system = system
        self.content = content
        self.tables = tables
        self.initial = initial
        self.actions = actions
        self._stopped = False

    def stop(self) -> None:
        """Stop at the next action (the game was closed): the result says so."""
        self._stopped = True

    def run(self, known: list[Outcome] = ()) -> Replayed:
        """The outcomes of the log; ``known``: those of its first actions, already replayed
        (another line of the same game, sharing them)."""
        replayed = Replayed(list(known))
        for _ in self.steps(replayed):
            pass
        return replayed

    def steps(self, replayed: Replayed) -> Iterator[None]:
        """Replay into ``replayed`` (its outcomes so far are known) one action per step: a
        caller with other work (a window's events) takes a few steps at a time."""
        state = replayed.outcomes[-1].state if replayed.outcomes else self.initial
        for i in range(len(replayed.outcomes), len(self.actions)):
            if self._stopped:
                replayed.stopped = True
                return
            try:
                with self.tables.in_use():
                    outcome = self.system.apply(self.content, state, self.actions[i])
            except Exception:  # noqa: BLE001 - any failure means this log cannot be trusted from here
                replayed.failed_at = i
                return
            replayed.outcomes.append(outcome)
            state = outcome.state
            yield


def replay_all(replays: list[HistoryReplay]) -> list[Replayed]:
    """Each replay run in turn, a log sharing its first actions with one run before taking
    their outcomes from it (the lines of one game share their start)."""
    results: list[Replayed] = []
    for _ in replay_steps(replays, results):
        pass
    return results


def replay_steps(replays: list[HistoryReplay], results: list[Replayed]) -> Iterator[None]:
    """``replay_all`` one action per step, its results added to ``results`` as they begin."""
    for replay in replays:
        known: list[Outcome] = []
        for other, replayed in zip(replays, results):
            if other.initial is replay.initial and other.content is replay.content:
                shared = _shared(other.actions, replay.actions, len(replayed.outcomes))
                if shared > len(known):
                    known = replayed.outcomes[:shared]
        result = Replayed(list(known))
        results.append(result)
        yield from replay.steps(result)


def _shared(a: tuple[Action, ...], b: tuple[Action, ...], most: int) -> int:
    n = 0
    while n < min(len(a), len(b), most) and a[n] == b[n]:
        n += 1
    return n
