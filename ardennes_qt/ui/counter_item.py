"""One counter on the map: its face, drawn by counter_art, cached in device pixels.

Counters are the only per-unit items in the scene (a few hundred).  Each item keeps its
frame in the view's device cache, so it is painted again only when its face or the zoom
changes; and each face is drawn once per size in whole pixels into a shared cache, so a
zoom back to an earlier size, or a face seen before (a unit reduced and back), is a copy
of a drawn image rather than a drawing.  A face is a plain value: a changed counter has
a new face, and the faces no longer used age out of the cache.
"""

from __future__ import annotations

import math
from collections import OrderedDict

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QStyleOptionGraphicsItem

from ardennes_qt.ui.counter_art import CounterFace, paint_counter

SELECTED = QColor("#ffd54a")
DRAG_HINT = "Drag to move this counter; Shift-drag moves the whole stack"
FACE_CACHE_BYTES = 48 * 1024 * 1024
MARGIN = 0.08  # of a side, around the square: the DG tag stands out of it, the selection ring around it


class FaceImages:
    """Counter faces drawn once per size in whole device pixels, least recently used dropped first."""

    def __init__(self, budget_bytes: int = FACE_CACHE_BYTES) -> None:
        self.budget = budget_bytes
        self.used = 0
        self._images: OrderedDict[tuple[CounterFace, int], QImage] = OrderedDict()

    def image(self, face: CounterFace, pixels: int) -> QImage:
        """The face ``pixels`` wide, with the margin around it (a wider image)."""
        key = (face, pixels)
        image = self._images.get(key)
        if image is not None:
            self._images.move_to_end(key)
            return image
        margin = pixels * MARGIN
        outer = math.ceil(pixels + 2 * margin)
        image = QImage(outer, outer, QImage.Format_ARGB32_Premultiplied)
        image.fill(0)
        painter = QPainter(image)
        paint_counter(painter, QRectF((outer - pixels) / 2, (outer - pixels) / 2, pixels, pixels), face, pixels)
        painter.end()
        self._images[key] = image
        self.used += image.sizeInBytes()
        while self.used > self.budget and len(self._images) > 1:
            _, dropped = self._images.popitem(last=False)
            self.used -= dropped.sizeInBytes()
        return image

    def __len__(self) -> int:
        return len(self._images)


FACES = FaceImages()


class CounterItem(QGraphicsRectItem):
    def __init__(self, unit_id: str, face: CounterFace, side: float) -> None:
        # The rectangle is the square and the room around it for the DG tag and the selection
        # ring: Qt answers the scene's questions about it (several per counter in every frame)
        # without calling into Python; only the painting is done here.
        m, half = side * MARGIN, side / 2
        super().__init__(-half - m, -half - m, side + 2 * m, side + 2 * m)
        self.setPen(Qt.NoPen)
        self.unit_id = unit_id
        self.face = face
        self.side = side
        self.selected = False
        self.setCacheMode(QGraphicsItem.DeviceCoordinateCache)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        device = self.side * option.levelOfDetailFromTransform(painter.worldTransform())
        half = self.side / 2
        square = QRectF(-half, -half, self.side, self.side)
        if self.selected:
            painter.setRenderHint(QPainter.Antialiasing, True)
            painter.setPen(QPen(SELECTED, self.side * 0.09))
            painter.setBrush(Qt.NoBrush)
            painter.drawRoundedRect(square.adjusted(-1, -1, 1, 1), self.side * 0.09, self.side * 0.09)
        dpr = painter.device().devicePixelRatioF() if painter.device() is not None else 1.0
        pixels = max(1, math.ceil(device * dpr))
        image = FACES.image(self.face, pixels)
        # The image is the square and its margin, in whole pixels: map it back to the same share.
        outer = half * image.width() / pixels
        painter.setRenderHint(QPainter.SmoothPixmapTransform, True)
        painter.drawImage(QRectF(-outer, -outer, 2 * outer, 2 * outer), image)

    def set_face(self, face: CounterFace) -> None:
        if face != self.face:
            self.face = face
            self.update()

    def set_selected(self, selected: bool) -> None:
        if selected != self.selected:
            self.selected = selected
            self.update()
