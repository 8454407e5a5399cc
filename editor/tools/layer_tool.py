"""The vector layer tool: draw a polyline or polygon freely over the map (or the
backdrop), and reshape it by dragging its points; each change rasterizes the layer
again (editoredits.layer_edits, on the map generator's rasterizer).

Drawing: click to add points; double-click or Enter finishes (a polygon closes
itself); Escape or the right button throws the drawing away.  Editing: press on a
point of the selected layer and drag it (one undo entry per drag); press elsewhere on
a layer to select it.
"""

from __future__ import annotations

import math
from dataclasses import replace

from PySide6.QtCore import Qt
from shapely.geometry import LineString, Point, Polygon

from ardennes_qt.store.editoredits import layer_edits, merged
from ardennes_qt.store.editormodel import POLYGON, VectorLayer
from editor.commands import EditLayer, new_stroke
from editor.tools.base import Tool

GRAB_PIXELS = 9.0


def layer_change(document, old: VectorLayer | None, new: VectorLayer | None) -> dict:
    """The edits that put ``new`` in place of ``old``, with what it rasterizes to."""
    edits, output = layer_edits(document.plane, document.module.map, old, new)
    name = (new or old).name
    if new is not None:
        new = replace(new, output=output)
    return merged(edits, {"layers": {name: new}})


def next_layer_name(document, feature: str) -> str:
    taken = set(document.module.layers)
    n = 1
    while f"{feature} {n}" in taken:
        n += 1
    return f"{feature} {n}"


class LayerTool(Tool):
    name = "layer"

    def __init__(self, canvas, toolbox) -> None:
        super().__init__(canvas, toolbox)
        self._points: list[tuple[float, float]] = []
        self._drag: tuple[str, int, int] | None = None  # layer, point index, stroke

    @property
    def _size(self) -> float:
        return self.canvas.terrain.size

    def press(self, x, y, modifiers=Qt.NoModifier) -> None:
        if self.settings.layer_mode == "draw":
            self._points.append((x / self._size, y / self._size))
            self._show_draft((x, y))
            return
        grabbed = self._point_near(x, y)
        if grabbed is not None:
            self._drag = (*grabbed, new_stroke())
            return
        name = self._layer_near(x, y)
        self.canvas.layers.select(name)
        self.toolbox.change()
        self.say(f"Layer {name} selected: drag its points to reshape it." if name else "No layer there.")

    def move(self, x, y) -> None:
        if self._drag is None:
            return
        name, index, stroke = self._drag
        layer = self.document.module.layers[name]
        points = list(layer.points)
        points[index] = (x / self._size, y / self._size)
        edits = layer_change(self.document, layer, replace(layer, points=tuple(points)))
        self.document.push(EditLayer(self.document, edits, f"Reshape {name}", stroke))

    def release(self, x, y) -> None:
        self._drag = None

    def hover(self, x, y) -> None:
        if self.settings.layer_mode == "draw" and self._points:
            self._show_draft((x, y))
        else:
            super().hover(x, y)

    def double_click(self, x, y) -> None:
        if self.settings.layer_mode == "draw":
            self._points.append((x / self._size, y / self._size))  # the last point, clicked twice
            self.finish()

    def finish(self) -> None:
        s = self.settings
        points = list(dict.fromkeys(self._points))
        wanted = 3 if s.layer_shape == POLYGON else 2
        if len(points) < wanted:
            self.say(f"A {s.layer_shape} needs at least {wanted} points: click them, then double-click.")
            return
        self._points = []
        self.canvas.overlay.set_path([])
        name = next_layer_name(self.document, s.layer_feature)
        layer = VectorLayer(name, s.layer_shape, s.layer_feature, tuple(points), s.layer_share, s.layer_label)
        edits = layer_change(self.document, None, layer)
        self.canvas.layers.select(name)
        self.document.push(EditLayer(self.document, edits, f"Draw {name}"))
        self.toolbox.change()
        drawn = self.document.module.layers[name].output
        self.say(f"{name}: {len(drawn)} {'hexsides' if ' ' in (drawn or [''])[0] else 'hexes'} rasterized.")

    def cancel(self) -> None:
        self._points = []
        self._drag = None
        super().cancel()

    def _show_draft(self, pointer: tuple[float, float]) -> None:
        path = [(px * self._size, py * self._size) for px, py in self._points] + [pointer]
        self.canvas.overlay.set_path(path, closed=self.settings.layer_shape == POLYGON)

    def _tolerance(self) -> float:
        return GRAB_PIXELS / max(self.canvas.zoom(), 1e-6)

    def _point_near(self, x: float, y: float) -> tuple[str, int] | None:
        layer = self.document.module.layers.get(self.canvas.layers.selected)
        if layer is None:
            return None
        best = min(range(len(layer.points)), default=None,
                   key=lambda i: math.dist((x, y), (layer.points[i][0] * self._size, layer.points[i][1] * self._size)))
        if best is None:
            return None
        px, py = layer.points[best]
        return (layer.name, best) if math.dist((x, y), (px * self._size, py * self._size)) <= self._tolerance() else None

    def _layer_near(self, x: float, y: float) -> str:
        here = Point(x / self._size, y / self._size)
        reach = self._tolerance() / self._size
        for layer in reversed(list(self.document.module.layers.values())):
            if len(layer.points) < 2:
                continue
            shape = Polygon(layer.points) if layer.shape == POLYGON and len(layer.points) > 2 else LineString(layer.points)
            if shape.distance(here) <= reach or (layer.shape == POLYGON and shape.contains(here)):
                return layer.name
        return ""
