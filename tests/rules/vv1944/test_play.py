"""A random player plays 17.1 to its end (3 turns), attacks included, with every unit accounted for
(on the map with a step left, waiting, or in the dead pile), and the game replays to the same position; a game saved mid-turn opens where it was."""

import random

import pytest

from ardennes_qt.engine import Session
from ardennes_qt.engine.autoplay import RandomPlayer


@pytest.mark.slow
def test_a_random_player_plays_17_1_to_its_end_and_it_replays_the_same(vv):
    taken = RandomPlayer(random.Random(5)).play(vv, max_actions=5000)
    assert vv.phase().game_over and vv.state.turn == 3 and taken < 5000
    assert vv.victory().winner in ("German", "Allied") and vv.victory().final
    states = vv.state.units
    assert set(states) == set(Session.new("vv1944/17.1", seed=1).state.units)
    assert all(s.where in ("map", "scheduled", "dead") for s in states.values())
    assert all(s.steps >= 1 and s.hex is not None for s in states.values() if s.where == "map")
    assert any(s.where == "dead" for s in states.values())  # attacks were made and cost units
    assert any(a.kind == "attack" for a in vv.action_log())
    again = Session.new("vv1944/17.1", seed=1)
    for action in vv.action_log():
        again.apply(action)
    assert again.state_hash() == vv.state_hash()


def test_a_saved_game_opens_where_it_was(vv, tmp_path):
    RandomPlayer(random.Random(2)).play(vv, max_actions=40)
    path = tmp_path / "vv.ardennes"
    vv.save(path)
    opened = Session.load(path)
    assert opened.state_hash() == vv.state_hash()
    assert opened.phase().conditions() == vv.phase().conditions()
