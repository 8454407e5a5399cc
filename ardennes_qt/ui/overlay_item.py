"""One planning overlay on the map as one item: a few paths (tinted hexes, a region's
outline, rings, links between hexes) and short labels, never an item per hex.

Line widths are fractions of the hex size with a least width in pixels, so an outline
still shows with the whole map in view; labels appear only once a hex is large enough
on screen to read them.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from ardennes_qt.core.hexgrid import Hex, Hexside
from ardennes_qt.ui.terrain_painter import TerrainPainter

CASING = QColor(255, 255, 255, 200)
LABELS_FROM = 16.0  # pixels per hex size below which labels are not drawn


@dataclass(frozen=True)
class Stroke:
    """A path drawn with an optional fill and an optional line (casing: a pale edge under it)."""

    path: QPainterPath
    line: QColor | None = None
    width: float = 0.08  # of the hex size
    least_px: float = 1.5  # the line is never thinner on screen than this
    fill: QColor | None = None
    dash: tuple[float, ...] = ()
    casing: bool = False


@dataclass(frozen=True)
class Label:
    at: QPointF  # the label's centre
    text: str
    ink: QColor
    paper: QColor
    share: float = 0.26  # font height, of the hex size


class OverlayItem(QGraphicsItem):
    def __init__(self, size: float, z: float) -> None:
        super().__init__()
        self.size = size
        self.strokes: tuple[Stroke, ...] = ()
        self.labels: tuple[Label, ...] = ()
        self._bounds = QRectF()
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.NoButton)
        self.setFlag(QGraphicsItem.ItemUsesExtendedStyleOption)

    def show_shapes(self, strokes, labels=()) -> None:
        self.prepareGeometryChange()
        self.strokes, self.labels = tuple(strokes), tuple(labels)
        bounds = QRectF()
        for stroke in self.strokes:
            bounds = bounds.united(stroke.path.boundingRect())
        for label in self.labels:
            bounds = bounds.united(QRectF(label.at.x() - self.size, label.at.y() - self.size, 2 * self.size, 2 * self.size))
        self._bounds = bounds.adjusted(-self.size, -self.size, self.size, self.size)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        scale = option.levelOfDetailFromTransform(painter.worldTransform())
        exposed = option.exposedRect
        for stroke in self.strokes:
            if not stroke.path.boundingRect().intersects(exposed):
                continue
            width = max(stroke.width * self.size, stroke.least_px / max(scale, 1e-6))
            if stroke.casing and stroke.line is not None:
                painter.setPen(QPen(CASING, width * 1.9, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
                painter.setBrush(Qt.NoBrush)
                painter.drawPath(stroke.path)
            if stroke.line is not None:
                pen = QPen(stroke.line, width, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin)
                if stroke.dash:
                    pen.setDashPattern(list(stroke.dash))
                painter.setPen(pen)
            else:
                painter.setPen(Qt.NoPen)
            painter.setBrush(QBrush(stroke.fill) if stroke.fill is not None else Qt.NoBrush)
            painter.drawPath(stroke.path)
        if self.labels and scale * self.size >= LABELS_FROM:
            self._paint_labels(painter, exposed)

    def _paint_labels(self, painter: QPainter, exposed: QRectF) -> None:
        fonts: dict[float, tuple[QFont, QFontMetricsF]] = {}
        pad = self.size * 0.07
        for label in self.labels:
            if label.share not in fonts:
                font = QFont("DejaVu Sans Condensed")
                font.setPixelSize(max(1, round(self.size * label.share)))
                font.setBold(True)
                fonts[label.share] = font, QFontMetricsF(font)
            font, metrics = fonts[label.share]
            painter.setFont(font)
            w = metrics.horizontalAdvance(label.text) + 2 * pad
            h = metrics.height()
            box = QRectF(label.at.x() - w / 2, label.at.y() - h / 2, w, h)
            if not box.intersects(exposed):
                continue
            painter.setPen(QPen(label.ink, self.size * 0.03))
            painter.setBrush(label.paper)
            painter.drawRoundedRect(box, h * 0.3, h * 0.3)
            painter.setPen(label.ink)
            painter.drawText(box, Qt.AlignCenter, label.text)


# --- shapes from hexes ----------------------------------------------------------------------


def hexes_path(terrain: TerrainPainter, hexes) -> QPainterPath:
    """The hexes as one path (adjacent hexes fill without seams)."""
    path = QPainterPath()
    path.setFillRule(Qt.WindingFill)
    for h in hexes:
        path.addPolygon(terrain.polygon(h))
        path.closeSubpath()
    return path


def outline_path(terrain: TerrainPainter, hexes: set[Hex]) -> QPainterPath:
    """The edge of a region of hexes: every hexside between a hex in it and one outside."""
    path = QPainterPath()
    for h in hexes:
        for n in h.neighbours():
            if n not in hexes:
                (x0, y0), (x1, y1) = terrain.layout.side_segment(Hexside.between(h, n))
                path.moveTo(x0, y0)
                path.lineTo(x1, y1)
    return path


def rings_path(terrain: TerrainPainter, hexes, share: float = 0.86) -> QPainterPath:
    """A hexagonal ring just inside each hex."""
    path = QPainterPath()
    for h in hexes:
        cx, cy = terrain.layout.centre(h)
        ring = terrain.polygon(h).translated(-cx, -cy)
        scaled = [QPointF(cx + p.x() * share, cy + p.y() * share) for p in ring]
        path.moveTo(scaled[0])
        for p in scaled[1:]:
            path.lineTo(p)
        path.closeSubpath()
    return path


def centre(terrain: TerrainPainter, h: Hex) -> QPointF:
    return QPointF(*terrain.layout.centre(h))
