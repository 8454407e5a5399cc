"""Positions for the barrage tests: a shipped scenario's opening, put in a given phase, with
units moved, marked or given statuses, and the next two dice chosen."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from ardennes_qt.core.content import Content
from ardennes_qt.core.dice import die_value
from ardennes_qt.core.state import GameState
from ardennes_qt.engine import Session
from ardennes_qt.rules.ardennes1994.play import RULES
from ardennes_qt.rules.ardennes1994.situation import rules_data, with_rules


@lru_cache(maxsize=None)
def opening(scenario: str = "5.3") -> tuple[Content, GameState]:
    """The scenario's opening position (its printed set-up, seed 1)."""
    session = Session.new(f"ardennes1994/{scenario}", seed=1)
    return session.content, session.state


def position(phase: str, scenario: str = "5.3", **rules) -> tuple[Content, GameState]:
    """The opening, in ``phase``, with the rules' part changed as given (air_points=2...)."""
    content, state = opening(scenario)
    state = replace(state, phase=phase)
    return content, with_rules(state, replace(rules_data(state), **rules)) if rules else state


def put(content: Content, state: GameState, hex_id: str, *units: str) -> GameState:
    """Units placed in a hex (from wherever they are: the map, or waiting to arrive)."""
    return state.placed(units, content.map.parse(hex_id))


def status(state: GameState, unit: str, name: str) -> GameState:
    return state.with_units({unit: state.units[unit].with_status(name)})


def rolling(state: GameState, total: int) -> GameState:
    """The state whose next two dice add up to ``total``."""
    draw = state.draws
    while die_value(state.seed, draw) + die_value(state.seed, draw + 1) != total:
        draw += 1
    return replace(state, draws=draw)


def play(content: Content, state: GameState, *actions):
    """Apply actions through the rules' entry point; the last outcome."""
    outcome = None
    for action in actions:
        outcome = RULES.apply(content, state, action)
        state = outcome.state
    return outcome
