"""One counter on the map: its face, drawn by counter_art, as a picture in device pixels.

Counters are the only per-unit items in the scene (a few hundred), so what each costs in a
frame adds up.  A counter is a plain pixmap item, painted by Qt alone (no call into Python,
no cache to look up): its picture is the face drawn at the view's size in whole device
pixels, and the item is scaled by one over the view's pixels per map unit, so that a frame
copies the picture pixel for pixel and the counter keeps its size in map units at any zoom
(hit tests, the scene's index and the stack layout see it as before).  After a zoom the
counters in view are drawn again for the new size, the others as they come into view
(``CounterZoom``); until then a counter shows its previous picture scaled smoothly: the
right size, a little soft.

Each face is drawn once per size into a shared cache, so a zoom back to an earlier size, or
a face seen before (a unit reduced and back), is a copy of a drawn picture rather than a
drawing.  A face is a plain value: a changed counter has a new face, and the faces no
longer used age out of the cache.
"""

from __future__ import annotations

import math
from collections import OrderedDict

from PySide6.QtCore import QEvent, QObject, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPixmapItem, QGraphicsScene, QGraphicsView

from ardennes_qt.ui.counter_art import SIMPLE_BELOW, CounterFace, paint_counter

SELECTED = QColor("#ffd54a")
FACE_CACHE_BYTES = 48 * 1024 * 1024
MARGIN = 0.08  # of a side, around the square: the DG tag stands out of it, the selection ring around it
RING_GAP = 0.02  # of a side, from the square to the middle of the selection ring
RING_WIDTH = 0.09  # of a side: the ring's pen, and the rounding of its corners


class FaceImages:
    """Counter faces drawn once per size in whole device pixels, with the selection ring or
    without, least recently used dropped first."""

    def __init__(self, budget_bytes: int = FACE_CACHE_BYTES) -> None:
        self.budget = budget_bytes
        self.used = 0
        self._pixmaps: OrderedDict[tuple[CounterFace, int, bool], QPixmap] = OrderedDict()

    def pixmap(self, face: CounterFace, pixels: int, selected: bool = False) -> QPixmap:
        """The face ``pixels`` wide, with the margin around it (a wider picture)."""
        # Too small for its text a counter is a chip in its colours alone: the counters of
        # one formation share one picture (with the whole map in view, a few dozen pictures
        # are drawn instead of one per counter).
        what = chip_of(face) if pixels < SIMPLE_BELOW else face
        key = (what, pixels, selected)
        pixmap = self._pixmaps.get(key)
        if pixmap is not None:
            self._pixmaps.move_to_end(key)
            return pixmap
        outer = math.ceil(pixels * (1 + 2 * MARGIN))
        image = QImage(outer, outer, QImage.Format_ARGB32_Premultiplied)
        image.fill(0)
        painter = QPainter(image)
        square = QRectF((outer - pixels) / 2, (outer - pixels) / 2, pixels, pixels)
        if selected:
            _paint_ring(painter, square, pixels)
        paint_counter(painter, square, face, pixels)
        painter.end()
        pixmap = self._pixmaps[key] = QPixmap.fromImage(image)
        self.used += outer * outer * 4
        while self.used > self.budget and len(self._pixmaps) > 1:
            _, dropped = self._pixmaps.popitem(last=False)
            self.used -= dropped.width() * dropped.height() * 4
        return pixmap

    def __len__(self) -> int:
        return len(self._pixmaps)


def chip_of(face: CounterFace) -> tuple[str, str, bool]:
    """What a counter drawn without its text shows (counter_art.paint_counter below SIMPLE_BELOW)."""
    return face.nationality_colour, face.band_colour, face.reduced


def _paint_ring(painter: QPainter, square: QRectF, pixels: int) -> None:
    """The selection ring around the square, under the face (its corners show between them)."""
    gap, width = RING_GAP * pixels, RING_WIDTH * pixels
    painter.setRenderHint(QPainter.Antialiasing, True)
    painter.setPen(QPen(SELECTED, width))
    painter.setBrush(Qt.NoBrush)
    painter.drawRoundedRect(square.adjusted(-gap, -gap, gap, gap), width, width)


FACES = FaceImages()


def face_pixels(side: float, pixels_per_unit: float) -> int:
    """How many device pixels wide a counter of ``side`` map units is drawn."""
    return max(1, math.ceil(side * pixels_per_unit))


class CounterItem(QGraphicsPixmapItem):
    def __init__(self, unit_id: str, face: CounterFace, side: float, pixels_per_unit: float | None = 1.0) -> None:
        """``pixels_per_unit`` None: no picture yet, until the view it shows in says its size."""
        super().__init__()
        # The whole picture, margin included, takes clicks: Qt answers from the rectangle
        # rather than from a mask of the picture's pixels.
        self.setShapeMode(QGraphicsPixmapItem.BoundingRectShape)
        self.unit_id = unit_id
        self.face = face
        self.side = side
        self.selected = False
        # Painted by the view into its cached background, with the map, rather than by Qt as
        # an item in every frame (see CounterLayer.set_baking); it still takes clicks.
        self.baked = False
        self.pixels_per_unit = pixels_per_unit
        if pixels_per_unit is not None:
            self._draw()

    def set_baked(self, baked: bool, tell_background: bool = True) -> None:
        """Paint the counter into the view's background (True), or as an item over it.
        ``tell_background`` False: the caller has the background painted again where it is."""
        if baked != self.baked:
            self.baked = baked
            self.setFlag(QGraphicsItem.ItemHasNoContents, baked)
            if tell_background:
                self.background_changed()
            self.update()

    def background_changed(self) -> None:
        """The part of the view's background under the counter is painted again (it moved,
        changed or came into the background, or left it)."""
        scene = self.scene()
        if scene is not None:
            scene.invalidate(self.sceneBoundingRect(), QGraphicsScene.BackgroundLayer)

    def paint_into(self, painter: QPainter, view_transform) -> None:
        """Paint the counter with ``painter`` (set up in map units by ``view_transform``) as Qt
        paints the item: the same picture on the same device pixels."""
        painter.setWorldTransform(self.sceneTransform() * view_transform)
        painter.setRenderHint(QPainter.SmoothPixmapTransform, self.transformationMode() == Qt.SmoothTransformation)
        painter.drawPixmap(self.offset(), self.pixmap())

    def show_at(self, pixels_per_unit: float) -> None:
        """Draw the counter for a view of ``pixels_per_unit`` device pixels per map unit."""
        if pixels_per_unit != self.pixels_per_unit:
            self.pixels_per_unit = pixels_per_unit
            self._draw()
        elif self.transformationMode() == Qt.SmoothTransformation:  # back to the size it was drawn for
            self.setTransformationMode(Qt.FastTransformation)
            if self.baked:
                self.background_changed()

    def _draw(self) -> None:
        pixels = face_pixels(self.side, self.pixels_per_unit)
        pixmap = FACES.pixmap(self.face, pixels, self.selected)
        if self.baked:
            self.background_changed()
        self.setPixmap(pixmap)
        self.setOffset(-pixmap.width() / 2, -pixmap.height() / 2)
        self.setScale(1 / self.pixels_per_unit)
        # At its own size the picture is copied pixel for pixel: smoothing would only make
        # Qt take its slow path (a frame at zoom 2 costs twice as much with it).
        self.setTransformationMode(Qt.FastTransformation)
        if self.baked:
            self.background_changed()

    def show_scaled(self, smooth: bool = True) -> None:
        """Until it is drawn for the view's new size, the picture is scaled: smoothly, or the
        fast way for the steps of a zoom still going on."""
        mode = Qt.SmoothTransformation if smooth else Qt.FastTransformation
        if self.transformationMode() == mode:
            return  # scaled already, since an earlier zoom: the background has it so
        self.setTransformationMode(mode)
        if self.baked:
            self.background_changed()

    def set_face(self, face: CounterFace) -> None:
        if face != self.face:
            self.face = face
            if self.pixels_per_unit is not None:
                self._draw()

    def set_selected(self, selected: bool) -> None:
        if selected != self.selected:
            self.selected = selected
            if self.pixels_per_unit is not None:
                self._draw()


class CounterZoom(QObject):
    """The size a layer's counters are drawn for, following one view.  After a zoom in the
    counters in view are drawn again at once, as sharp as before; the others keep their
    previous, smaller picture, scaled to the right size, until a pan or a resize brings them
    into view or they are laid out there: drawing them all would cost a zoom step far more
    (and hold a picture of every counter at the largest sizes).  After a zoom out every
    counter is drawn at the new, smaller size."""

    def __init__(self, items: dict[str, CounterItem], side: float) -> None:
        super().__init__()
        self.items = items
        self.side = side
        # None until the view is shown or zoomed: a table is put together before its window
        # has a size, and counters drawn for the view's first, unfitted scale would be drawn
        # twice before the first frame.
        self.pixels_per_unit: float | None = None
        self._scaled: dict[str, tuple[float, float]] = {}  # out of view at the last zoom: where they are
        self._reach = (0.0, 0.0, 0.0, 0.0)  # where a counter shows in the view, while some are scaled
        self._when_shown = True  # follow the view's scale when it is first shown (``watch``)

    def watch(self, view: QGraphicsView, when_shown: bool = True) -> None:
        """Follow ``view``'s pans, resizes and moves to a screen of another pixel ratio (the
        view tells its zooms to ``follow``) - and, ``when_shown``, the scale it is first shown
        at (False: the view tells that too, as it zooms to fit itself then, say)."""
        self._when_shown = when_shown
        for bar in (view.horizontalScrollBar(), view.verticalScrollBar()):
            bar.valueChanged.connect(lambda _value: self.scrolled(view))
            bar.rangeChanged.connect(lambda _low, _high: self.scrolled(view))
        view.installEventFilter(self)  # the view itself, not its viewport: no frame comes here
        if view.isVisible():
            self.follow(view)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.DevicePixelRatioChange or (
                event.type() == QEvent.Show and self.pixels_per_unit is None and self._when_shown):
            self.follow(watched)
        return False

    def follow(self, view: QGraphicsView, passing: bool = False) -> None:
        """The view's zoom or pixel ratio may have changed: draw its counters for it.
        ``passing``: a step of a zoom still going on (the wheel turning) - the counters keep
        their pictures, scaled, until the view follows again when the zoom has stopped."""
        self.pixels_per_unit = view_pixels_per_unit(view)
        if passing:
            # Every counter keeps its picture, scaled; those scaled since an earlier step are so already.
            scaled = self._scaled
            for uid, item in self.items.items():
                if uid not in scaled and item.pixels_per_unit != self.pixels_per_unit:
                    item.show_scaled(smooth=False)
                    p = item.pos()
                    scaled[uid] = (p.x(), p.y())
            self._reach = (0.0, 0.0, -1.0, -1.0)  # none is drawn as it comes into view: see scrolled
            return
        self._reach = _reach(view, self.side)
        scaled, self._scaled = self._scaled, {}
        for uid, item in self.items.items():
            if item.pixels_per_unit != self.pixels_per_unit:
                self._place(item)
            elif uid in scaled:
                item.show_at(self.pixels_per_unit)

    def scrolled(self, view: QGraphicsView) -> None:
        """The view shows another part of the map: draw the counters it brings into view."""
        # A zoom scrolls the view too, before ``follow``: that draws them, at the new size.
        if self._scaled and view_pixels_per_unit(view) == self.pixels_per_unit:
            self._reach = x0, y0, x1, y1 = _reach(view, self.side)
            for uid, (x, y) in list(self._scaled.items()):
                if x0 <= x <= x1 and y0 <= y <= y1:
                    del self._scaled[uid]
                    if uid in self.items:  # not taken off the map meanwhile
                        self.items[uid].show_at(self.pixels_per_unit)

    def laid_out(self, item: CounterItem) -> None:
        """``item`` has moved, perhaps into view."""
        if item.unit_id in self._scaled:
            self._place(item)

    def _place(self, item: CounterItem) -> None:
        p = item.pos()
        x, y = p.x(), p.y()
        x0, y0, x1, y1 = self._reach
        # Out of view after a zoom out, a counter is drawn at once all the same: a smaller
        # picture costs little, and no counter keeps a bigger one than the zoom needs (on a
        # HiDPI screen, every counter's picture at zoom 4 would hold some 170 MB).
        drawn = item.pixels_per_unit
        if (x0 <= x <= x1 and y0 <= y <= y1) or (drawn is not None and drawn > self.pixels_per_unit):
            self._scaled.pop(item.unit_id, None)
            item.show_at(self.pixels_per_unit)
        else:
            if item.unit_id not in self._scaled:
                item.show_scaled()
            self._scaled[item.unit_id] = (x, y)


class UnderCounters:
    """For an item shown under the counters (a tint, an overlay): while it shows anything,
    the views paint all counters as items, over it.  Call ``under_counters_changed`` when
    what it shows changes; showing and hiding it tells the views by itself."""

    def under_counters_changed(self) -> None:
        scene = self.scene()
        for view in scene.views() if scene is not None else ():
            refresh = getattr(view, "refresh_baking", None)
            if refresh is not None:
                refresh()

    def itemChange(self, change, value):
        if change == QGraphicsItem.ItemVisibleHasChanged:
            self.under_counters_changed()
        return super().itemChange(change, value)


def shows_under_counters(item: QGraphicsItem) -> bool:
    """Whether ``item`` (one of the scene's, under the counters) shows anything."""
    return item.isVisible() and not (item.flags() & QGraphicsItem.ItemHasNoContents) and not item.boundingRect().isEmpty()


def view_pixels_per_unit(view: QGraphicsView) -> float:
    """The device pixels a map unit covers in ``view`` (its zoom, times the screen's pixel ratio)."""
    return view.transform().m11() * view.devicePixelRatioF()


def _reach(view: QGraphicsView, side: float) -> tuple[float, float, float, float]:
    """The map units in the view, with a counter's side around them: where a counter shows."""
    r = view.mapToScene(view.viewport().rect()).boundingRect()
    return r.left() - side, r.top() - side, r.right() + side, r.bottom() + side
