"""Tools for maps with hills (ASL): the level brush, building levels and slopes.

The level brush gives every hex a stroke crosses the chosen base level (-1 for a stream
bed, P4.1); Ctrl+click takes a hex's level instead.  The building brush gives building
hexes their levels above ground and a steeple (P5.2) or none, and leaves other hexes be.
The slope tool puts a slope's hash marks on the hexsides it is clicked or dragged along,
in the hex the pointer is in: the Down-Slope side.  Clicking where the marks already are
takes the slope away; clicking the other side of the hexside turns it round.  Each
stroke or drag is one undo entry.
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from ardennes_qt.core.hexgrid import Hex, Hexside
from ardennes_qt.store.editoredits import is_building, merged, nearest_side, set_building, set_level, set_slope
from editor.commands import DrawSlopes, SetBuildingLevels, SetLevels, new_stroke
from editor.tools.base import Tool
from editor.tools.terrain_tools import BrushTool, feature_name

DRAG_DEPTH = 0.1  # hex sizes inside a hex from a side for a drag to put the side's marks in it


def level_words(level: int) -> str:
    return "a stream bed (level -1)" if level < 0 else f"level {level}"


def building_levels(floors: int) -> str:
    return f"{floors} building level{'' if floors == 1 else 's'} above ground"


def hill_words(m, h: Hex) -> list[str]:
    """What a hex of a map with hills is, besides its terrain: its level, a building's levels,
    and its hexsides' walls, hedges, Crest Lines and slopes (with where their marks are)."""
    record = m.hexes.get(h)
    words = [level_words(m.level(h))]
    if record is not None and record.floors:
        words.append(building_levels(record.floors))
    sides = []
    for direction, side in m.sides_of(h).items():
        parts = [feature_name(f) for f in sorted(side.features)]
        if side.slope is not None:
            parts.append("slope, marks here" if side.slope == h else f"slope, marks in {m.hex_id(side.slope)}")
        sides.append(f"{direction.name} {', '.join(parts)}")
    if sides:
        words.append("sides: " + "; ".join(sides))
    return words


class LevelTool(BrushTool):
    name = "level"

    def press(self, x, y, modifiers=Qt.NoModifier) -> None:
        h = self.hex_at(x, y)
        if modifiers & Qt.ControlModifier and h is not None:
            level = self.map.level(h)
            self.toolbox.change(level=level)
            self.say(f"The level brush now paints {level_words(level)}, as {self.map.hex_id(h)}.")
            return
        super().press(x, y, modifiers)

    def _paint(self, hexes: list[Hex]) -> None:
        level = self.settings.level
        self.push(SetLevels, set_level(self.map, hexes, level), f"Paint {level_words(level)}", self._stroke)


class BuildingTool(BrushTool):
    name = "building"

    def _paint(self, hexes: list[Hex]) -> None:
        s = self.settings
        steeple = " with a steeple" if s.steeple else ""
        edits = set_building(self.map, hexes, s.floors, s.steeple)
        if not self.push(SetBuildingLevels, edits, f"Give {building_levels(s.floors)}{steeple}", self._stroke):
            last = hexes[-1]
            if not is_building(self.map, last):
                self.say(f"{self.map.hex_id(last)} is no building: paint a building there first (Brush).")


class SlopeTool(Tool):
    name = "slope"

    def __init__(self, canvas, toolbox) -> None:
        super().__init__(canvas, toolbox)
        self._stroke: int | None = None
        self._erase = False
        self._last: tuple[float, float] | None = None
        self._done: set[Hexside] = set()

    def _side_and_marks(self, x: float, y: float) -> tuple[Hexside, Hex]:
        """The hexside nearest the pointer, and the hex of its two the pointer is in."""
        layout = self.canvas.terrain.layout
        return nearest_side(layout, x, y), layout.hex_at(x, y)

    def _clearly_in(self, x: float, y: float, side: Hexside, h: Hex) -> bool:
        """Is the pointer well inside ``h`` from ``side``?  Near a corner a drag slips
        across a third hex, and must not turn the slopes it passes round."""
        layout = self.canvas.terrain.layout
        (mx, my), (cx, cy) = layout.side_midpoint(side), layout.centre(h)
        depth = ((x - mx) * (cx - mx) + (y - my) * (cy - my)) / max(((cx - mx) ** 2 + (cy - my) ** 2) ** 0.5, 1e-9)
        return depth >= DRAG_DEPTH * layout.size

    def press(self, x, y, modifiers=Qt.NoModifier) -> None:
        side, marks = self._side_and_marks(x, y)
        record = self.map.hexsides.get(side)
        self._erase = record is not None and record.slope == marks
        if not self.map.contains(marks):
            self.say("A slope's hash marks go in a hex of the map: click inside the map.")
        self._stroke = new_stroke()
        self._last = (x, y)
        self._done = set()
        self._draw([(side, marks)])

    def move(self, x, y) -> None:
        if self._stroke is None:
            return
        (x0, y0), size = self._last, self.canvas.terrain.layout.size
        steps = max(1, int(((x - x0) ** 2 + (y - y0) ** 2) ** 0.5 / (size * 0.25)) + 1)
        points = [(x0 + (x - x0) * i / steps, y0 + (y - y0) * i / steps) for i in range(1, steps + 1)]
        passed = [(side, marks) for px, py in points for side, marks in [self._side_and_marks(px, py)]
                  if self._clearly_in(px, py, side, marks)]
        self._last = (x, y)
        self._draw(passed)
        self.hover(x, y)

    def release(self, x, y) -> None:
        self._stroke = None

    def _draw(self, passed: list[tuple[Hexside, Hex]]) -> None:
        """Each side the first time a gesture passes it: marks in the hex it was passed in."""
        edits: dict = {}
        for side, marks in passed:
            if side in self._done or not self.map.contains(marks):
                continue
            self._done.add(side)
            edits = merged(edits, set_slope(self.map, [side], None if self._erase else marks))
        changed = edits.get("hexsides", {})
        if not self.push(DrawSlopes, edits, "Erase slopes" if self._erase else "Draw slopes", self._stroke):
            return
        if len(changed) == 1:
            side, record = next(iter(changed.items()))
            where = " ".join(self.map.side_ref(side))
            if record is None or record.slope is None:
                self.say(f"No slope at {where} now.")
            else:
                self.say(f"Slope at {where}: hash marks in {self.map.hex_id(record.slope)}, its Down-Slope side.")

    def hover(self, x, y) -> None:
        side, marks = self._side_and_marks(x, y)
        marked = [marks] if self.map.contains(marks) else []
        self.canvas.overlay.set_hover(marked, [self.canvas.terrain.layout.side_segment(side)])
