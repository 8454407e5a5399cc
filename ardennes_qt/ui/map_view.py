"""The map view: Map A and Map B as one seamless map, with zoom, pan, hover and
counter dragging.

Wheel zoom keeps the point under the pointer still, and so do the View menu's + and -
while the pointer is over the map (from elsewhere they zoom about the middle of the
view); 0 fits the map.  The view anchors the zoom itself rather than leaving it to Qt,
whose anchor under the mouse is only as fresh as the last mouse move Qt saw (the moves
are the view's own here).  Dragging empty map or holding the middle button pans.
Pressing a counter and moving drags it; with Shift held the whole stack goes.  The
view never decides whether a move is allowed: it reports drops as signals, and the
window asks the engine.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, Qt, QTimer, Signal
from PySide6.QtGui import QContextMenuEvent, QCursor, QMouseEvent, QPainter, QPen, QPixmap, QWheelEvent
from PySide6.QtWidgets import QApplication, QGraphicsPolygonItem, QGraphicsScene, QGraphicsView, QStyleOptionGraphicsItem, QWidget

from ardennes_qt.store.folders import cache_dir
from ardennes_qt.ui import map_style as style
from ardennes_qt.ui.counter_art import SIMPLE_BELOW, counter_image
from ardennes_qt.ui.counter_drag import CounterDrag, Drop
from ardennes_qt.ui.counter_item import CounterItem, face_pixels, shows_under_counters, view_pixels_per_unit
from ardennes_qt.ui.counter_layer import FANNED_Z, STACK_Z, CounterLayer
from ardennes_qt.ui.hex_flash import HexFlash
from ardennes_qt.ui.map_labels_item import MapNames, NamesOverChips
from ardennes_qt.ui.overview_cache import OverviewCache
from ardennes_qt.ui.play_area_art import PlayAreaArt
from ardennes_qt.ui.terrain_item import CALM_MS as ZOOM_CALM_MS
from ardennes_qt.ui.terrain_item import OVERVIEW_SCALE, TerrainItem
from ardennes_qt.ui.terrain_painter import TerrainPainter
from ardennes_qt.ui.unit_mime import UNITS_MIME, units_from_mime

DRAGGED_Z = FANNED_Z + 1000.0
NAMES_OVER_CHIPS_Z = FANNED_Z - 2
CARRIED_PIXELS = 44
MAX_ZOOM = 4.0
OVERVIEW_AFTER_MS = 300
LABEL_SHEET_AFTER_MS = 600
WHEEL_STEP = 1.0015  # zoom factor per eighth of a degree of wheel turn: 1.2 per notch


class MapView(QGraphicsView):
    hovered = Signal(str, str)  # hex id ("" off the map), unit id under the pointer ("" if none)
    unitClicked = Signal(str)
    emptyClicked = Signal()
    unitsDropped = Signal(object, str)  # unit ids, hex id
    unitsDroppedOutside = Signal(object, QPoint)  # unit ids, global position of the release
    dragPointer = Signal(QPoint)  # global position of the pointer while counters are dragged
    dragStarted = Signal(object)  # unit ids picked up (from the map, or dragged in from a dock)
    dragOver = Signal(str)  # the hex under dragged counters changed ("" off the map)
    dragEnded = Signal()  # dropped or abandoned: before any drop signal
    firstPainted = Signal()  # the first frame is on screen: time for what it could do without
    contextMenuAt = Signal(str, str, QPoint)  # hex id ("" off the map), unit id ("" if none), global position
    hexClicked = Signal(str, str, object)  # a click no mode took: hex id, unit id ("" if none), keyboard modifiers
    message = Signal(str)

    def __init__(self, terrain: TerrainPainter, parent=None) -> None:
        super().__init__(parent)
        self.terrain = terrain
        scene = QGraphicsScene(terrain.scene_rect(), self)
        self.setScene(scene)
        # The map as printed - terrain, then names and entry letters, then the markers - is
        # the view's background, kept as an image of the viewport: a frame whose map has not
        # changed copies it, a pan paints only the strip it uncovers and a new zoom all of it
        # (Qt forgets the image when the view is transformed).  The counters are items over it.
        self.terrain_item = TerrainItem(terrain, OverviewCache(terrain.map, cache_dir(), OVERVIEW_SCALE))
        self.terrain_item.repaintWanted.connect(self.resetCachedContent)
        self.setCacheMode(QGraphicsView.CacheBackground)
        self.names = MapNames(terrain, sheets=cache_dir())
        self.play_area: PlayAreaArt | None = None  # a scenario's play area, where not all the map is
        self._background_layers: list = []  # items painted into the background: the markers
        self.counters = CounterLayer(scene, terrain)
        self.counters.zoom.watch(self, when_shown=False)  # see showEvent
        self.counters.bake_listeners.append(self._baking_changed)
        self.names_over_chips = NamesOverChips(self.names, self.counters)
        self.names_over_chips.setZValue(NAMES_OVER_CHIPS_Z)
        scene.addItem(self.names_over_chips)
        self.target = QGraphicsPolygonItem()
        self.target.setPen(QPen(style.TARGET_HEX, terrain.size * 0.14))
        # The colour as the brush (not QBrush(colour): PySide6 would set up QGradient's and
        # QImage's enums, some 2 ms of the first frame, to choose among QBrush's constructors).
        self.target.setBrush(style.TARGET_FILL)
        self.target.setZValue(FANNED_Z - 1)
        self.target.hide()
        scene.addItem(self.target)
        self._zoom_calm = QTimer(self)  # running while zoom steps follow each other
        self._zoom_calm.setSingleShot(True)
        self._zoom_calm.setInterval(ZOOM_CALM_MS)
        self._zoom_calm.timeout.connect(self._zoom_stopped)
        self.flash = HexFlash(terrain.size, self)
        scene.addItem(self.flash)

        self.setBackgroundBrush(style.OFF_MAP)
        self.setRenderHints(QPainter.Antialiasing | QPainter.SmoothPixmapTransform | QPainter.TextAntialiasing)
        self.setTransformationAnchor(QGraphicsView.NoAnchor)  # see zoom_by
        self.setResizeAnchor(QGraphicsView.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.SmartViewportUpdate)
        # The viewport is made here rather than by Qt: one that Qt made, asked for, would
        # have PySide6 set up every widget class it knows to find which one it is (some
        # 15 ms of the first frame).
        viewport = QWidget()
        self.setViewport(viewport)
        # The background image covers the whole viewport: filling it with the palette first,
        # as Qt does by default, would only be painted over in every frame.
        viewport.setAutoFillBackground(False)
        viewport.setAttribute(Qt.WA_OpaquePaintEvent, True)
        # The map pans by dragging; scroll bars would only take room and make "fit" jump
        # as they come and go.
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setMouseTracking(True)
        self.setAcceptDrops(True)
        # Not _zoomed(): the counters are drawn once the view is shown (fitted to its window),
        # not for the scale it has before that.
        self.refresh_baking()
        self._drag: CounterDrag | None = None
        self._carried = QCursor()
        self._pan_from: QPoint | None = None
        self._pan_moved = False
        self._hover = ("", "")
        self._drag_hex: str | None = None
        self._overview_asked = False
        self.first_frame_shown = False  # firstPainted has been sent
        # Watches for the first paint only, then goes: a paintEvent written here would cost
        # every frame a call into Python.
        self._first_paint = _FirstPaint(self)
        self.viewport().installEventFilter(self._first_paint)
        # The whole map in view when first shown (else the counters are drawn for the scale it
        # has then).
        self.fit_when_shown = False
        # Set by a mode that takes clicks on hexes (moving by clicks): it returns True when
        # it used the click, which then neither selects nor fans out.
        self.hex_click_filter = None

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self.counters.zoom.pixels_per_unit is None:  # first shown, at its size in its window
            # Fitted now, the counters are drawn once, for the fitted zoom - not first for the
            # scale the view had before.
            if self.fit_when_shown:
                self.fit_play_area()
            else:
                self.counters.zoom.follow(self)

    def drawBackground(self, painter: QPainter, rect) -> None:
        super().drawBackground(painter, rect)
        self.terrain_item.paint_terrain(painter, rect)
        self.names.paint(painter, rect)
        if self.play_area is not None:
            self.play_area.paint(painter, rect, painter.worldTransform().m11())
        layers = [layer for layer in self._background_layers if layer.scene() is self.scene()]
        for layer in layers:
            layer.paint_in_background(painter, rect)
        if self.counters.baking:
            # The chips at rest, with what lies over them: the markers over their piles, then
            # the names they touch (as the items would be, in their order).
            self.counters.paint_baked(painter, rect)
            for layer in layers:
                layer.paint_in_background(painter, rect, over_baked=True)
            self.names_over_chips.paint_in_background(painter, rect)

    def add_background_layer(self, layer) -> None:
        """Paint ``layer`` (an item of this view's scene with ``paint_in_background(painter,
        rect, over_baked=False)``, ``piles`` and ``piles_changed(hexes)``) into the background,
        over the names, from now on; with ``over_baked`` what it shows over the counters
        painted into the background, after them."""
        if layer not in self._background_layers:
            self._background_layers.append(layer)
            layer.piles = self.counters
            self.counters.bake_listeners.append(layer.piles_changed)
            self.resetCachedContent()

    def _first_painting(self) -> None:
        """The first frame is being painted: what it could do without comes after it (timers
        started now fire once the paint is done)."""
        self._overview_asked = True
        self.viewport().removeEventFilter(self._first_paint)
        # Once the table has settled there is time for the terrain's overview.
        QTimer.singleShot(OVERVIEW_AFTER_MS, self.terrain_item, self.terrain_item.prepare_overview)
        # And for the names drawn for this first frame, kept for the next run's.
        QTimer.singleShot(LABEL_SHEET_AFTER_MS, self, self.names.keep_sheet)
        QTimer.singleShot(0, self, self._first_frame_done)

    def _first_frame_done(self) -> None:
        self.first_frame_shown = True
        self.firstPainted.emit()

    def when_first_frame_shown(self, slot) -> None:
        """Call ``slot`` once the first frame is on screen: now if it is already."""
        if self.first_frame_shown:
            slot()
        else:
            self.firstPainted.connect(slot, Qt.SingleShotConnection)

    @property
    def has_painted(self) -> bool:
        """The first frame of this view is on screen, or being painted (firstPainted has been or
        is about to be sent)."""
        return self._overview_asked

    # --- zoom -----------------------------------------------------------------------------------

    def zoom(self) -> float:
        return self.transform().m11()

    def fit_zoom(self) -> float:
        rect = self.terrain.scene_rect()
        viewport = self.viewport().rect()
        return min(viewport.width() / rect.width(), viewport.height() / rect.height())

    def zoom_by(self, factor: float, at: QPoint | None = None) -> None:
        """Zoom by ``factor`` about ``at`` (a viewport position): the point of the map there
        stays there.  Without ``at``, about the pointer while it is over the view, else about
        the middle of the view."""
        if at is None:
            at = self._pointer_or_middle()
        wanted = min(MAX_ZOOM, max(self.fit_zoom() * 0.8, self.zoom() * factor))
        if wanted == self.zoom():
            return
        anchor = self._scene_at(at)
        # A step of a zoom that may go on: its frame shows what is at hand - terrain tiles
        # and counters' pictures already drawn, scaled - and both are drawn anew for the zoom
        # once the steps stop.
        self.terrain_item.zooming()
        self._zoom_calm.start()
        self.scale(wanted / self.zoom(), wanted / self.zoom())
        self._hold(anchor, at)
        self.counters.zoom.follow(self, passing=True)
        self.refresh_baking()

    def _zoom_stopped(self) -> None:
        self._zoomed()

    def _pointer_or_middle(self) -> QPointF:
        pointer = self.viewport().mapFromGlobal(QCursor.pos())
        # Where the pointer is, not only inside the view's rectangle: a dock or dialog over
        # the map takes it.
        if self.viewport().rect().contains(pointer) and QApplication.widgetAt(QCursor.pos()) is self.viewport():
            return QPointF(pointer)
        return QPointF(self.viewport().rect().center())

    def _scene_at(self, at) -> QPointF:
        """The map point at viewport position ``at``, to a fraction of a pixel."""
        return self.viewportTransform().inverted()[0].map(QPointF(at))

    def _hold(self, anchor: QPointF, at) -> None:
        """Scroll so that the map point ``anchor`` is at viewport position ``at`` (as near as
        the map's edges let it)."""
        moved = self.viewportTransform().map(anchor) - QPointF(at)
        h, v = self.horizontalScrollBar(), self.verticalScrollBar()
        h.setValue(h.value() + round(moved.x()))
        v.setValue(v.value() + round(moved.y()))

    def fit_map(self) -> None:
        self.fitInView(self.terrain.scene_rect(), Qt.KeepAspectRatio)
        self._zoomed()

    def fit_play_area(self) -> None:
        """The scenario's play area in view, with a hex around it (the whole map if all of it is
        in play)."""
        if self.play_area is None:
            self.fit_map()
            return
        margin = self.terrain.size * 1.5
        self.fitInView(self.play_area.in_rect().adjusted(-margin, -margin, margin, margin), Qt.KeepAspectRatio)
        self._zoomed()

    def show_play_area(self, inside) -> None:
        """Shade the hexes not in ``inside`` (a scenario's hexes in play) and draw its edge."""
        art = PlayAreaArt(self.terrain, inside, style.OUT_OF_PLAY, style.PLAY_AREA_EDGE, hatch=style.OUT_OF_PLAY_HATCH)
        self.play_area = art if art else None
        self.resetCachedContent()

    def zoom_to(self, zoom: float, hex_id: str | None = None) -> None:
        """Show the map at ``zoom`` (pixels per map unit), centred on a hex if given."""
        self.resetTransform()
        self.scale(zoom, zoom)
        if hex_id:
            self.centerOn(QPointF(*self.terrain.layout.centre(self.terrain.map.parse(hex_id))))
        self._zoomed()

    def centre_on_hex(self, hex_id: str) -> None:
        """Bring ``hex_id`` to the middle of the view (as near as the map's edges let it) and
        mark it a moment, for the eye to find."""
        self.centerOn(QPointF(*self.terrain.layout.centre(self.terrain.map.parse(hex_id))))
        self.flash.show_at(self.terrain.polygon(self.terrain.map.parse(hex_id)))

    def centre_on_selection(self) -> bool:
        """Bring the selected counter to the middle of the view; False if none is on the map."""
        item = self.counters.items.get(self.counters.selected or "")
        if item is None or not item.isVisible():
            return False
        point = item.sceneBoundingRect().center()
        hex_id = self.hex_id_at(point.x(), point.y())
        if hex_id is None:
            self.centerOn(point)
        else:
            self.centre_on_hex(hex_id)
        return True

    def _zoomed(self) -> None:
        self.counters.zoom.follow(self)
        self.refresh_baking()

    def chips_shown(self) -> bool:
        """Whether counters are too small to print their values: coloured chips."""
        return face_pixels(self.counters.side, view_pixels_per_unit(self)) < SIMPLE_BELOW

    def refresh_baking(self) -> None:
        """Chips at rest are painted into the background (a frame copies them with the map)
        unless something shows under the counters, which they must cover."""
        chips = self.chips_shown()
        under = chips and any(shows_under_counters(item) for item in self.scene().items()
                              if item.zValue() < STACK_Z and not isinstance(item, CounterItem))
        self.counters.set_baking(chips and not under)
        self._baking_changed(set())

    def _baking_changed(self, hexes) -> None:
        # Where chips are items the names they touch go over them; closer in, counters cover
        # the names (no paint at all then).
        chips = self.chips_shown()
        self.names_over_chips.setVisible(chips and self.counters.has_items_shown())
        if chips and hexes:
            self.names_over_chips.chips_changed(QStyleOptionGraphicsItem.levelOfDetailFromTransform(self.transform()))

    def wheelEvent(self, event: QWheelEvent) -> None:
        delta = event.angleDelta().y()
        if delta:
            self.zoom_by(WHEEL_STEP**delta, event.position())
        event.accept()

    # --- where things are -----------------------------------------------------------------------

    def hex_id_at(self, x: float, y: float) -> str | None:
        h = self.terrain.layout.hex_at(x, y)
        return self.terrain.map.hex_id(h) if self.terrain.map.contains(h) else None

    def counter_at(self, pos: QPoint) -> CounterItem | None:
        for item in self.items(pos):
            if isinstance(item, CounterItem):
                return item
        return None

    def _show_target(self, hex_id: str | None) -> None:
        if hex_id != self._drag_hex:
            self._drag_hex = hex_id
            self.dragOver.emit(hex_id or "")
        if hex_id is None:
            self.target.hide()
            return
        self.target.setPolygon(self.terrain.polygon(self.terrain.map.parse(hex_id)))
        self.target.show()

    def _end_drag(self) -> None:
        self._drag_hex = None
        self.target.hide()
        self.dragEnded.emit()

    # --- mouse ----------------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        if event.button() == Qt.MiddleButton:
            self._start_pan(pos)
        elif event.button() == Qt.LeftButton:
            item = self.counter_at(pos)
            if item is None:
                self._start_pan(pos)
            else:
                self._start_drag(item, pos, bool(event.modifiers() & Qt.ShiftModifier))
        event.accept()

    def _start_pan(self, pos: QPoint) -> None:
        self._pan_from = pos
        self._pan_moved = False
        self.viewport().setCursor(Qt.ClosedHandCursor)

    def _start_drag(self, item: CounterItem, pos: QPoint, whole_stack: bool) -> None:
        units = tuple(self.counters.stack_of(item.unit_id)) if whole_stack else (item.unit_id,)
        scene = self.mapToScene(pos)
        starts = {uid: (self.counters.items[uid].pos().x(), self.counters.items[uid].pos().y()) for uid in units}
        self._drag = CounterDrag(units, (pos.x(), pos.y()), (scene.x(), scene.y()), starts)
        # Outside the map the pointer carries the counter, so a drop on the dead pile shows what goes.
        top = self.counters.items[units[-1]]
        self._carried = QCursor(QPixmap.fromImage(counter_image(top.face, CARRIED_PIXELS)))

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        scene = self.mapToScene(pos)
        if self._pan_from is not None:
            delta = pos - self._pan_from
            if delta.manhattanLength() > 2:
                self._pan_moved = True
            self._pan_from = pos
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - delta.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())
        elif self._drag is not None:
            self._drag_to(pos, scene)
        else:
            self._hover_at(pos, scene)
        event.accept()

    def _drag_to(self, pos: QPoint, scene: QPointF) -> None:
        picked_up = self._drag.moving
        places = self._drag.move((pos.x(), pos.y()), (scene.x(), scene.y()))
        if not places:
            return
        if not picked_up:
            self.counters.lift(self._drag.units)
            self.dragStarted.emit(self._drag.units)
        inside = self.viewport().rect().contains(pos)
        self.viewport().setCursor(Qt.ClosedHandCursor if inside else self._carried)
        self.dragPointer.emit(self.viewport().mapToGlobal(pos))
        for i, uid in enumerate(self._drag.units):
            item = self.counters.items[uid]
            item.setPos(QPointF(*places[uid]))
            item.setZValue(DRAGGED_Z + i)
        self._show_target(self.hex_id_at(scene.x(), scene.y()) if inside else None)

    def _hover_at(self, pos: QPoint, scene: QPointF) -> None:
        item = self.counter_at(pos)
        hover = (self.hex_id_at(scene.x(), scene.y()) or "", item.unit_id if item else "")
        self.viewport().setCursor(Qt.OpenHandCursor if item else Qt.ArrowCursor)
        if hover != self._hover:
            self._hover = hover
            self.hovered.emit(*hover)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        if self._pan_from is not None:
            self._pan_from = None
            self.viewport().setCursor(Qt.ArrowCursor)
            if not self._pan_moved and event.button() == Qt.LeftButton and not self._click_taken(pos):
                clicked = self._hex_at_pixel(pos)
                self.emptyClicked.emit()
                self._clicked(clicked, "", event.modifiers())
        elif self._drag is not None:
            drag, self._drag = self._drag, None
            if drag.moving:
                self._end_drag()
            self.viewport().setCursor(Qt.OpenHandCursor)
            scene = self.mapToScene(pos)
            self._dropped(drag.release((scene.x(), scene.y()), self.hex_id_at), pos, event)
            self.counters.lift(())
        event.accept()

    def _click_taken(self, pos: QPoint) -> bool:
        if self.hex_click_filter is None:
            return False
        scene = self.mapToScene(pos)
        hex_id = self.hex_id_at(scene.x(), scene.y())
        return hex_id is not None and self.hex_click_filter(hex_id)

    def _hex_at_pixel(self, pos: QPoint) -> str | None:
        scene = self.mapToScene(pos)
        return self.hex_id_at(scene.x(), scene.y())

    def _clicked(self, hex_id: str | None, unit_id: str, modifiers) -> None:
        if hex_id is not None:
            self.hexClicked.emit(hex_id, unit_id, modifiers)

    def _dropped(self, drop: Drop, pos: QPoint, event: QMouseEvent) -> None:
        if drop.kind == "click":
            if not self._click_taken(pos):
                clicked = self._hex_at_pixel(pos)  # before the selection may scroll the view
                self.unitClicked.emit(drop.units[-1])
                self._clicked(clicked, drop.units[-1], event.modifiers())
        elif not self.viewport().rect().contains(pos):
            self.counters.put_back(drop.units)
            self.unitsDroppedOutside.emit(drop.units, event.globalPosition().toPoint())
        elif drop.kind == "off_map":
            self.counters.put_back(drop.units)
            self.message.emit("No hex there: the counter goes back where it was.")
        else:
            self.counters.put_back(drop.units)
            self.unitsDropped.emit(drop.units, drop.hex_id)

    def contextMenuEvent(self, event) -> None:
        pos = event.pos() if event.reason() != QContextMenuEvent.Keyboard else self._keyboard_menu_point()
        scene = self.mapToScene(pos)
        item = self.counter_at(pos)
        self.contextMenuAt.emit(self.hex_id_at(scene.x(), scene.y()) or "", item.unit_id if item else "",
                                self.viewport().mapToGlobal(pos))
        event.accept()

    def _keyboard_menu_point(self) -> QPoint:
        """The menu key opens the selected counter's menu, else the menu of the hex under the
        pointer, else of the hex in the middle of the view."""
        selected = self.counters.items.get(self.counters.selected or "")
        if selected is not None:
            return self.mapFromScene(selected.scenePos())
        under = self.viewport().mapFromGlobal(QCursor.pos())
        return under if self.viewport().rect().contains(under) else self.viewport().rect().center()

    def leaveEvent(self, event) -> None:
        if self._hover != ("", ""):
            self._hover = ("", "")
            self.hovered.emit("", "")
        super().leaveEvent(event)

    # --- counters dragged in from the docks -------------------------------------------------------

    def dragEnterEvent(self, event) -> None:
        if event.mimeData().hasFormat(UNITS_MIME):
            event.acceptProposedAction()
            self.dragStarted.emit(units_from_mime(event.mimeData()))

    def dragMoveEvent(self, event) -> None:
        if event.mimeData().hasFormat(UNITS_MIME):
            scene = self.mapToScene(event.position().toPoint())
            self._show_target(self.hex_id_at(scene.x(), scene.y()))
            event.acceptProposedAction()

    def dragLeaveEvent(self, event) -> None:
        self._end_drag()

    def dropEvent(self, event) -> None:
        self._end_drag()
        units = units_from_mime(event.mimeData())
        if not units:
            return
        scene = self.mapToScene(event.position().toPoint())
        hex_id = self.hex_id_at(scene.x(), scene.y())
        if hex_id is None:
            self.message.emit("No hex there: drop the counter on a hex of the map.")
            return
        event.acceptProposedAction()
        self.unitsDropped.emit(units, hex_id)


class _FirstPaint(QObject):
    def __init__(self, view: MapView) -> None:
        super().__init__(view)
        self.view = view

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Paint:
            self.view._first_painting()
        return False
