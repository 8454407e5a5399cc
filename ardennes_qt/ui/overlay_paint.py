"""How a planning overlay is drawn: a few paths (tinted hexes, a region's outline, rings,
links between hexes) and short labels, never a shape per hex.

Line widths are fractions of the hex size with a least width in pixels, so an outline
still shows with the whole map in view; labels appear only once a hex is large enough
on screen to read them, and so do dashes and pale casings (zoomed out they would only
cost time: a dash would be a few pixels long).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

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
    # The line in pieces of a few dozen sides (a long region edge, opaque and solid): each
    # drawn on its own, their round ends the joins, it costs a third of the whole edge at
    # once, and no one drawing call holds the interpreter (and so the window) for long.
    pieces: tuple[QPainterPath, ...] = ()


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
        pieces = stroke.pieces if stroke.line is not None and not (stroke.dash and detail) else ()
        if pieces:
            _paint_pieces(painter, stroke, width, detail, rect)
            continue
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


def _paint_pieces(painter: QPainter, stroke: Stroke, width: float, detail: bool, rect: QRectF) -> None:
    """A stroke with its line in pieces: the fill at once, then the casing and line piece by
    piece (those wholly outside ``rect`` skipped)."""
    if stroke.fill is not None:
        painter.setPen(Qt.NoPen)
        painter.setBrush(QBrush(stroke.fill))
        painter.drawPath(stroke.path)
    painter.setBrush(Qt.NoBrush)
    reach = width * 1.9
    seen = [p for p in stroke.pieces if p.boundingRect().adjusted(-reach, -reach, reach, reach).intersects(rect)]
    pens = [QPen(stroke.line, width, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin)]
    if stroke.casing and detail:
        pens.insert(0, QPen(CASING, width * 1.9, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
    for pen in pens:
        painter.setPen(pen)
        for piece in seen:
            painter.drawPath(piece)


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


PIECE_SIDES = 32  # sides of a region's edge drawn in one piece


def region_path(terrain: TerrainPainter, hexes) -> QPainterPath:
    """A region of hexes as its edge (``region_edges``)."""
    return region_edges(terrain, hexes)[0]


def region_edges(terrain: TerrainPainter, hexes, pieces: bool = False) -> tuple[QPainterPath, tuple[QPainterPath, ...]]:
    """A region of hexes as its edge: one closed ring per piece and per hole, so filling
    and stroking it costs what its edge costs, not what all its hexes would.

    Every hex's sides run the same way round, so the sides between a hex of the region
    and one outside chain end to start into rings (three hexes meet at each corner: a
    ring never touches itself).  The corners are worked out on a lattice of whole numbers
    (``_LATTICE_CORNERS``), the outer sides found for all hexes at once on a grid of the
    region, and turned into points of the scene once a ring is whole.  ``hexes``: Hex
    values, or their (q, r) as an array of two columns.

    With ``pieces``, the rings cut into open lines of ``PIECE_SIDES`` sides each too, end to
    end (``Stroke.pieces``)."""
    path = QPainterPath()
    path.setFillRule(Qt.OddEvenFill)
    cut: list[QPainterPath] = []
    qr = hexes if isinstance(hexes, np.ndarray) else np.array([(h.q, h.r) for h in hexes], dtype=np.int64)
    if not len(qr):
        return path, ()
    q, r = qr[:, 0], qr[:, 1]
    q0, r0 = int(q.min()) - 1, int(r.min()) - 1
    grid = np.zeros((int(q.max()) - q0 + 2, int(r.max()) - r0 + 2), dtype=bool)
    gq, gr = q - q0, r - r0
    grid[gq, gr] = True
    # Lattice points as one whole number: x across, y (which stays within these bounds) down.
    y_low = 2 * r0 + q0 - 4
    span = 2 * (int(r.max()) - r0) + (int(q.max()) - q0) + 12
    starts, ends = [], []
    for dq, dr, x0, y0, x1, y1 in _SIDES:
        out = ~grid[gq + dq, gr + dr]
        sq, sr = q[out], r[out]
        x, y = 3 * sq, 2 * sr + sq - y_low
        starts.append((x + x0) * span + y + y0)
        ends.append((x + x1) * span + y + y1)
    sides = dict(zip(np.concatenate(starts).tolist(), np.concatenate(ends).tolist()))
    half_w, half_h = terrain.layout.size / 2, terrain.layout.height / 2
    while sides:
        first, b = sides.popitem()
        ring = [first, b]
        while b != first:
            b = sides.pop(b)
            ring.append(b)
        xs, ys = np.divmod(np.array(ring, dtype=np.int64), span)
        points = list(map(QPointF, (xs * half_w).tolist(), ((ys + y_low) * half_h).tolist()))
        path.addPolygon(QPolygonF(points))
        path.closeSubpath()
        if pieces:
            for i in range(0, len(points) - 1, PIECE_SIDES):
                piece = QPainterPath()
                piece.addPolygon(QPolygonF(points[i:i + PIECE_SIDES + 1]))
                cut.append(piece)
    return path, tuple(cut)


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
