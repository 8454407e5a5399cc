"""Working out overlays away from the window: a thread asks the engine on a snapshot of
the game (content and state are plain values nothing changes), reports its progress and
hands the answers back; the window stays free to pan, zoom and play meanwhile.

A newer snapshot makes an older job stop at its next progress report; its answers are
never shown.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QThread, Signal

from ardennes_qt.core.content import Content
from ardennes_qt.core.state import GameState

PROGRESS_EVERY_S = 0.05


class OverlayJob(QThread):
    progressed = Signal(int, str, int, int)  # job number, overlay title, done, of
    computed = Signal(int, object)  # job number, {overlay key: what the engine answered}

    def __init__(self, number: int, content: Content, state: GameState, kinds, parent=None) -> None:
        super().__init__(parent)
        self.number = number
        self.content = content
        self.state = state
        self.kinds = tuple(kinds)
        self._stopped = False
        self._reported = 0.0

    def stop(self) -> None:
        self._stopped = True

    def run(self) -> None:
        answers = {}
        for kind in self.kinds:
            if self._stopped:
                return
            answers[kind.key] = kind.compute(self.content, self.state, lambda done, of, k=kind: self._progress(k, done, of))
        if not self._stopped:
            self.computed.emit(self.number, answers)

    def _progress(self, kind, done: int, of: int) -> bool:
        now = time.monotonic()
        if kind.slow and (done == of or now - self._reported >= PROGRESS_EVERY_S):
            self._reported = now
            self.progressed.emit(self.number, kind.title, done, of)
        return not self._stopped
