"""A game the table was playing when it stopped without closing (a crash, a kill) is offered
back on the next start, if it holds play that was never saved: as it was, saving to the
file it was last saved to; a game closed normally, or saved since its last action, is not."""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time

import pytest

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.engine import Session
from ardennes_qt.ui import file_questions, game_files
from ardennes_qt.ui.launch import unfinished_or

pytestmark = pytest.mark.usefixtures("scratch_autosave")


@pytest.fixture
def scratch_autosave(tmp_path, monkeypatch):
    monkeypatch.setattr(game_files, "autosave_path", lambda: tmp_path / "data" / "autosave.ardennes")
    (tmp_path / "data").mkdir()


def args(savefile=None) -> argparse.Namespace:
    return argparse.Namespace(savefile=str(savefile) if savefile else None, scenario=None, seed=1, screenshot=None,
                              autoplay=None)


def interrupted(free_content, saved_to=None) -> Session:
    """A game played with its autosave, then left as a crash leaves it (never closed)."""
    session = Session(free_content, seed=3)
    if saved_to is not None:
        session.save(saved_to)
    session.autosave(game_files.autosave_path())
    session.apply(MoveUnits(("1Pz:I/1",), "B5.05", free=True))
    session.apply(MoveUnits(("1ID:A/1",), "A1.03", free=True))
    return session


def answer(monkeypatch, yes: bool) -> list:
    asked = []
    monkeypatch.setattr(file_questions, "restore_unfinished", lambda parent, game: asked.append(game) or yes)
    return asked


def test_an_unfinished_game_is_offered_back_as_it_was(qapp, free_content, monkeypatch):
    played = interrupted(free_content)
    asked = answer(monkeypatch, True)
    new = Session(free_content, seed=9)
    session, error = unfinished_or(new, args())
    assert error == "" and len(asked) == 1
    assert asked[0].actions == 2 and asked[0].saved_file is None and asked[0].title == free_content.scenario.title
    assert session is not new and session.state_hash() == played.state_hash() and session.file is None
    assert session.unsaved_play


def test_saying_no_leaves_the_new_game_and_keeps_the_old_one(qapp, free_content, monkeypatch):
    interrupted(free_content)
    answer(monkeypatch, False)
    new = Session(free_content, seed=9)
    assert unfinished_or(new, args()) == (new, "")
    assert game_files.unfinished_game() is not None  # kept: put aside as the previous autosave when the new one starts


def test_a_game_closed_normally_or_saved_since_is_not_offered(qapp, free_content, monkeypatch, tmp_path):
    asked = answer(monkeypatch, True)
    interrupted(free_content).close()
    new = Session(free_content, seed=9)
    assert unfinished_or(new, args()) == (new, "")
    played = interrupted(free_content)
    played.save(tmp_path / "saved.ardennes")
    assert unfinished_or(new, args()) == (new, "") and asked == []


def test_a_game_saved_before_is_offered_when_its_file_is_named_and_saves_there(qapp, free_content, monkeypatch,
                                                                               tmp_path):
    saved = tmp_path / "mine.ardennes"
    played = interrupted(free_content, saved_to=saved)
    asked = answer(monkeypatch, True)
    from_file = Session.load(saved)
    other = tmp_path / "other.ardennes"
    Session(free_content, seed=4).save(other)
    assert unfinished_or(from_file, args(other)) == (from_file, "") and asked == []
    session, _ = unfinished_or(from_file, args(saved))
    assert session.state_hash() == played.state_hash() and session.file == saved and asked[0].saved_file == saved
    session.autosave(game_files.autosave_path())  # the table starts its autosave: still unsaved play
    assert game_files.unfinished_game() is not None
    session.save(saved)
    assert game_files.unfinished_game() is None and Session.load(saved).state_hash() == played.state_hash()


def test_the_question_says_which_game_where_it_was_saved_and_what_no_means(qapp, free_content, tmp_path):
    saved = tmp_path / "mine.ardennes"
    interrupted(free_content, saved_to=saved)
    box = file_questions.restore_box(None, game_files.unfinished_game())
    assert "stopped on" in box.text() and "without closing" in box.text()
    words = box.informativeText()
    assert free_content.scenario.title in words and "2 action(s)" in words and "mine.ardennes" in words
    assert "previous autosave" in words and box.defaultButton().text() == "Restore the Game"


CHILD = """
import sys
from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.engine import Session
from tests.builders import small_content
session = Session(small_content(), seed=5)
session.autosave(sys.argv[1])
session.apply(MoveUnits(("1ID:A/1",), "A3.03", free=True))
print("played", flush=True)
sys.stdin.read()
"""


@pytest.mark.skipif(sys.platform == "win32", reason="kill -9 is a POSIX signal")
def test_a_game_killed_mid_play_is_offered_on_the_next_start(qapp, tmp_path):
    path = game_files.autosave_path()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(path)], cwd=root, env=dict(os.environ, PYTHONPATH=root),
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "played"
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    child.stdout.close()
    child.stdin.close()
    time.sleep(0.01)
    game = game_files.unfinished_game()
    assert game is not None and game.actions == 1
    assert game_files.restored(game).unit("1ID:A/1").hex == "A3.03"
