"""The markers a player keeps on the map: barrage markers (Full solid, Half dashed, in
the firing side's colours), Bridge Blown and Bridge Tested markers on their bridges,
Air Supply markers, and a small flag in the side's colour on every VP hex saying who
controls it.

A marker in a hex without counters lies on the map, as on a printed board: the view
paints it into its cached background, over the terrain and the names, so a frame copies
it with the map.  A marker in a hex with counters would be hidden by them: this item
paints it over the pile (a barrage marker there moves to the hex's east corner, clear of
the counters' values); where the view paints the counters into its background too, a
marker over a pile there goes into the background over them.  Each kind of marker is
drawn once per look and size into a small image, copied to every hex that has one.
Hovering a marker tells what it does, with its rule.  The list comes from the rules
(``session.map_markers``) and is asked again only when the engine's ``Changes`` name
markers, the phase, or a marked hex; then only the areas of the markers that changed are
painted again.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPainterPath, QPen, QPicture, QPolygonF, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem

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
        self._marked: set = set()  # hexes with a marker
        self._occupied: set = set()  # hexes with counters: a marker there keeps clear of them
        self._stamped: tuple[int, list] | None = None  # what a paint copies, at one scale
        self._images: dict[tuple, tuple[QImage, int, int]] = {}  # look -> image, its offset from the spot
        self._images_scale = 0  # the scale of those images: only the zoom shown keeps its images
        self._rect = terrain.scene_rect()
        # The counters under the markers (a CounterLayer, set by the view): whether a pile is
        # painted into the background, so its markers go there too.
        self.piles = None
        self.setFlag(QGraphicsItem.ItemUsesExtendedStyleOption, True)
        self.setFlag(QGraphicsItem.ItemHasNoContents, True)  # until a marker is over counters
        self.setAcceptHoverEvents(True)

    def boundingRect(self) -> QRectF:
        return self._rect

    def show_markers(self, markers: list[MapMarker], occupied) -> None:
        """Draw ``markers``; ``occupied``: the hexes with counters in them."""
        parse = self.terrain.map.parse
        old, old_occupied = self.markers, self._occupied
        self.markers = list(markers)
        self._marked = {parse(m.hex) for m in self.markers}
        self._occupied = set(occupied) & self._marked
        changed = {*old, *self.markers} - (set(old) & set(self.markers))
        changed |= {m for m in self.markers if parse(m.hex) in old_occupied ^ self._occupied}
        self._stamped = None
        self._show_over_piles()
        for m in changed:
            self._repaint(self._area(m))
        self.setToolTip("")

    def piles_changed(self, hexes) -> None:
        """The counters of ``hexes`` went into the view's background or came out of it: so do
        the markers over them."""
        self._show_over_piles()
        for m in self.markers:
            if self.terrain.map.parse(m.hex) in hexes:
                self._repaint(self._area(m))

    def _baked(self, h) -> bool:
        return self.piles is not None and self.piles.baked_hex(h)

    def _show_over_piles(self) -> None:
        # With no marker over a pile painted as items the scene need not ask for a paint.
        self.setFlag(QGraphicsItem.ItemHasNoContents, all(self._baked(h) for h in self._occupied))

    def wants(self, changes: Changes) -> bool:
        """Whether ``changes`` may have moved a marker (or the control of a VP hex), or the
        counters beside one."""
        return changes.everything or changes.markers or changes.phase or bool(changes.hexes & self._marked)

    def itemChange(self, change, value):
        if change == QGraphicsItem.ItemSceneHasChanged and value is not None:
            for view in value.views():  # the views that paint the markers into their background
                add = getattr(view, "add_background_layer", None)
                if add is not None:
                    add(self)
        elif change == QGraphicsItem.ItemVisibleHasChanged:
            self._repaint(self._rect)
        return super().itemChange(change, value)

    def _repaint(self, area: QRectF) -> None:
        """The markers changed in ``area``: the views paint that part of their background again,
        and of this item."""
        if self.scene() is not None:
            self.scene().invalidate(area, QGraphicsScene.BackgroundLayer)
        self.update(area)

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

    def _look(self, m: MapMarker) -> tuple:
        """What a marker's image depends on, besides the zoom."""
        if m.kind in (BARRAGE_FULL, BARRAGE_HALF):
            return m.kind, m.owner, self._slot(m), self.terrain.map.parse(m.hex) in self._occupied
        return m.kind, m.owner

    # --- painting -----------------------------------------------------------------------------

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        """The markers in hexes with counters, over them."""
        self._paint(painter, option.exposedRect, over_counters=True, baked=False)

    def paint_in_background(self, painter: QPainter, exposed: QRectF, over_baked: bool = False) -> None:
        """The markers in hexes without counters, into the view's background; ``over_baked``:
        those over the counters painted into the background (painted after them)."""
        if self.isVisible():
            self._paint(painter, exposed, over_counters=over_baked, baked=over_baked)

    def _paint(self, painter: QPainter, exposed: QRectF, over_counters: bool, baked: bool) -> None:
        """Paint the markers that reach into ``exposed`` (map units) and lie over counters or
        not (over counters: those whose pile is in the background or not, as ``baked``),
        ``painter`` set up in map units; each is copied on whole device pixels from its image."""
        if not self.markers:
            return
        to_device = painter.worldTransform()
        sx, sy, dx, dy = to_device.m11(), to_device.m22(), to_device.dx(), to_device.dy()
        left, top, right, bottom = exposed.left(), exposed.top(), exposed.right(), exposed.bottom()
        painter.save()
        painter.setWorldTransform(QTransform())
        for over, h, x, y, x0, y0, x1, y1, (image, ox, oy) in self._stamps(
                QStyleOptionGraphicsItem.levelOfDetailFromTransform(to_device)):
            if over is not over_counters or x1 < left or x0 > right or y1 < top or y0 > bottom:
                continue
            if over and self._baked(h) is not baked:
                continue
            # As the names: floor(v + 0.5), so each strip a pan uncovers agrees with the rest.
            painter.drawImage(QPointF(math.floor(x * sx + dx + 0.5) + ox, math.floor(y * sy + dy + 0.5) + oy), image)
        painter.restore()

    def _stamps(self, scale: float) -> list[tuple]:
        """Each marker at ``scale``: whether it lies over counters, its hex, its spot, the extent its
        image covers (left, top, right, bottom; map units) and its image.  Worked out once per
        scale and list of markers."""
        key = round(scale * 10000)
        if self._stamped is not None and self._stamped[0] == key:
            return self._stamped[1]
        if key != self._images_scale:
            self._images, self._images_scale = {}, key
        words = self.terrain.size * scale >= SIMPLE_BELOW
        parse = self.terrain.map.parse
        stamps = []
        for m in self.markers:
            if m.kind not in _DRAW:
                continue
            c = self._centre(m)
            image, ox, oy = self._image(m, scale, words)
            h = parse(m.hex)
            stamps.append((h in self._occupied, h, c.x(), c.y(), c.x() + (ox - 1) / scale, c.y() + (oy - 1) / scale,
                           c.x() + (ox + image.width() + 1) / scale, c.y() + (oy + image.height() + 1) / scale,
                           (image, ox, oy)))
        self._stamped = (key, stamps)
        return stamps

    def _image(self, m: MapMarker, scale: float, words: bool) -> tuple[QImage, int, int]:
        """The marker drawn once into an image at ``scale``, and the image's offset in pixels
        from the marker's spot."""
        key = (self._look(m), words)
        cached = self._images.get(key)
        if cached is None:
            picture = QPicture()  # drawn once in map units about the spot, to learn its extent
            recorder = QPainter(picture)
            _DRAW[m.kind](self, recorder, m, words)
            recorder.end()
            bounds = QTransform.fromScale(scale, scale).mapRect(QRectF(picture.boundingRect()))
            ox, oy = math.floor(bounds.left()) - 2, math.floor(bounds.top()) - 2
            image = QImage(math.ceil(bounds.right()) + 2 - ox, math.ceil(bounds.bottom()) + 2 - oy,
                           QImage.Format_ARGB32_Premultiplied)
            image.fill(0)
            p = QPainter(image)
            p.setRenderHint(QPainter.Antialiasing, True)
            p.setRenderHint(QPainter.TextAntialiasing, True)
            p.translate(-ox, -oy)
            p.scale(scale, scale)
            _DRAW[m.kind](self, p, m, words)
            p.end()
            cached = self._images[key] = (image, ox, oy)
        return cached

    # Each draws one marker in map units about its spot (the hex's centre, or the middle of
    # a bridge's hexside).

    def _barrage(self, painter: QPainter, m: MapMarker, words: bool) -> None:
        """A square in the middle of an empty hex; with counters there, on the hex's east
        corner, clear of their values.  More markers go side by side, or below."""
        s = self.terrain.size
        slot = self._slot(m)
        if self.terrain.map.parse(m.hex) in self._occupied:
            side = s * 0.44
            box = QRectF(s * 0.56, -side / 2 + slot * side * 1.1, side, side)
        else:
            side = s * 0.62
            box = QRectF(-side / 2 + slot * side * 0.55, -side / 2 + slot * side * 0.2, side, side)
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
        c = QPointF(0, 0)
        blown = m.kind == BRIDGE_BLOWN
        colour = BLOWN_RED if blown else TESTED_GREY
        painter.setPen(QPen(PAPER, s * 0.04))
        painter.setBrush(colour)
        painter.drawEllipse(c, s * 0.22, s * 0.22)
        if blown:
            painter.setPen(QPen(PAPER, s * 0.06, Qt.SolidLine, Qt.RoundCap))
            d = s * 0.1
            painter.drawLine(QPointF(-d, -d), QPointF(d, d))
            painter.drawLine(QPointF(-d, d), QPointF(d, -d))
        elif words:
            painter.setFont(_font(s * 0.24))
            painter.setPen(PAPER)
            painter.drawText(QRectF(-s * 0.22, -s * 0.22, s * 0.44, s * 0.44), Qt.AlignCenter, "T")

    def _air_supply(self, painter: QPainter, m: MapMarker, words: bool) -> None:
        s = self.terrain.size
        c = QPointF(s * 0.62, -s * 0.5)
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
        foot = QPointF(-s * 0.8, s * 0.3)
        top = QPointF(-s * 0.8, -s * 0.32)
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
