"""The map being edited: the table's own terrain tiles and names (terrain_item.py,
map_labels_item.py), the levels in figures on a map with hills, the backdrop scan under
the tracing, the vector layers, the scenario's counters and play area, and what the
active tool shows.

The canvas follows the document: after each change it gathers again what the changed
hexes draw and paints only their region of the cached tiles.  Mouse presses, moves and
releases with the left button go to the active tool, in map units; the middle button
(or the left one with Space held) pans, the wheel zooms around the pointer.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QWheelEvent
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView

from ardennes_qt.core.content import with_vp_overrides
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.ui import map_style as style
from ardennes_qt.ui.map_labels_item import MapLabelsItem
from ardennes_qt.ui.terrain_item import TerrainItem
from ardennes_qt.ui.terrain_painter import TerrainPainter
from ardennes_qt.ui.unit_mime import UNITS_MIME, units_from_mime
from editor.backdrop_item import BackdropItem
from editor.document import Change, EditorDocument
from editor.overlay_item import OverlayItem
from editor.layers_item import LayersItem
from editor.level_numbers_item import LevelNumbersItem
from editor.scenario_layer import PlayAreaItem, SetupLayer
from editor.vocabulary import map_vocabulary

MAX_ZOOM = 4.0
WHEEL_STEP = 1.0015
BACKDROP_Z = 0.5
LABELS_Z = 1.0
LAYERS_Z = 2.0
OVERLAY_Z = 3.0
PLAY_AREA_Z = 0.8  # over the terrain and the backdrop, under names and counters
BLOCK = 4  # hexes a side of a block repainted at once
# Hex sizes around a hexside that its line and bridge mark can touch: the widest line
# (the Meuse, 0.3) or a bridge's rails (0.3 from the side's middle), and a pixel of
# antialiasing in the smallest picture of the terrain (the overview, 8 map units a pixel).
SIDE_REACH = 0.6
# Each region painted again costs about as much as 30 square hex sizes more of region
# (a painter on each tile it crosses and on the overview, the hexes around its edges).
JOIN_SLACK = 30.0


def _area(rect: QRectF) -> float:
    return rect.width() * rect.height()


class MapCanvas(QGraphicsView):
    hovered = Signal(str)  # hex id under the pointer, "" off the map
    message = Signal(str)
    countersDropped = Signal(object, str)  # counter ids from the order of battle, hex id
    counterPicked = Signal(object)  # a set-up counter's id, or None

    def __init__(self, document: EditorDocument, parent=None) -> None:
        super().__init__(parent)
        self.document = document
        self.terrain = TerrainPainter(document.module.map, stamps=True)
        self.setScene(QGraphicsScene(self.terrain.scene_rect(), self))
        self.terrain_item = TerrainItem(self.terrain)
        self.scene().addItem(self.terrain_item)
        self.backdrop = BackdropItem(document, self.terrain)
        self.backdrop.setZValue(BACKDROP_Z)
        self.scene().addItem(self.backdrop)
        self.labels = MapLabelsItem(self.terrain)
        self.labels.setZValue(LABELS_Z)
        self.scene().addItem(self.labels)
        self.level_numbers = LevelNumbersItem(document, self.terrain)
        self.level_numbers.setZValue(LABELS_Z)
        self.level_numbers.setVisible(map_vocabulary(document.module.system).levels)
        self.scene().addItem(self.level_numbers)
        self.layers = LayersItem(document, self.terrain)
        self.layers.setZValue(LAYERS_Z)
        self.scene().addItem(self.layers)
        self.overlay = OverlayItem(self.terrain)
        self.overlay.setZValue(OVERLAY_Z)
        self.scene().addItem(self.overlay)
        self.play_area = PlayAreaItem(self)
        self.play_area.setZValue(PLAY_AREA_Z)
        self.scene().addItem(self.play_area)
        self.setup = SetupLayer(self)
        self.tool = None
        self._pan_from = None
        self._space = False
        self._hover = ""
        self.setBackgroundBrush(style.OFF_MAP)
        self.setRenderHints(QPainter.Antialiasing | QPainter.SmoothPixmapTransform | QPainter.TextAntialiasing)
        # Zooming keeps its own anchor (zoom_by): the tools take the mouse events the
        # view's under-the-mouse anchor would need.
        self.setTransformationAnchor(QGraphicsView.NoAnchor)
        self.setResizeAnchor(QGraphicsView.AnchorViewCenter)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.StrongFocus)
        self.setAcceptDrops(True)
        document.changed.connect(self.follow)

    # --- following the document -------------------------------------------------------------

    def follow(self, change: Change) -> None:
        """Redraw what ``change`` touched, and only that."""
        m = self.document.module.map
        if change.touches("friendly_edges", "map_info"):
            self.terrain.edges = type(self.terrain.edges)(m, self.terrain.layout)
            self.terrain_item.repaint_all()
        if change.hexes or change.sides:
            self.terrain.index.reindex(change.redrawn)
            if change.touches("entry_areas"):
                self.terrain.edges.refresh_entry_areas()
            # A hex gathered again may list its road's ends the other way round, which
            # moves a track's dashes: a side of a hex with a road repaints the whole hex.
            art = self.terrain.index.art
            roads = {h for side in change.sides for h in side.hexes if h in art and art[h].roads}
            sides = [side for side in change.sides if roads.isdisjoint(side.hexes)]
            for region in self.regions_of(change.hexes | roads, sides):
                self.terrain_item.repaint(region)
            if change.hexes and self.level_numbers.isVisible():
                self.level_numbers.update(self.region_of(change.hexes))
        if change.touches("places", "entry_areas", "scenarios"):
            self._name_places()
        for name in change.keys("layers"):
            self.layers.update_layer(name)
        if change.touches("backdrop"):
            self.backdrop.reload()
        if change.touches("scenarios", "counters", "formations"):
            self.setup.sync()
            self.play_area.sync()

    def show_scenario(self, scenario_id: str | None) -> None:
        """Show this scenario's set-up and play area (None: the bare map)."""
        self.setup.show(scenario_id)
        self.play_area.show(scenario_id)
        self._name_places()

    def _name_places(self) -> None:
        """The towns named with the shown scenario's VP values (its own where it gives them)."""
        module = self.document.module
        scenario = module.scenarios.get(self.setup.scenario_id or "")
        overrides = scenario.vp_overrides if scenario is not None else {}
        self.labels.show_places(with_vp_overrides(module.map, overrides).places if overrides else None)

    def pick_counter(self, counter_id: str | None) -> None:
        self.setup.select(counter_id)
        self.counterPicked.emit(counter_id)

    @staticmethod
    def blocks_of(places, hex_of=lambda h: h) -> list[list]:
        """Changed hexes (or sides, by their first hex) in blocks of a few hexes: a long
        river changed here and there repaints a few small regions, not the box around all of it."""
        blocks: dict[tuple[int, int], list] = {}
        for place in places:
            h = hex_of(place)
            blocks.setdefault((h.q // BLOCK, (h.r + h.q // 2) // BLOCK), []).append(place)
        return list(blocks.values())

    def regions_of(self, hexes, sides=()) -> list[QRectF]:
        """The regions to paint again for changed hexes and hexsides: their blocks' regions,
        two joined into one where that paints little more than the two apart, so a river
        reshaped near one point is one or two paints, not five.  A side whose line or
        bridge changed paints only around the side."""
        rects = [self.region_of(b) for b in self.blocks_of(hexes)]
        rects += [self.side_region_of(b) for b in self.blocks_of(sides, lambda side: side.hex)]
        slack = JOIN_SLACK * self.terrain.size**2
        out: list[QRectF] = []
        for rect in sorted(rects, key=lambda r: (r.left(), r.top())):
            for i, region in enumerate(out):
                joined = region.united(rect)
                if _area(joined) <= _area(region) + _area(rect) + slack:
                    out[i] = joined
                    break
            else:
                out.append(rect)
        return out

    def region_of(self, hexes) -> QRectF:
        """The map units a set of hexes draws in, with room for strokes and for roads
        leaving the map (drawn to 1.65 hex sizes from the centre)."""
        return self._around((self.terrain.layout.centre(h) for h in hexes), self.terrain.size * 1.7)

    def side_region_of(self, sides) -> QRectF:
        """The map units a set of hexsides' lines and bridge marks draw in."""
        ends = (end for side in sides for end in self.terrain.layout.side_segment(side))
        return self._around(ends, self.terrain.size * SIDE_REACH)

    @staticmethod
    def _around(points, reach: float) -> QRectF:
        xs, ys = zip(*points)
        return QRectF(min(xs) - reach, min(ys) - reach, max(xs) - min(xs) + 2 * reach, max(ys) - min(ys) + 2 * reach)

    # --- where things are ---------------------------------------------------------------------

    def hex_at(self, x: float, y: float) -> Hex | None:
        h = self.terrain.layout.hex_at(x, y)
        return h if self.document.module.map.contains(h) else None

    def hex_point(self, hex_id: str) -> QPointF:
        return QPointF(*self.terrain.layout.centre(self.document.module.map.parse(hex_id)))

    # --- zoom ----------------------------------------------------------------------------------

    def zoom(self) -> float:
        return self.transform().m11()

    def fit_map(self) -> None:
        self.fitInView(self.terrain.scene_rect(), Qt.KeepAspectRatio)
        self.setup.zoom.follow(self)

    def zoom_by(self, factor: float, around: QPoint | None = None) -> None:
        """Zoom keeping the map point at ``around`` (a viewport point; its centre by default)
        where it is: the wheel zooms around the pointer."""
        if around is None:
            around = self.viewport().rect().center()
        anchor = self.mapToScene(around)
        rect = self.terrain.scene_rect()
        fit = min(self.viewport().width() / rect.width(), self.viewport().height() / rect.height())
        wanted = min(MAX_ZOOM, max(fit * 0.8, self.zoom() * factor))
        self.scale(wanted / self.zoom(), wanted / self.zoom())
        drift = self.mapFromScene(anchor) - around
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + drift.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + drift.y())
        self.setup.zoom.follow(self)

    def zoom_to(self, zoom: float, hex_id: str | None = None) -> None:
        self.resetTransform()
        self.scale(zoom, zoom)
        if hex_id:
            self.centerOn(self.hex_point(hex_id))
        self.setup.zoom.follow(self)

    def jump_to(self, hex_id: str) -> None:
        """Centre on a hex, close enough to work on it, and mark it."""
        if self.zoom() < 0.6:
            self.zoom_to(0.9, hex_id)
        else:
            self.centerOn(self.hex_point(hex_id))
        self.overlay.set_marked([self.document.module.map.parse(hex_id)])

    def wheelEvent(self, event: QWheelEvent) -> None:
        delta = event.angleDelta().y()
        if delta:
            self.zoom_by(WHEEL_STEP**delta, event.position().toPoint())
        event.accept()

    # --- the mouse and the active tool -----------------------------------------------------------

    def set_tool(self, tool) -> None:
        if self.tool is not None:
            self.tool.cancel()
        self.tool = tool
        self.overlay.clear_tool()
        self.viewport().setCursor(tool.cursor if tool is not None else Qt.ArrowCursor)

    def _scene(self, event: QMouseEvent) -> tuple[float, float]:
        p = self.mapToScene(event.position().toPoint())
        return p.x(), p.y()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MiddleButton or (event.button() == Qt.LeftButton and (self._space or self.tool is None)):
            self._pan_from = event.position().toPoint()
            self.viewport().setCursor(Qt.ClosedHandCursor)
        elif event.button() == Qt.LeftButton:
            self.tool.press(*self._scene(event), event.modifiers())
        elif event.button() == Qt.RightButton and self.tool is not None:
            self.tool.cancel()
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        x, y = self._scene(event)
        if self._pan_from is not None:
            pos = event.position().toPoint()
            delta = pos - self._pan_from
            self._pan_from = pos
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - delta.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())
        elif self.tool is not None:
            if event.buttons() & Qt.LeftButton:
                self.tool.move(x, y)
            else:
                self.tool.hover(x, y)
        h = self.hex_at(x, y)
        hover = self.document.module.map.hex_id(h) if h else ""
        if hover != self._hover:
            self._hover = hover
            self.hovered.emit(hover)
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            self._pan_from = None
            self.viewport().setCursor(self.tool.cursor if self.tool is not None else Qt.ArrowCursor)
        elif event.button() == Qt.LeftButton and self.tool is not None:
            self.tool.release(*self._scene(event))
        event.accept()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.LeftButton and self.tool is not None:
            self.tool.double_click(*self._scene(event))
        event.accept()

    # --- counters dragged in from the order of battle -----------------------------------------------

    def dragEnterEvent(self, event) -> None:
        if event.mimeData().hasFormat(UNITS_MIME):
            event.acceptProposedAction()

    def dragMoveEvent(self, event) -> None:
        if event.mimeData().hasFormat(UNITS_MIME):
            p = self.mapToScene(event.position().toPoint())
            h = self.hex_at(p.x(), p.y())
            self.overlay.set_hover([h] if h else [])
            event.acceptProposedAction()

    def dragLeaveEvent(self, event) -> None:
        self.overlay.set_hover()

    def dropEvent(self, event) -> None:
        self.overlay.set_hover()
        units = units_from_mime(event.mimeData())
        p = self.mapToScene(event.position().toPoint())
        h = self.hex_at(p.x(), p.y())
        if not units:
            return
        if h is None:
            self.message.emit("No hex there: drop the counter on a hex of the map.")
            return
        event.acceptProposedAction()
        self.countersDropped.emit(units, self.document.module.map.hex_id(h))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key_Space and not event.isAutoRepeat():
            self._space = True
            self.viewport().setCursor(Qt.OpenHandCursor)
        elif event.key() == Qt.Key_Escape and self.tool is not None:
            self.tool.cancel()
        elif event.key() in (Qt.Key_Return, Qt.Key_Enter) and self.tool is not None:
            self.tool.finish()
        else:
            super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key_Space and not event.isAutoRepeat():
            self._space = False
            self.viewport().setCursor(self.tool.cursor if self.tool is not None else Qt.ArrowCursor)
        else:
            super().keyReleaseEvent(event)
