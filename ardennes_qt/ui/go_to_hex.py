"""Go to Hex: the player types a hex id as the map prints it ("B20.19"), and the view
brings that hex to its middle and marks it a moment.  An id the map does not have is
refused with the reason, the dialog staying open to correct it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QLineEdit, QVBoxLayout, QWidget

from ardennes_qt.core.mapdata import MapData


def hex_from_text(m: MapData, text: str) -> str:
    """The hex id ``text`` names, as the map prints it; ValueError with the reason if none."""
    text = text.strip()
    if not text:
        raise ValueError("Type a hex id as printed on the map, e.g. B20.19.")
    try:
        h = m.parse(text)
    except ValueError as error:
        raise ValueError(f"No such hex: {error}.") from None
    if not m.contains(h):
        raise ValueError(f"No such hex: '{text}' is off the map.")
    return m.hex_id(h)


class GoToHexDialog(QDialog):
    def __init__(self, m: MapData, go, parent: QWidget | None = None) -> None:
        """``go(hex_id)`` is called with the hex chosen, before the dialog closes."""
        super().__init__(parent)
        self.map = m
        self.go = go
        self.setWindowTitle("Go to Hex")
        example = m.hex_id(next(iter(sorted(m.places, key=lambda h: (h.q, h.r)))) if m.places else "")
        self.field = QLineEdit()
        self.field.setPlaceholderText(f"e.g. {example}" if example else "")
        self.reason = QLabel()
        self.reason.setWordWrap(True)
        self.reason.hide()
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.field.textEdited.connect(lambda _: self.reason.hide())
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Hex, as printed on the map:"))
        layout.addWidget(self.field)
        layout.addWidget(self.reason)
        layout.addWidget(buttons)

    def accept(self) -> None:
        try:
            hex_id = hex_from_text(self.map, self.field.text())
        except ValueError as error:
            self.reason.setText(str(error))
            self.reason.show()
            self.field.selectAll()
            self.field.setFocus()
            return
        self.go(hex_id)
        super().accept()


def ask_for_hex(window) -> GoToHexDialog:
    """Open Go to Hex over the table ``window``; the dialog, open."""
    view = window.view
    dialog = GoToHexDialog(view.terrain.map, view.centre_on_hex, window)
    dialog.setAttribute(Qt.WA_DeleteOnClose)
    dialog.open()
    return dialog


def centre_on_selection(window) -> None:
    if not window.view.centre_on_selection():
        window.show_message("No counter on the map is selected: click one first.")
