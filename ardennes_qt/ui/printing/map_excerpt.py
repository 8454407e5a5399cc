"""The map excerpt of a setup sheet: the play area with the counters set up, painted
with the table's own terrain painter and counter art at a fixed print scale (counters
about the size of the physical ones) and cut into page-sized tiles.

Tiles are vectors (text stays text), their symbols stamped from shared 300-dpi images
as the table stamps them: drawn as vectors, the tree crowns alone would make every page
of woods heavy to write and slow to open.  Each tile carries only what falls on it (the
grid, the frame and the outlines cut to it: tile_terrain.py).  Only tiles holding set-up
counters are printed; an overview page, one picture, shows the whole play area with
every tile's outline and page number.  Tiles overlap by at least a hex, so a counter
near a tile's edge is whole on one of them.  A stack is fanned out downwards within its
hex so that every counter's band and name shows.  Hexes outside the play area are
washed out, the play area is outlined, and a "w/i N" set-up's area is ringed with a
dashed line around the hexes its units may stand in.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPainterPath, QPen

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.numbering import offset_to_axial
from ardennes_qt.engine.setup_sheet import SetupSheet
from ardennes_qt.ui.counter_art import face_of, paint_counter
from ardennes_qt.ui.counter_layer import COUNTER_SHARE
from ardennes_qt.ui.play_area_art import hexes_outline
from ardennes_qt.ui.printing.tile_terrain import Segments
from ardennes_qt.ui.terrain_painter import TerrainPainter

COUNTER_MM = 10.0  # a physical SCS counter is 12.7 mm; a little smaller keeps the tiles few
PRINT_DPI = 300.0  # symbol stamps on paper; the level of detail is that of an image this sharp
PICTURE_DPI = 120.0  # the overview's picture: a locator, its hexes and counters clear, the names left to the detail pages
OUTSIDE_WASH = QColor(255, 255, 255, 175)
PLAY_AREA_INK = QColor("#7a1f1f")
SPREAD_INK = QColor("#1f3f7a")
FRAME_INK = QColor(20, 60, 140, 200)
FAN_STEP = 0.30  # a pile's counters, each this share of a side below the one under it: its band shows
FAN_SHIFT = 0.05  # and this share to the right
FAN_ROOM = 1 / COUNTER_SHARE  # a fanned pile is made smaller to stay within its hex's height
FRAME_LABEL_MM = 4.0
FRAME_PEN_MM = 0.5


@dataclass(frozen=True)
class Tile:
    """One page-sized piece of the map excerpt: its number, its rectangle with the overlaps, its own
    share of the map and its corner hexes for the caption."""

    number: int  # 1-based, in reading order over the play area
    rect: QRectF  # map units
    core: QRectF  # its share of the map, without the overlaps: its outline on the overview
    first: str  # hex ids at the tile's south-west and north-east, for its caption
    last: str


class MapExcerpt:
    def __init__(self, content: Content, sheet: SetupSheet, terrain: TerrainPainter) -> None:
        self.content = content
        self.sheet = sheet
        self.terrain = terrain
        self.layout = terrain.layout
        self.side = COUNTER_SHARE * self.layout.height
        self.mm_per_unit = COUNTER_MM / self.side
        self.region = self._region()
        area = sheet.play_area_hexes
        self._all_in_play = len(area) == content.map.numbering.size and all(content.map.contains(h) for h in area)
        self._outline = Segments(self._play_area_outline())
        self._spread_paths = [Segments(self._outline_of(set(s.centre.within(s.within)))) for s in sheet.spreads]

    def _region(self) -> QRectF:
        hexes = self.sheet.play_area_hexes or {s.hex for s in self.sheet.stacks}
        xs, ys = zip(*(self.layout.centre(h) for h in hexes))
        # Room all round for a counter on the rim, which overhangs its hex.
        s, half = self.layout.size * 1.15, self.layout.height * 0.7
        return QRectF(min(xs) - s, min(ys) - half, max(xs) - min(xs) + 2 * s, max(ys) - min(ys) + 2 * half)

    # --- tiles --------------------------------------------------------------------------------

    def tiles(self, width_mm: float, height_mm: float) -> list[Tile]:
        """Page-sized tiles over the play area, those holding set-up counters only."""
        w, h = width_mm / self.mm_per_unit, height_mm / self.mm_per_unit
        bounds = self.terrain.map_rect()
        columns = _spans(self.region.left(), self.region.right(), w, bounds.left(), bounds.right(), self.layout.width)
        rows = _spans(self.region.top(), self.region.bottom(), h, bounds.top(), bounds.bottom(), self.layout.height)
        holding = set()
        for stack in self.sheet.stacks:
            cx, cy = self.layout.centre(stack.hex)
            # The tile where the counters stand farthest from the edges, so they print whole.
            holding.add((_deepest(rows, cy, h), _deepest(columns, cx, w)))
        out = []
        for row, column in sorted(holding):
            rect = QRectF(columns[column], rows[row], w, h)
            (left, right), (top, bottom) = _share(columns, column, w), _share(rows, row, h)
            core = QRectF(left, top, right - left, bottom - top)
            out.append(Tile(len(out) + 1, rect, core, *self._corner_ids(rect)))
        return out

    def _corner_ids(self, rect: QRectF) -> tuple[str, str]:
        """The ids of the first and the last hex in play whose centre is on the tile, in the
        numbering's order (column by column, each from its southern row)."""
        numbering, area, centre = self.content.map.numbering, self.sheet.play_area_hexes, self.layout.centre
        h = self.layout.height
        candidates = []  # each column's rows near the tile, in the numbering's order
        for column in range(1, numbering.total_columns + 1):
            x, y0 = centre(offset_to_axial(column, 0))  # rows grow northward from row 0
            if rect.left() - h < x < rect.right() + h:
                first = max(numbering.first_row, math.floor((y0 - rect.bottom()) / h))
                last = min(numbering.top_row, math.ceil((y0 - rect.top()) / h))
                candidates += [(column, row) for row in range(first, last + 1)]

        def inside(spot: tuple[int, int]) -> Hex | None:
            hx = offset_to_axial(*spot)
            return hx if hx in area and rect.contains(QPointF(*centre(hx))) else None

        # The first from the start and the last from the end: the hexes between need no look.
        first_hex = next((hx for hx in map(inside, candidates) if hx is not None), None)
        if first_hex is None:
            return "", ""
        last_hex = next(hx for hx in map(inside, reversed(candidates)) if hx is not None)
        return self.content.map.hex_id(first_hex), self.content.map.hex_id(last_hex)

    # --- painting -----------------------------------------------------------------------------

    def paint(self, painter: QPainter, target: QRectF, source: QRectF, device_per_mm: float) -> None:
        """Paint the map units ``source`` into the device rectangle ``target``: vectors, with
        the symbols stamped from images sharp enough for print."""
        paper_mm = target.width() / device_per_mm / source.width()
        self._paint_map(painter, target, source, paper_mm * PRINT_DPI / 25.4)

    def paint_picture(self, painter: QPainter, target: QRectF, source: QRectF, device_per_mm: float,
                      frames: list[tuple[QRectF, str]] = ()) -> None:
        """The same as one image, with ``frames`` (map rectangles and their labels) as vectors
        over it: an overview of thousands of hexes as vectors is slow to write and to view."""
        dots = PICTURE_DPI / 25.4
        size = QSize(round(target.width() / device_per_mm * dots), round(target.height() / device_per_mm * dots))
        image = QImage(size, QImage.Format_RGB32)
        image.fill(QColor("#ffffff"))
        image_painter = QPainter(image)
        self._paint_map(image_painter, QRectF(0, 0, size.width(), size.height()), source, size.width() / source.width())
        image_painter.end()
        painter.setBrush(Qt.black)  # the PDF engine gives images the last brush's alpha
        painter.drawImage(target, image)
        k = target.width() / source.width()
        painter.save()
        self._to_map(painter, target, source)
        self._paint_frames(painter, frames, FRAME_LABEL_MM * device_per_mm / k, FRAME_PEN_MM * device_per_mm / k)
        painter.restore()

    def _to_map(self, painter: QPainter, target: QRectF, source: QRectF) -> None:
        """Map units onto ``target``, clipped to it and to the map with its frame: paper
        stays white beyond."""
        k = target.width() / source.width()
        painter.setClipRect(target)
        painter.translate(target.topLeft())
        painter.scale(k, k)
        painter.translate(-source.left(), -source.top())
        painter.setClipRect(self.terrain.scene_rect(), Qt.IntersectClip)

    def _paint_map(self, painter: QPainter, target: QRectF, source: QRectF, detail: float) -> None:
        """``detail``: the pixels per map unit of the image the drawing stands for, which
        set what is worth drawing and the symbol stamps' resolution."""
        painter.save()
        self._to_map(painter, target, source)
        self.terrain.paint(painter, source, detail)
        self._paint_outside(painter, source)
        painter.setRenderHint(QPainter.Antialiasing, True)
        painter.setBrush(Qt.NoBrush)
        reach = self.layout.size
        outline = self._outline.near(source, reach)
        if not outline.isEmpty():  # an empty path would still be written, a shape with no point
            painter.setPen(QPen(PLAY_AREA_INK, self.layout.size * 0.09))
            painter.drawPath(outline)
        painter.setPen(QPen(SPREAD_INK, self.layout.size * 0.07, Qt.DashLine))
        for segments in self._spread_paths:
            path = segments.near(source, reach)
            if not path.isEmpty():
                painter.drawPath(path)
        self._paint_counters(painter, source, self.side * detail)
        painter.restore()

    def _paint_frames(self, painter: QPainter, frames, label_size: float, pen_width: float) -> None:
        """Each detail page's outline, and its page number large in the middle."""
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(1, round(label_size)))
        font.setBold(True)
        painter.setFont(font)
        for rect, label in frames:
            painter.setPen(QPen(FRAME_INK, pen_width))
            painter.setBrush(Qt.NoBrush)
            painter.drawRect(rect)
            width = painter.fontMetrics().horizontalAdvance(label) + label_size
            tag = QRectF(rect.center().x() - width / 2, rect.center().y() - label_size * 0.75, width, label_size * 1.5)
            painter.setPen(Qt.NoPen)
            painter.setBrush(FRAME_INK)
            painter.drawRoundedRect(tag, label_size * 0.3, label_size * 0.3)
            painter.setPen(QColor("#ffffff"))
            painter.drawText(tag, Qt.AlignCenter, label)

    def _paint_outside(self, painter: QPainter, source: QRectF) -> None:
        """The hexes out of play washed out, as one shape: no seams between them, one fill to write."""
        if self._all_in_play:
            return
        area = self.sheet.play_area_hexes
        outside = QPainterPath()
        for h in self.terrain.hexes_in(source):
            if h not in area:
                outside.addPolygon(self.terrain.polygon(h))
                outside.closeSubpath()
        if not outside.isEmpty():
            painter.setPen(Qt.NoPen)
            painter.setBrush(OUTSIDE_WASH)
            painter.drawPath(outside)

    def _paint_counters(self, painter: QPainter, source: QRectF, device_size: float) -> None:
        """The piles that show on ``source``, each counter that shows there: one wholly beyond
        the edge would still be written to the page."""
        for stack in self.sheet.stacks:
            cx, cy = self.layout.centre(stack.hex)
            squares = self.fanned(len(stack.units), cx, cy)
            reach = self.side * 0.05  # a DG tag overhangs its counter
            if not source.intersects(squares[0].united(squares[-1]).adjusted(-reach, -reach, reach, reach)):
                continue
            for unit, square in zip(stack.units, squares):
                formation = self.content.formations.get(unit.formation)
                face = face_of(unit, formation.colour if formation else "#777777")
                paint_counter(painter, square, face, device_size * square.width() / self.side)

    def fanned(self, n: int, cx: float, cy: float) -> list[QRectF]:
        """The squares of a pile of ``n`` counters in the hex centred at (cx, cy) (see ``fanned``)."""
        return fanned(n, cx, cy, self.side, FAN_ROOM * self.side)

    # --- outlines -----------------------------------------------------------------------------

    def _play_area_outline(self) -> QPainterPath:
        return QPainterPath() if self._all_in_play else self._outline_of(set(self.sheet.play_area_hexes))

    def _outline_of(self, hexes: set[Hex]) -> QPainterPath:
        return hexes_outline(self.layout, hexes)


def fanned(n: int, cx: float, cy: float, side: float, room: float) -> list[QRectF]:
    """The squares of a pile of ``n`` counters ``side`` wide centred at (cx, cy), bottom counter
    first: fanned downwards, each counter showing the band and name of the one under it, the
    top counter last and whole; a pile taller than ``room`` is made smaller to fit it."""
    side = min(side, room / (1 + FAN_STEP * (n - 1)))
    step_x, step_y = FAN_SHIFT * side, FAN_STEP * side
    left = cx - (side + step_x * (n - 1)) / 2
    top = cy - (side + step_y * (n - 1)) / 2
    return [QRectF(left + i * step_x, top + i * step_y, side, side) for i in range(n)]


def _spans(low: float, high: float, size: float, bound_low: float, bound_high: float, overlap: float) -> list[float]:
    """Starts of tiles ``size`` long covering ``low``-``high``, overlapping at least ``overlap``,
    spread evenly; a single tile is centred, and kept on the map where it can be."""
    if high - low <= size:
        start = (low + high - size) / 2
        if bound_high - bound_low >= size:
            start = min(max(start, bound_low), bound_high - size)
        return [start]
    n = math.ceil((high - low - overlap) / (size - overlap))
    return [low + i * (high - low - size) / (n - 1) for i in range(n)]


def _share(starts: list[float], i: int, size: float) -> tuple[float, float]:
    """Where tile ``i`` meets its neighbours: halfway across each overlap."""
    low = (starts[i] + starts[i - 1] + size) / 2 if i > 0 else starts[i]
    high = (starts[i] + size + starts[i + 1]) / 2 if i + 1 < len(starts) else starts[i] + size
    return low, high


def _deepest(starts: list[float], at: float, size: float) -> int:
    return max(range(len(starts)), key=lambda i: min(at - starts[i], starts[i] + size - at))
