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

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QGlyphRun, QImage, QPainter, QPainterPath, QPen, QPolygonF, QRawFont

from ardennes_qt.core.geometry import HexLayout
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.mapdata import MapData
from ardennes_qt.core.numbering import offset_to_axial
from ardennes_qt.ui import map_style as style
from ardennes_qt.ui import terrain_symbols as sym
from ardennes_qt.ui.grid_lines import GridLines
from ardennes_qt.ui.map_edges import MapEdges
from ardennes_qt.ui.terrain_index import HexArt
from ardennes_qt.ui.terrain_painter import HEX_SIZE, TerrainPainter

Wash = tuple[int, str | int]  # a layer of the ground: (0, fill), (1, hill level) or (2, zone), painted in that order


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
    the ground's fills one shape a colour, the symbol stamps and the hex ids set as one run
    of glyphs, what each hex draws worked out once for all the pages it is on."""

    def __init__(self, map_data: MapData, size: float = HEX_SIZE, stamps: bool = True) -> None:
        super().__init__(map_data, size, stamps)
        self.grid = ClippedGrid(map_data, self.layout)
        self.edges = ClippedEdges(map_data, self.layout)
        self._washes: dict[Hex, tuple[Wash, ...]] = {}
        self._stamped: dict[int, dict[Hex, tuple[tuple[QRectF, QImage], ...]]] = {}  # by scale
        self._trims: dict[tuple[str, int, int], tuple[QImage | None, int, int]] = {}
        self._ids: dict[Hex, tuple[list[int], list[QPointF]]] = {}
        self._raw_font: QRawFont | None = None

    # --- ground -------------------------------------------------------------------------------

    def _paint_fills(self, painter: QPainter, rect: QRectF, arts: list[tuple[Hex, HexArt]]) -> None:
        """What the table paints hex by hex (a terrain's fill, a hill's wash, a zone's wash),
        one shape a colour: the same ground, some twenty fills a page instead of hundreds,
        and no hairline seams where a viewer smooths the edges of neighbouring hexes."""
        painter.setRenderHint(QPainter.Antialiasing, False)
        painter.setPen(Qt.NoPen)
        painter.setBrush(style.OPEN)
        self.grid.fill(painter, rect.left(), rect.right())
        layers: dict[Wash, QPainterPath] = {}
        known = self._washes
        for h, art in arts:
            washes = known.get(h)
            if washes is None:
                washes = known[h] = self._washes_of(h, art)
            for wash in washes:
                path = layers.get(wash)
                if path is None:
                    path = layers[wash] = QPainterPath()
                    path.setFillRule(Qt.WindingFill)
                path.addPolygon(self.polygon(h))
        for wash in sorted(layers):
            painter.setBrush(_wash_colour(wash))
            painter.drawPath(layers[wash])

    def _washes_of(self, h: Hex, art: HexArt) -> tuple[Wash, ...]:
        """The layers of ground over open ground in ``h``, as the table paints them."""
        washes: list[Wash] = [] if art.fill == "open" else [(0, art.fill)]
        level = self.map.level(h)
        if level > 0:
            washes.append((1, level))
        terrain = self.map.terrain(h)
        washes += [(2, zone) for zone in style.ZONE_WASHES if zone in terrain]
        return tuple(washes)

    # --- symbols ------------------------------------------------------------------------------

    def _paint_symbols(self, painter: QPainter, arts: list[tuple[Hex, HexArt]], scale: float) -> None:
        """The stamps the table puts in each hex, each hex's images and places found once."""
        if self.stamps is None:
            super()._paint_symbols(painter, arts, scale)
            return
        # Qt's PDF engine draws images with the alpha of the brush last set: opaque, stamps print full.
        painter.setBrush(Qt.black)
        stamped = self._stamped.setdefault(round(scale * 4096), {})
        for h, art in arts:
            if not art.symbols:
                continue
            stamps = stamped.get(h)
            if stamps is None:
                stamps = stamped[h] = self._stamps_of(h, art, scale)
            for target, image in stamps:
                painter.drawImage(target, image)

    def _stamps_of(self, h: Hex, art: HexArt, scale: float) -> tuple[tuple[QRectF, QImage], ...]:
        box = self.stamps._box()
        cx, cy = self.layout.centre(h)
        variant = sym.variant_of(h.q, h.r)
        out = []
        for kind in art.symbols:
            image, dx, dy = self._trimmed(kind, variant, scale)
            if image is not None:
                left, top = cx + box.left() + dx / scale, cy + box.top() + dy / scale
                out.append((QRectF(left, top, image.width() / scale, image.height() / scale), image))
        return tuple(out)

    def _trimmed(self, kind: str, variant: int, scale: float) -> tuple[QImage | None, int, int]:
        """The table's stamp cut to its inked pixels, and where they start in it: the same
        pixels in the same places, a third of the image to write (None when it is blank)."""
        key = (kind, variant % sym.VARIANTS, round(scale * 4096))
        trimmed = self._trims.get(key)
        if trimmed is None:
            trimmed = self._trims[key] = _trim(self.stamps.stamp(kind, variant, scale))
        return trimmed

    # --- hex ids ------------------------------------------------------------------------------

    def _paint_hex_ids(self, painter: QPainter, hexes: list[Hex]) -> None:
        """Where the table puts them (centred at the top of the hex), all in one run of glyphs:
        written one by one, each id costs a text object of its own in the PDF, some 5,000 a
        campaign's map pages."""
        raw = self._hex_id_font()
        known = self._ids
        indexes: list[int] = []
        positions: list[QPointF] = []
        for h in hexes:
            glyphs = known.get(h)
            if glyphs is None:
                glyphs = known[h] = self._hex_id_glyphs(raw, h)
            indexes += glyphs[0]
            positions += glyphs[1]
        if not indexes:
            return
        run = QGlyphRun()
        run.setRawFont(raw)
        run.setGlyphIndexes(indexes)
        run.setPositions(positions)
        painter.setPen(style.HEX_ID_TEXT)
        painter.drawGlyphRun(QPointF(0.0, 0.0), run)

    def _hex_id_font(self) -> QRawFont:
        if self._raw_font is None:
            font = QFont("DejaVu Sans")
            font.setPixelSize(max(1, round(self.size * 0.19)))
            self._raw_font = QRawFont.fromFont(font)
            self._glyphs: dict[str, tuple[int, float]] = {}  # a character's glyph and advance
        return self._raw_font

    def _hex_id_glyphs(self, raw: QRawFont, h: Hex) -> tuple[list[int], list[QPointF]]:
        """The glyphs of ``h``'s id and where they stand."""
        below = self.size * 0.04 + raw.ascent() - self.layout.height / 2  # the baseline, from the centre
        letters = []
        for char in self.map.hex_id(h):
            glyph = self._glyphs.get(char)
            if glyph is None:
                index = raw.glyphIndexesForString(char)[0]
                glyph = self._glyphs[char] = (index, raw.advancesForGlyphIndexes([index])[0].x())
            letters.append(glyph)
        cx, cy = self.layout.centre(h)
        x, y = cx - sum(advance for _, advance in letters) / 2, cy + below
        indexes, positions = [], []
        for index, advance in letters:
            indexes.append(index)
            positions.append(QPointF(x, y))
            x += advance
        return indexes, positions


def _trim(image: QImage) -> tuple[QImage | None, int, int]:
    """``image`` cut to the pixels with any ink, and the offset of the cut; None when all are clear."""
    alpha = image.convertToFormat(QImage.Format_Alpha8)
    stride, width = alpha.bytesPerLine(), alpha.width()
    bits = bytes(alpha.constBits())
    rows = [bits[y * stride:y * stride + width] for y in range(alpha.height())]
    inked = [y for y, row in enumerate(rows) if row.count(0) != width]
    if not inked:
        return None, 0, 0
    top, bottom = inked[0], inked[-1]
    left = min(width - len(rows[y].lstrip(b"\0")) for y in inked)
    right = max(len(rows[y].rstrip(b"\0")) for y in inked)
    return image.copy(left, top, right - left, bottom - top + 1), left, top


def _wash_colour(wash: Wash) -> QColor:
    layer, key = wash
    if layer == 0:
        return style.BASE_FILLS[key]
    if layer == 1:
        colour = QColor(style.HILL)
        colour.setAlpha(min(18 * key, 170))
        return colour
    return style.ZONE_WASHES[key]
