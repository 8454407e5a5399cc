"""A short note on the map where a drop was refused: "Not allowed" and the rules'
reason, beside the hex the counters were dropped on, for a few seconds (the status bar
keeps the same words a little longer).  The counters are back where they were; the note
says why, where the player is looking.

The note is a label over the map view's viewport (one per view: a new game brings a new
view), gone after ``NOTE_MS`` or when counters are picked up again.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QPoint, QPointF, Qt, QTimer
from PySide6.QtWidgets import QLabel, QWidget

from ardennes_qt.ui.move_highlights import NOTE_BACK, NOTE_PIXELS

NOTE_MS = 6000
NOTE_WIDTH = 300  # pixels: a longer reason wraps
REFUSED_INK = "#b71c1c"
STYLE = (f"QLabel {{ background: {NOTE_BACK.name()}; color: #1c1c1c; border: 1px solid {REFUSED_INK};"
         f" border-radius: 5px; padding: 4px 7px; font-size: {NOTE_PIXELS + 1}px; }}")


def sentence(text: str) -> str:
    """A reason as a sentence: its first letter a capital."""
    return text[:1].upper() + text[1:]


class DropNote(QLabel):
    def __init__(self, view) -> None:
        super().__init__(view.viewport())
        self.view = view
        self.setObjectName("dropNote")
        self.setWordWrap(True)
        self.setTextFormat(Qt.RichText)
        self.setStyleSheet(STYLE)
        self.setMaximumWidth(NOTE_WIDTH)
        self.setAttribute(Qt.WA_TransparentForMouseEvents, True)  # the map under it stays in reach
        self.hide()
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.hide)
        view.dragStarted.connect(lambda _units: self.hide())

    def show_at(self, hex_id: str, heading: str, reason: str) -> None:
        """``heading`` in bold and ``reason`` under it, beside ``hex_id``."""
        self.setText(f"<b>{escape(heading, quote=False)}</b><br>{escape(sentence(reason), quote=False)}")
        self.adjustSize()
        view = self.view
        centre = view.mapFromScene(QPointF(*view.terrain.layout.centre(view.terrain.map.parse(hex_id))))
        room = view.viewport().rect()
        # Down and to the right of the hex (where a pointer's own tip does not cover it),
        # kept inside the map's window.
        at = centre + QPoint(round(view.terrain.size * view.zoom() * 0.6), 6)
        x = max(room.left() + 4, min(at.x(), room.right() - self.width() - 4))
        y = max(room.top() + 4, min(at.y(), room.bottom() - self.height() - 4))
        self.move(x, y)
        self.show()
        self.raise_()
        self.timer.start(NOTE_MS)


class DropNotes:
    """The note of whichever map view is on the table."""

    def __init__(self) -> None:
        self._view: QWidget | None = None
        self.note: DropNote | None = None

    def show_at(self, view, hex_id: str, heading: str, reason: str) -> None:
        if view is not self._view:  # the note of a view gone went with it
            self._view, self.note = view, DropNote(view)
        self.note.show_at(hex_id, heading, reason)
