"""One counter on the map: its face, drawn by counter_art, cached in device pixels.

Counters are the only per-unit items in the scene (a few hundred); the device cache
means a counter is painted again only when its face changes or the zoom does.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from ardennes_qt.ui.counter_art import CounterFace, paint_counter

SELECTED = QColor("#ffd54a")
DRAG_HINT = "Drag to move this counter; Shift-drag moves the whole stack"


class CounterItem(QGraphicsItem):
    def __init__(self, unit_id: str, face: CounterFace, side: float) -> None:
        super().__init__()
        self.unit_id = unit_id
        self.face = face
        self.side = side
        self.selected = False
        self.setCacheMode(QGraphicsItem.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        # Room around the square for the DG tag and the selection ring.
        m = self.side * 0.08
        half = self.side / 2
        return QRectF(-half - m, -half - m, self.side + 2 * m, self.side + 2 * m)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        device = self.side * option.levelOfDetailFromTransform(painter.worldTransform())
        half = self.side / 2
        square = QRectF(-half, -half, self.side, self.side)
        if self.selected:
            painter.setRenderHint(QPainter.Antialiasing, True)
            painter.setPen(QPen(SELECTED, self.side * 0.09))
            painter.setBrush(Qt.NoBrush)
            painter.drawRoundedRect(square.adjusted(-1, -1, 1, 1), self.side * 0.09, self.side * 0.09)
        paint_counter(painter, square, self.face, device)

    def set_face(self, face: CounterFace) -> None:
        if face != self.face:
            self.face = face
            self.update()

    def set_selected(self, selected: bool) -> None:
        if selected != self.selected:
            self.selected = selected
            self.update()
