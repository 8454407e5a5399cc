"""The markers a player keeps on the map, drawn as one layer over the counters:
barrage markers (Full solid, Half dashed, in the firing side's colours), Bridge Blown
and Bridge Tested markers on their bridges, Air Supply markers, and a small flag in the
side's colour on every VP hex saying who controls it.

One item paints them all, from the list the rules give (``session.map_markers``): they are
recorded once into a picture (with their words, and without for small zooms) that each
frame replays, and asked again only when the engine's ``Changes`` name markers, the phase,
or a marked hex.  Hovering a marker tells what it does, with its rule.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPicture, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from ardennes_qt.core.map_markers import (
    AIR_SUPPLY,
    BARRAGE_FULL,
    BARRAGE_HALF,
    BRIDGE_BLOWN,
    BRIDGE_TESTED,
    CONTROL,
    MapMarker,
)
from ardennes_qt.core.outcome import Changes
from ardennes_qt.ui.map_style import side_colour
from ardennes_qt.ui.terrain_painter import TerrainPainter

INK = QColor("#111111")
PAPER = QColor("#ffffff")
BLOWN_RED = QColor("#c62828")
TESTED_GREY = QColor("#546e7a")
AIR_BLUE = QColor("#1565c0")
FLAG_COLOURS = {"German": QColor("#37474f"), "Allied": QColor("#2e7d32")}
SIMPLE_BELOW = 9.0  # pixels per hex size below which markers are drawn without their words


def _font(pixel_size: float) -> QFont:
    font = QFont("DejaVu Sans Condensed")
    font.setPixelSize(max(1, round(pixel_size)))
    font.setBold(True)
    return font


class MarkersLayer(QGraphicsItem):
    def __init__(self, terrain: TerrainPainter) -> None:
        super().__init__()
        self.terrain = terrain
        self.markers: list[MapMarker] = []
        self._vp_hexes: set = set()
        self._marked: set = set()  # hexes with a marker
        self._occupied: set = set()  # hexes with counters: a marker there keeps clear of them
        self._pictures: dict[bool, QPicture] = {}  # with words or without -> every marker drawn
        self._rect = terrain.scene_rect()
        self.setFlag(QGraphicsItem.ItemUsesExtendedStyleOption, True)
        self.setAcceptHoverEvents(True)

    def boundingRect(self) -> QRectF:
        return self._rect

    def show_markers(self, markers: list[MapMarker], occupied) -> None:
        """Draw ``markers``; ``occupied``: the hexes with counters in them."""
        parse = self.terrain.map.parse
        old, old_occupied = self.markers, self._occupied
        self.markers = list(markers)
        self._vp_hexes = {parse(m.hex) for m in self.markers if m.kind == CONTROL}
        self._marked = {parse(m.hex) for m in self.markers}
        self._occupied = set(occupied) & self._marked
        changed = {*old, *self.markers} - (set(old) & set(self.markers))
        changed |= {m for m in self.markers if parse(m.hex) in old_occupied ^ self._occupied}
        self._pictures.clear()
        for m in changed:
            self.update(self._area(m))
        self.setToolTip("")

    def wants(self, changes: Changes) -> bool:
        """Whether ``changes`` may have moved a marker (or the control of a VP hex), or the
        counters beside one."""
        return changes.everything or changes.markers or changes.phase or bool(changes.hexes & self._marked)

    # --- where each marker sits --------------------------------------------------------------

    def _centre(self, m: MapMarker) -> QPointF:
        x, y = self.terrain.layout.centre(self.terrain.map.parse(m.hex))
        if m.across:
            bx, by = self.terrain.layout.centre(self.terrain.map.parse(m.across))
            return QPointF((x + bx) / 2, (y + by) / 2)
        return QPointF(x, y)

    def _slot(self, m: MapMarker) -> int:
        """Several barrage markers in one hex lie side by side."""
        same = [o for o in self.markers if o.hex == m.hex and o.kind in (BARRAGE_FULL, BARRAGE_HALF)]
        return same.index(m) if m in same else 0

    def _area(self, m: MapMarker) -> QRectF:
        c, s = self._centre(m), self.terrain.size
        return QRectF(c.x() - s * 1.2, c.y() - s * 1.2, s * 2.4 + self._slot(m) * s * 0.5, s * 2.4)

    # --- painting -----------------------------------------------------------------------------

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        scale = option.levelOfDetailFromTransform(painter.worldTransform())
        words = self.terrain.size * scale >= SIMPLE_BELOW
        picture = self._pictures.get(words)
        if picture is None:
            picture = self._pictures[words] = QPicture()
            recorder = QPainter(picture)
            recorder.setRenderHint(QPainter.Antialiasing, True)
            for m in self.markers:
                draw = _DRAW.get(m.kind)
                if draw is not None:
                    draw(self, recorder, m, words)
            recorder.end()
        painter.drawPicture(0, 0, picture)

    def _barrage(self, painter: QPainter, m: MapMarker, words: bool) -> None:
        """A square in the middle of an empty hex; with counters there, on the hex's east
        corner, clear of their values.  More markers go side by side, or below."""
        s = self.terrain.size
        c = self._centre(m)
        slot = self._slot(m)
        if self.terrain.map.parse(m.hex) in self._occupied:
            side = s * 0.44
            box = QRectF(c.x() + s * 0.56, c.y() - side / 2 + slot * side * 1.1, side, side)
        else:
            side = s * 0.62
            box = QRectF(c.x() - side / 2 + slot * side * 0.55, c.y() - side / 2 + slot * side * 0.2, side, side)
        colour = side_colour(m.owner)
        full = m.kind == BARRAGE_FULL
        painter.setPen(QPen(PAPER if full else colour, s * 0.045, Qt.SolidLine if full else Qt.DashLine))
        painter.setBrush(colour if full else PAPER)
        painter.drawRoundedRect(box, s * 0.06, s * 0.06)
        if words:
            painter.setFont(_font(side * 0.34))
            painter.setPen(PAPER if full else colour.darker(140))
            painter.drawText(box, Qt.AlignCenter, "FULL" if full else "HALF")

    def _bridge(self, painter: QPainter, m: MapMarker, words: bool) -> None:
        s = self.terrain.size
        c = self._centre(m)
        blown = m.kind == BRIDGE_BLOWN
        colour = BLOWN_RED if blown else TESTED_GREY
        painter.setPen(QPen(PAPER, s * 0.04))
        painter.setBrush(colour)
        painter.drawEllipse(c, s * 0.22, s * 0.22)
        if blown:
            painter.setPen(QPen(PAPER, s * 0.06, Qt.SolidLine, Qt.RoundCap))
            d = s * 0.1
            painter.drawLine(c + QPointF(-d, -d), c + QPointF(d, d))
            painter.drawLine(c + QPointF(-d, d), c + QPointF(d, -d))
        elif words:
            painter.setFont(_font(s * 0.24))
            painter.setPen(PAPER)
            painter.drawText(QRectF(c.x() - s * 0.22, c.y() - s * 0.22, s * 0.44, s * 0.44), Qt.AlignCenter, "T")

    def _air_supply(self, painter: QPainter, m: MapMarker, words: bool) -> None:
        s = self.terrain.size
        c = self._centre(m) + QPointF(s * 0.62, -s * 0.5)
        canopy = QPainterPath()
        canopy.moveTo(c + QPointF(-s * 0.26, 0))
        canopy.arcTo(QRectF(c.x() - s * 0.26, c.y() - s * 0.24, s * 0.52, s * 0.48), 180, -180)
        canopy.closeSubpath()
        painter.setPen(QPen(PAPER, s * 0.03))
        painter.setBrush(AIR_BLUE)
        painter.drawPath(canopy)
        painter.setPen(QPen(AIR_BLUE, s * 0.03))
        crate = QRectF(c.x() - s * 0.08, c.y() + s * 0.16, s * 0.16, s * 0.13)
        for dx in (-0.24, 0.0, 0.24):
            painter.drawLine(c + QPointF(s * dx, 0), crate.center())
        painter.setBrush(AIR_BLUE)
        painter.drawRect(crate)

    def _control(self, painter: QPainter, m: MapMarker, words: bool) -> None:
        """A pennant on a pole in the hex's west corner, in the controlling side's colour."""
        s = self.terrain.size
        c = self._centre(m)
        foot = c + QPointF(-s * 0.8, s * 0.3)
        top = c + QPointF(-s * 0.8, -s * 0.32)
        colour = FLAG_COLOURS.get(m.owner, side_colour(m.owner))
        painter.setPen(QPen(PAPER, s * 0.07, Qt.SolidLine, Qt.RoundCap))
        painter.drawLine(foot, top)
        painter.setPen(QPen(INK, s * 0.035, Qt.SolidLine, Qt.RoundCap))
        painter.drawLine(foot, top)
        flag = QPolygonF([top, top + QPointF(s * 0.4, s * 0.12), top + QPointF(0, s * 0.26)])
        painter.setPen(QPen(PAPER, s * 0.03))
        painter.setBrush(colour)
        painter.drawPolygon(flag)

    # --- what a marker does, on hover ------------------------------------------------------------

    def hoverMoveEvent(self, event) -> None:
        p = event.pos()
        near = [m for m in self.markers if (self._centre(m) - p).manhattanLength() < self.terrain.size * 1.1]
        near.sort(key=lambda m: (self._centre(m) - p).manhattanLength())
        self.setToolTip("\n".join(m.detail for m in near[:3]))


_DRAW = {
    BARRAGE_FULL: MarkersLayer._barrage,
    BARRAGE_HALF: MarkersLayer._barrage,
    BRIDGE_BLOWN: MarkersLayer._bridge,
    BRIDGE_TESTED: MarkersLayer._bridge,
    AIR_SUPPLY: MarkersLayer._air_supply,
    CONTROL: MarkersLayer._control,
}
