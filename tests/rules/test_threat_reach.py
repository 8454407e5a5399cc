"""The threat map searches a side's units by kind, sharing their step lists: it must say
exactly what each unit's own ``legal_moves`` says, hex by hex - the fewest MPs and how many
units - whatever the turn (Traffic Jams on Turns 1 and 2, 3.1), the scenario and the side.

The Ardennes (1994) has no reach overlay; its supply overlays are checked in
``tests/rules/ardennes1994``."""

from __future__ import annotations

import random

import pytest

from ardennes_qt.engine import Session
from ardennes_qt.engine.autoplay import RandomPlayer
from ardennes_qt.rules.ardennes2 import movement
from ardennes_qt.rules.ardennes2.situation import units_of
from ardennes_qt.rules.ardennes2.threat import movement_snapshot, threat_map


def unit_by_unit(content, state, side):
    """The threat map the long way: every unit's own legal moves, merged."""
    snapshot = movement_snapshot(content, state, side)
    reach: dict[str, float] = {}
    reached_by: dict[str, int] = {}
    for uid in units_of(content, snapshot, side):
        for hex_id, cost in movement.legal_moves(content, snapshot, (uid,)).items():
            reach[hex_id] = min(cost, reach.get(hex_id, cost))
            reached_by[hex_id] = reached_by.get(hex_id, 0) + 1
    return reach, reached_by


@pytest.mark.parametrize(("scenario", "seed", "actions"), [
    ("ardennes2/7.1", 1, 0),  # Turn 1: German Traffic Jams (3.1)
    ("ardennes2/7.1", 2, 60),  # Turn 2
    ("ardennes2/7.4", 2, 60),
    ("ardennes2/7.2", 3, 150),
    ("ardennes2/7.1", 1, 400),  # late, the map full
])
def test_the_threat_map_says_what_each_unit_s_moves_say(scenario, seed, actions):
    session = Session.new(scenario, seed=seed)
    RandomPlayer(random.Random(seed)).play(session, max_actions=actions)
    content, state = session.content, session.state
    for side in ("German", "Allied"):
        reach, reached_by = unit_by_unit(content, state, side)
        threat = threat_map(content, state, side)
        assert threat.reach == reach and reach
        assert threat.reached_by == reached_by
        assert threat.units == len(units_of(content, state, side))
