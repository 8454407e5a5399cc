"""A scenario's play area on the map (7.x Maps in Play): the hexes outside it shaded, its
edge drawn along the hexsides between hexes in play and hexes out of it.  The table, the
editor and the printed map excerpt draw it with this, each in its own colours."""

from __future__ import annotations

from collections.abc import Collection

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from ardennes_qt.core.hexgrid import Hex, Hexside
from ardennes_qt.ui.terrain_painter import TerrainPainter


def hexes_outline(layout, hexes: Collection[Hex], against: Collection[Hex] | None = None) -> QPainterPath:
    """The hexsides between ``hexes`` and their neighbours not among them - only those
    neighbours in ``against``, if given (the hexes of the map: its own edge left out)."""
    path = QPainterPath()
    for h in hexes:
        for neighbour in h.neighbours():
            if neighbour not in hexes and (against is None or neighbour in against):
                (x1, y1), (x2, y2) = layout.side_segment(Hexside.between(h, neighbour))
                path.moveTo(x1, y1)
                path.lineTo(x2, y2)
    return path


class PlayAreaArt:
    """The hexes of the map outside ``inside`` shaded with ``shade``, and the edge between
    them and the play area drawn with ``edge`` (its width a share of a hex side, never
    thinner than ``least_pixels`` on screen).  Nothing when the whole map is in play."""

    def __init__(self, terrain: TerrainPainter, inside: Collection[Hex], shade: QColor, edge: QColor,
                 width: float = 0.1, least_pixels: float = 2.5) -> None:
        self.terrain = terrain
        every = set(terrain.map.all_hexes())
        self.outside = frozenset(every.difference(inside))
        self.edge_path = hexes_outline(terrain.layout, set(inside) & every, self.outside) if self.outside else QPainterPath()
        self.shade, self.edge, self.width, self.least_pixels = shade, edge, width, least_pixels

    def __bool__(self) -> bool:
        return bool(self.outside)

    def in_rect(self) -> QRectF:
        """The play area's extent in map units (the whole map when all of it is in play)."""
        inside = set(self.terrain.map.all_hexes()) - self.outside
        if not self.outside or not inside:
            return self.terrain.scene_rect()
        rect = QRectF()
        for h in inside:
            rect = rect.united(self.terrain.polygon(h).boundingRect())
        return rect

    def paint(self, painter: QPainter, rect: QRectF, scale: float) -> None:
        """Shade the hexes outside in ``rect`` (map units) and draw the edge; ``scale``: device
        pixels per map unit."""
        if not self.outside:
            return
        painter.save()
        painter.setRenderHint(QPainter.Antialiasing, False)  # shaded hexes meet without seams
        painter.setPen(Qt.NoPen)
        painter.setBrush(self.shade)
        for h in self.terrain.hexes_in(rect):
            if h in self.outside:
                painter.drawPolygon(self.terrain.polygon(h))
        if not self.edge_path.isEmpty():
            painter.setRenderHint(QPainter.Antialiasing, True)
            painter.setBrush(Qt.NoBrush)
            width = max(self.terrain.size * self.width, self.least_pixels / max(scale, 1e-9))
            painter.setPen(QPen(self.edge, width, Qt.SolidLine, Qt.RoundCap))
            painter.drawPath(self.edge_path)
        painter.restore()
