"""The symbols drawn inside a hex: trees, reeds, hachures, houses, dragon's teeth,
and the point marks (traffic jam, point of interest, plunger, bridge).

``s`` is the hex size (centre to corner); ``variant`` picks one of a few scatterings
of the same symbol so that a forest does not look stamped from one hex.  The screen
paints these through pre-rendered stamps (symbol_stamps.py); print and the legend
paint them as vectors with ``paint_symbol``.  Both come from the same geometry here.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF

from ardennes_qt.ui import map_style as style

SQRT3 = math.sqrt(3.0)

# Tree crowns: offsets (fractions of the size) around the centre, as a small grove.
_WOODS_TREES = ((-0.38, -0.30), (0.30, -0.38), (-0.10, 0.05), (0.42, 0.18), (-0.40, 0.40), (0.10, 0.48))
_FOREST_TREES = _WOODS_TREES + ((-0.62, 0.02), (0.62, -0.10), (0.00, -0.60), (0.20, -0.05))


def jitter(seed: int, i: int) -> float:
    """A fixed pseudo-random number in [-1, 1) for symbol ``i`` of scattering ``seed``."""
    x = (seed * 2654435761 + i * 40503) & 0xFFFFFFFF
    x ^= x >> 13
    x = (x * 1274126177) & 0xFFFFFFFF
    return ((x >> 8) & 0xFFFF) / 32768.0 - 1.0


VARIANTS = 4


def variant_of(q: int, r: int) -> int:
    return (q * 7919 + r * 104729) % VARIANTS


def add_trees(path: QPainterPath, cx: float, cy: float, s: float, variant: int, forest: bool) -> None:
    spots = _FOREST_TREES if forest else _WOODS_TREES
    radius = (0.15 if forest else 0.13) * s
    for i, (dx, dy) in enumerate(spots):
        x = cx + (dx + 0.08 * jitter(variant + 1, i)) * s
        y = cy + (dy + 0.08 * jitter(variant + 1, i + 17)) * s
        path.addEllipse(QPointF(x, y), radius, radius * 0.92)


def add_marsh_tufts(path: QPainterPath, cx: float, cy: float, s: float, variant: int) -> None:
    """Reed tufts: a short base line with three blades, three times in the hex."""
    for i, (dx, dy) in enumerate(((-0.40, -0.25), (0.30, -0.05), (-0.15, 0.40))):
        x = cx + (dx + 0.06 * jitter(variant + 1, i)) * s
        y = cy + dy * s
        w = 0.30 * s
        path.moveTo(x - w / 2, y)
        path.lineTo(x + w / 2, y)
        for k, lean in ((-1, -0.08), (0, 0.0), (1, 0.08)):
            bx = x + k * w * 0.28
            path.moveTo(bx, y)
            path.lineTo(bx + lean * s, y - (0.16 if k else 0.22) * s)


def add_slope_hatch(path: QPainterPath, cx: float, cy: float, s: float) -> None:
    """Hachures: short parallel strokes across the hex, falling to the south-east."""
    direction = (0.5, SQRT3 / 2)
    across = (-direction[1], direction[0])
    for k in range(-3, 4):
        offset = k * 0.20 * s
        half = 0.62 * s * math.sqrt(max(0.0, 1.0 - (k / 3.6) ** 2))
        ox, oy = cx + across[0] * offset, cy + across[1] * offset
        path.moveTo(ox - direction[0] * half, oy - direction[1] * half)
        path.lineTo(ox + direction[0] * half, oy + direction[1] * half)


def add_city_blocks(path: QPainterPath, cx: float, cy: float, s: float, variant: int) -> None:
    """Built-up blocks filling most of the hex."""
    blocks = ((-0.45, -0.45, 0.34, 0.28), (0.02, -0.52, 0.40, 0.30), (-0.62, -0.08, 0.30, 0.34),
              (-0.22, -0.05, 0.44, 0.30), (0.30, -0.10, 0.32, 0.36), (-0.40, 0.34, 0.40, 0.26),
              (0.10, 0.32, 0.34, 0.28))
    for i, (x, y, w, h) in enumerate(blocks):
        dx = 0.03 * jitter(variant + 1, i) * s
        path.addRect(QRectF(cx + x * s + dx, cy + y * s, w * s, h * s))


def add_village(path: QPainterPath, cx: float, cy: float, s: float) -> None:
    """A cluster of three houses at the centre of the hex."""
    for x, y, w in ((-0.26, -0.16, 0.20), (0.04, -0.24, 0.22), (-0.08, 0.06, 0.22)):
        path.addRect(QRectF(cx + x * s, cy + y * s, w * s, w * s))


def add_west_wall(path: QPainterPath, cx: float, cy: float, s: float) -> None:
    """Dragon's teeth: a north-south row of triangles, continuous from hex to hex up a column."""
    h = SQRT3 * s
    teeth = 4
    step = h / teeth
    w = 0.16 * s
    for i in range(teeth):
        top = cy - h / 2 + i * step
        path.moveTo(cx + 0.45 * s - w, top + step)
        path.lineTo(cx + 0.45 * s, top + step * 0.15)
        path.lineTo(cx + 0.45 * s + w, top + step)
        path.closeSubpath()


# kind -> (geometry, fill colour or None, stroke colour or None, stroke width as a fraction of s)
_SYMBOLS = {
    "trees": (lambda p, x, y, s, v: add_trees(p, x, y, s, v, forest=False), style.TREE, None, 0.0),
    "forest_trees": (lambda p, x, y, s, v: add_trees(p, x, y, s, v, forest=True), style.FOREST_TREE, None, 0.0),
    "marsh": (add_marsh_tufts, None, style.MARSH_TUFT, 0.035),
    "slope": (lambda p, x, y, s, v: add_slope_hatch(p, x, y, s), None, style.SLOPE_HATCH, 0.045),
    "city": (add_city_blocks, style.CITY_BLOCK, None, 0.0),
    "village": (lambda p, x, y, s, v: add_village(p, x, y, s), style.VILLAGE_BLOCK, None, 0.0),
    "west_wall": (lambda p, x, y, s, v: add_west_wall(p, x, y, s), style.WEST_WALL, None, 0.0),
}


def paint_symbol(painter: QPainter, kind: str, cx: float, cy: float, s: float, variant: int) -> None:
    """One hex's symbol of ``kind`` as vectors."""
    build, fill, stroke, width = _SYMBOLS[kind]
    path = QPainterPath()
    build(path, cx, cy, s, variant)
    if fill is not None:
        painter.fillPath(path, fill)
    if stroke is not None:
        painter.strokePath(path, QPen(stroke, width * s, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))


def paint_mark(painter: QPainter, kind: str, cx: float, cy: float, s: float) -> None:
    {"traffic_jam": draw_traffic_jam, "poi": draw_point_of_interest, "plunger": draw_plunger}[kind](painter, cx, cy, s)


def draw_traffic_jam(painter: QPainter, cx: float, cy: float, s: float) -> None:
    """A warning diamond with a queue of three vehicles."""
    r = 0.30 * s
    x, y = cx - 0.38 * s, cy + 0.36 * s
    diamond = QPolygonF([QPointF(x, y - r), QPointF(x + r, y), QPointF(x, y + r), QPointF(x - r, y)])
    painter.setPen(QPen(QColor("#5a1a08"), 0.03 * s))
    painter.setBrush(style.TRAFFIC_JAM)
    painter.drawPolygon(diamond)
    painter.setPen(Qt.NoPen)
    painter.setBrush(QColor("#2a1206"))
    for k in (-1, 0, 1):
        painter.drawRect(QRectF(x + k * 0.14 * s - 0.05 * s, y - 0.04 * s, 0.10 * s, 0.08 * s))


def draw_point_of_interest(painter: QPainter, cx: float, cy: float, s: float) -> None:
    points = []
    for k in range(10):
        radius = (0.18 if k % 2 == 0 else 0.075) * s
        angle = math.radians(-90 + 36 * k)
        points.append(QPointF(cx + 0.45 * s + radius * math.cos(angle), cy - 0.40 * s + radius * math.sin(angle)))
    painter.setPen(Qt.NoPen)
    painter.setBrush(style.POINT_OF_INTEREST)
    painter.drawPolygon(QPolygonF(points))


def draw_plunger(painter: QPainter, cx: float, cy: float, s: float) -> None:
    """A detonator box with its T handle: the bridges it serves are primed for demolition (3.8)."""
    x, y = cx + 0.40 * s, cy + 0.30 * s
    painter.setPen(QPen(style.PLUNGER, 0.05 * s, Qt.SolidLine, Qt.RoundCap))
    painter.setBrush(QBrush(style.PLUNGER))
    painter.drawRect(QRectF(x - 0.14 * s, y - 0.06 * s, 0.28 * s, 0.20 * s))
    painter.drawLine(QPointF(x, y - 0.06 * s), QPointF(x, y - 0.26 * s))
    painter.drawLine(QPointF(x - 0.12 * s, y - 0.26 * s), QPointF(x + 0.12 * s, y - 0.26 * s))


def draw_bridge(painter: QPainter, mid: tuple[float, float], along: tuple[float, float], s: float,
                german: bool) -> None:
    """The classic bridge mark: two flared rails either side of the road where it crosses water."""
    (mx, my), (ax, ay) = mid, along
    length = math.hypot(ax, ay) or 1.0
    ux, uy = ax / length, ay / length  # along the road
    px, py = -uy, ux  # across the road
    half = 0.22 * s
    gap = 0.15 * s
    flare = 0.08 * s
    colour = style.BRIDGE if not german else QColor("#5b3b8c")
    painter.setPen(QPen(colour, 0.05 * s, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
    painter.setBrush(Qt.NoBrush)
    for sign in (-1, 1):
        path = QPainterPath()
        bx, by = mx + sign * px * gap, my + sign * py * gap
        path.moveTo(bx - ux * half + sign * px * flare, by - uy * half + sign * py * flare)
        path.lineTo(bx - ux * half * 0.7, by - uy * half * 0.7)
        path.lineTo(bx + ux * half * 0.7, by + uy * half * 0.7)
        path.lineTo(bx + ux * half + sign * px * flare, by + uy * half + sign * py * flare)
        painter.drawPath(path)
