"""Hex symbols pre-rendered as small images, one per kind, variant and scale.

Filling one path of ten thousand tree crowns takes Qt's rasterizer seconds; stamping
a ready image into each wooded hex takes milliseconds.  A stamp covers a whole hex and
is drawn 1:1 onto a tile painted at the same scale, so it is as sharp as the vectors.
"""

from __future__ import annotations

import math
from collections import OrderedDict

from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter

from ardennes_qt.ui.terrain_symbols import VARIANTS, paint_symbol

# A stamp is the hex's bounding box with a little room for symbols that overhang it.
_OVERHANG = 0.15
# Stamps are kept for this many scales (zoom levels) at a time.
_SCALES_KEPT = 3


class StampBook:
    def __init__(self, size: float) -> None:
        self.size = size
        self._by_scale: OrderedDict[int, dict[tuple[str, int], QImage]] = OrderedDict()

    def _box(self) -> QRectF:
        """The stamp's extent around a hex centre, in map units."""
        w = (1.0 + _OVERHANG) * self.size
        h = (math.sqrt(3.0) / 2 + _OVERHANG) * self.size
        return QRectF(-w, -h, 2 * w, 2 * h)

    def stamp(self, kind: str, variant: int, scale: float) -> QImage:
        scale_key = round(scale * 4096)
        stamps = self._by_scale.get(scale_key)
        if stamps is None:
            stamps = self._by_scale[scale_key] = {}
            while len(self._by_scale) > _SCALES_KEPT:
                self._by_scale.popitem(last=False)
        self._by_scale.move_to_end(scale_key)
        key = (kind, variant % VARIANTS)
        image = stamps.get(key)
        if image is None:
            image = stamps[key] = self._render(kind, variant % VARIANTS, scale)
        return image

    def _render(self, kind: str, variant: int, scale: float) -> QImage:
        box = self._box()
        width, height = math.ceil(box.width() * scale), math.ceil(box.height() * scale)
        image = QImage(width, height, QImage.Format_ARGB32_Premultiplied)
        image.fill(0)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.Antialiasing, True)
        painter.scale(scale, scale)
        painter.translate(-box.left(), -box.top())
        paint_symbol(painter, kind, 0.0, 0.0, self.size, variant)
        painter.end()
        return image

    def draw(self, painter: QPainter, kind: str, variant: int, cx: float, cy: float, scale: float) -> None:
        image = self.stamp(kind, variant, scale)
        box = self._box()
        painter.drawImage(QRectF(cx + box.left(), cy + box.top(), image.width() / scale, image.height() / scale), image)
