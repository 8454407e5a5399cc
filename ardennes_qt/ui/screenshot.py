"""The table written to a PNG file once its map has settled: ``--screenshot``, and the end
of an autoplayed game.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEventLoop
from PySide6.QtWidgets import QApplication

if TYPE_CHECKING:
    from ardennes_qt.ui.table_window import TableWindow

SCREENSHOT_WAIT_S = 10.0


def screenshot(app: QApplication, window: TableWindow, path: Path, size: tuple[int, int],
               center: str | None, zoom: float | None) -> int:
    window.resize(*size)
    window.show()
    app.processEvents()
    if zoom is not None or center:
        window.view.zoom_to(zoom if zoom is not None else window.view.zoom(), center)
    return grab_settled(app, window, window, path)


def grab_settled(app: QApplication, window: TableWindow, widget, path: Path) -> int:
    """Write ``widget`` (the window, or a dialog over it) to a PNG once the map has settled."""
    window.grab()
    # Tiles past one paint's time budget, and tiles at exactly this zoom, are painted
    # in idle moments just after, and the panels, then the markers, arrivals and what is
    # left to do, come just after the first frame: wait for them.
    deadline = time.monotonic() + SCREENSHOT_WAIT_S
    while ((window.view.terrain_item.pending or not window.filled or not window.play.panels_filled)
           and time.monotonic() < deadline):
        app.processEvents(QEventLoop.AllEvents, 20)
        time.sleep(0.005)
    image = widget.grab()
    path.parent.mkdir(parents=True, exist_ok=True)
    if not image.save(str(path), "PNG"):
        print(f"ardennes-qt: cannot write {path}", file=sys.stderr)
        return 1
    window.unsaved.leaving = True  # a picture taken, nothing to save: no one is there to ask
    window.close()
    return 0
