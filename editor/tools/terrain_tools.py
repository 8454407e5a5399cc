"""Hex terrain tools: the brush, fill, the eyedropper and rectangle or lasso selection.

The brush paints the chosen terrain types (a hex may hold several: woods with a
village, a slope with West Wall) in one of three modes: make the hex exactly these,
add them, or take them away.  A stroke paints every hex the pointer crosses, even on
a fast drag, and is one undo entry.
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.store.editoredits import flood, hexes_in_polygon, paint_terrain
from editor.commands import PaintTerrain, new_stroke
from editor.tools.base import Tool

MODE_WORDS = {"set": "Paint", "add": "Add", "remove": "Remove"}
# Map features as the rules name them, where the stored name is a short form.
FEATURE_NAMES = {"poi": "point of interest", "west_wall": "West Wall", "traffic_jam": "traffic jam",
                 "crest": "Crest Line", "wire": "barbed-wire fence", "narrow_street": "Narrow Street"}


def feature_name(feature: str) -> str:
    return FEATURE_NAMES.get(feature, feature.replace("_", " "))


def feature_label(feature: str) -> str:
    """The name for a check box or list: capitalized."""
    name = feature_name(feature)
    return name[:1].upper() + name[1:]


def terrain_words(terrain) -> str:
    return " and ".join(feature_name(t) for t in sorted(terrain)) or "open"


class BrushTool(Tool):
    name = "brush"

    def __init__(self, canvas, toolbox) -> None:
        super().__init__(canvas, toolbox)
        self._stroke: int | None = None
        self._last: Hex | None = None

    def press(self, x, y, modifiers=Qt.NoModifier) -> None:
        self._stroke = new_stroke()
        self._last = self.hex_at(x, y)
        if self._last is not None:
            self._paint([self._last])

    def move(self, x, y) -> None:
        if self._stroke is None:
            return
        h = self.hex_at(x, y)
        if h is None or h == self._last:
            return
        hexes = self._last.line_to(h) if self._last is not None else [h]
        self._last = h
        self._paint(hexes)
        self.canvas.overlay.set_hover([h])

    def release(self, x, y) -> None:
        self._stroke = None
        self._last = None

    def _paint(self, hexes: list[Hex]) -> None:
        s = self.settings
        edits = paint_terrain(self.map, hexes, s.terrain, s.paint_mode)
        self.push(PaintTerrain, edits, f"{MODE_WORDS[s.paint_mode]} {terrain_words(s.terrain)}", self._stroke)


class FillTool(Tool):
    name = "fill"

    def press(self, x, y, modifiers=Qt.NoModifier) -> None:
        h = self.hex_at(x, y)
        if h is None:
            return
        s = self.settings
        area = flood(self.map, h)
        edits = paint_terrain(self.map, area, s.terrain, s.paint_mode)
        if self.push(PaintTerrain, edits, f"Fill {len(area)} hexes with {terrain_words(s.terrain)}"):
            self.say(f"Filled {len(area)} hexes joined to {self.map.hex_id(h)}.")


class EyedropperTool(Tool):
    name = "eyedropper"

    def press(self, x, y, modifiers=Qt.NoModifier) -> None:
        h = self.hex_at(x, y)
        if h is None:
            return
        terrain = self.map.terrain(h)
        self.toolbox.change(terrain=terrain, paint_mode="set")
        self.say(f"The brush now paints {terrain_words(terrain)}, as {self.map.hex_id(h)}.")


class SelectTool(Tool):
    """Drag a rectangle, or draw a lasso, around hexes; Shift adds to the selection."""

    name = "select"

    def __init__(self, canvas, toolbox) -> None:
        super().__init__(canvas, toolbox)
        self._points: list[tuple[float, float]] = []
        self._adding = False

    def press(self, x, y, modifiers=Qt.NoModifier) -> None:
        self._points = [(x, y)]
        self._adding = bool(modifiers & Qt.ShiftModifier)

    def move(self, x, y) -> None:
        if not self._points:
            return
        if self.settings.select_shape == "lasso":
            self._points.append((x, y))
        else:
            self._points[1:] = [(x, y)]
        self.canvas.overlay.set_path(self._outline(), closed=True)

    def _outline(self) -> list[tuple[float, float]]:
        if self.settings.select_shape == "lasso" or len(self._points) < 2:
            return self._points
        (x0, y0), (x1, y1) = self._points[0], self._points[-1]
        return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]

    def release(self, x, y) -> None:
        if not self._points:
            return
        self.move(x, y)
        outline = self._outline()
        self._points = []
        self.canvas.overlay.set_path([])
        if len(outline) < 3:
            h = self.hex_at(x, y)
            picked = [h] if h else []
        else:
            picked = hexes_in_polygon(self.map, self.canvas.terrain.layout, outline)
        chosen = dict.fromkeys((self.toolbox.selection if self._adding else []) + picked)
        self.toolbox.select(list(chosen))
        self.say(f"{len(chosen)} hexes selected.")

    def cancel(self) -> None:
        self._points = []
        super().cancel()
