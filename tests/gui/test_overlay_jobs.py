"""Overlays worked out in a thread while the table goes away or changes game: the thread
is stopped and waited for, or left to end on its own and dropped, never destroyed at work,
and its answers never reach a table that no longer shows them."""

from __future__ import annotations

import gc
import threading
import time

import pytest
import shiboken6

from ardennes_qt.rules.ardennes2.threat import threat_map
from ardennes_qt.ui import overlay_worker
from tests.gui.planning_table import no_overlays_remembered, open_table, played, settle  # noqa: F401

pytestmark = pytest.mark.usefixtures("no_overlays_remembered")


@pytest.fixture(scope="module")
def game():
    return played("ardennes2/7.4", 150)


class Hold:
    """Keeps every overlay job at work, in its movement search, until it is stopped or let
    go: a job is over in a fraction of a second, and the test could otherwise only hope to
    find it still at work (on a busy machine it ends before the test looks)."""

    def __init__(self) -> None:
        self.reached = threading.Event()  # a job is held at its first progress report
        self.released = threading.Event()

    def let_go(self) -> None:
        self.released.set()


@pytest.fixture
def held(qtbot, monkeypatch):
    hold = Hold()
    report = overlay_worker.OverlayJob._progress

    def held_report(job, kind, done, of):
        hold.reached.set()
        while not (job.stopped or hold.released.is_set()):
            time.sleep(0.005)
        return report(job, kind, done, of)

    monkeypatch.setattr(overlay_worker.OverlayJob, "_progress", held_report)
    yield hold
    hold.let_go()  # a test that failed half-way leaves no job behind for the next
    qtbot.waitUntil(lambda: overlay_worker.running() == 0, timeout=20000)


def at_work(qtbot, table, hold: Hold) -> None:
    """Both threat maps being worked out (a movement search per unit: the longest job), the
    job held in its search until stopped."""
    overlays = table.planning.overlays
    overlays.actions["threat_german"].trigger()
    overlays.actions["threat_allied"].trigger()
    qtbot.waitUntil(hold.reached.is_set, timeout=5000)
    assert overlays._job is not None and not overlays._job.stopped
    assert overlay_worker.running() == 1


def no_job_left(qtbot) -> None:
    qtbot.waitUntil(lambda: overlay_worker.running() == 0, timeout=20000)


def test_deleting_the_window_while_a_job_runs(qtbot, game, held):
    from ardennes_qt.ui.table_window import TableWindow

    session = game.forked()
    table = TableWindow(session, autosave=False, remember_layout=False)  # deleted here, not by qtbot
    table.resize(1400, 900)
    table.show()
    qtbot.waitExposed(table)
    at_work(qtbot, table, held)
    overlays = table.planning.overlays
    job, heard = overlays._job, overlays._changed
    assert heard in session._listeners
    table.deleteLater()  # without closing it first
    qtbot.waitUntil(lambda: not shiboken6.isValid(table), timeout=5000)
    assert job.stopped  # the overlays went with the window: their thread is not destroyed at work
    gc.collect()
    no_job_left(qtbot)
    qtbot.wait(50)  # the job's last signals, had they a receiver, would arrive now
    # The game lives on: the overlays deleted hear of its changes no more.
    assert heard not in session._listeners


def test_closing_the_window_while_a_job_runs_waits_for_it(qtbot, game, held):
    table = open_table(qtbot, game.forked())
    at_work(qtbot, table, held)
    table.close()
    assert overlay_worker.running() == 0 or table.planning.overlays._job.isFinished()
    no_job_left(qtbot)


def test_a_new_game_while_a_job_runs_shows_the_new_games_overlays(qtbot, game, held):
    table = open_table(qtbot, game.forked())
    at_work(qtbot, table, held)
    old = table.planning.overlays._job
    other = played("ardennes2/7.4", 60, seed=2)
    table.set_session(other)
    assert old.stopped
    held.let_go()  # the new game's job works its overlays out
    settle(qtbot, table)
    no_job_left(qtbot)
    overlays = table.planning.overlays
    assert overlays.answers["threat_german"].facts == threat_map(other.content, other.state, "German")
    assert overlays.answers["threat_allied"].facts == threat_map(other.content, other.state, "Allied")
    assert overlays.layer.shown("threat_german") and overlays.layer.scene() is table.view.scene()
