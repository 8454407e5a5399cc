"""Keeping the table's pauses short while a game is played: the collector's full passes
wait for a quiet moment, and a thread working out overlays hands the interpreter back to
the window quickly.

- A full pass of Python's cyclic collector walks every object the program holds: with
  a campaign's history open, 100-250 ms on a small machine, a pause the player sees
  when it falls in a drag or while overlays are worked out (it stops every thread).
  Those passes are held off (the young generations are still collected as usual) and
  made when no key, button or wheel has been touched for ``IDLE_S`` seconds and no
  overlay is being worked out - or, should the player never pause, once ``FORCED_AFTER``
  young passes have gone by regardless.
- Two Python threads share one interpreter: a thread asking for it waits until the one
  running lets go, up to the switch interval (5 ms by default).  The window's every
  Python call (a paint, a slot) waits so while an overlay thread computes, and a frame
  makes many such calls; ``SWITCH_S`` keeps each wait under a millisecond.
"""

from __future__ import annotations

import gc
import sys
import time

from PySide6.QtCore import QEvent, QObject, QTimer

IDLE_S = 1.5  # no input for this long: a quiet moment
CHECK_MS = 500
FULL_PASS_AFTER = 10  # young (generation 1) passes before a full one is due, as Python's default
FORCED_AFTER = 400  # young passes after which a full one is made, quiet or not
SWITCH_S = 0.0005
_NEVER = 1 << 30  # a generation 2 threshold the collector never reaches by itself

_INPUT = frozenset({
    QEvent.MouseButtonPress, QEvent.MouseButtonRelease, QEvent.MouseMove, QEvent.Wheel,
    QEvent.KeyPress, QEvent.KeyRelease, QEvent.TouchBegin, QEvent.TouchUpdate,
})


class QuietCollection(QObject):
    """Full collections at quiet moments (see the module's words); one per application."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.last_input = time.monotonic()
        self.full_passes = 0
        young, middle, _ = gc.get_threshold()
        gc.set_threshold(young, middle, _NEVER)
        sys.setswitchinterval(SWITCH_S)
        app.installEventFilter(self)
        self._timer = QTimer(self)
        self._timer.timeout.connect(self.check)
        self._timer.start(CHECK_MS)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() in _INPUT:
            self.last_input = time.monotonic()
        return False

    def due(self) -> bool:
        """A full pass is due: enough young passes have gone by since the last one."""
        return gc.get_count()[2] >= FULL_PASS_AFTER

    def check(self) -> None:
        if not gc.isenabled() or not self.due():
            return
        from ardennes_qt.ui.overlay_worker import running

        quiet = time.monotonic() - self.last_input >= IDLE_S and not running()
        if quiet or gc.get_count()[2] >= FORCED_AFTER:
            gc.collect()
            self.full_passes += 1


_installed: QuietCollection | None = None


def quiet_collection(app) -> QuietCollection:
    """Install the policy on ``app`` (once)."""
    global _installed
    if _installed is None:
        _installed = QuietCollection(app)
    return _installed
