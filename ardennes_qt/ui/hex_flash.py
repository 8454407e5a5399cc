"""A hex marked for a moment - a thick ring that blinks and goes - so the eye finds the hex
the view has just brought to its middle (Go to Hex, Centre on Selection)."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsPolygonItem

from ardennes_qt.ui import map_style as style

BLINK_MS = 250
BLINKS = 6  # on and off three times, then gone: 1.5 s
FLASH_Z = 1.0e6  # over everything, the counters too: a ring, so they show through


class HexFlash(QGraphicsPolygonItem):
    def __init__(self, hex_size: float, owner: QObject) -> None:
        """``owner``: the view showing it, whose end stops the blinking (an item is no QObject)."""
        super().__init__()
        self.setPen(QPen(style.FLASH_HEX, hex_size * 0.22))
        self.setZValue(FLASH_Z)
        self.hide()
        self._left = 0
        self._timer = QTimer(owner)
        self._timer.setInterval(BLINK_MS)
        self._timer.timeout.connect(self._blink)

    def show_at(self, polygon: QPolygonF) -> None:
        self.setPolygon(polygon)
        self.show()
        self._left = BLINKS
        self._timer.start()

    @property
    def blinking(self) -> bool:
        return self._timer.isActive()

    def _blink(self) -> None:
        self._left -= 1
        if self._left <= 0:
            self._timer.stop()
            self.hide()
        else:
            self.setVisible(not self.isVisible())
