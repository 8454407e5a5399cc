"""Random legal play through every scenario of The Ardennes (1994), 5.1-5.5, for their first
turns (seeds 1-3): no action listed as legal is refused, nothing raises, every unit stays
accounted for, and every combat Decision met is worded for the player with its answers."""

from __future__ import annotations

import random

import pytest

from ardennes_qt.core.state import WHERE
from ardennes_qt.engine import Session
from ardennes_qt.engine.autoplay import RandomPlayer
from ardennes_qt.rules.ardennes1994.battle import COMBAT_DECISIONS
from ardennes_qt.rules.ardennes1994.situation import hidden

TURNS = 2


def check_units(session: Session, start: set[str]) -> None:
    """Every unit is somewhere it may be: on the map in the play area with a step left, or off
    it; never both sides in a hex but for a Hidden Greif Team among US units (2.1bB)."""
    content, state = session.content, session.state
    assert set(state.units) == start
    sides_at: dict = {}
    for uid, u in state.units.items():
        assert u.where in WHERE, uid
        assert 0 <= u.steps <= content.counter(uid).steps, (uid, u.steps)
        if u.where == "map":
            assert content.map.contains(u.hex) and content.in_play_area(u.hex) and u.steps >= 1, uid
            if not hidden(state, uid):
                sides_at.setdefault(u.hex, set()).add(content.counter(uid).side)
        else:
            assert u.hex is None, uid
    assert not [content.map.hex_id(h) for h, sides in sides_at.items() if len(sides) > 1]


@pytest.mark.parametrize("seed", (1, 2, 3))
@pytest.mark.parametrize("scenario", ("5.1", "5.2", "5.3", "5.4", "5.5"))
def test_random_play_never_fails_and_loses_no_unit(scenario, seed):
    session = Session.new(f"ardennes1994/{scenario}", seed=seed)
    player = RandomPlayer(random.Random(seed))
    start = set(session.state.units)
    last = session.state.turn + TURNS
    in_phase, key = 0, None
    for _ in range(2000):
        if session.state.turn >= last or session.phase().game_over:
            break
        decision = session.decision()
        if decision and decision["kind"] in COMBAT_DECISIONS:
            words = session.describe_decision(decision, session.legal_actions())
            assert words.title and (words.buttons or words.picks)
        assert player.step(session, in_phase) is not None
        check_units(session, start)
        in_phase = in_phase + 1 if key == (session.state.turn, session.state.phase) else 0
        key = (session.state.turn, session.state.phase)
    assert session.state.turn >= last or session.phase().game_over
