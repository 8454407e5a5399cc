"""Working out overlays away from the window: a thread asks the engine on a snapshot of
the game (content and state are plain values nothing changes), builds the paths that
draw each answer (QPainterPath and QColor are plain values too, free of any thread),
paints the picture the map shows them from (into an image: allowed on any thread),
reports its progress and hands it all back; the window stays free to pan, zoom and play
meanwhile.

A newer snapshot makes an older job stop at its next progress report (or between two
overlays); its answers are never shown.

A job belongs to no window: it is kept here until its thread has ended, so closing the
window or deleting what asked for it while it runs stops it and drops its answers, and
never destroys a thread at work.  The application waits for those still running as it
quits.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QCoreApplication, QThread, Signal

from ardennes_qt.core.content import Content
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import Overlays
from ardennes_qt.ui.overlay_layer import Shapes, paint_picture, picture_area, shapes_bounds
from ardennes_qt.ui.overlay_shapes import picture_shapes
from ardennes_qt.ui.terrain_painter import TerrainPainter

PROGRESS_EVERY_S = 0.05

_running: set[OverlayJob] = set()  # jobs started whose thread has not ended yet
_quitting_heard = False


class OverlayJob(QThread):
    progressed = Signal(int, str, int, int)  # job number, overlay title, done, of
    # job number, {overlay key: (the engine's answer, (strokes, labels))}, the picture of them
    # all with those kept (None if there is nothing to show)
    computed = Signal(int, object, object)
    ended = Signal(object)  # the job, once its thread has ended (on the thread that started it)

    def __init__(self, number: int, overlays: Overlays, content: Content, state: GameState, kinds,
                 terrain: TerrainPainter, kept: dict[str, Shapes], order: list[str], view) -> None:
        """``overlays``: the game's Overlays capability (asked with the game's own tables)."""
        super().__init__()
        self.number = number
        self.overlays = overlays
        self.content = content
        self.state = state
        self.kinds = tuple(kinds)
        self.terrain = terrain
        self.kept = dict(kept)  # the shapes of overlays shown and not worked out again
        self.order = order
        self.view = view  # view_now(): the picture is painted for the view as it was
        self._stopped = False
        self._reported = 0.0

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
        self.ended.emit(self)
        self.deleteLater()

    def stop(self) -> None:
        self._stopped = True

    @property
    def stopped(self) -> bool:
        return self._stopped

    def run(self) -> None:
        answers = {}
        for kind in self.kinds:
            if self._stopped:
                return
            answer = self.overlays.overlay(self.content, self.state, kind.key,
                                           lambda done, of, k=kind: self._progress(k, done, of))
            answers[kind.key] = answer, (picture_shapes(self.terrain, answer) if answer is not None else None)
        if self._stopped:
            return
        shapes = {**self.kept, **{key: drawn for key, (_, drawn) in answers.items() if drawn is not None}}
        picture = None
        if shapes:
            transform, seen, ratio = self.view
            size = self.terrain.size
            area = picture_area(transform, seen, shapes_bounds(size, shapes), ratio)
            picture = paint_picture(area, size, self.order, shapes)
        if not self._stopped:
            self.computed.emit(self.number, answers, picture)

    def _progress(self, kind, done: int, of: int) -> bool:
        now = time.monotonic()
        if kind.slow and (done == of or now - self._reported >= PROGRESS_EVERY_S):
            self._reported = now
            self.progressed.emit(self.number, kind.title, done, of)
        return not self._stopped


def running() -> int:
    """How many jobs have a thread at work."""
    return len(_running)


def stop_all() -> None:
    """Stop every job and wait for its thread to end (the application is quitting)."""
    for job in list(_running):
        job.stop()
    for job in list(_running):
        job.wait()
