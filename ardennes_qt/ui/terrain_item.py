"""The map's terrain in the scene: one item that paints cached tiles.

The terrain never changes during play, so it is painted once per tile and zoom bucket
and then only blitted.  Zoom buckets are steps of the square root of two: a tile is
never shown at less than 0.71 of the scale it was painted at, so it stays sharp.
Tiles live in an LRU cache bounded in bytes.  A paint that has spent its time budget
painting new tiles shows the rest from a stand-in and asks for another paint, so a pan
never stalls on a wall of new tiles.  The stand-in is what is at hand: the tiles of the
zoom last shown in full, scaled, over a small overview image of the whole map.  While
the wheel turns (``zooming``) no tile is painted at all - every frame of the zoom is
stand-ins and tiles already painted - and the tiles come once it has stopped, a few
per frame.  The overview is painted first of all, so the first frame is up quickly and
sharpens tile by tile.

In a scene the item paints itself (the editor); the table's view instead paints it as
its cached background (``paint_terrain``), told by ``repaintWanted`` when tiles change.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict

from PySide6.QtCore import QPoint, QRect, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QImage, QPainter, QRegion, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem

from ardennes_qt.ui import map_style as style
from ardennes_qt.ui.terrain_painter import TerrainPainter

TILE_PIXELS = 512
TILE_BUDGET_BYTES = 64 * 1024 * 1024
PAINT_BUDGET_SECONDS = 0.012  # a tile is painted in 10-25 ms: a frame paints one, or two small ones
SETTLE_MS = 250
CALM_MS = 150  # the wheel has stopped: tiles are painted again
BACKDROP_TILES = 30  # at most so many tiles of the zoom shown last make a stand-in (else the overview alone)
OVERVIEW_SCALE = 0.125
_STEP = math.sqrt(2.0)


def zoom_bucket(scale: float) -> int:
    """The bucket whose scale is the smallest step of sqrt(2) at or above ``scale``."""
    return math.ceil(math.log(max(scale, 1e-6), _STEP) - 1e-9)


def _timer(parent: QGraphicsObject, interval_ms: int, slot) -> QTimer:
    timer = QTimer(parent)  # goes with the item, so it never fires at a deleted one
    timer.setSingleShot(True)
    timer.setInterval(interval_ms)
    timer.timeout.connect(slot)
    return timer


class TileCache:
    """Painted tiles by (zoom level, column, row), least recently used dropped first."""

    def __init__(self, budget_bytes: int = TILE_BUDGET_BYTES) -> None:
        self.budget = budget_bytes
        self.used = 0
        self._tiles: OrderedDict[tuple, QImage] = OrderedDict()

    def get(self, key: tuple) -> QImage | None:
        image = self._tiles.get(key)
        if image is not None:
            self._tiles.move_to_end(key)
        return image

    def put(self, key: tuple, image: QImage) -> None:
        self._tiles[key] = image
        self.used += image.sizeInBytes()
        while self.used > self.budget and len(self._tiles) > 1:
            _, dropped = self._tiles.popitem(last=False)
            self.used -= dropped.sizeInBytes()

    def __len__(self) -> int:
        return len(self._tiles)

    def keys(self) -> list[tuple]:
        return list(self._tiles)

    def drop(self, key: tuple) -> None:
        image = self._tiles.pop(key, None)
        if image is not None:
            self.used -= image.sizeInBytes()


class TerrainItem(QGraphicsObject):
    repaintWanted = Signal()  # the whole map is to be painted again: tiles sharpened, or forgotten

    def __init__(self, painter: TerrainPainter, overview_cache=None) -> None:
        """``overview_cache`` (an ``OverviewCache``): where the overview is kept between runs,
        for a map that does not change (the table's; not the editor's)."""
        super().__init__()
        self.terrain = painter
        self.cache = TileCache()
        self.overview_cache = overview_cache
        self._rect = painter.scene_rect()
        self._overview: QImage | None = None
        self.setFlag(QGraphicsItem.ItemUsesExtendedStyleOption, True)
        self._retry = _timer(self, 0, self._wanted)
        # Once the zoom has stayed put, tiles are painted again at exactly its scale, one
        # per idle moment, so that a frame is a plain copy of tiles with no rescaling.
        self._settle = _timer(self, SETTLE_MS, self._settled_here)
        self._refine = _timer(self, 0, self._refine_one)
        self._scale = 0.0  # of the last paint
        self._level = None  # the tiles the last paint showed: a zoom bucket, or ("exact", scale)
        self._exposed = QRectF()  # of the last paint
        self._exact = 0.0  # the settled scale whose own tiles are wanted
        self._calm = _timer(self, CALM_MS, self._calmed)  # running while the wheel turns
        self._backdrop: tuple | None = None  # (level, scale) of the last paint whose tiles were all there
        self._asked = False  # a paint has been asked for, to show tiles painted since the last

    def zooming(self) -> None:
        """A zoom step by the wheel or keys: paint no tile until the steps have stopped."""
        self._calm.start()

    def _calmed(self) -> None:
        self._wanted()

    def boundingRect(self) -> QRectF:
        return self._rect

    def _tiles(self, exposed: QRectF, scale: float) -> list[tuple[int, int, QRectF]]:
        """The tiles at ``scale`` that cover ``exposed``: (column, row, extent in map units)."""
        extent = TILE_PIXELS / scale
        x0, y0 = self._rect.left(), self._rect.top()
        rows = range(math.floor((exposed.top() - y0) / extent), math.floor((exposed.bottom() - y0) / extent) + 1)
        cols = range(math.floor((exposed.left() - x0) / extent), math.floor((exposed.right() - x0) / extent) + 1)
        return [(c, r, QRectF(x0 + c * extent, y0 + r * extent, extent, extent)) for r in rows for c in cols]

    def _wanted(self) -> None:
        self._asked = True
        self.update()
        self.repaintWanted.emit()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        self.paint_terrain(painter, option.exposedRect)

    def paint_terrain(self, painter: QPainter, exposed: QRectF) -> None:
        """Paint the terrain of ``exposed`` (map units) with ``painter`` set up in map units."""
        self._asked = False
        scale = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        exposed = exposed.intersected(self._rect)
        self._scale, self._exposed = scale, exposed
        exact_key = ("exact", round(scale * 1e6))
        tiles = self._tiles(exposed, scale)
        if scale == self._exact and all(self.cache.get((exact_key, c, r)) is not None for c, r, _ in tiles):
            level, tile_scale = exact_key, scale
        else:
            bucket = zoom_bucket(scale)
            level, tile_scale = bucket, _STEP**bucket
            tiles = self._tiles(exposed, tile_scale)
            if scale == self._exact:
                self._refine.start()
            elif tile_scale != scale:
                self._settle.start()
        self._level = level
        to_device = painter.worldTransform()
        painter.save()
        # Tiles are drawn on whole device pixels: a tile edge falling between pixels
        # would be antialiased against nothing and show as a faint seam.
        painter.setWorldTransform(QTransform())
        painter.setClipRect(to_device.mapRect(self._rect), Qt.IntersectClip)  # edge tiles overhang the map's margin
        zooming = self._calm.isActive()
        # While the wheel turns, pictures are scaled the fast way (smoothing one costs five
        # times as much): the frame that follows the last step smooths them.
        painter.setRenderHint(QPainter.SmoothPixmapTransform, not zooming)
        started = time.perf_counter()
        first = self._overview is None
        if first:
            # The first frame: the whole map small (from the disk when it has been drawn
            # before) stands in for every tile, which the next frames paint one by one.
            self.prepare_overview()
        complete = True
        missing = [target for c, r, target in tiles if self.cache.get((level, c, r)) is None]
        if self._overview is not None and (zooming or first) and missing:
            # Tiles missing, none to be painted now: what is at hand stands in for them.
            self._paint_stand_in(painter, to_device, exposed, missing)
            complete = False
        for col, row, target in tiles:
            on_device = to_device.mapRect(target)
            pixels = QRect(QPoint(round(on_device.left()), round(on_device.top())),
                           QPoint(round(on_device.right()) - 1, round(on_device.bottom()) - 1))
            image = self.cache.get((level, col, row))
            over_budget = first or zooming or time.perf_counter() - started > PAINT_BUDGET_SECONDS
            if image is None and over_budget and self._overview is not None:
                if complete:  # else painted already, before the tiles
                    self._paint_stand_in(painter, to_device, exposed, [target])
                    complete = False
                if not zooming:
                    self._retry.start()
                continue
            if image is None:
                image = self._paint_tile(target, tile_scale)
                self.cache.put((level, col, row), image)
            painter.drawImage(pixels, image)
        painter.restore()
        if complete:
            self._backdrop = (level, tile_scale)

    def _settled_here(self) -> None:
        self._exact = self._scale
        self._refine.start()

    def _refine_one(self) -> None:
        """Paint one missing tile at the settled scale; when none is missing, show them."""
        scale = self._exact
        if scale != self._scale:
            return  # the zoom moved on
        key = ("exact", round(scale * 1e6))
        for col, row, target in self._tiles(self._exposed, scale):
            if self.cache.get((key, col, row)) is None:
                self.cache.put((key, col, row), self._paint_tile(target, scale))
                self._refine.start()
                return
        self._wanted()

    @property
    def pending(self) -> bool:
        """Tiles are still to be painted: shown from the overview, or at a passing scale."""
        return (self._asked or self._retry.isActive() or self._settle.isActive() or self._refine.isActive()
                or self._calm.isActive())

    def _paint_tile(self, target: QRectF, scale: float) -> QImage:
        image = QImage(TILE_PIXELS, TILE_PIXELS, QImage.Format_RGB32)
        image.fill(style.OFF_MAP)  # no pixel left as the memory had it, whatever the rounding
        tile_painter = QPainter(image)
        tile_painter.scale(scale, scale)
        tile_painter.translate(-target.left(), -target.top())
        self.terrain.paint(tile_painter, target, scale, labels=False)
        tile_painter.end()
        return image

    def repaint(self, region: QRectF) -> None:
        """The map changed in ``region`` (the editor): paint it again in the tiles on
        screen and in the overview, and drop the tiles of other scales there (they are
        painted afresh if they are wanted again)."""
        if region.isEmpty():
            return
        for key in self.cache.keys():
            level, col, row = key
            scale = level[1] / 1e6 if isinstance(level, tuple) else _STEP**level
            extent = TILE_PIXELS / scale
            target = QRectF(self._rect.left() + col * extent, self._rect.top() + row * extent, extent, extent)
            if not target.intersects(region):
                continue
            if level == self._level:
                self._paint_into(self.cache.get(key), target, scale, region)
            else:
                self.cache.drop(key)
        if self._overview is not None:
            self._paint_into(self._overview, self._rect, OVERVIEW_SCALE, region)
        self.update(region)

    def _paint_into(self, image: QImage, target: QRectF, scale: float, region: QRectF) -> None:
        painter = QPainter(image)
        painter.scale(scale, scale)
        painter.translate(-target.left(), -target.top())
        # Clip on whole pixels of the image, so the new paint meets the old without a seam.
        pixels = painter.transform().mapRect(region.intersected(target)).toAlignedRect()
        clip = painter.transform().inverted()[0].mapRect(QRectF(pixels))
        painter.setClipRect(clip)
        self.terrain.paint(painter, clip, scale, labels=False)
        painter.end()

    def repaint_all(self) -> None:
        """Forget every tile (the map's frame changed): they are painted again as needed."""
        for key in self.cache.keys():
            self.cache.drop(key)
        self._overview = None
        self._wanted()

    def prepare_overview(self) -> None:
        """Paint the whole map small, once: the stand-in for tiles not painted yet.

        Called when the table is idle after its first frame; until then every tile is
        painted when first needed.
        """
        if self._overview is None and self.overview_cache is not None:
            self._overview = self.overview_cache.load()
        if self._overview is None:
            r = self._rect
            width, height = math.ceil(r.width() * OVERVIEW_SCALE), math.ceil(r.height() * OVERVIEW_SCALE)
            image = QImage(width, height, QImage.Format_RGB32)
            image.fill(style.OFF_MAP)  # the part of its last pixels the map does not reach
            p = QPainter(image)
            p.scale(OVERVIEW_SCALE, OVERVIEW_SCALE)
            p.translate(-r.left(), -r.top())
            self.terrain.paint(p, r, OVERVIEW_SCALE, labels=False)
            p.end()
            self._overview = image
            if self.overview_cache is not None:
                self.overview_cache.save(image)

    def _paint_stand_in(self, painter: QPainter, to_device: QTransform, exposed: QRectF,
                        missing: list[QRectF]) -> None:
        """Stand in for the tiles not painted yet (``missing``, in map units) where ``exposed``:
        the tiles of the zoom last shown in full that are still kept, scaled, and the overview
        where they do not reach."""
        region = QRegion()
        for target in missing:
            region += to_device.mapRect(target.intersected(exposed)).toAlignedRect()
        painter.save()
        painter.setClipRegion(region, Qt.IntersectClip)
        area = region.boundingRect()
        shown = []  # the kept tiles: (device rect, image)
        covered = False
        if self._backdrop is not None:
            level, scale = self._backdrop
            tiles = self._tiles(to_device.inverted()[0].mapRect(QRectF(area)).intersected(exposed), scale)
            if len(tiles) <= BACKDROP_TILES:  # else a far zoom out from it: the overview does
                kept = QRegion()
                for col, row, target in tiles:
                    image = self.cache.get((level, col, row))
                    if image is not None:
                        on_device = to_device.mapRect(target)
                        shown.append((on_device, image))
                        kept += on_device.toAlignedRect()
                covered = (region - kept).isEmpty()
        if not covered:
            self._paint_from_overview(painter, exposed, to_device.mapRect(exposed))
        for on_device, image in shown:
            painter.drawImage(on_device, image)
        painter.restore()

    def _paint_from_overview(self, painter: QPainter, target: QRectF, pixels) -> None:
        overview = self._overview
        source = QRectF(
            (target.left() - self._rect.left()) * OVERVIEW_SCALE,
            (target.top() - self._rect.top()) * OVERVIEW_SCALE,
            target.width() * OVERVIEW_SCALE,
            target.height() * OVERVIEW_SCALE,
        )
        painter.drawImage(QRectF(pixels), overview, source)
