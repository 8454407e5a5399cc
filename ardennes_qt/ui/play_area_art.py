"""A scenario's play area on the map (7.x Maps in Play): the hexes outside it shaded, its
edge drawn along the hexsides between hexes in play and hexes out of it.  The table, the
editor and the printed map excerpt draw it with this, each in its own colours.

The shading is one shape, the outline of the hexes outside (the map's own edge where they
reach it, the play area's edge elsewhere), filled at once: a few hundred corners however many
thousand hexes it covers, where filling each hex would cost a whole-map frame some 25 ms.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen

from ardennes_qt.core.hexgrid import Direction, Hex, Hexside
from ardennes_qt.ui.terrain_painter import TerrainPainter


def boundary_sides(hexes: Collection[Hex], against: Collection[Hex] | None = None) -> list[Hexside]:
    """The hexsides between ``hexes`` and their neighbours not among them - only those
    neighbours in ``against``, if given.  (Looked up as plain coordinates: a map's thousands
    of hexes six times over.)"""
    members = {(h.q, h.r) for h in hexes}
    others = None if against is None else {(h.q, h.r) for h in against}
    steps = [(direction, *direction.delta) for direction in Direction]
    sides = []
    for q, r in members:
        for direction, dq, dr in steps:
            n = (q + dq, r + dr)
            if n not in members and (others is None or n in others):
                sides.append(Hexside.of(Hex(q, r), direction))
    return sides


def sides_path(layout, sides: Iterable[Hexside]) -> QPainterPath:
    """Each hexside as a line of its own."""
    path = QPainterPath()
    for side in sides:
        (x1, y1), (x2, y2) = layout.side_segment(side)
        path.moveTo(x1, y1)
        path.lineTo(x2, y2)
    return path


def hexes_outline(layout, hexes: Collection[Hex], against: Collection[Hex] | None = None) -> QPainterPath:
    """The outline of ``hexes`` as lines (see ``boundary_sides``)."""
    return sides_path(layout, boundary_sides(hexes, against))


def closed_outline(layout, sides: Iterable[Hexside]) -> QPainterPath:
    """The hexsides bounding a region of hexes, joined corner to corner into closed loops, to
    fill the region (odd-even: a loop inside another is a hole).  Three hexes meet at each
    corner, so a region's boundary passes a corner at most once: the loops are never in doubt."""
    ends: dict[tuple[float, float], list[tuple[float, float]]] = {}
    for side in sides:
        a, b = (_key(p) for p in layout.side_segment(side))
        ends.setdefault(a, []).append(b)
        ends.setdefault(b, []).append(a)
    path = QPainterPath()
    path.setFillRule(Qt.OddEvenFill)
    while ends:
        start, here = next(iter(ends.items()))
        previous, point = start, here[0]
        path.moveTo(QPointF(*start))
        _unlink(ends, start, point)
        while point != start:
            path.lineTo(QPointF(*point))
            following = ends.get(point)
            if not following:  # not closed (sides of no region): left open
                break
            previous, point = point, following[0]
            _unlink(ends, previous, point)
        path.closeSubpath()
    return path


def _key(point: tuple[float, float]) -> tuple[float, float]:
    """A corner's position, the same from each of the three hexes that share it."""
    return round(point[0], 6), round(point[1], 6)


def _unlink(ends: dict, a, b) -> None:
    for one, other in ((a, b), (b, a)):
        links = ends[one]
        links.remove(other)
        if not links:
            del ends[one]


class PlayAreaArt:
    """The hexes of the map outside ``inside`` shaded with ``shade``, and the edge between
    them and the play area drawn with ``edge`` (its width a share of a hex side, never
    thinner than ``least_pixels`` on screen).  Nothing when the whole map is in play."""

    def __init__(self, terrain: TerrainPainter, inside: Collection[Hex], shade: QColor, edge: QColor,
                 width: float = 0.1, least_pixels: float = 2.5, hatch: QColor | None = None) -> None:
        """``hatch``: the colour of fine diagonal lines over the shade (on screen, where a
        plain shade could pass for an overlay's tint)."""
        self.terrain = terrain
        every = set(terrain.map.all_hexes())
        inside = every.intersection(inside)
        self.outside = frozenset(every - inside)
        self.shade, self.edge, self.width, self.least_pixels = shade, edge, width, least_pixels
        self.hatch = None if hatch is None else QBrush(hatch, Qt.BDiagPattern)
        self.edge_path = self.shade_path = QPainterPath()
        self._inside_rect = terrain.scene_rect()
        if self.outside:
            facing = boundary_sides(inside, self.outside)  # the play area's edge, on the map
            self.edge_path = sides_path(terrain.layout, facing)
            rim = [side for h, side in terrain.edges.rim_sides if h in self.outside]
            self.shade_path = closed_outline(terrain.layout, facing + rim)
            if inside:
                self._inside_rect = _extent(terrain, inside)

    def __bool__(self) -> bool:
        return bool(self.outside)

    def in_rect(self) -> QRectF:
        """The play area's extent in map units (the whole map when all of it is in play)."""
        return QRectF(self._inside_rect)

    def paint(self, painter: QPainter, rect: QRectF, scale: float) -> None:
        """Shade the hexes outside and draw the edge (what falls in ``rect``, map units);
        ``scale``: device pixels per map unit."""
        if not self.outside or not rect.intersects(self.shade_path.controlPointRect()):
            return
        painter.save()
        painter.setRenderHint(QPainter.Antialiasing, False)  # its edges lie on the hexes' own
        painter.fillPath(self.shade_path, self.shade)
        if self.hatch is not None:
            # The lines are whole device pixels apart, fixed to the map: a pan paints the strip
            # it uncovers with them where the rest of the view has them.
            painter.setBrushOrigin(painter.worldTransform().map(QPointF(0.0, 0.0)))
            painter.fillPath(self.shade_path, self.hatch)
        if not self.edge_path.isEmpty():
            painter.setRenderHint(QPainter.Antialiasing, True)
            painter.setBrush(Qt.NoBrush)
            width = max(self.terrain.size * self.width, self.least_pixels / max(scale, 1e-9))
            painter.setPen(QPen(self.edge, width, Qt.SolidLine, Qt.RoundCap))
            painter.drawPath(self.edge_path)
        painter.restore()


def _extent(terrain: TerrainPainter, hexes: Iterable[Hex]) -> QRectF:
    xs, ys = zip(*(terrain.layout.centre(h) for h in hexes))
    half_width, half_height = terrain.size, terrain.layout.height / 2
    return QRectF(min(xs) - half_width, min(ys) - half_height,
                  max(xs) - min(xs) + 2 * half_width, max(ys) - min(ys) + 2 * half_height)
