"""Random legal play through the first turns of every scenario (5.1-5.5), seeds 1-3: no action
the rules list is refused, nothing crashes, and every unit is accounted for - on the map in a
hex of the play area with a step left, or off it without a hex."""

from __future__ import annotations

import random

import pytest

from ardennes_qt.core.state import WHERE
from ardennes_qt.engine import Session
from ardennes_qt.engine.autoplay import RandomPlayer
from ardennes_qt.rules.ardennes1994.actions import Barrage
from ardennes_qt.rules.ardennes1994.barrage_loss import BARRAGE_LOSS, loss_candidates
from ardennes_qt.rules.ardennes1994.situation import rules_data


def assert_every_unit_accounted_for(session: Session, units: set[str]) -> None:
    content, state = session.content, session.state
    assert set(state.units) == units
    for uid, u in state.units.items():
        assert u.where in WHERE, uid
        if u.where == "map":
            assert u.hex is not None and content.in_play_area(u.hex) and u.steps >= 1, uid
        else:
            assert u.hex is None, uid
    for decision in rules_data(state).pending:
        if decision.kind == BARRAGE_LOSS:  # a loss waits only while some unit can take it
            assert loss_candidates(content, state, decision.data["hex"], decision.side)


@pytest.mark.parametrize("scenario", ["5.1", "5.2", "5.3", "5.4", "5.5"])
def test_random_play_through_the_first_turns(scenario):
    barrages = 0
    for seed in (1, 2, 3):
        session = Session.new(f"ardennes1994/{scenario}", seed=seed)
        units = set(session.state.units)
        RandomPlayer(random.Random(seed)).play(session, until_turn=session.content.scenario.first_turn + 2)
        assert_every_unit_accounted_for(session, units)
        barrages += sum(isinstance(a, Barrage) for a in session.action_log())
    assert barrages  # the guns did fire
