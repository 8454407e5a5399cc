"""Each hex's base level written in it, on a map with hills: the wash shows a hill by its
shade, a tracer needs the figure.  A building's levels above ground follow after a plus,
a steeple as a cross ("3+1†"); ground level 0 is left blank.  Drawn only close enough to
read."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from ardennes_qt.ui.terrain_painter import TerrainPainter

FIGURE = QColor(90, 55, 20)
FIGURES_FROM = 26.0  # device pixels a hex size: the figures are larger than the hex ids (terrain_painter.HEX_IDS_FROM)
BELOW_CENTRE = 0.36  # hex sizes from the centre to the figure's top: clear of a slope's hatch along the bottom side


class LevelNumbersItem(QGraphicsItem):
    def __init__(self, document, terrain: TerrainPainter) -> None:
        super().__init__()
        self.document = document
        self.terrain = terrain
        self.setAcceptedMouseButtons(Qt.NoButton)

    def boundingRect(self) -> QRectF:
        return self.terrain.scene_rect()

    def figure(self, h) -> str:
        """What a hex shows: "" for ground level 0 with no building levels (as a board prints it)."""
        m = self.document.module.map
        record = m.hexes.get(h)
        if m.level(h) == 0 and (record is None or not record.floors):
            return ""
        text = str(m.level(h)).replace("-", "−")
        if record is not None and record.floors:
            text += f"+{record.floors}"
        if record is not None and "steeple" in record.terrain:
            text += "†"
        return text

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        s = self.terrain.size
        if option.levelOfDetailFromTransform(painter.worldTransform()) * s < FIGURES_FROM:
            return
        rect = option.exposedRect
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(1, round(s * 0.24)))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(FIGURE)
        layout = self.terrain.layout
        for h in self.terrain.index.hexes_in(rect.left(), rect.top(), rect.right(), rect.bottom()):
            text = self.figure(h)
            if not text:
                continue
            cx, cy = layout.centre(h)
            box = QRectF(cx - s * 0.5, cy + s * BELOW_CENTRE, s, s * 0.3)
            painter.drawText(box, Qt.AlignHCenter | Qt.AlignTop, text)
