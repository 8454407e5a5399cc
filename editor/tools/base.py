"""What every map tool shares, and the settings the tool options panel edits.

A tool gets the pointer in map units (x east, y south): ``press``, ``move`` (button
held), ``release``, ``hover`` (no button), ``double_click``; ``finish`` (Enter) and
``cancel`` (Escape, right button).  It turns a gesture into undo commands pushed on
the document; every step of one gesture carries the same stroke number, so the
gesture is one undo entry.  Settings live in ``ToolSettings`` (plain values) held by
the ``ToolBox``, which says when a tool changed them (the eyedropper).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QObject, Qt, Signal

from ardennes_qt.core.hexgrid import Hex


@dataclass
class ToolSettings:
    terrain: frozenset[str] = frozenset({"woods"})
    paint_mode: str = "set"  # set, add, remove
    select_shape: str = "rectangle"  # rectangle, lasso
    hexside_feature: str = "river"
    hexside_name: str = ""
    road_kind: str = "road"
    level: int = 1  # the level brush (maps with hills): -1 a stream bed
    floors: int = 1  # a building's levels above ground
    steeple: bool = False
    road_erase: bool = False
    bridge_mode: str = "bridge"  # bridge: give clicked bridges the day and plunger; plunger: place or remove one
    bridge_built: str = ""
    bridge_plunger: str = ""
    layer_mode: str = "draw"  # draw, edit
    layer_shape: str = "polyline"
    layer_feature: str = "river"
    layer_share: float = 0.5
    layer_label: str = ""
    place_name: str = ""
    place_vp: int = 0
    entry_letter: str = "A"
    entry_side: str = "German"
    calibration_row: int = 0
    calibration: list = field(default_factory=lambda: [None, None, None])  # (px, py) per row
    calibration_hexes: list = field(default_factory=lambda: ["", "", ""])


class ToolBox(QObject):
    """The settings, the selection and the voice of the tools."""

    settingsChanged = Signal()
    selectionChanged = Signal()
    message = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self.settings = ToolSettings()
        self.selection: list[Hex] = []

    def change(self, **values) -> None:
        for key, value in values.items():
            setattr(self.settings, key, value)
        self.settingsChanged.emit()

    def select(self, hexes) -> None:
        self.selection = list(hexes)
        self.selectionChanged.emit()


class Tool:
    name = ""
    cursor = Qt.CrossCursor

    def __init__(self, canvas, toolbox: ToolBox) -> None:
        self.canvas = canvas
        self.document = canvas.document
        self.toolbox = toolbox

    @property
    def settings(self) -> ToolSettings:
        return self.toolbox.settings

    @property
    def map(self):
        return self.document.module.map

    def hex_at(self, x: float, y: float) -> Hex | None:
        return self.canvas.hex_at(x, y)

    def say(self, text: str) -> None:
        self.toolbox.message.emit(text)

    def push(self, command_type, edits: dict, text: str, stroke: int | None = None) -> bool:
        """Push an edit as a command; an edit that changes nothing leaves no undo entry."""
        if not edits:
            return False
        self.document.push(command_type(self.document, edits, text, stroke))
        return True

    def press(self, x: float, y: float, modifiers=Qt.NoModifier) -> None:
        pass

    def move(self, x: float, y: float) -> None:
        pass

    def release(self, x: float, y: float) -> None:
        pass

    def hover(self, x: float, y: float) -> None:
        h = self.hex_at(x, y)
        self.canvas.overlay.set_hover([h] if h else [])

    def double_click(self, x: float, y: float) -> None:
        pass

    def finish(self) -> None:
        pass

    def cancel(self) -> None:
        self.canvas.overlay.clear_tool()
