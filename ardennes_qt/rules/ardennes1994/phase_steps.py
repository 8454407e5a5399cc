"""What the program does in each phase of the sequence of play (1.2), as tables of steps the
rules modules fill when they load (play.py imports them all).

A step is ``step(content, state) -> (state, log lines)``.  An automatic phase does its
``RUN`` steps; a player phase runs its ``BEGIN`` steps when it begins.  ``END`` steps run
when a phase ends, ``TURN_END`` when the last phase of a game turn ends.  A step may open a
Decision (``Ardennes1994Data.pending``): play waits for its answer, then goes on.  ``SKIP``
says why a player phase with nothing in it for anyone is passed over.
"""

from __future__ import annotations

from typing import Callable

from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import LogLine
from ardennes_qt.core.state import GameState

Step = Callable[[Content, GameState], tuple[GameState, list[LogLine]]]
SkipCheck = Callable[[Content, GameState], str]

RUN: dict[str, list[Step]] = {}
BEGIN: dict[str, list[Step]] = {}
END: dict[str, list[Step]] = {}
TURN_END: list[Step] = []
SKIP: dict[str, list[SkipCheck]] = {}


def on_run(*phases: str):
    """Decorate a step: part of the work of these automatic phases."""
    return _into(RUN, phases)


def on_begin(*phases: str):
    """Decorate a step: run when these player phases begin."""
    return _into(BEGIN, phases)


def on_end(*phases: str):
    """Decorate a step: run when these phases end."""
    return _into(END, phases)


def _into(table: dict[str, list[Step]], phases: tuple[str, ...]):
    def register(step: Step) -> Step:
        for phase in phases:
            table.setdefault(phase, []).append(step)
        return step

    return register
