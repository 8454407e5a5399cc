"""A table on an Ardennes II game part-way through, for the planning tests: overlays,
what-if lines, the VP track and the end of the scenario."""

from __future__ import annotations

import random

import pytest

from ardennes_qt.engine.autoplay import RandomPlayer
from ardennes_qt.engine.session import Session
from ardennes_qt.ui import game_files
from ardennes_qt.ui.overlay_buttons import SETTINGS_KEY


def played(scenario: str, actions: int, seed: int = 1) -> Session:
    session = Session.new(scenario, seed=seed)
    RandomPlayer(random.Random(seed)).play(session, max_actions=actions)
    return session


def open_table(qtbot, session: Session):
    from ardennes_qt.ui.table_window import TableWindow

    window = TableWindow(session, autosave=False, remember_layout=False)
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()  # keyboard shortcuts reach the active window only
    qtbot.waitUntil(window.isActiveWindow)
    return window


def settle(qtbot, window) -> None:
    """Wait until the overlays shown are worked out and drawn."""
    qtbot.waitUntil(lambda: not window.planning.overlays.busy, timeout=20000)


@pytest.fixture
def no_overlays_remembered():
    """Overlays shown are remembered between runs: start and end every test with none."""
    game_files.settings().remove(SETTINGS_KEY)
    yield
    game_files.settings().remove(SETTINGS_KEY)
