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


# The corners of flat-topped hexes lie on a lattice: x in half sizes, y in half heights.
# Corner k of hex (q, r) is (3q + dx, 2r + q + dy), (dx, dy) taken from _LATTICE_CORNERS.
_LATTICE_CORNERS = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))  # corner k at 60*k degrees, y down


def _lattice_sides() -> tuple[tuple[int, int, int, int, int, int], ...]:
    """For each side k of a hex (corner k to corner k+1): the step to the hex across it
    and the side's two ends on the lattice, from the hex's own lattice point."""
    sides = []
    for k in range(6):
        (x0, y0), (x1, y1) = _LATTICE_CORNERS[k], _LATTICE_CORNERS[(k + 1) % 6]
        # The centre mirrored in the side, back to axial steps: x = 3q, y = 2r + q.
        mx, my = x0 + x1, y0 + y1
        dq = mx // 3
        sides.append((dq, (my - dq) // 2, x0, y0, x1, y1))
    return tuple(sides)


_SIDES = _lattice_sides()


def region_path(terrain: TerrainPainter, hexes: set[Hex]) -> QPainterPath:
    """A region of hexes as its edge: one closed ring per piece and per hole, so filling
    and stroking it costs what its edge costs, not what all its hexes would.

    Every hex's sides run the same way round, so the sides between a hex of the region
    and one outside chain end to start into rings (three hexes meet at each corner: a
    ring never touches itself).  The corners are worked out on a lattice of whole numbers
    (``_LATTICE_CORNERS``), and turned into points of the scene once a ring is whole."""
    inside = {(h.q, h.r) for h in hexes}
    sides: dict[tuple[int, int], tuple[int, int]] = {}
    for q, r in inside:
        x, y = 3 * q, 2 * r + q
        for dq, dr, x0, y0, x1, y1 in _SIDES:
            if (q + dq, r + dr) not in inside:
                sides[(x + x0, y + y0)] = (x + x1, y + y1)
    half_w, half_h = terrain.layout.size / 2, terrain.layout.height / 2
    path = QPainterPath()
    path.setFillRule(Qt.OddEvenFill)
    while sides:
        first, b = sides.popitem()
        ring = [QPointF(first[0] * half_w, first[1] * half_h), QPointF(b[0] * half_w, b[1] * half_h)]
        while b != first:
            b = sides.pop(b)
            ring.append(QPointF(b[0] * half_w, b[1] * half_h))
        path.addPolygon(QPolygonF(ring))
        path.closeSubpath()
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
