"""Qt's messages as the program passes them on: every one but a few that say nothing to
whoever reads them (the offscreen platform, used for screenshots and autoplay, says it
cannot hint window sizes each time a window is laid out)."""

from __future__ import annotations

import sys

from PySide6.QtCore import qInstallMessageHandler

QUIET = frozenset({"This plugin does not support propagateSizeHints()"})
_installed: list = []  # the handler, and the one it passes messages to


def quiet_qt_messages() -> None:
    """Drop the ``QUIET`` messages; pass every other one on as before.  Once is enough."""
    if _installed:
        return

    def handler(mode, context, message: str) -> None:
        if message in QUIET:
            return
        previous = _installed[1]
        if previous is not None:
            previous(mode, context, message)
        else:
            print(message, file=sys.stderr)

    _installed.append(handler)
    _installed.append(qInstallMessageHandler(handler))
