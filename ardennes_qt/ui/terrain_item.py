"""The map's terrain in the scene: one item that paints cached tiles.

The terrain never changes during play, so it is painted once per tile and zoom bucket
and then only blitted.  Zoom buckets are steps of the square root of two: a tile is
never shown at less than 0.71 of the scale it was painted at, so it stays sharp.
Tiles live in an LRU cache bounded in bytes.  A paint that has spent its time budget
painting new tiles shows the rest from a small overview image of the whole map and
asks for another paint, so zooming never stalls on a wall of new tiles (the overview
is painted once the table is idle after its first frame).
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict

from PySide6.QtCore import QPoint, QRect, QRectF, QTimer
from PySide6.QtGui import QImage, QPainter, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from ardennes_qt.ui.terrain_painter import TerrainPainter

TILE_PIXELS = 512
TILE_BUDGET_BYTES = 96 * 1024 * 1024
PAINT_BUDGET_SECONDS = 0.060
OVERVIEW_SCALE = 0.125
_STEP = math.sqrt(2.0)


def zoom_bucket(scale: float) -> int:
    """The bucket whose scale is the smallest step of sqrt(2) at or above ``scale``."""
    return math.ceil(math.log(max(scale, 1e-6), _STEP) - 1e-9)


class TileCache:
    """Painted tiles by (bucket, column, row), least recently used dropped first."""

    def __init__(self, budget_bytes: int = TILE_BUDGET_BYTES) -> None:
        self.budget = budget_bytes
        self.used = 0
        self._tiles: OrderedDict[tuple[int, int, int], QImage] = OrderedDict()

    def get(self, key: tuple[int, int, int]) -> QImage | None:
        image = self._tiles.get(key)
        if image is not None:
            self._tiles.move_to_end(key)
        return image

    def put(self, key: tuple[int, int, int], image: QImage) -> None:
        self._tiles[key] = image
        self.used += image.sizeInBytes()
        while self.used > self.budget and len(self._tiles) > 1:
            _, dropped = self._tiles.popitem(last=False)
            self.used -= dropped.sizeInBytes()

    def __len__(self) -> int:
        return len(self._tiles)


class TerrainItem(QGraphicsItem):
    def __init__(self, painter: TerrainPainter) -> None:
        super().__init__()
        self.terrain = painter
        self.cache = TileCache()
        self._rect = painter.scene_rect()
        self._overview: QImage | None = None
        self.setFlag(QGraphicsItem.ItemUsesExtendedStyleOption, True)
        self._retry = QTimer()
        self._retry.setSingleShot(True)
        self._retry.setInterval(0)
        self._retry.timeout.connect(self.update)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        scale = option.levelOfDetailFromTransform(painter.worldTransform())
        bucket = zoom_bucket(scale)
        tile_scale = _STEP**bucket
        extent = TILE_PIXELS / tile_scale
        exposed = option.exposedRect.intersected(self._rect)
        origin = self._rect.topLeft()
        first_col = math.floor((exposed.left() - origin.x()) / extent)
        last_col = math.floor((exposed.right() - origin.x()) / extent)
        first_row = math.floor((exposed.top() - origin.y()) / extent)
        last_row = math.floor((exposed.bottom() - origin.y()) / extent)
        to_device = painter.worldTransform()
        painter.save()
        # Tiles are drawn on whole device pixels: a tile edge falling between pixels
        # would be antialiased against nothing and show as a faint seam.
        painter.setWorldTransform(QTransform())
        painter.setClipRect(to_device.mapRect(self._rect))  # edge tiles overhang the map's margin
        painter.setRenderHint(QPainter.SmoothPixmapTransform, True)
        started = time.perf_counter()
        for row in range(first_row, last_row + 1):
            for col in range(first_col, last_col + 1):
                target = QRectF(origin.x() + col * extent, origin.y() + row * extent, extent, extent)
                on_device = to_device.mapRect(target)
                pixels = QRect(QPoint(round(on_device.left()), round(on_device.top())),
                               QPoint(round(on_device.right()) - 1, round(on_device.bottom()) - 1))
                key = (bucket, col, row)
                image = self.cache.get(key)
                over_budget = time.perf_counter() - started > PAINT_BUDGET_SECONDS
                if image is None and over_budget and self._overview is not None:
                    self._paint_from_overview(painter, target, pixels)
                    self._retry.start()
                    continue
                if image is None:
                    image = self._paint_tile(target, tile_scale)
                    self.cache.put(key, image)
                painter.drawImage(pixels, image)
        painter.restore()

    @property
    def pending(self) -> bool:
        """Some tiles are shown from the overview and will be painted on the next pass."""
        return self._retry.isActive()

    def _paint_tile(self, target: QRectF, scale: float) -> QImage:
        image = QImage(TILE_PIXELS, TILE_PIXELS, QImage.Format_RGB32)
        tile_painter = QPainter(image)
        tile_painter.scale(scale, scale)
        tile_painter.translate(-target.left(), -target.top())
        self.terrain.paint(tile_painter, target, scale, labels=False)
        tile_painter.end()
        return image

    def prepare_overview(self) -> None:
        """Paint the whole map small, once: the stand-in for tiles not painted yet.

        Called when the table is idle after its first frame; until then every tile is
        painted when first needed.
        """
        if self._overview is None:
            r = self._rect
            width, height = math.ceil(r.width() * OVERVIEW_SCALE), math.ceil(r.height() * OVERVIEW_SCALE)
            image = QImage(width, height, QImage.Format_RGB32)
            p = QPainter(image)
            p.scale(OVERVIEW_SCALE, OVERVIEW_SCALE)
            p.translate(-r.left(), -r.top())
            self.terrain.paint(p, r, OVERVIEW_SCALE, labels=False)
            p.end()
            self._overview = image

    def _paint_from_overview(self, painter: QPainter, target: QRectF, pixels: QRect) -> None:
        overview = self._overview
        source = QRectF(
            (target.left() - self._rect.left()) * OVERVIEW_SCALE,
            (target.top() - self._rect.top()) * OVERVIEW_SCALE,
            target.width() * OVERVIEW_SCALE,
            target.height() * OVERVIEW_SCALE,
        )
        painter.drawImage(QRectF(pixels), overview, source)
