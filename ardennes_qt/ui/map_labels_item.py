"""Town names and entry-area letters over the terrain, at pixel sizes that stay
legible at every zoom.

They are not in the terrain tiles: a name painted in map units would be a smudge with
the whole map in view and a banner up close.  Here each is drawn at a fixed pixel size
(growing a little as you zoom in).  Where names would collide, the place worth more
victory points keeps its name; places without VP are named only once the hexes are
big enough to leave room for them.

``MapNames`` paints them with any painter set up in map units: the table paints them
into its view's cached background, over the terrain and under the counters, as on a
printed map (a frame then copies them with the terrain); ``MapLabelsItem`` shows them as
an item over the editor's terrain item.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem

from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.mapdata import Place
from ardennes_qt.ui.counter_item import CounterItem
from ardennes_qt.ui.label_sheet import LabelSheet
from ardennes_qt.ui.map_edges import paint_entry_letter
from ardennes_qt.ui.place_labels import draw_place_label, label_rect
from ardennes_qt.ui.terrain_painter import TerrainPainter

MIN_PIXELS = 11.0
MAX_PIXELS = 17.0
LETTER_PIXELS = (10.0, 15.0)  # radius of an entry-area roundel, least and most
ALL_NAMES_FROM = 16.0  # pixels per hex size from which places without VP are named too


def label_pixels(hex_pixels: float) -> float:
    return min(MAX_PIXELS, max(MIN_PIXELS, hex_pixels * 0.34))


def _label_pad(pixels: float) -> int:
    return math.ceil(pixels * 0.3)


def _letter_radius(hex_pixels: float) -> float:
    """An entry-area roundel's radius in pixels, for hexes ``hex_pixels`` across."""
    return min(LETTER_PIXELS[1], max(LETTER_PIXELS[0], hex_pixels * 0.48))


def _letter_pixels(radius: float) -> int:
    return math.ceil(radius * 2.4)


class MapNames:
    def __init__(self, terrain: TerrainPainter, sheets: Path | None = None) -> None:
        """``sheets``: the folder where the pictures drawn for the first scale painted are
        kept for the next run (``label_sheet``); None: drawn every run."""
        self.terrain = terrain
        self._placed: tuple[int, list[tuple[Place, QPointF, QRectF]]] | None = None
        self._stamped: tuple[tuple, list] | None = None  # what a paint copies, at one scale
        # Each label and entry letter drawn once per pixel size: halo and text outlines cost
        # more than a blit.
        self._images: dict[tuple, tuple] = {}  # key -> (image, where it sits from its anchor)
        self.sheets = sheets
        self._sheet_sizes: set[tuple] = set()  # the sizes whose sheet has been read (or looked for)
        self._drawn: set[tuple] = set()  # keys of the pictures drawn in this run, not read from a sheet
        self.first_scale: float | None = None  # the scale of the first names worked out
        # The places named, where not the map's own: a scenario's, with its VP values (the editor).
        self.places: Mapping[Hex, Place] | None = None

    def refresh(self) -> None:
        """Place the names again (the editor changed places or entry areas)."""
        self._placed = None
        self._stamped = None

    def placed(self, scale: float) -> list[tuple[Place, QPointF, QRectF]]:
        """The names shown at ``scale``, each with its anchor and its extent in map units."""
        key = round(scale * 10000)
        if self._placed is not None and self._placed[0] == key:
            return self._placed[1]
        hex_pixels = self.terrain.size * scale
        pixels = label_pixels(hex_pixels)
        places = self.terrain.map.places if self.places is None else self.places
        candidates = [(h, place) for h, place in places.items() if place.vp > 0 or hex_pixels >= ALL_NAMES_FROM]
        candidates.sort(key=lambda item: (-item[1].vp, item[1].name))
        shown: list[tuple[Place, QPointF, QRectF]] = []
        # A name by the map's edge is moved in, whole on the map, VP badge and all (with the
        # whole map in view the edge is the view's).
        bounds = self.terrain.map_rect()
        pad = (_label_pad(pixels) + 1) / scale
        for h, place in candidates:
            x, y = self.terrain.label_anchor(h)
            r = label_rect(place, 0.0, 0.0, pixels)
            extent = QRectF(x + r.left() / scale, y, r.width() / scale, r.height() / scale)  # hangs from (x, y)
            dx = max(0.0, bounds.left() + pad - extent.left()) - max(0.0, extent.right() + pad - bounds.right())
            dy = -max(0.0, extent.bottom() + pad - bounds.bottom())
            if dx or dy:
                x, y = x + dx, y + dy
                extent.translate(dx, dy)
            if any(extent.intersects(other) for _, _, other in shown):
                continue
            shown.append((place, QPointF(x, y), extent))
        self._placed = (key, shown)
        return shown

    def paint(self, painter: QPainter, exposed: QRectF, stamps: list[list] | None = None) -> None:
        """Paint the names and letters (or only ``stamps``, some of them) that reach into
        ``exposed`` (map units), each copied on whole device pixels from its image."""
        to_device = painter.worldTransform()
        # The view only scales and moves the map: a map point is at (x * sx + dx, y * sy + dy).
        sx, sy, dx, dy = to_device.m11(), to_device.m22(), to_device.dx(), to_device.dy()
        left, top, right, bottom = exposed.left(), exposed.top(), exposed.right(), exposed.bottom()
        if stamps is None:
            stamps = self.stamps(QStyleOptionGraphicsItem.levelOfDetailFromTransform(to_device))
        painter.save()
        painter.setWorldTransform(QTransform())
        for stamp in stamps:
            _, x, y, x0, y0, x1, y1, draw = stamp
            if x1 < left or x0 > right or y1 < top or y0 > bottom:
                continue
            if stamp[0] is None:
                stamp[0] = draw()
            image, ox, oy = stamp[0]
            # floor(v + 0.5), not round(): a pan moves the map by whole pixels, and each strip it
            # uncovers must place a name exactly where the rest of the background has it.
            painter.drawImage(QPointF(math.floor(x * sx + dx + ox + 0.5), math.floor(y * sy + dy + oy + 0.5)), image)
        painter.restore()

    def stamps(self, scale: float) -> list[list]:
        """Every name and entry letter shown at ``scale``: [its image and the image's offset from
        its anchor in pixels (drawn when first painted), the anchor and the extent it may cover
        (left, top, right, bottom), all in map units, how to draw it].  Worked out once per
        scale, in plain numbers: a paint only compares and copies."""
        key = (round(scale * 10000), self.terrain.edges)  # the editor may give the map new edges
        if self._stamped is not None and self._stamped[0][0] == key[0] and self._stamped[0][1] is key[1]:
            return self._stamped[1]
        pixels = label_pixels(self.terrain.size * scale)
        radius = _letter_radius(self.terrain.size * scale)
        if self.first_scale is None:
            self.first_scale = scale
        self._read_sheet(pixels, radius)
        pad = (_label_pad(pixels) + 1) / scale  # the halo and the rounding to whole pixels
        stamps = []
        for place, anchor, extent in self.placed(scale):
            stamps.append([None, anchor.x(), anchor.y(), extent.left() - pad, extent.top() - pad, extent.right() + pad,
                           extent.bottom() + pad, lambda p=place: self._label_image(p, pixels)])
        reach = (_letter_pixels(radius) / 2 + 1) / scale
        for area, (x, y) in self.terrain.edges.entry_letter_spots.items():
            stamps.append([None, x, y, x - reach, y - reach, x + reach, y + reach,
                           lambda a=area: self._letter_image(a, radius)])
        self._stamped = (key, stamps)
        return stamps

    # --- the pictures kept between runs ----------------------------------------------------------

    def _sheet_size(self, pixels: float, radius: float) -> tuple[int, int]:
        return round(pixels * 4), round(radius * 4)

    def _read_sheet(self, pixels: float, radius: float) -> None:
        size = self._sheet_size(pixels, radius)
        if self.sheets is not None and size not in self._sheet_sizes:
            self._sheet_sizes.add(size)
            for key, picture in LabelSheet(self.sheets, size).read().items():
                self._images.setdefault(key, picture)

    def keep_sheet(self) -> bool:
        """Keep the pictures of the first scale painted for the next run, if this run drew
        any of them; whether it did."""
        if self.sheets is None or self.first_scale is None:
            return False
        pixels = label_pixels(self.terrain.size * self.first_scale)
        radius = _letter_radius(self.terrain.size * self.first_scale)
        label_size, letter_size = self._sheet_size(pixels, radius)
        pictures = {key: picture for key, picture in self._images.items()
                    if key[-1] == (label_size if key[0] == "name" else letter_size)}
        if not self._drawn & pictures.keys():
            return False
        LabelSheet(self.sheets, (label_size, letter_size)).write(pictures)
        self._drawn -= pictures.keys()
        return True

    # --- drawing --------------------------------------------------------------------------------

    def _label_image(self, place: Place, pixels: float) -> tuple[QImage, float, float]:
        """The label drawn once into an image, and where the image sits from the label's anchor."""
        key = ("name", place.name, place.vp, round(pixels * 4))
        cached = self._images.get(key)
        if cached is None:
            self._drawn.add(key)
            rect = label_rect(place, 0.0, 0.0, pixels)
            pad = _label_pad(pixels)
            image = QImage(math.ceil(rect.width()) + 2 * pad, math.ceil(rect.height()) + 2 * pad,
                           QImage.Format_ARGB32_Premultiplied)
            image.fill(0)
            p = QPainter(image)
            p.setRenderHint(QPainter.Antialiasing, True)
            p.setRenderHint(QPainter.TextAntialiasing, True)
            p.translate(pad - rect.left(), pad - rect.top())
            draw_place_label(p, place, 0.0, 0.0, pixels)
            p.end()
            cached = self._images[key] = (image, rect.left() - pad, -pad)  # hangs from its anchor
        return cached

    def _letter_image(self, area, radius: float) -> tuple[QImage, float, float]:
        """An entry area's roundel drawn once per size, and its offset from its centre."""
        key = ("letter", area.letter, area.side, round(radius * 4))
        cached = self._images.get(key)
        if cached is None:
            self._drawn.add(key)
            size = _letter_pixels(radius)
            image = QImage(size, size, QImage.Format_ARGB32_Premultiplied)
            image.fill(0)
            p = QPainter(image)
            p.setRenderHint(QPainter.Antialiasing, True)
            p.setRenderHint(QPainter.TextAntialiasing, True)
            paint_entry_letter(p, area, size / 2, size / 2, radius)
            p.end()
            cached = self._images[key] = (image, -size / 2, -size / 2)
        return cached


class MapLabelsItem(QGraphicsItem):
    """The names as an item of the scene, over a terrain that is itself an item (the editor)."""

    def __init__(self, terrain: TerrainPainter) -> None:
        super().__init__()
        self.names = MapNames(terrain)
        self._rect = terrain.scene_rect()
        self.setFlag(QGraphicsItem.ItemUsesExtendedStyleOption, True)

    def boundingRect(self) -> QRectF:
        return self._rect

    def refresh(self) -> None:
        self.names.refresh()
        self.update()

    def show_places(self, places: Mapping[Hex, Place] | None) -> None:
        """Name ``places`` (a scenario's, with its own VP values); None: the map's."""
        self.names.places = places
        self.refresh()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        self.names.paint(painter, option.exposedRect)


class NamesOverChips(QGraphicsItem):
    """Where counters are small coloured chips the names tell more: the names and letters a
    chip touches are painted again over the chips (the background has all of them, under
    the counters).  Closer in, counters show their values and cover the names, as on a
    printed map.  Which names are touched is worked out again when the counters are laid
    out anew (``generation``), not in every frame.  Over chips painted into the view's
    background (``CounterItem.baked``) the view paints the names into the background too
    (``paint_in_background``); this item paints those over the chips that are items."""

    def __init__(self, names: MapNames, counters) -> None:
        super().__init__()
        self.names = names
        self.counters = counters  # a CounterLayer
        self._rect = names.terrain.scene_rect()
        self._touched: dict[bool, tuple[tuple, list[list]]] = {False: ((), []), True: ((), [])}
        self.setFlag(QGraphicsItem.ItemUsesExtendedStyleOption, True)
        self.setAcceptedMouseButtons(Qt.NoButton)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        self._paint_touched(painter, option.exposedRect, baked=False)

    def paint_in_background(self, painter: QPainter, exposed: QRectF) -> None:
        """The names over the chips in the view's background, into it."""
        self._paint_touched(painter, exposed, baked=True)

    def _paint_touched(self, painter: QPainter, exposed: QRectF, baked: bool) -> None:
        scale = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        stamps = self.names.stamps(scale)
        key = (id(stamps), self.counters.generation)
        if self._touched[baked][0] != key:
            self._touched[baked] = (key, [s for s in stamps if self._under_a_chip(s, baked)])
        if self._touched[baked][1]:
            self.names.paint(painter, exposed, self._touched[baked][1])

    def chips_changed(self, scale: float) -> None:
        """Chips moved, or went into the background or out of it, at ``scale``: the names whose
        chips changed are painted again where they are (the whole name, not only where a chip
        was), in the background and over it."""
        stamps = self.names.stamps(scale)
        key = (id(stamps), self.counters.generation)
        for baked in (True, False):
            old_key, old = self._touched[baked]
            new = [s for s in stamps if self._under_a_chip(s, baked)]
            self._touched[baked] = (key, new)
            if old_key[:1] != key[:1]:
                continue  # another zoom: all of it is painted again
            was, now = {id(s) for s in old}, {id(s) for s in new}
            for s in [s for s in old if id(s) not in now] + [s for s in new if id(s) not in was]:
                area = QRectF(s[3], s[4], s[5] - s[3], s[6] - s[4])
                if baked:
                    self.scene().invalidate(area, QGraphicsScene.BackgroundLayer)
                else:
                    self.update(area)

    def _under_a_chip(self, stamp: list, baked: bool) -> bool:
        x0, y0, x1, y1 = stamp[3:7]
        return any(isinstance(item, CounterItem) and item.baked is baked
                   for item in self.scene().items(QRectF(x0, y0, x1 - x0, y1 - y0)))
