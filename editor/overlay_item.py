"""What the tools show over the map: the selected hexes, a marked hex (a validation
message's), the hex or hexside under the pointer, and the outline or line being drawn.
One item for all of it, painting only what lies in the exposed rectangle."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.ui.terrain_painter import TerrainPainter

SELECTION_FILL = QColor(66, 133, 244, 70)
SELECTION_EDGE = QColor(30, 90, 200, 220)
MARK = QColor("#e53935")
HOVER = QColor(255, 213, 74, 220)
PREVIEW = QColor("#d81b60")


class OverlayItem(QGraphicsItem):
    def __init__(self, terrain: TerrainPainter) -> None:
        super().__init__()
        self.terrain = terrain
        self.selection: set[Hex] = set()
        self.marked: list[Hex] = []
        self.hover_hexes: list[Hex] = []
        self.segments: list[tuple[tuple[float, float], tuple[float, float]]] = []
        self.path: list[tuple[float, float]] = []
        self.closed = False
        self.setFlag(QGraphicsItem.ItemUsesExtendedStyleOption, True)

    def boundingRect(self) -> QRectF:
        return self.terrain.scene_rect()

    def set_selection(self, hexes) -> None:
        self.selection = set(hexes)
        self.update()

    def set_marked(self, hexes) -> None:
        self.marked = list(hexes)
        self.update()

    def set_hover(self, hexes=(), segments=()) -> None:
        """Mark the hexes or hexsides under the pointer, redrawing only around them."""
        before = self._hover_rect()
        self.hover_hexes = list(hexes)
        self.segments = list(segments)
        self.update(before.united(self._hover_rect()))

    def _hover_rect(self) -> QRectF:
        rect = QRectF()
        for h in self.hover_hexes:
            rect = rect.united(self.terrain.polygon(h).boundingRect())
        for (x1, y1), (x2, y2) in self.segments:
            rect = rect.united(QRectF(QPointF(x1, y1), QPointF(x2, y2)).normalized())
        m = self.terrain.size * 0.3
        return rect.adjusted(-m, -m, m, m) if not rect.isNull() else rect

    def set_path(self, points, closed: bool = False) -> None:
        self.path = list(points)
        self.closed = closed
        self.update()

    def clear_tool(self) -> None:
        self.hover_hexes, self.segments, self.path = [], [], []
        self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        scale = option.levelOfDetailFromTransform(painter.worldTransform())
        exposed = option.exposedRect
        size = self.terrain.size
        painter.setRenderHint(QPainter.Antialiasing, True)
        if self.selection:
            painter.setPen(QPen(SELECTION_EDGE, max(size * 0.05, 1.0 / scale)))
            painter.setBrush(SELECTION_FILL)
            for h in self.selection:
                polygon = self.terrain.polygon(h)
                if polygon.boundingRect().intersects(exposed):
                    painter.drawPolygon(polygon)
        painter.setBrush(Qt.NoBrush)
        if self.hover_hexes:
            painter.setPen(QPen(HOVER, max(size * 0.08, 2.0 / scale)))
            for h in self.hover_hexes:
                painter.drawPolygon(self.terrain.polygon(h))
        if self.segments:
            painter.setPen(QPen(HOVER, max(size * 0.16, 3.0 / scale), Qt.SolidLine, Qt.RoundCap))
            for (x1, y1), (x2, y2) in self.segments:
                painter.drawLine(QPointF(x1, y1), QPointF(x2, y2))
        if self.marked:
            painter.setPen(QPen(MARK, max(size * 0.12, 3.0 / scale)))
            for h in self.marked:
                painter.drawPolygon(self.terrain.polygon(h))
        if len(self.path) > 1:
            pen = QPen(PREVIEW, max(size * 0.06, 2.0 / scale), Qt.DashLine, Qt.RoundCap, Qt.RoundJoin)
            painter.setPen(pen)
            line = QPolygonF([QPointF(x, y) for x, y in self.path])
            if self.closed:
                outline = QPainterPath()
                outline.addPolygon(line)
                outline.closeSubpath()
                painter.drawPath(outline)
            else:
                painter.drawPolyline(line)
