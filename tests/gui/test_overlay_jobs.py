"""Overlays worked out in a thread while the table goes away or changes game: the thread
is stopped and waited for, or left to end on its own and dropped, never destroyed at work,
and its answers never reach a table that no longer shows them."""

from __future__ import annotations

import gc
import time

import pytest
import shiboken6

from ardennes_qt.core.system import Overlays
from ardennes_qt.rules.ardennes2.threat import threat_map
from ardennes_qt.ui import overlay_worker
from tests.gui.planning_table import no_overlays_remembered, open_table, played, settle  # noqa: F401

pytestmark = pytest.mark.usefixtures("no_overlays_remembered")


@pytest.fixture(scope="module")
def game():
    return played("ardennes2/7.4", 150)


def at_work(qtbot, table, monkeypatch) -> None:
    """Both threat maps being worked out (the longest job), each held at work for up to a
    second as on a full map, reporting its progress (so that it can be stopped)."""
    overlays = table.planning.overlays
    capability = overlays.session.capability(Overlays)
    ask = capability.overlay

    def long(content, state, key, progress=None):
        until = time.monotonic() + 1.0
        while progress is not None and time.monotonic() < until:
            if not progress(0, 1):
                return None
            time.sleep(0.005)
        return ask(content, state, key, progress)

    monkeypatch.setattr(capability, "overlay", long)
    overlays.actions["threat_german"].trigger()
    overlays.actions["threat_allied"].trigger()
    qtbot.waitUntil(lambda: overlays._job is not None, timeout=5000)
    assert overlay_worker.running() == 1


def no_job_left(qtbot) -> None:
    qtbot.waitUntil(lambda: overlay_worker.running() == 0, timeout=20000)


def test_deleting_the_window_while_a_job_runs(qtbot, game, monkeypatch):
    from ardennes_qt.ui.table_window import TableWindow

    session = game.forked()
    table = TableWindow(session, autosave=False, remember_layout=False)  # deleted here, not by qtbot
    table.resize(1400, 900)
    table.show()
    qtbot.waitExposed(table)
    at_work(qtbot, table, monkeypatch)
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


def test_closing_the_window_while_a_job_runs_waits_for_it(qtbot, game, monkeypatch):
    table = open_table(qtbot, game.forked())
    at_work(qtbot, table, monkeypatch)
    table.close()
    assert overlay_worker.running() == 0 or table.planning.overlays._job.isFinished()
    no_job_left(qtbot)


def test_a_new_game_while_a_job_runs_shows_the_new_games_overlays(qtbot, game, monkeypatch):
    table = open_table(qtbot, game.forked())
    at_work(qtbot, table, monkeypatch)
    old = table.planning.overlays._job
    other = played("ardennes2/7.4", 60, seed=2)
    table.set_session(other)
    assert old.stopped
    settle(qtbot, table)
    no_job_left(qtbot)
    overlays = table.planning.overlays
    assert overlays.answers["threat_german"].facts == threat_map(other.content, other.state, "German")
    assert overlays.answers["threat_allied"].facts == threat_map(other.content, other.state, "Allied")
    assert overlays.layer.shown("threat_german") and overlays.layer.scene() is table.view.scene()
