"""The vector layers over the map: each visible polyline or polygon drawn in the colour
of the feature it rasterizes to, the selected one with handles on its points (drag a
handle to reshape it; the layer tool does the dragging)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from ardennes_qt.core.mapdata import HEXSIDE_FEATURES, ROAD_KINDS
from ardennes_qt.store.editormodel import POLYGON, VectorLayer
from ardennes_qt.ui.terrain_painter import TerrainPainter

WATER_LINE = QColor(25, 118, 210, 200)
ROAD_LINE = QColor(191, 54, 12, 200)
AREA_LINE = QColor(27, 94, 32, 220)
AREA_FILL = QColor(56, 142, 60, 45)
HANDLE = QColor("#ffffff")
SELECTED = QColor("#d81b60")


def layer_colour(layer: VectorLayer) -> QColor:
    if layer.feature in HEXSIDE_FEATURES:
        return WATER_LINE
    if layer.feature in ROAD_KINDS:
        return ROAD_LINE
    return AREA_LINE


class LayersItem(QGraphicsItem):
    def __init__(self, document, terrain: TerrainPainter) -> None:
        super().__init__()
        self.document = document
        self.terrain = terrain
        self.selected = ""
        self._drawn: dict[str, QRectF] = {name: self.layer_rect(name) for name in document.module.layers}

    def boundingRect(self) -> QRectF:
        return self.terrain.scene_rect()

    def select(self, name: str) -> None:
        for layer_name in (self.selected, name):
            self.update_layer(layer_name)
        self.selected = name

    def layer_rect(self, name: str) -> QRectF:
        """Where a layer draws now, with room for its line and handles."""
        layer = self.document.module.layers.get(name)
        if layer is None or not layer.points:
            return QRectF()
        s = self.terrain.size
        xs = [x * s for x, _ in layer.points]
        ys = [y * s for _, y in layer.points]
        return QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)).adjusted(-s, -s, s, s)

    def update_layer(self, name: str) -> None:
        """Redraw where a layer was and where it is now, not the whole map."""
        now = self.layer_rect(name)
        before = self._drawn.get(name, QRectF())
        self._drawn[name] = now
        area = before.united(now)
        if not area.isEmpty():
            self.update(area)

    def scene_points(self, layer: VectorLayer) -> list[QPointF]:
        s = self.terrain.size
        return [QPointF(x * s, y * s) for x, y in layer.points]

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        scale = option.levelOfDetailFromTransform(painter.worldTransform())
        painter.setRenderHint(QPainter.Antialiasing, True)
        for layer in self.document.module.layers.values():
            if layer.visible or layer.name == self.selected:
                self._paint_layer(painter, layer, scale)

    def _paint_layer(self, painter: QPainter, layer: VectorLayer, scale: float) -> None:
        points = self.scene_points(layer)
        if len(points) < 2:
            return
        chosen = layer.name == self.selected
        colour = SELECTED if chosen else layer_colour(layer)
        pen = QPen(colour, max(self.terrain.size * 0.05, 1.5 / scale), Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin)
        if not layer.visible:
            pen.setStyle(Qt.DotLine)
        painter.setPen(pen)
        if layer.shape == POLYGON:
            outline = QPainterPath()
            outline.addPolygon(QPolygonF(points))
            outline.closeSubpath()
            painter.setBrush(AREA_FILL)
            painter.drawPath(outline)
        else:
            painter.setBrush(Qt.NoBrush)
            painter.drawPolyline(QPolygonF(points))
        if chosen:
            radius = max(self.terrain.size * 0.08, 4.0 / scale)
            painter.setPen(QPen(SELECTED, max(1.0 / scale, radius * 0.3)))
            painter.setBrush(HANDLE)
            for p in points:
                painter.drawEllipse(p, radius, radius)
