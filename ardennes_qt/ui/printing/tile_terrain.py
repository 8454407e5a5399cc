"""The terrain painter as print uses it: a page gets the lines that fall on it, no more.

A PDF keeps every line a page draws, clipped away or not.  The table draws the grid and
the ground under the map a whole column at a time, and the map's frame as one path around
the whole map; printed, every tile of the excerpt would carry the full height of the map's
grid and frame (most of the file's bytes, and the time to write them).  Here the grid and
the ground are drawn for the rows inside the painter's clip, and outlines (the map's
frame, the seams between sheets, the play area's edge) keep the hexsides near the region
painted.  What shows on paper is the same.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QFont, QGlyphRun, QPainter, QPainterPath, QPen, QPolygonF, QRawFont

from ardennes_qt.core.geometry import HexLayout
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.mapdata import MapData
from ardennes_qt.core.numbering import offset_to_axial
from ardennes_qt.ui import map_style as style
from ardennes_qt.ui.grid_lines import GridLines
from ardennes_qt.ui.map_edges import MapEdges
from ardennes_qt.ui.terrain_painter import HEX_SIZE, TerrainPainter


class Segments:
    """A path of separate lines (a move then a line each, as hexside outlines are drawn),
    from which the lines near a region are taken."""

    def __init__(self, path: QPainterPath) -> None:
        points = [path.elementAt(i) for i in range(path.elementCount())]
        self.lines = [(a.x, a.y, b.x, b.y) for a, b in zip(points[::2], points[1::2])]

    def near(self, rect: QRectF, reach: float = 0.0) -> QPainterPath:
        """The lines that come within ``reach`` of ``rect``."""
        left, top = rect.left() - reach, rect.top() - reach
        right, bottom = rect.right() + reach, rect.bottom() + reach
        path = QPainterPath()
        for x1, y1, x2, y2 in self.lines:
            if max(x1, x2) >= left and min(x1, x2) <= right and max(y1, y2) >= top and min(y1, y2) <= bottom:
                path.moveTo(x1, y1)
                path.lineTo(x2, y2)
        return path


def clip_window(painter: QPainter) -> QRectF | None:
    """The painter's clip in its own coordinates, or None when nothing clips it."""
    return painter.clipBoundingRect() if painter.hasClipping() else None


def opaque_pen(pen: QPen, ground: QColor = style.OPEN) -> QPen:
    """``pen`` in the colour its translucent ink takes on open ground.  The PDF writer
    strokes a translucent line as the filled outline of the stroke, five times the points."""
    colour = pen.color()
    if colour.alpha() == 255:
        return pen
    a = colour.alphaF()
    pen = QPen(pen)
    pen.setColor(QColor.fromRgbF(*(a * c + (1 - a) * g for c, g in zip(colour.getRgbF()[:3], ground.getRgbF()[:3]))))
    return pen


class ClippedGrid(GridLines):
    """The grid and the ground of the rows inside the painter's clip: a column's lines are cut
    to the rows it shows, the map's own rim kept where it falls inside."""

    def __init__(self, map_data: MapData, layout: HexLayout) -> None:
        super().__init__(map_data, layout)
        self.numbering = map_data.numbering
        # Where hexes cover every point: the map less a hex all round its zigzag rim.
        x0, y0, x1, y1 = MapEdges(map_data, layout).bounds
        reach_x, reach_y = layout.width, layout.height
        self._inside = QRectF(x0 + reach_x, y0 + reach_y, x1 - x0 - 2 * reach_x, y1 - y0 - 2 * reach_y)
        self._strips: dict[int, tuple[QPolygonF, QPainterPath, QPolygonF]] = {}

    def _cut(self, column: int, window: QRectF) -> tuple[QPolygonF, QPainterPath, QPolygonF] | None:
        """The column's east zigzag, north sides and outline over the rows ``window`` shows: the
        whole column's, or a strip of as many rows moved into place."""
        h = self.layout.height
        _, y0 = self.layout.centre(offset_to_axial(column, 0))  # rows grow northward from row 0
        first = max(self.numbering.first_row, math.floor((y0 - window.bottom()) / h) - 1)
        last = min(self.numbering.top_row, math.ceil((y0 - window.top()) / h) + 1)
        if first > last:
            return None
        if (first, last) == (self.numbering.first_row, self.numbering.top_row):
            return self.columns[column]
        strip = self._strips.get(last - first)
        if strip is None:
            strip = self._strips[last - first] = self._strip(last - first + 1)
        cx, cy = self.layout.centre(offset_to_axial(column, first))
        return tuple(shape.translated(cx, cy) for shape in strip)

    def _strip(self, rows: int) -> tuple[QPolygonF, QPainterPath, QPolygonF]:
        """A column of ``rows`` hexes, its southernmost centred at the origin: east zigzag,
        north sides, outline (as the whole columns are drawn)."""
        h, s = self.layout.height, self.layout.size
        centres = [-row * h for row in range(rows)]  # south to north
        east, north, west = [QPointF(s / 2, h / 2)], QPainterPath(), []
        for cy in centres:
            east += [QPointF(s, cy), QPointF(s / 2, cy - h / 2)]  # east corner, north-east
            north.moveTo(-s / 2, cy - h / 2)
            north.lineTo(s / 2, cy - h / 2)
        for cy in reversed(centres):
            west += [QPointF(-s, cy), QPointF(-s / 2, cy + h / 2)]  # west corner, south-west
        top_corner = QPointF(-s / 2, centres[-1] - h / 2)
        return QPolygonF(east), north, QPolygonF(east + [top_corner] + west)

    def paint(self, painter: QPainter, left: float, right: float) -> None:
        window = clip_window(painter)
        if window is None:
            super().paint(painter, left, right)
            return
        painter.setPen(opaque_pen(painter.pen()))
        for column in self._between(max(left, window.left()), min(right, window.right())):
            shapes = self._cut(column, window)
            if shapes is not None:
                painter.drawPolyline(shapes[0])
                painter.drawPath(shapes[1])

    def fill(self, painter: QPainter, left: float, right: float) -> None:
        window = clip_window(painter)
        if window is None:
            super().fill(painter, left, right)
            return
        if self._inside.contains(window):  # hexes all over it: the ground is the whole window
            painter.drawRect(window)
            return
        for column in self._between(max(left, window.left()), min(right, window.right())):
            shapes = self._cut(column, window)
            if shapes is not None:
                painter.drawPolygon(shapes[2])


class ClippedEdges(MapEdges):
    """The map's frame and the seams between its sheets, the hexsides near the region only."""

    def paint_outline(self, painter: QPainter, scale: float, rect: QRectF | None = None) -> None:
        if rect is None:
            super().paint_outline(painter, scale, rect)
            return
        whole = self._outline_and_seams
        if "_segments" not in self.__dict__:
            self._segments = tuple(Segments(path) for path in whole)
        reach = self.layout.size
        # The frame drawn is the part near ``rect``; the whole one stays for every other region.
        self.__dict__["_outline_and_seams"] = tuple(s.near(rect, reach) for s in self._segments)
        try:
            super().paint_outline(painter, scale, rect)
        finally:
            self.__dict__["_outline_and_seams"] = whole


class TileTerrain(TerrainPainter):
    """The table's terrain painter with the grid, the ground and the frame cut to the region,
    and the hex ids set as one run of glyphs."""

    def __init__(self, map_data: MapData, size: float = HEX_SIZE, stamps: bool = True) -> None:
        super().__init__(map_data, size, stamps)
        self.grid = ClippedGrid(map_data, self.layout)
        self.edges = ClippedEdges(map_data, self.layout)

    def _paint_hex_ids(self, painter: QPainter, hexes: list[Hex]) -> None:
        """Where the table puts them (centred at the top of the hex), all in one run of glyphs:
        written one by one, each id costs a text object of its own in the PDF, some 5,000 a
        campaign's map pages."""
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(1, round(self.size * 0.19)))
        raw = QRawFont.fromFont(font)
        below = self.size * 0.04 + raw.ascent() - self.layout.height / 2  # the baseline, from the centre
        glyphs: dict[str, tuple[int, float]] = {}  # a character's glyph and advance
        indexes, positions = [], []
        for h in hexes:
            text = self.map.hex_id(h)
            letters = []
            for char in text:
                glyph = glyphs.get(char)
                if glyph is None:
                    index = raw.glyphIndexesForString(char)[0]
                    glyph = glyphs[char] = (index, raw.advancesForGlyphIndexes([index])[0].x())
                letters.append(glyph)
            cx, cy = self.layout.centre(h)
            x, y = cx - sum(advance for _, advance in letters) / 2, cy + below
            for index, advance in letters:
                indexes.append(index)
                positions.append(QPointF(x, y))
                x += advance
        if not indexes:
            return
        run = QGlyphRun()
        run.setRawFont(raw)
        run.setGlyphIndexes(indexes)
        run.setPositions(positions)
        painter.setPen(style.HEX_ID_TEXT)
        painter.drawGlyphRun(QPointF(0.0, 0.0), run)
