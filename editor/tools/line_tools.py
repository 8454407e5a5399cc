"""Tools that draw along the grid: hexsides, roads, bridges and plungers.

The hexside tool sets a feature (river, stream, Meuse, sea, border) on the hexsides
the pointer passes; the first hexside of a drag decides whether the drag adds the
feature or takes it away.  The road tool links hex centres along a drag with a Road
or Track (or erases them); a link across water brings its bridge.  The bridge tool
gives a clicked bridge its German-built day and plunger (3.8), or places a plunger.
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.store.editoredits import (
    add_plunger,
    links_along,
    nearest_side,
    remove_plunger,
    set_bridge,
    set_hexside_feature,
    set_roads,
    shown_built,
    sides_between,
)
from editor.commands import DrawHexsides, DrawRoads, EditBridges, new_stroke
from editor.tools.base import Tool


class HexsideTool(Tool):
    name = "hexside"

    def __init__(self, canvas, toolbox) -> None:
        super().__init__(canvas, toolbox)
        self._stroke: int | None = None
        self._add = True
        self._last: tuple[float, float] | None = None

    def press(self, x, y, modifiers=Qt.NoModifier) -> None:
        side = nearest_side(self.canvas.terrain.layout, x, y)
        record = self.map.hexsides.get(side)
        self._add = not (record and self.settings.hexside_feature in record.features)
        self._stroke = new_stroke()
        self._last = (x, y)
        self._set([side])

    def move(self, x, y) -> None:
        if self._stroke is None:
            return
        sides = sides_between(self.canvas.terrain.layout, self._last, (x, y))
        self._last = (x, y)
        self._set(sides)
        self.hover(x, y)

    def release(self, x, y) -> None:
        self._stroke = None

    def _set(self, sides) -> None:
        s = self.settings
        edits = set_hexside_feature(self.map, sides, s.hexside_feature, self._add, s.hexside_name)
        verb = "Draw" if self._add else "Erase"
        self.push(DrawHexsides, edits, f"{verb} {s.hexside_feature} hexsides", self._stroke)

    def hover(self, x, y) -> None:
        side = nearest_side(self.canvas.terrain.layout, x, y)
        self.canvas.overlay.set_hover(segments=[self.canvas.terrain.layout.side_segment(side)])


class RoadTool(Tool):
    name = "road"

    def __init__(self, canvas, toolbox) -> None:
        super().__init__(canvas, toolbox)
        self._stroke: int | None = None
        self._last: Hex | None = None

    def press(self, x, y, modifiers=Qt.NoModifier) -> None:
        self._last = self.hex_at(x, y)
        self._stroke = new_stroke() if self._last is not None else None

    def move(self, x, y) -> None:
        if self._stroke is None:
            return
        h = self.canvas.terrain.layout.hex_at(x, y)  # off the map too: a road may leave it
        if h == self._last:
            return
        links = links_along([self._last, h])
        self._last = h
        s = self.settings
        edits = set_roads(self.map, links, s.road_kind, add=not s.road_erase)
        verb = "Erase" if s.road_erase else "Draw"
        self.push(DrawRoads, edits, f"{verb} {s.road_kind}", self._stroke)
        self.canvas.overlay.set_hover([h] if self.map.contains(h) else [])

    def release(self, x, y) -> None:
        self._stroke = None
        self._last = None


class BridgeTool(Tool):
    name = "bridge"

    def press(self, x, y, modifiers=Qt.NoModifier) -> None:
        s = self.settings
        if s.bridge_mode == "plunger":
            self._plunger(x, y)
            return
        side = nearest_side(self.canvas.terrain.layout, x, y)
        where = " ".join(self.map.side_ref(side))
        try:
            edits = set_bridge(self.map, side, s.bridge_built, s.bridge_plunger)
        except ValueError as exc:
            self.say(str(exc))
            return
        bridge = edits.get("bridges", {}).get(side)
        if bridge is not None and self.push(EditBridges, edits, f"Bridge at {where}"):
            built = f"German-built from {shown_built(bridge.built)}" if bridge.built else "standing"
            plunger = f", plunger {bridge.plunger}" if bridge.plunger else ", no plunger"
            self.say(f"Bridge at {where}: {built}{plunger}.")

    def _plunger(self, x, y) -> None:
        h = self.hex_at(x, y)
        if h is None:
            return
        name = self.map.hex_id(h)
        if name in self.map.plungers:
            self.push(EditBridges, remove_plunger(self.map, name), f"Remove plunger {name}")
            self.say(f"Plunger {name} removed; its bridges have none now.")
        else:
            self.push(EditBridges, add_plunger(self.map, h), f"Place plunger {name}")
            self.toolbox.change(bridge_plunger=name, bridge_mode="bridge")
            self.say(f"Plunger {name} placed: click the bridges it governs.")

    def hover(self, x, y) -> None:
        if self.settings.bridge_mode == "plunger":
            super().hover(x, y)
            return
        side = nearest_side(self.canvas.terrain.layout, x, y)
        if side in self.map.bridges:
            self.canvas.overlay.set_hover(segments=[self.canvas.terrain.layout.side_segment(side)])
        else:
            self.canvas.overlay.set_hover()
