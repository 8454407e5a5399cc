"""A saved game opens at its position without replaying its log (engine.history): its
history comes when the log is replayed - on demand, in the background, or at once when an
undo reaches back past the position - and a log that does not lead to the position is
reported, the position kept."""

from __future__ import annotations

import pytest

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.engine import Session
from ardennes_qt.engine.branches import BranchSet
from tests.builders import small_content

MOVES = [("1ID:A/1", "A3.03"), ("1Pz:I/1", "B2.02"), ("1ID:B/1", "A1.02"), ("1Pz:I/1", "B4.04")]


@pytest.fixture
def played(tmp_path):
    """A game of four moves, the last undone (a redo tail), and a what-if line, saved."""
    session = Session(small_content(), seed=7)
    for unit, hex_id in MOVES[:2]:
        session.apply(MoveUnits((unit,), hex_id, free=True))
    BranchSet.of(session).fork("Other").session.apply(MoveUnits(("1ID:DIVARTY",), "A2.02", free=True))
    for unit, hex_id in MOVES[2:]:
        session.apply(MoveUnits((unit,), hex_id, free=True))
    session.undo()
    path = tmp_path / "game.ardennes"
    session.save(path)
    return session, path


def test_a_game_opens_at_its_position_and_its_history_comes_with_the_replay(played):
    session, path = played
    opened = Session.load(path)
    assert opened.history_pending and opened.state_hash() == session.state_hash()
    assert opened.action_log() == session.action_log() and opened.can_undo and opened.can_redo
    assert opened.verify_history() is None and not opened.history_pending and opened.warnings == []
    assert [line.text for line in opened.log()] == [line.text for line in session.log()]
    opened.redo()
    session.redo()
    assert opened.state_hash() == session.state_hash()


def test_an_undo_before_the_replay_waits_for_it(played):
    session, path = played
    opened = Session.load(path)
    opened.undo()
    session.undo()
    assert not opened.history_pending and opened.state_hash() == session.state_hash()


def test_play_goes_on_while_the_log_is_replayed_apart(played):
    session, path = played
    opened = Session.load(path)
    replay = opened.history_replay()  # as the table hands it to a thread
    opened.apply(MoveUnits(("1ID:DIVARTY",), "A4.04", free=True))
    session.apply(MoveUnits(("1ID:DIVARTY",), "A4.04", free=True))
    assert opened.take_history(replay, replay.run()) is None
    assert not opened.history_pending and not opened.can_redo
    while opened.can_undo:
        opened.undo()
        session.undo()
        assert opened.state_hash() == session.state_hash()


def test_a_log_that_does_not_lead_to_the_position_is_said_and_the_position_kept(played):
    session, path = played
    opened = Session.load(path)
    elsewhere = Session(small_content(), seed=7)
    elsewhere.apply(MoveUnits(("1ID:A/1",), "A5.05", free=True))
    # The log replays to another position than the one the game opened at (the rules changed, say).
    at = opened.history_position
    opened._snapshot = (at, elsewhere.state)
    opened.apply(MoveUnits(("1Pz:I/1",), "B5.05", free=True))
    warning = opened.verify_history()
    assert warning and "no longer replays to its saved position" in warning and warning in opened.warnings
    assert opened.unit("1ID:A/1").hex == "A5.05" and opened.unit("1Pz:I/1").hex == "B5.05"
    assert opened.history_position == 1 and opened.action_log() == [MoveUnits(("1Pz:I/1",), "B5.05", free=True)]
    opened.undo()
    assert opened.state_hash() == elsewhere.state_hash() and not opened.can_undo


def test_a_redo_tail_that_no_longer_replays_is_dropped_and_said(played):
    session, path = played
    opened = Session.load(path)
    opened._actions[-1] = MoveUnits(("no such unit",), "B4.04", free=True)
    warning = opened.verify_history()
    assert warning == "1 undone action(s) could not be replayed and cannot be redone."
    assert not opened.can_redo and opened.state_hash() == session.state_hash()


def test_what_if_lines_open_at_their_positions_too(played):
    session, path = played
    opened = Session.load(path)
    other = opened.lines.session("Other")
    assert other.history_pending and other.state_hash() == session.lines.session("Other").state_hash()
    assert other.verify_history() is None
    other.undo()
    assert other.unit("1ID:DIVARTY").hex == "A1.01"


def test_a_fork_before_the_replay_waits_for_it(played):
    _, path = played
    opened = Session.load(path)
    branch = opened.lines.fork("Later").session
    assert not opened.history_pending and branch.state_hash() == opened.state_hash() and branch.can_undo


def test_the_lines_of_a_game_are_replayed_together_sharing_their_start(played):
    from ardennes_qt.engine.history import replay_all

    session, path = played
    opened = Session.load(path)
    sessions = [opened.lines.session(name) for name in opened.lines.names()]
    replays = [s.history_replay() for s in sessions]
    results = replay_all(replays)
    assert results[1].outcomes[0] is results[0].outcomes[0]  # "Other" forked after the first two moves
    for s, replay, result in zip(sessions, replays, results):
        assert s.take_history(replay, result) is None
    other = opened.lines.session("Other")
    while other.can_undo:
        other.undo()
    assert other.state_hash() == Session(small_content(), seed=7).state_hash()
