"""Tools for the scenario on the map: moving set-up counters, and drawing the play area.

Set-up: press a counter and drag it to another hex (one undo entry), or click it to
pick it (its DG and step loss are set in the order of battle dock).  Counters come on
the map by dragging them from that dock.  Play area: drag from one corner hex to the
opposite one; it becomes that sheet's bounds (7.x "Map B north of xx.36").
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QPointF, Qt

from ardennes_qt.store.editorscenario import bounds_between, placement_of, setup_edits, with_bounds, with_placement
from editor.commands import EditScenario, EditSetup
from editor.tools.base import Tool


class SetupTool(Tool):
    name = "setup"
    cursor = Qt.OpenHandCursor

    def __init__(self, canvas, toolbox) -> None:
        super().__init__(canvas, toolbox)
        self._carried: str | None = None

    @property
    def scenario(self):
        return self.canvas.setup.scenario

    def press(self, x, y, modifiers=Qt.NoModifier) -> None:
        if self.scenario is None:
            self.say("Choose a scenario first (the Scenario bar above the map).")
            return
        counter_id = self.canvas.setup.counter_at(x, y)
        self.canvas.pick_counter(counter_id)
        self._carried = counter_id

    def move(self, x, y) -> None:
        if self._carried is not None:
            item = self.canvas.setup.items[self._carried]
            item.setPos(QPointF(x, y))
            item.setZValue(10_000)
            h = self.hex_at(x, y)
            self.canvas.overlay.set_hover([h] if h else [])

    def release(self, x, y) -> None:
        counter_id, self._carried = self._carried, None
        self.canvas.overlay.set_hover()
        if counter_id is None:
            return
        h = self.hex_at(x, y)
        s = self.scenario
        old = placement_of(s, counter_id)
        if h is None or h == old.hex:
            self.canvas.setup.sync()
            if h is None:
                self.say("No hex there: the counter goes back where it was.")
            return
        new = with_placement(s, replace(old, hex=h))
        name = self.document.module.counters[counter_id].name
        self.document.push(EditSetup(self.document, setup_edits(self.document.module, s.id, new, counter_id),
                                     f"Set up {name} at {self.map.hex_id(h)}"))


class PlayAreaTool(Tool):
    name = "play_area"

    def __init__(self, canvas, toolbox) -> None:
        super().__init__(canvas, toolbox)
        self._start = None

    def press(self, x, y, modifiers=Qt.NoModifier) -> None:
        self._start = self.hex_at(x, y)

    def move(self, x, y) -> None:
        h = self.hex_at(x, y)
        if self._start is not None and h is not None:
            (x0, y0), (x1, y1) = (self.canvas.terrain.layout.centre(k) for k in (self._start, h))
            self.canvas.overlay.set_path([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], closed=True)

    def release(self, x, y) -> None:
        start, self._start = self._start, None
        self.canvas.overlay.set_path([])
        s = self.canvas.setup.scenario
        end = self.hex_at(x, y)
        if s is None or start is None or end is None:
            self.say("Choose a scenario, then drag from one corner hex of the play area to the other.")
            return
        try:
            bounds = bounds_between(self.map, start, end)
        except ValueError as exc:
            self.say(str(exc))
            return
        new = with_bounds(s, bounds)
        if new != s:
            self.document.push(EditScenario(self.document, {"scenarios": {s.id: new}},
                                            f"Play area of {s.id} on Map {bounds.sheet}"))
            self.say(f"Scenario {s.id} plays on Map {bounds.sheet} from {self.map.hex_id(start)} "
                     f"to {self.map.hex_id(end)}.")
