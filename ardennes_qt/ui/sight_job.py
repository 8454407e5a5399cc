"""Working out what a Location sees away from the window: a thread asks the rules on a
snapshot of the game (content and state are plain values nothing changes) and hands the
answer back; the window stays free to pan, zoom and play meanwhile.

The rules' viewshed is one call with no progress to report, so a job cannot be cut short:
a job no longer wanted is marked stopped and its answer dropped.  As with the overlays'
jobs (``overlay_worker``), a job belongs to no window: it is kept here until its thread
has ended, so closing the window, or deleting what asked for it, while it runs never
destroys a thread at work; the application waits for those still running as it quits.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QThread, Signal

from ardennes_qt.core.content import Content
from ardennes_qt.core.state import GameState

_running: set[ViewshedJob] = set()  # jobs started whose thread has not ended yet
_quitting_heard = False


class ViewshedJob(QThread):
    computed = Signal(int, object)  # job number, {hex id: Hindrance total}

    def __init__(self, number: int, sight, content: Content, state: GameState, hex_id: str, level: int) -> None:
        """``sight``: the game's LineOfSight capability (asked with the game's own tables)."""
        super().__init__()
        self.number = number
        self.sight = sight
        self.content = content
        self.state = state
        self.hex_id = hex_id
        self.level = level
        self._stopped = False

    def begin(self) -> None:
        """Start the thread; the job is kept until it has ended."""
        global _quitting_heard
        app = QCoreApplication.instance()
        if app is not None and not _quitting_heard:
            app.aboutToQuit.connect(stop_all)
            _quitting_heard = True
        _running.add(self)
        self.finished.connect(self._ended)
        self.start()

    def _ended(self) -> None:
        _running.discard(self)
        self.deleteLater()

    def stop(self) -> None:
        self._stopped = True

    @property
    def stopped(self) -> bool:
        return self._stopped

    def run(self) -> None:
        seen = self.sight.viewshed(self.content, self.state, self.hex_id, self.level)
        if not self._stopped:
            self.computed.emit(self.number, dict(seen))


def running() -> int:
    """How many jobs have a thread at work."""
    return len(_running)


def stop_all() -> None:
    """Drop every job's answer and wait for its thread to end (the application is quitting)."""
    for job in list(_running):
        job.stop()
    for job in list(_running):
        job.wait()
