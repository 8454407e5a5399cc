"""A game opened at its saved position has its logs replayed between the window's events
(engine.history): the player plays on meanwhile, and once the logs are known to lead to
the positions the game opened at, the log dock and undo take them up.  A log that does
not is said in the status bar; the position stays (the engine keeps it without that
history).  An undo asked before the replay is done waits for its own replay.

The replay takes a few actions at a time, for ``SLICE_S`` at most, on the window's own
thread: on another, Python's collector, run there by the replay's work, would destroy the
window's dead Qt objects away from the thread that owns them.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from ardennes_qt.engine.history import replay_steps
from ardennes_qt.engine.session import Session

if TYPE_CHECKING:
    from ardennes_qt.ui.table_face import TableFace

SLICE_S = 0.012  # of replay between two turns of the window's events


class HistoryCheck(QObject):
    checked = Signal()  # the logs of the game on the table were replayed (or found wanting)

    def __init__(self, window: TableFace) -> None:
        super().__init__(window)
        self.window = window
        self.jobs: list = []  # [(session, replay)] under way
        self.results: list = []
        self._steps = None
        self.timer = QTimer(self)
        self.timer.setInterval(0)  # whenever the window has no event waiting
        self.timer.timeout.connect(self._step)

    def check(self, session: Session) -> None:
        """Replay the logs of ``session``'s game not yet replayed: its own line first, then the others."""
        self.stop()
        sessions = [session]
        if session.lines is not None:
            sessions += [session.lines.session(name) for name in session.lines.names()]
        self.jobs = [(s, s.history_replay()) for s in dict.fromkeys(sessions) if s.history_pending]
        if self.jobs:
            self.results = []
            self._steps = replay_steps([replay for _, replay in self.jobs], self.results)
            self.timer.start()

    @property
    def busy(self) -> bool:
        return bool(self.jobs)

    def _step(self) -> None:
        until = time.perf_counter() + SLICE_S
        for _ in self._steps:
            if time.perf_counter() >= until:
                return
        self.timer.stop()
        jobs, self.jobs, self._steps = self.jobs, [], None
        for (session, replay), replayed in zip(jobs, self.results):
            warning = session.take_history(replay, replayed)
            if warning:
                self.window.show_message(warning)
        self.checked.emit()

    def stop(self) -> None:
        """Drop a replay under way (another game, the window closing)."""
        self.timer.stop()
        self.jobs, self.results, self._steps = [], [], None
