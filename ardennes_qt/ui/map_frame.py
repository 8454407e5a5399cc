"""The middle of the table window: the place the map view fills.  A new game puts another
view in it; the window's own middle stays, and with it the room the docks leave the map
(a main window given another middle widget lets the docks under it take the room)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget


class MapFrame(QWidget):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.view: QWidget | None = None
        # The view covers it all: nothing of its own to paint.
        self.setAttribute(Qt.WA_NoSystemBackground, True)

    def hold(self, view: QWidget) -> None:
        """Fill the frame with ``view``; the view held before is deleted."""
        old, self.view = self.view, view
        view.setParent(self)
        view.setGeometry(self.rect())
        if old is not None:
            old.deleteLater()
            view.show()  # shown with the window the first time; by hand once the window is up

    def resizeEvent(self, event) -> None:
        if self.view is not None:
            self.view.setGeometry(self.rect())
        super().resizeEvent(event)

    def sizeHint(self):
        return self.view.sizeHint() if self.view is not None else super().sizeHint()
