"""Hexes marked on the map for a moment of play: where a retreat may end, the hexes an
advance may take, the legal targets of a gun and the outline of its range, spotters,
the attacking stacks and the defender.

One item paints one set of marks as a few paths (tinted hexes, a region's outline,
routes with arrowheads, short labels), never an item per hex.  Its owner replaces the
set as play goes on and removes the item when done.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from ardennes_qt.core.hexgrid import Direction, Hexside
from ardennes_qt.ui.counter_layer import FANNED_Z
from ardennes_qt.ui.terrain_painter import TerrainPainter

MARKS_Z = FANNED_Z - 3  # over the stacks (the fills are light), under a fanned stack and the drop target


@dataclass(frozen=True, eq=False)  # a style is itself: owners keep their marks by style
class MarkStyle:
    line: QColor
    fill: QColor
    width: float = 0.10  # of the hex size
    dashed: bool = False


ATTACKER = MarkStyle(QColor("#c62828"), QColor(0, 0, 0, 0))
DEFENDER = MarkStyle(QColor("#1565c0"), QColor(0, 0, 0, 0), 0.14)
CHOICE = MarkStyle(QColor("#ef6c00"), QColor(239, 108, 0, 70))  # a hex the player may pick
CHOSEN = MarkStyle(QColor("#ffd54a"), QColor(255, 213, 74, 90), 0.16)
SPOTTER = MarkStyle(QColor("#6a1b9a"), QColor(106, 27, 154, 35), 0.08, dashed=True)
REACH = MarkStyle(QColor("#5e35b1"), QColor(94, 53, 177, 18), 0.12, dashed=True)  # a range or a radius


class HexMarks(QGraphicsItem):
    """A set of marked hexes in one style, optionally outlined as a region, with routes."""

    def __init__(self, terrain: TerrainPainter, style: MarkStyle, z: float = MARKS_Z) -> None:
        super().__init__()
        self.terrain = terrain
        self.style = style
        self.hexes: tuple[str, ...] = ()
        self.labels: dict[str, str] = {}
        self._fill = QPainterPath()
        self._outline = QPainterPath()
        self._routes: list[QPolygonF] = []
        self._bounds = QRectF()
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.NoButton)
        self.setFlag(QGraphicsItem.ItemHasNoContents, True)  # until something is marked

    def show_hexes(self, hexes, labels: dict[str, str] | None = None, routes=(), region: bool = False) -> None:
        """Mark ``hexes`` (printed ids): each tinted, or as one region's outline; ``routes``
        are sequences of hex ids drawn centre to centre with an arrowhead at the end."""
        self.prepareGeometryChange()
        m = self.terrain.map
        self.hexes = tuple(hexes)
        self.labels = dict(labels or {})
        self._fill = QPainterPath()
        self._outline = QPainterPath()
        if region:
            self._outline = self._region_outline({m.parse(h) for h in self.hexes})
        else:
            for h in self.hexes:
                self._fill.addPolygon(self.terrain.polygon(m.parse(h)))
                self._fill.closeSubpath()
        self._routes = [QPolygonF([QPointF(*self.terrain.layout.centre(m.parse(h))) for h in route]) for route in routes]
        bounds = self._fill.boundingRect() | self._outline.boundingRect()
        for route in self._routes:
            bounds |= route.boundingRect()
        pad = self.terrain.size * 0.5
        self._bounds = bounds.adjusted(-pad, -pad, pad, pad)
        # With nothing to mark the scene need not ask for a paint (it would, every frame).
        self.setFlag(QGraphicsItem.ItemHasNoContents, not (self.hexes or self._routes or self.labels))
        self.update()

    def clear(self) -> None:
        self.show_hexes(())

    def _region_outline(self, region) -> QPainterPath:
        """The boundary of a set of hexes: every side whose other hex is outside it."""
        path = QPainterPath()
        layout = self.terrain.layout
        for h in region:
            for d in Direction:
                if h.neighbour(d) not in region:
                    (x1, y1), (x2, y2) = layout.side_segment(Hexside.of(h, d))
                    path.moveTo(x1, y1)
                    path.lineTo(x2, y2)
        return path

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option, widget=None) -> None:
        size = self.terrain.size
        pen = QPen(self.style.line, size * self.style.width)
        pen.setJoinStyle(Qt.RoundJoin)
        pen.setCapStyle(Qt.RoundCap)
        if self.style.dashed:
            pen.setStyle(Qt.DashLine)
        painter.setRenderHint(QPainter.Antialiasing, True)
        painter.setPen(pen)
        painter.setBrush(QBrush(self.style.fill))
        painter.drawPath(self._fill)
        painter.setBrush(Qt.NoBrush)
        painter.drawPath(self._outline)
        for route in self._routes:
            self._paint_route(painter, route, size)
        if self.labels:
            self._paint_labels(painter, size)

    def _paint_route(self, painter: QPainter, route: QPolygonF, size: float) -> None:
        painter.setPen(QPen(self.style.line, size * 0.16, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
        painter.drawPolyline(route)
        if route.size() < 2:
            return
        tip, before = route[route.size() - 1], route[route.size() - 2]
        angle = math.atan2(tip.y() - before.y(), tip.x() - before.x())
        head = size * 0.45
        wing = math.radians(28)
        points = [tip] + [QPointF(tip.x() - head * math.cos(angle + s * wing), tip.y() - head * math.sin(angle + s * wing))
                          for s in (1, -1)]
        painter.setBrush(QBrush(self.style.line))
        painter.drawPolygon(QPolygonF(points))
        painter.setBrush(Qt.NoBrush)

    def _paint_labels(self, painter: QPainter, size: float) -> None:
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(1, round(size * 0.34)))
        font.setBold(True)
        painter.setFont(font)
        metrics = QFontMetricsF(font)
        m = self.terrain.map
        for h, text in self.labels.items():
            cx, cy = self.terrain.layout.centre(m.parse(h))
            box = QRectF(cx - size, cy + size * 0.38, 2 * size, size * 0.5)
            painter.setPen(Qt.NoPen)
            painter.setBrush(QBrush(QColor(255, 255, 255, 215)))
            width = metrics.horizontalAdvance(text) + size * 0.2
            painter.drawRoundedRect(QRectF(cx - width / 2, box.top(), width, box.height()), size * 0.1, size * 0.1)
            painter.setPen(QPen(self.style.line))
            painter.drawText(box, Qt.AlignCenter, text)


def add_marks(scene: QGraphicsScene, terrain: TerrainPainter, style: MarkStyle) -> HexMarks:
    marks = HexMarks(terrain, style)
    scene.addItem(marks)
    return marks


def remove_marks(*marks: HexMarks | None) -> None:
    for item in marks:
        if item is not None and item.scene() is not None:
            item.scene().removeItem(item)
