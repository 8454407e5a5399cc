"""Air Supply Allocation (2.2, 3.7): in that phase each US Air Strike may be placed supply
side up in a hex, supplying US units within 5 hexes.

While the phase offers it, pointing at a hex outlines the hexes the marker would reach
and a click places it (undo takes it back); ``AirSupplyDialog`` does the same from the
keyboard, a hex id at a time.  The engine checks each placement and says why not.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout

from ardennes_qt.core.outcome import Refused
from ardennes_qt.ui.decision_words import rule_action
from ardennes_qt.ui.hex_marks import REACH, HexMarks, add_marks, remove_marks

if TYPE_CHECKING:
    from ardennes_qt.ui.map_view import MapView
    from ardennes_qt.ui.table_plugins import TableContext

AIR_SUPPLY_KIND = "air_supply"  # the rules' family of Air Supply placements (2.2)


def reach_of(session, hex_id: str) -> list[str]:
    """The hexes an Air Supply marker in ``hex_id`` would reach."""
    m = session.map
    return [m.hex_id(h) for h in m.parse(hex_id).within(session.air_supply_reach()) if m.contains(h)]


def place_air_supply(window: TableContext, hex_id: str) -> str:
    """Place one; "" when placed, else the engine's reason."""
    try:
        window.session.apply(rule_action("air_supply", system=window.session.content.system, hex=hex_id))
    except Refused as refusal:
        return str(refusal)
    return ""


class AirSupplyPlacement:
    """Hover and click placement while the Air Supply Allocation Phase is on."""

    def __init__(self, window: TableContext) -> None:
        self.window = window
        self.active = False
        self.marks: HexMarks | None = None
        self._session = None  # the game followed
        self._view: MapView | None = None

    def attach(self, map_view: MapView) -> None:
        self.detach()
        self.marks = add_marks(map_view.scene(), map_view.terrain, REACH)
        map_view.hovered.connect(self._hovered)
        map_view.hexClicked.connect(self._clicked)
        self._view = map_view
        self._session = self.window.session
        self._session.subscribe(self._changed)
        self.refresh()

    def detach(self) -> None:
        """Stop following the map and the game (a new one, or another game's table)."""
        remove_marks(self.marks)
        self.marks = None
        if self._view is not None:
            self._view.hovered.disconnect(self._hovered)
            self._view.hexClicked.disconnect(self._clicked)
            self._view = None
        if self._session is not None:
            self._session.unsubscribe(self._changed)
            self._session = None

    def _changed(self, changes, log) -> None:
        # The phase, or the markers when a strike is placed (the last one ends the placing).
        if changes.phase or changes.markers or changes.everything:
            self.refresh()

    def refresh(self) -> None:
        was, self.active = self.active, any(c.kind == AIR_SUPPLY_KIND for c in self.window.session.choices())
        if not self.active:
            self.marks.clear()
        elif not was:
            left = self.window.session.phase().air_strikes
            self.window.show_message(f"Air Supply Allocation: click a hex to place Air Supply ({left} Air Strike(s) "
                                     f"left); it supplies US units within {self.window.session.air_supply_reach()} hexes")

    def _hovered(self, hex_id: str, unit_id: str) -> None:
        if self.active:
            self.marks.show_hexes(reach_of(self.window.session, hex_id) if hex_id else (), region=True)

    def _clicked(self, hex_id: str, unit_id: str, modifiers) -> None:
        if not self.active:
            return
        why = place_air_supply(self.window, hex_id)
        self.window.show_message(f"Not allowed: {why}" if why else f"Air Supply placed at {hex_id}")


class AirSupplyDialog(QDialog):
    """Air Supply by keyboard: type a hex, see its reach on the map, place it."""

    def __init__(self, window: TableContext) -> None:
        super().__init__(window.widget)
        self.window = window
        self.setWindowTitle("Air Supply")
        self.setModal(False)
        self.marks = add_marks(window.view.scene(), window.view.terrain, REACH)
        self.hex = QLineEdit()
        self.hex.setPlaceholderText("e.g. B1.16")
        self.hex.textChanged.connect(self._show)
        self.status = QLabel()
        self.status.setWordWrap(True)
        place = QPushButton("&Place")
        place.setDefault(True)
        place.clicked.connect(self.place)
        close = QPushButton("&Close")
        close.clicked.connect(self.reject)
        form = QFormLayout()
        label = QLabel("&Hex:")
        label.setBuddy(self.hex)
        form.addRow(label, self.hex)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(place)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.status)
        layout.addLayout(buttons)
        self._show("")

    def _show(self, text: str) -> None:
        session = self.window.session
        hex_id = text.strip().upper()
        try:
            allowed, reasons = session.air_supply_allowed(hex_id)
            self.marks.show_hexes(reach_of(session, hex_id), region=True)
        except ValueError:
            self.marks.clear()
            self.status.setText(f"{session.phase().air_strikes} Air Strike(s) left: type the hex for the marker.")
            return
        self.status.setText(("" if allowed else "<b>Not allowed:</b> ") + "<br>".join(escape(r) for r in reasons))

    def place(self) -> None:
        hex_id = self.hex.text().strip().upper()
        why = place_air_supply(self.window, hex_id)
        self.status.setText(f"<b>Not allowed:</b> {escape(why)}" if why else f"Air Supply placed at {hex_id}.")

    def done(self, code: int) -> None:
        self.marks.clear()
        super().done(code)

    def forget_map(self) -> None:
        """The game on the table is another: take the marks off the old map."""
        remove_marks(self.marks)
