"""A one-line label that gives way: given less room than its words need it shows as much
as fits with "…" at the end, and its tooltip holds the whole text.  ``text()`` is the
whole text; ``shown()`` what fits."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QPalette
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget


class ElidedLabel(QLabel):
    def __init__(self, least: int = 80, parent: QWidget | None = None) -> None:
        """``least``: the narrowest it becomes, in pixels."""
        super().__init__(parent)
        self.least = least
        self._tip = ""
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Preferred)

    def shown(self) -> str:
        """The words as they fit its width now."""
        room = self.contentsRect().width()
        return self.fontMetrics().elidedText(self.text(), Qt.ElideRight, room) if room > 0 else self.text()

    def setText(self, text: str) -> None:  # noqa: N802 (Qt's name)
        super().setText(text)
        self._tip_now()

    def setToolTip(self, tip: str) -> None:  # noqa: N802
        """A tooltip of its own; without one the tooltip is the whole text when it is cut."""
        self._tip = tip
        self._tip_now()

    def _tip_now(self) -> None:
        super().setToolTip(self._tip or (self.text() if self.shown() != self.text() else ""))

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._tip_now()

    def paintEvent(self, event) -> None:  # noqa: N802
        painter = QPainter(self)
        self.style().drawItemText(painter, self.contentsRect(), int(Qt.AlignLeft | Qt.AlignVCenter), self.palette(),
                                  self.isEnabled(), self.shown(), QPalette.WindowText)

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        hint = self.sizeHint()
        return QSize(min(self.least, hint.width()), hint.height())
