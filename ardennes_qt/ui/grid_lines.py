"""The hex grid, and the ground under the map, drawn column by column.

Between two columns the hexsides form one unbroken zigzag (each hex's north-east and
south-east sides, running up the column); what is left are the hexes' north sides.
So a column's grid is one polyline and one short path, and every column of the same
parity has the same shapes, moved sideways: two templates build the whole grid in a
fraction of the time of 13,000 separate lines, and Qt strokes a few long polylines
faster than many short segments.  A column's outline (up its east zigzag, down its
west one) is likewise the ground the map covers, painted in one fill per column.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainter, QPainterPath, QPolygonF

from ardennes_qt.core.geometry import HexLayout
from ardennes_qt.core.mapdata import MapData
from ardennes_qt.core.numbering import offset_to_axial


class GridLines:
    def __init__(self, map_data: MapData, layout: HexLayout) -> None:
        self.layout = layout
        numbering = map_data.numbering
        self.last_column = numbering.total_columns
        templates: dict[int, tuple[int, QPolygonF, QPainterPath, QPolygonF]] = {}
        self.columns: dict[int, tuple[QPolygonF, QPainterPath, QPolygonF]] = {}
        for column in range(1, self.last_column + 1):
            parity = column & 1
            if parity not in templates:
                templates[parity] = (column, *self._column(column, numbering.first_row, numbering.top_row))
            base, *shapes = templates[parity]
            (bx, by), (cx, cy) = (layout.centre(offset_to_axial(c, 0)) for c in (base, column))
            self.columns[column] = tuple(shape.translated(cx - bx, cy - by) for shape in shapes)

    def _column(self, column: int, first_row: int, last_row: int) -> tuple[QPolygonF, QPainterPath, QPolygonF]:
        """A column's east zigzag, its north sides, and its outline (corners: 0 east, then clockwise)."""
        east, west = [], []
        north = QPainterPath()
        for row in range(first_row, last_row + 1):
            corners = [QPointF(x, y) for x, y in self.layout.corners(offset_to_axial(column, row))]
            if row == first_row:
                east.append(corners[1])
            east += [corners[0], corners[5]]  # up the east side: SE then NE
            west = [corners[3], corners[2]] + west  # the west side, listed from the top down
            north.moveTo(corners[4])
            north.lineTo(corners[5])
        top_corner = corners[4]
        return QPolygonF(east), north, QPolygonF(east + [top_corner] + west)

    def _between(self, left: float, right: float) -> range:
        s = self.layout.size
        first = max(1, math.floor((left - s) / (1.5 * s)))
        return range(first, min(self.last_column, math.ceil((right + s) / (1.5 * s))) + 1)

    def paint(self, painter: QPainter, left: float, right: float) -> None:
        """The grid of the columns between ``left`` and ``right`` (map units); the pen is the caller's."""
        for column in self._between(left, right):
            zigzag, north, _ = self.columns[column]
            painter.drawPolyline(zigzag)
            painter.drawPath(north)

    def fill(self, painter: QPainter, left: float, right: float) -> None:
        """Cover the columns between ``left`` and ``right`` with the painter's brush."""
        for column in self._between(left, right):
            painter.drawPolygon(self.columns[column][2])
