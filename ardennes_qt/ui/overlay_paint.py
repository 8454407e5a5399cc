"""How a planning overlay is drawn: a few paths (tinted hexes, a region's outline, rings,
links between hexes) and short labels, never a shape per hex.

Line widths are fractions of the hex size with a least width in pixels, so an outline
still shows with the whole map in view; labels appear only once a hex is large enough
on screen to read them, and so do dashes and pale casings (zoomed out they would only
cost time: a dash would be a few pixels long).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF

from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.ui.terrain_painter import TerrainPainter

CASING = QColor(255, 255, 255, 200)
LABELS_FROM = 16.0  # pixels per hex size below which labels are not drawn
DETAIL_FROM = 10.0  # ... below which lines are drawn plain, without dashes or casing


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
    """A short text on an overlay, in ink on a rounded paper box centred on a point; its height a
    share of the hex size."""

    at: QPointF  # the label's centre
    text: str
    ink: QColor
    paper: QColor
    share: float = 0.26  # font height, of the hex size


def paint_shapes(painter: QPainter, size: float, scale: float, rect: QRectF, strokes, labels) -> None:
    """Draw strokes and labels in scene units; ``scale``: device pixels per scene unit,
    ``rect``: the part of the scene wanted (what lies wholly outside is skipped)."""
    detail = scale * size >= DETAIL_FROM
    for stroke in strokes:
        if not stroke.path.boundingRect().intersects(rect):
            continue
        width = max(stroke.width * size, stroke.least_px / max(scale, 1e-6))
        if stroke.casing and stroke.line is not None and detail:
            painter.setPen(QPen(CASING, width * 1.9, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
            painter.setBrush(Qt.NoBrush)
            painter.drawPath(stroke.path)
        if stroke.line is not None:
            pen = QPen(stroke.line, width, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin)
            if stroke.dash and detail:
                pen.setDashPattern(list(stroke.dash))
            painter.setPen(pen)
        else:
            painter.setPen(Qt.NoPen)
        painter.setBrush(QBrush(stroke.fill) if stroke.fill is not None else Qt.NoBrush)
        painter.drawPath(stroke.path)
    if labels and scale * size >= LABELS_FROM:
        _paint_labels(painter, size, rect, labels)


def _paint_labels(painter: QPainter, size: float, rect: QRectF, labels) -> None:
    fonts: dict[float, tuple[QFont, QFontMetricsF]] = {}
    pad = size * 0.07
    for label in labels:
        if label.share not in fonts:
            font = QFont("DejaVu Sans Condensed")
            font.setPixelSize(max(1, round(size * label.share)))
            font.setBold(True)
            fonts[label.share] = font, QFontMetricsF(font)
        font, metrics = fonts[label.share]
        painter.setFont(font)
        w = metrics.horizontalAdvance(label.text) + 2 * pad
        h = metrics.height()
        box = QRectF(label.at.x() - w / 2, label.at.y() - h / 2, w, h)
        if not box.intersects(rect):
            continue
        painter.setPen(QPen(label.ink, size * 0.03))
        painter.setBrush(label.paper)
        painter.drawRoundedRect(box, h * 0.3, h * 0.3)
        painter.setPen(label.ink)
        painter.drawText(box, Qt.AlignCenter, label.text)


# --- shapes from hexes ----------------------------------------------------------------------


def _across(terrain: TerrainPainter) -> list[tuple[int, int]]:
    """For each side k of a hex (corner k to corner k+1), the step to the hex across it."""
    layout, origin = terrain.layout, Hex(0, 0)
    cx, cy = layout.centre(origin)
    steps = []
    for k in range(6):
        (x0, y0), (x1, y1) = layout.corner(origin, k), layout.corner(origin, k + 1)
        h = layout.hex_at(x0 + x1 - cx, y0 + y1 - cy)  # the centre mirrored in the side
        steps.append((h.q, h.r))
    return steps


def region_path(terrain: TerrainPainter, hexes: set[Hex]) -> QPainterPath:
    """A region of hexes as its edge: one closed ring per piece and per hole, so filling
    and stroking it costs what its edge costs, not what all its hexes would.

    Every hex's sides run the same way round, so the sides between a hex of the region
    and one outside chain end to start into rings (three hexes meet at each corner: a
    ring never touches itself)."""
    layout, across = terrain.layout, list(enumerate(_across(terrain)))
    sides: dict[tuple[int, int], tuple[tuple[float, float], tuple[float, float]]] = {}
    for h in hexes:
        corners = layout.corners(h)
        for k, (dq, dr) in across:
            if Hex(h.q + dq, h.r + dr) not in hexes:
                a, b = corners[k], corners[(k + 1) % 6]
                sides[_corner_key(a)] = (a, b)
    path = QPainterPath()
    path.setFillRule(Qt.OddEvenFill)
    while sides:
        first, (a, b) = sides.popitem()
        ring = [QPointF(*a), QPointF(*b)]
        while _corner_key(b) != first:
            a, b = sides.pop(_corner_key(b))
            ring.append(QPointF(*b))
        path.addPolygon(QPolygonF(ring))
        path.closeSubpath()
    return path


def _corner_key(point: tuple[float, float]) -> tuple[int, int]:
    return round(point[0] * 64), round(point[1] * 64)


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
