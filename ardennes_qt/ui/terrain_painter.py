"""Paints any region of a map with QPainter, in map units (x east, y south).

One painter serves the screen's cached tiles, the legend and printing.  It visits
only the hexes in the region (terrain_index.py has gathered what each one draws) and
paints layer by layer: fills, symbols, grid, hexside features, roads, bridges and
marks, the frame, entry letters, hex ids, names.  ``scale`` (device pixels per map
unit) decides how much detail is worth drawing: symbols, the grid and hex ids only
appear where they can be seen.  With a stamp book, symbols are stamped from
pre-rendered images (the screen); without one they are drawn as vectors (print).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF

from ardennes_qt.core.geometry import HexLayout
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.mapdata import MapData
from ardennes_qt.ui import map_style as style
from ardennes_qt.ui import terrain_symbols as sym
from ardennes_qt.ui.grid_lines import GridLines
from ardennes_qt.ui.map_edges import MapEdges, paint_entry_letter
from ardennes_qt.ui.place_labels import draw_place_label, label_rect
from ardennes_qt.ui.symbol_stamps import StampBook
from ardennes_qt.ui.terrain_index import HexArt, TerrainIndex

HEX_SIZE = 40.0  # map units from a hex centre to a corner

# Pixels per hex size below which a detail is not drawn (it would be a smudge).
GRID_FROM = 9.0
SYMBOLS_FROM = 7.0
HEX_IDS_FROM = 38.0
NAME_BELOW = 0.66  # hex sizes from the centre to the top of a town's name: a counter ends at 0.64

_PLAIN = HexArt()


class TerrainPainter:
    def __init__(self, map_data: MapData, size: float = HEX_SIZE, stamps: bool = False) -> None:
        self.map = map_data
        self.size = size
        self.layout = HexLayout(size)
        self._index: TerrainIndex | None = None
        self.edges = MapEdges(map_data, self.layout)
        self.grid = GridLines(map_data, self.layout)
        self.stamps = StampBook(size) if stamps else None
        self._polygons: dict[Hex, QPolygonF] = {}
        self._template = QPolygonF([QPointF(x, y) for x, y in self.layout.corners(Hex(0, 0))])

    @property
    def index(self) -> TerrainIndex:
        """What each hex draws, gathered when first painted: a first frame shown from the
        terrain's overview on disk does without it."""
        if self._index is None:
            self._index = TerrainIndex(self.map, self.layout)
        return self._index

    # --- where things are -------------------------------------------------------------

    def map_rect(self) -> QRectF:
        x0, y0, x1, y1 = self.edges.bounds
        return QRectF(x0, y0, x1 - x0, y1 - y0)

    def scene_rect(self) -> QRectF:
        """The map with a margin for the friendly-edge bands and sheet names."""
        m = self.edges.margin
        return self.map_rect().adjusted(-m, -m * 1.8, m, m)

    def hexes_in(self, rect: QRectF) -> list[Hex]:
        return self.index.hexes_in(rect.left(), rect.top(), rect.right(), rect.bottom())

    def polygon(self, h: Hex) -> QPolygonF:
        polygon = self._polygons.get(h)
        if polygon is None:
            polygon = self._polygons[h] = self._template.translated(*self.layout.centre(h))
        return polygon

    # --- painting ---------------------------------------------------------------------

    def paint(self, painter: QPainter, rect: QRectF, scale: float, labels: bool = True) -> None:
        """Paint everything of the map that falls in ``rect`` (map units).

        Without ``labels`` the town names and entry letters are left out, for a screen
        that draws them at a fixed pixel size over the terrain.
        """
        hexes = self.hexes_in(rect)
        arts = [(h, self.index.art.get(h, _PLAIN)) for h in hexes]
        px = self.size * scale  # pixels per hex size
        painter.save()
        self.edges.paint_margin(painter, rect)
        self._paint_fills(painter, rect, arts)
        painter.setRenderHint(QPainter.Antialiasing, True)
        self._paint_entry_areas(painter, set(hexes))
        if px >= SYMBOLS_FROM:
            self._paint_symbols(painter, arts, scale)
        if px >= GRID_FROM:
            self._paint_grid(painter, rect, scale)
        self._paint_hexsides(painter, arts, scale)
        self._paint_roads(painter, arts, scale)
        if px >= SYMBOLS_FROM:
            self._paint_bridges_and_marks(painter, arts)
        self.edges.paint_outline(painter, scale, rect)
        if px >= HEX_IDS_FROM:
            self._paint_hex_ids(painter, hexes)
        if labels:
            self._paint_entry_letters(painter, rect)
            self.paint_labels(painter, rect, self.size * 0.36)
        painter.restore()

    def _paint_fills(self, painter: QPainter, rect: QRectF, arts: list[tuple[Hex, HexArt]]) -> None:
        # Open ground under the whole map at once; then each other hex.  Without
        # antialiasing neighbouring hexes meet exactly, with no hairline seams between
        # them; the grid drawn over them smooths the edges.
        painter.setRenderHint(QPainter.Antialiasing, False)
        painter.setPen(Qt.NoPen)
        painter.setBrush(style.OPEN)
        self.grid.fill(painter, rect.left(), rect.right())
        current = None
        for h, art in sorted((item for item in arts if item[1].fill != "open"), key=lambda item: item[1].fill):
            if art.fill != current:
                current = art.fill
                painter.setBrush(style.BASE_FILLS[current])
            painter.drawPolygon(self.polygon(h))
        hills: dict[int, list[Hex]] = {}  # maps with levels (ASL): each level washed a shade darker
        for h, _ in arts:
            level = self.map.level(h)
            if level > 0:
                hills.setdefault(level, []).append(h)
        for level, hexes in hills.items():
            wash = QColor(style.HILL)
            wash.setAlpha(min(18 * level, 170))
            painter.setBrush(wash)
            for h in hexes:
                painter.drawPolygon(self.polygon(h))
        for zone, wash in style.ZONE_WASHES.items():
            painter.setBrush(wash)
            for h, _ in arts:
                if zone in self.map.terrain(h):
                    painter.drawPolygon(self.polygon(h))

    def _paint_entry_areas(self, painter: QPainter, wanted: set[Hex]) -> None:
        painter.setPen(Qt.NoPen)
        for area in self.map.entry_areas.values():
            tint = style.side_colour(area.side, alpha=60)
            painter.setBrush(tint)
            for h in area.hexes & wanted:
                painter.drawPolygon(self.polygon(h))

    def _paint_symbols(self, painter: QPainter, arts: list[tuple[Hex, HexArt]], scale: float) -> None:
        s = self.size
        # Qt's PDF engine draws images with the alpha of the brush last set (the entry
        # areas' tint): an opaque brush keeps printed stamps at full strength.
        painter.setBrush(Qt.black)
        for h, art in arts:
            if not art.symbols:
                continue
            cx, cy = self.layout.centre(h)
            variant = sym.variant_of(h.q, h.r)
            for kind in art.symbols:
                if self.stamps is not None:
                    self.stamps.draw(painter, kind, variant, cx, cy, scale)
                else:
                    sym.paint_symbol(painter, kind, cx, cy, s, variant)

    def _paint_grid(self, painter: QPainter, rect: QRectF, scale: float) -> None:
        # Never thinner than a device pixel: a hairline grid flickers when panning.
        painter.setPen(QPen(style.GRID, max(0.02 * self.size, 0.8 / scale)))
        painter.setBrush(Qt.NoBrush)
        self.grid.paint(painter, rect.left(), rect.right())

    def _paint_hexsides(self, painter: QPainter, arts: list[tuple[Hex, HexArt]], scale: float) -> None:
        paths = {name: QPainterPath() for name in style.HEXSIDE_ORDER}
        for _, art in arts:
            for feature, (x1, y1), (x2, y2) in art.sides:
                path = paths.get(feature)
                if path is not None:
                    path.moveTo(x1, y1)
                    path.lineTo(x2, y2)
        painter.setBrush(Qt.NoBrush)
        for name in style.HEXSIDE_ORDER:
            if not paths[name].isEmpty():
                painter.setPen(style.hexside_pen(name, self.size, scale))
                painter.drawPath(paths[name])

    def _road_paths(self, arts: list[tuple[Hex, HexArt]], kind: str) -> list[QPainterPath]:
        """Each hex's half of its links, curved through the centre where a road just passes through.

        One small path per hex: Qt strokes many small paths much faster than one that
        spans the map.
        """
        paths = []
        for h, art in arts:
            ends = art.roads.get(kind)
            if not ends:
                continue
            cx, cy = self.layout.centre(h)
            path = QPainterPath()
            if len(ends) == 2:
                path.moveTo(*ends[0])
                path.quadTo(cx, cy, *ends[1])
            else:
                for mx, my in ends:
                    path.moveTo(cx, cy)
                    path.lineTo(mx, my)
            paths.append(path)
        return paths

    def _paint_roads(self, painter: QPainter, arts: list[tuple[Hex, HexArt]], scale: float) -> None:
        painter.setBrush(Qt.NoBrush)
        kinds = {kind for _, art in arts for kind in art.roads}
        looks = {look: [k for k in sorted(kinds) if style.ROAD_LOOKS.get(k, "road") == look] for look in ("track", "minor", "road")}
        painter.setPen(style.track_pen(self.size, scale))
        for kind in looks["track"]:
            for path in self._road_paths(arts, kind):
                painter.drawPath(path)
        # Every casing before any fill, so where roads meet the fills run through; minor roads first.
        for look, pens in (("minor", style.minor_road_pens), ("road", style.road_pens)):
            roads = [path for kind in looks[look] for path in self._road_paths(arts, kind)]
            for pen in pens(self.size, scale) if roads else ():
                painter.setPen(pen)
                for path in roads:
                    painter.drawPath(path)

    def _paint_bridges_and_marks(self, painter: QPainter, arts: list[tuple[Hex, HexArt]]) -> None:
        s = self.size
        for h, art in arts:
            for mid, along, german in art.bridges:
                sym.draw_bridge(painter, mid, along, s, german)
            if art.marks:
                cx, cy = self.layout.centre(h)
                for kind in art.marks:
                    sym.paint_mark(painter, kind, cx, cy, s)

    def _paint_entry_letters(self, painter: QPainter, rect: QRectF) -> None:
        near = rect.adjusted(-self.size, -self.size, self.size, self.size)
        for area, (x, y) in self.edges.entry_letter_spots.items():
            if near.contains(QPointF(x, y)):
                paint_entry_letter(painter, area, x, y, self.size * 0.48)

    def _paint_hex_ids(self, painter: QPainter, hexes: list[Hex]) -> None:
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(1, round(self.size * 0.19)))
        painter.setFont(font)
        painter.setPen(style.HEX_ID_TEXT)
        half = math.sqrt(3.0) * self.size / 2
        for h in hexes:
            cx, cy = self.layout.centre(h)
            box = QRectF(cx - self.size * 0.6, cy - half + self.size * 0.04, self.size * 1.2, self.size * 0.3)
            painter.drawText(box, Qt.AlignHCenter | Qt.AlignTop, self.map.hex_id(h))

    # --- names ------------------------------------------------------------------------

    def label_anchor(self, h: Hex) -> tuple[float, float]:
        """The top centre of a place's name: just below where a counter in the hex ends."""
        cx, cy = self.layout.centre(h)
        return cx, cy + self.size * NAME_BELOW

    def paint_labels(self, painter: QPainter, rect: QRectF, pixel_size: float) -> None:
        """Town names in map units (print, legend); the screen draws them at a fixed pixel size."""
        margin = self.size * 4
        wide = rect.adjusted(-margin, -margin, margin, margin)
        for h, place in self.map.places.items():
            x, y = self.label_anchor(h)
            if wide.contains(QPointF(x, y)):
                draw_place_label(painter, place, x, y - label_rect(place, 0.0, 0.0, pixel_size).top(), pixel_size)
