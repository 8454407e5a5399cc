"""Tools for the map's special hexes and the backdrop's calibration.

Towns and other places get a name and victory points with a click (an empty name
takes the place away).  Entry areas are painted hex by hex under their letter; the
first hex of a drag decides whether the drag adds hexes or takes them out.  West
Wall, traffic jams and points of interest are hex terrain: the brush paints them.
Calibration: click a hex centre on the scan for each of two or three rows, type its hex id.
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from ardennes_qt.core.mapdata import EntryArea, Place
from ardennes_qt.store.editoredits import USER
from editor.commands import EditEntryAreas, EditPlaces, new_stroke
from editor.tools.base import Tool


class PlaceTool(Tool):
    name = "place"

    def press(self, x, y, modifiers=Qt.NoModifier) -> None:
        h = self.hex_at(x, y)
        if h is None:
            return
        s = self.settings
        hex_id = self.map.hex_id(h)
        old = self.map.places.get(h)
        name = s.place_name.strip()
        new = Place(name, max(0, int(s.place_vp)), USER) if name else None
        if old == new or (old is None and new is None):
            if old is None:
                self.say("Type a name (and its victory points) in the tool options, then click its hex.")
            return
        text = f"Name {hex_id} {name}" if new else f"Remove {old.name} from {hex_id}"
        self.push(EditPlaces, {"places": {h: new}}, text)
        self.say(f"{hex_id}: {name} ({new.vp} VP)." if new else f"{hex_id} has no name now.")


class EntryAreaTool(Tool):
    name = "entry"

    def __init__(self, canvas, toolbox) -> None:
        super().__init__(canvas, toolbox)
        self._stroke: int | None = None
        self._add = True

    def press(self, x, y, modifiers=Qt.NoModifier) -> None:
        h = self.hex_at(x, y)
        if h is None:
            return
        area = self.map.entry_areas.get(self.settings.entry_letter)
        self._add = area is None or h not in area.hexes
        self._stroke = new_stroke()
        self._paint(h)

    def move(self, x, y) -> None:
        h = self.hex_at(x, y)
        if self._stroke is not None and h is not None:
            self._paint(h)

    def release(self, x, y) -> None:
        self._stroke = None

    def _paint(self, h) -> None:
        s = self.settings
        letter = s.entry_letter.strip().upper()
        if not letter:
            self.say("Give the entry area a letter first.")
            return
        area = self.map.entry_areas.get(letter)
        hexes = set(area.hexes) if area else set()
        hexes = hexes | {h} if self._add else hexes - {h}
        if area is not None and hexes == area.hexes and area.side == s.entry_side:
            return
        new = EntryArea(letter, s.entry_side, frozenset(hexes), USER) if hexes else None
        edits = {"entry_areas": {letter: new}}
        # Another area's hex cannot be in this one too: it leaves that area.
        for other in self.map.entry_areas.values():
            if other.letter != letter and self._add and h in other.hexes:
                rest = other.hexes - {h}
                edits["entry_areas"][other.letter] = EntryArea(other.letter, other.side, rest, USER) if rest else None
        self.push(EditEntryAreas, edits, f"Entry area {letter}", self._stroke)


class CalibrationTool(Tool):
    name = "calibrate"

    def press(self, x, y, modifiers=Qt.NoModifier) -> None:
        backdrop = self.canvas.backdrop.backdrop
        if backdrop is None:
            self.say("Import a backdrop first (Map ▸ Import backdrop).")
            return
        s = self.settings
        points = list(s.calibration)
        points[s.calibration_row] = self.canvas.backdrop.image_point(x, y)
        px, py = points[s.calibration_row]
        self.toolbox.change(calibration=points, calibration_row=(s.calibration_row + 1) % 3)
        self.canvas.overlay.set_marked([h for h in [self.hex_at(x, y)] if h])
        self.say(f"Point {points.index((px, py)) + 1} at pixel {px:.0f}, {py:.0f}: type the id of the hex whose centre it is.")
