"""Random legal play through every scenario of The Ardennes (1994), 5.1-5.5, for its first
turns (seeds 1-3): no action crashes, every unit is accounted for, and the Supply Phases
(2.5c, 3.4) ran and marked only units on the map, never an exempt one (2.1bE, 2.4).
"""

from __future__ import annotations

import random

import pytest

from ardennes_qt.core.state import WHERE
from ardennes_qt.engine import Session
from ardennes_qt.engine.autoplay import RandomPlayer
from ardennes_qt.rules.ardennes1994.supply import OUT_OF_SUPPLY

TURNS = 2


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("scenario", ["5.1", "5.2", "5.3", "5.4", "5.5"])
def test_random_play_through_the_first_turns(scenario, seed):
    session = Session.new(f"ardennes1994/{scenario}", seed=seed)
    start, roster = session.state.turn, set(session.state.units)
    RandomPlayer(random.Random(seed)).play(session, until_turn=start + TURNS)
    content, state = session.content, session.state
    assert state.turn >= start + TURNS or state.phase == "game_over"
    assert set(state.units) == roster and roster <= set(content.counters)
    assert {p.counter for p in content.scenario.placements} <= set(state.units)
    for uid, u in state.units.items():
        assert u.where in WHERE, uid
        assert (u.hex is not None) == (u.where == "map"), uid
        if u.where == "map":
            assert content.map.contains(u.hex), uid
        if u.has(OUT_OF_SUPPLY):
            assert content.counter(uid).unit_type not in ("Greif Team", "Supply Unit"), uid
    texts = [e.text for e in session.log()]
    assert any(t.startswith("German Supply Phase:") for t in texts)
    assert any(t.startswith("US Supply Phase:") for t in texts)
