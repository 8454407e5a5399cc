"""The planning overlays on the map: one item draws every overlay shown, in the toolbar's
order, from a picture of them.

Stroking a long region edge costs tens of milliseconds, far too much for every frame of
a pan or a counter drag; so the overlays are painted once into a picture of the view and
a margin around it, at the zoom shown, and the item blits from it.  The picture is
painted away from the window along with the overlays it shows (``overlay_worker``); a
pan past the margin paints it anew at once, and a new zoom shows the old picture,
stretched, until the new one is painted a moment later (as the terrain's tiles are).
When overlays are turned on or off, the old picture stays until the thread has painted
the new one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt, QTimer
from PySide6.QtGui import QImage, QPainter, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem

from ardennes_qt.ui.counter_item import UnderCounters
from ardennes_qt.ui.overlay_paint import paint_shapes

MARGIN = 0.5  # of the view's width and height, painted around it for pans
REPAINT_AFTER_MS = 120  # after a zoom, the wait before the picture is painted anew

Shapes = tuple  # (strokes, labels)


@dataclass(frozen=True)
class Area:
    """Where a picture goes: a scene rectangle (its corner on a whole device pixel), the
    device pixels per scene unit, and the screen's pixel ratio."""

    rect: QRectF
    scale: float
    ratio: float


@dataclass(frozen=True)
class Picture:
    image: QImage
    area: Area


def picture_area(transform: QTransform, seen: QRectF, bounds: QRectF, ratio: float) -> Area:
    """The area to paint for a view showing ``seen`` through ``transform``: that and a
    margin around it, within the overlays' ``bounds``."""
    margin_x, margin_y = seen.width() * MARGIN, seen.height() * MARGIN
    wanted = seen.adjusted(-margin_x, -margin_y, margin_x, margin_y).intersected(bounds)
    inverse, _ = transform.inverted()
    corner = transform.map(wanted.topLeft())
    wanted.moveTopLeft(inverse.map(QPointF(math.floor(corner.x()), math.floor(corner.y()))))
    return Area(wanted, transform.m11(), ratio)


def paint_picture(area: Area, size: float, order, shapes: dict[str, Shapes]) -> Picture:
    """Every overlay in ``shapes`` painted, in ``order``, into a picture of ``area`` (on
    any thread: it paints into an image)."""
    scale, ratio = area.scale, area.ratio
    width, height = math.ceil(area.rect.width() * scale) + 1, math.ceil(area.rect.height() * scale) + 1
    image = QImage(max(1, round(width * ratio)), max(1, round(height * ratio)), QImage.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(ratio)
    image.fill(Qt.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.Antialiasing)
    painter.setRenderHint(QPainter.TextAntialiasing)
    painter.scale(scale, scale)
    painter.translate(-area.rect.left(), -area.rect.top())
    for key in order:
        if key in shapes:
            paint_shapes(painter, size, scale, area.rect, *shapes[key])
    painter.end()
    rect = QRectF(area.rect.topLeft(), QSizeF(width / scale, height / scale))
    return Picture(image, Area(rect, scale, ratio))


def view_now(view) -> tuple[QTransform, QRectF, float]:
    """How ``view`` shows the scene now (its transform, the scene it shows, its pixel
    ratio): plain values, for a picture painted elsewhere."""
    seen = view.mapToScene(view.viewport().rect()).boundingRect()
    return QTransform(view.viewportTransform()), seen, view.viewport().devicePixelRatioF()


def shapes_bounds(size: float, shapes: dict[str, Shapes]) -> QRectF:
    bounds = QRectF()
    for strokes, labels in shapes.values():
        for stroke in strokes:
            bounds = bounds.united(stroke.path.boundingRect())
        for label in labels:
            bounds = bounds.united(QRectF(label.at.x() - size, label.at.y() - size, 2 * size, 2 * size))
    return bounds.adjusted(-size, -size, size, size) if shapes else QRectF()


class OverlayLayer(UnderCounters, QGraphicsObject):
    def __init__(self, size: float, z: float, order: list[str]) -> None:
        super().__init__()
        self.size = size
        self.order = order  # overlay keys, bottom to top
        self.shapes: dict[str, Shapes] = {}
        self._bounds = QRectF()
        self._picture: Picture | None = None
        self._coming = False  # a picture of the shapes shown is being painted elsewhere
        self._repaint = QTimer(self)
        self._repaint.setSingleShot(True)
        self._repaint.timeout.connect(self._stale)
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.NoButton)
        self.setFlag(QGraphicsItem.ItemUsesExtendedStyleOption)

    # --- what is shown --------------------------------------------------------------------

    def show_shapes(self, shapes: dict[str, Shapes], picture: Picture | None = None, keep: bool = False) -> None:
        """Show these overlays (by key), from ``picture`` if one was painted of them; with
        ``keep``, from the picture shown until a new one comes (one is being painted)."""
        self.prepareGeometryChange()
        self.shapes = dict(shapes)
        self._bounds = shapes_bounds(self.size, self.shapes)
        if picture is not None or not keep:
            self._picture = picture
        self._coming = keep and picture is None
        self.update()
        self.under_counters_changed()

    def shown(self, key: str) -> bool:
        return key in self.shapes

    def labels_of(self, key: str):
        return self.shapes.get(key, ((), ()))[1]

    def _stale(self) -> None:
        if self._coming:
            return  # the one coming is painted for the view as it is now
        self._picture = None
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    # --- painting from the picture --------------------------------------------------------------

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        if not self.shapes:
            return
        transform = painter.worldTransform()
        scale = transform.m11()
        exposed = option.exposedRect
        slack = 2 / scale  # the exposed rectangle may reach a pixel past the picture's edge
        picture = self._picture
        if picture is None or not picture.area.rect.adjusted(-slack, -slack, slack, slack).contains(exposed):
            if self._coming:  # what the old picture has, until the new one comes
                if picture is not None:
                    painter.drawImage(picture.area.rect, picture.image)
                return
            inverse, _ = transform.inverted()
            seen = exposed if widget is None else inverse.mapRect(QRectF(widget.rect())).united(exposed)
            ratio = painter.device().devicePixelRatioF() if painter.device() is not None else 1.0
            picture = self._picture = paint_picture(picture_area(transform, seen, self._bounds, ratio), self.size,
                                                    self.order, self.shapes)
        elif abs(scale - picture.area.scale) > 1e-9 * scale:
            painter.drawImage(picture.area.rect, picture.image)  # stretched, until painted anew
            self._repaint.start(REPAINT_AFTER_MS)
            return
        ratio = picture.image.devicePixelRatio()
        origin = transform.map(picture.area.rect.topLeft())
        at = QPointF(round(origin.x()), round(origin.y()))
        target = transform.mapRect(exposed).toAlignedRect()
        source = QRectF((target.x() - at.x()) * ratio, (target.y() - at.y()) * ratio,
                        target.width() * ratio, target.height() * ratio)
        painter.save()
        painter.setWorldTransform(QTransform())
        painter.drawImage(QRectF(target), picture.image, source)
        painter.restore()
