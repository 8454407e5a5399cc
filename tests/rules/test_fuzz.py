"""A random-legal-action fuzzer over whole scenarios (after Rally the Troops' fuzzer).

Hypothesis picks the game's seed and the random player's choices; after every action the
invariants a player relies on are checked:

- every unit is on the map (inside the scenario's play area), scheduled, dead, removed or
  exited - never lost, never in two places, and a hex never holds both sides;
- there is always something legal to do until the game is over (no dead ends);
- steps are never negative nor above the counter's, and a unit on the map has at least one;
- at the end of every phase no hex holds more than 3 units unless they are all DG (3.1, 3.4);
- an action the rules list as legal is accepted;
- undo and redo of every action round-trip the state hash;
- replaying the action log from the seed reproduces the state hash.

The short scenarios are played to the end; 7.1 and 7.2 for their first turns by default,
in full with ``-m slow``.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ardennes_qt.core.state import WHERE
from ardennes_qt.engine import Session
from ardennes_qt.engine.autoplay import RandomPlayer
from ardennes_qt.rules.ardennes2.placement import STACKING_LIMIT, in_play_area

FUZZ = settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=False)


def check_units(session: Session) -> None:
    content, state = session.content, session.state
    assert set(state.units) >= {p.counter for p in content.scenario.placements}
    sides_at: dict = {}
    for uid, u in state.units.items():
        counter = content.counter(uid)
        assert u.where in WHERE, uid
        assert 0 <= u.steps <= counter.steps, (uid, u.steps)
        if u.where == "map":
            assert u.hex is not None and in_play_area(content, u.hex), (uid, u.hex)
            assert u.steps >= 1, uid
            sides_at.setdefault(u.hex, set()).add(counter.side)
        else:
            assert u.hex is None, uid
    both = [content.map.hex_id(h) for h, sides in sides_at.items() if len(sides) > 1]
    assert not both, f"both sides in {both}"


def check_phase_end_stacking(session: Session) -> None:
    """3.1, 3.4: a stack that ends a phase overstacked is DG."""
    state = session.state
    for h, ids in state.occupied().items():
        if len(ids) > STACKING_LIMIT:
            assert all(state.units[u].dg for u in ids), f"{session.map.hex_id(h)} overstacked without DG"


def fuzz(scenario: str, seed: int, rnd: random.Random, until_turn: int | None = None, undo_every: int = 7) -> Session:
    session = Session.new(f"ardennes2/{scenario}", seed=seed)
    player = RandomPlayer(rnd)
    in_phase, key, taken = 0, None, 0
    while not session.phase().game_over and (until_turn is None or session.state.turn < until_turn):
        before = session.state_hash()
        step = player.step(session, in_phase)
        assert step is not None, f"a dead end: nothing legal in {session.phase()}"
        action, _ = step
        taken += 1
        after = session.state_hash()
        check_units(session)
        if (session.state.turn, session.state.phase) != key:  # a phase ended
            check_phase_end_stacking(session)
        if taken % undo_every == 0:
            session.undo()
            assert session.state_hash() == before, f"undo of {action!r}"
            session.redo()
            assert session.state_hash() == after, f"redo of {action!r}"
        new_key = (session.state.turn, session.state.phase)
        in_phase = in_phase + 1 if new_key == key else 0
        key = new_key
    replayed = Session.new(f"ardennes2/{scenario}", seed=seed)
    for action in session.action_log():
        replayed.apply(action)
    assert replayed.state_hash() == session.state_hash(), "replaying the action log gives another state"
    return session


@pytest.mark.parametrize("scenario", ["7.3", "7.4", "7.5", "7.6"])
@FUZZ
@given(seed=st.integers(0, 2**31 - 1), rnd=st.randoms(use_true_random=False))
def test_short_scenarios_play_to_the_end(scenario, seed, rnd):
    session = fuzz(scenario, seed, rnd)
    assert session.phase().game_over and session.state.turn == session.content.scenario.last_turn


@pytest.mark.parametrize("scenario", ["7.1", "7.2"])
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), rnd=st.randoms(use_true_random=False))
def test_campaigns_first_turns(scenario, seed, rnd):
    session = fuzz(scenario, seed, rnd, until_turn=3)
    assert session.state.turn == 3
    arrived = Counter(u.where for u in session.state.units.values())
    assert arrived["map"] > 190


@pytest.mark.slow
@pytest.mark.parametrize("scenario", ["7.1", "7.2"])
@settings(max_examples=1, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), rnd=st.randoms(use_true_random=False))
def test_whole_campaigns(scenario, seed, rnd, request):
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("a whole campaign: run with -m slow")
    session = fuzz(scenario, seed, rnd)
    assert session.phase().game_over
