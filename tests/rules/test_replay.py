"""A saved game replays (the issue's facade: "a saved action log replays to the identical
state hash"): a whole random game of 7.4 saved, opened, replayed from its log."""

from __future__ import annotations

import random

from ardennes_qt.engine import Session
from ardennes_qt.engine.autoplay import RandomPlayer


def test_a_played_out_7_4_saved_and_opened_replays_to_the_same_hash(tmp_path):
    session = Session.new("ardennes2/7.4", seed=11)
    RandomPlayer(random.Random(11), actions_per_phase=20, end_phase_weight=0.05).play(session)
    assert session.phase().game_over
    session.undo()  # an undone action travels with the save, ready to be redone
    path = tmp_path / "goose-egg.a2game"
    session.save(path)

    opened = Session.load(path)
    assert opened.verify_history() is None and opened.warnings == []  # the log replays to the position
    assert opened.state_hash() == session.state_hash()
    assert opened.action_log() == session.action_log() and opened.can_redo
    opened.redo()
    session.redo()
    assert opened.state_hash() == session.state_hash()
    assert opened.victory() == session.victory()

    fresh = Session.new("ardennes2/7.4", seed=11)
    for action in opened.action_log():
        fresh.apply(action)
    assert fresh.state_hash() == session.state_hash()
