"""The session: actions through the engine, undo/redo, save/open, autosave, replay.

Moves here are free table moves (unchecked by the rules): the session's mechanics are under test."""

import sqlite3

import pytest

from ardennes_qt.core.actions import MoveUnits, SendToDeadPile
from ardennes_qt.core.outcome import Refused
from ardennes_qt.engine import Session
from ardennes_qt.store.errors import ContentError, NotASaveFile
from tests.builders import small_content


@pytest.fixture
def session():
    return Session(small_content(), seed=7)


def test_initial_state_places_the_setup(session):
    a1 = session.unit("1ID:A/1")
    assert (a1.hex, a1.values, a1.steps, a1.reduced) == ("A2.03", "3-5-10", 2, False)
    b1 = session.unit("1ID:B/1")
    assert (b1.steps, b1.reduced, b1.values) == (1, True, "1-2-10")
    assert session.unit("1Pz:I/1").dg
    assert session.unit("1Pz:II/1").where == "scheduled" and session.unit("1Pz:II/1").hex is None
    assert [u.id for u in session.stack_at("A2.03")] == ["1ID:A/1", "1ID:B/1"]


def test_move_undo_redo(session):
    before = session.state_hash()
    session.apply(MoveUnits(("1ID:A/1",), "A3.03", free=True))
    assert session.unit("1ID:A/1").hex == "A3.03"
    after = session.state_hash()
    assert after != before
    assert session.undo_text() == "move 1ID:A/1 to A3.03"
    session.undo()
    assert session.unit("1ID:A/1").hex == "A2.03" and session.state_hash() == before
    session.redo()
    assert session.unit("1ID:A/1").hex == "A3.03" and session.state_hash() == after
    assert not session.can_redo


def test_a_moved_stack_lands_on_top_in_order(session):
    session.apply(MoveUnits(("1ID:B/1", "1ID:A/1"), "A1.01", free=True))
    assert [u.id for u in session.stack_at("A1.01")] == ["1ID:DIVARTY", "1ID:A/1", "1ID:B/1"]


def test_a_new_action_after_undo_drops_the_redo_tail(session):
    session.apply(MoveUnits(("1ID:A/1",), "A3.03", free=True))
    session.undo()
    session.apply(MoveUnits(("1ID:A/1",), "A1.02", free=True))
    assert not session.can_redo and session.unit("1ID:A/1").hex == "A1.02"


def test_dead_pile(session):
    session.apply(SendToDeadPile(("1ID:A/1",)))
    assert session.unit("1ID:A/1").where == "dead" and session.unit("1ID:A/1").hex is None
    session.undo()
    assert session.unit("1ID:A/1").hex == "A2.03"


@pytest.mark.parametrize(
    "action, reason",
    [
        (MoveUnits(("nobody",), "A1.01", free=True), "no such unit"),
        (MoveUnits(("1ID:A/1",), "C1.01", free=True), "no map sheet C"),
        (MoveUnits(("1ID:A/1",), "A1.99", free=True), "row 99"),
        (MoveUnits((), "A1.01", free=True), "no units"),
    ],
)
def test_refused_actions_change_nothing(session, action, reason):
    before = session.state_hash()
    with pytest.raises(Refused) as info:
        session.apply(action)
    assert reason in str(info.value)
    assert session.state_hash() == before and not session.can_undo


def test_listeners_hear_what_changed(session):
    heard = []
    session.subscribe(lambda changes, log: heard.append((changes, log)))
    session.apply(MoveUnits(("1ID:A/1",), "A3.03", free=True))
    changes, log = heard[-1]
    assert changes.units == {"1ID:A/1"}
    assert {session.map.hex_id(h) for h in changes.hexes} == {"A2.03", "A3.03"}
    assert "A3.03" in log[0].text
    session.undo()
    assert heard[-1][0].units == {"1ID:A/1"}


def test_save_and_open_restore_the_game_and_its_redo_tail(session, tmp_path):
    session.apply(MoveUnits(("1ID:A/1",), "A3.03", free=True))
    session.apply(MoveUnits(("1Pz:I/1",), "B2.02", free=True))
    session.undo()
    path = tmp_path / "game.ardennes"
    session.save(path)
    opened = Session.load(path)
    assert opened.state_hash() == session.state_hash()
    assert opened.unit("1ID:A/1").hex == "A3.03" and opened.unit("1Pz:I/1").hex == "B3.03"
    assert opened.can_redo and opened.can_undo
    opened.redo()
    assert opened.unit("1Pz:I/1").hex == "B2.02"
    assert opened.content.map.places == session.content.map.places


def test_saving_over_a_file_is_atomic(session, tmp_path):
    path = tmp_path / "game.ardennes"
    session.save(path)
    session.apply(MoveUnits(("1ID:A/1",), "A3.03", free=True))
    session.save(path)
    assert Session.load(path).unit("1ID:A/1").hex == "A3.03"
    assert [p.name for p in tmp_path.iterdir()] == ["game.ardennes"]


def test_autosave_follows_every_action_undo_and_redo(session, tmp_path):
    path = tmp_path / "autosave.ardennes"
    session.autosave(path)
    session.apply(MoveUnits(("1ID:A/1",), "A3.03", free=True))
    assert Session.load(path).unit("1ID:A/1").hex == "A3.03"
    session.undo()
    reopened = Session.load(path)
    assert reopened.unit("1ID:A/1").hex == "A2.03" and reopened.can_redo
    session.apply(MoveUnits(("1ID:B/1",), "A1.02", free=True))
    reopened = Session.load(path)
    assert reopened.unit("1ID:B/1").hex == "A1.02" and not reopened.can_redo
    session.close()


@pytest.mark.parametrize(
    "payload, message",
    [
        (b"", "not an SQLite database"),
        (b"hello, this is a text file\n", "not an SQLite database"),
        (b"SQLite format 3\x00" + b"\x00" * 100, "damaged"),
    ],
)
def test_opening_a_broken_or_foreign_file_says_why_and_leaves_it_alone(tmp_path, payload, message):
    path = tmp_path / "broken.ardennes"
    path.write_bytes(payload)
    with pytest.raises(NotASaveFile) as info:
        Session.load(path)
    assert message in str(info.value) and "broken.ardennes" in str(info.value)
    assert path.read_bytes() == payload


def test_opening_a_foreign_database_says_so(tmp_path):
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("create table t (x)")
    conn.commit()
    conn.close()
    with pytest.raises(NotASaveFile, match="not an ardennes-qt game"):
        Session.load(path)


def test_a_save_whose_log_was_tampered_keeps_its_position(session, tmp_path):
    session.apply(MoveUnits(("1ID:A/1",), "A3.03", free=True))
    path = tmp_path / "game.ardennes"
    session.save(path)
    conn = sqlite3.connect(path)
    conn.execute("""update actions set action = '{"kind": "move", "units": ["1ID:A/1"], "to": "A1.01"}'""")
    conn.commit()
    conn.close()
    opened = Session.load(path)
    assert opened.unit("1ID:A/1").hex == "A3.03"
    assert opened.warnings and not opened.can_undo


def test_a_save_with_a_damaged_position_is_refused(session, tmp_path):
    path = tmp_path / "game.ardennes"
    session.save(path)
    conn = sqlite3.connect(path)
    conn.execute("update meta set value = 'x' where key = 'state_hash'")
    conn.commit()
    conn.close()
    with pytest.raises(ContentError, match="damaged"):
        Session.load(path)


def test_the_same_seed_and_actions_replay_to_the_same_hash():
    a, b = Session(small_content(), seed=3), Session(small_content(), seed=3)
    for s in (a, b):
        s.apply(MoveUnits(("1ID:A/1",), "A3.03", free=True))
        s.apply(SendToDeadPile(("1ID:B/1",)))
    assert a.state_hash() == b.state_hash()
    assert Session(small_content(), seed=4).state_hash() != Session(small_content(), seed=3).state_hash()
