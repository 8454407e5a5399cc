"""A dock listing counters that are off the map — the dead pile (1.2) — which can be
dragged back onto the map, and which takes counters dropped on it from the map.

Counters leave the tray by Qt drag and drop, carrying their unit ids; the map view
accepts them.  Counters dragged from the map are not a Qt drag (the map moves them
itself), so the window asks the tray whether a release point lies over it.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QSize, Qt
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import QAbstractItemView, QListWidget, QListWidgetItem

from ardennes_qt.engine.session import Session
from ardennes_qt.ui.counter_art import CounterFace, counter_image
from ardennes_qt.ui.unit_mime import drag_units

ICON_PIXELS = 44
_UNIT_ROLE = Qt.UserRole


def counter_icon(face: CounterFace) -> QIcon:
    return QIcon(QPixmap.fromImage(counter_image(face, ICON_PIXELS)))


class UnitTray(QListWidget):
    """The units of a session that are ``where`` (e.g. "dead"), listed with their counters."""

    def __init__(self, where: str, empty_text: str, parent=None) -> None:
        super().__init__(parent)
        self.where = where
        self.empty_text = empty_text
        self.setIconSize(QSize(ICON_PIXELS, ICON_PIXELS))
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragOnly)
        self.setSelectionMode(QAbstractItemView.ExtendedSelection)
        self.setSpacing(2)
        self.setWordWrap(True)
        self.setToolTip("Drag a counter from here onto a hex of the map to put it back in play")
        self._highlighted = False

    def show_units(self, session: Session, face_of) -> None:
        """List every unit that is ``where``; ``face_of`` draws a unit's counter."""
        self.clear()
        units = [session.unit(uid) for uid, u in session.state.units.items() if u.where == self.where]
        for unit in sorted(units, key=lambda u: (u.side, u.formation, u.name)):
            item = QListWidgetItem(counter_icon(face_of(unit)), f"{unit.name}\n{unit.formation_name} · {unit.values}")
            item.setData(_UNIT_ROLE, unit.id)
            item.setToolTip(f"{unit.name} ({unit.id})")
            self.addItem(item)
        if not units:
            placeholder = QListWidgetItem(self.empty_text)
            placeholder.setFlags(Qt.NoItemFlags)
            self.addItem(placeholder)

    def unit_ids(self) -> list[str]:
        return [self.item(i).data(_UNIT_ROLE) for i in range(self.count()) if self.item(i).data(_UNIT_ROLE)]

    def covers(self, global_pos: QPoint) -> bool:
        """Whether a release at ``global_pos`` (screen coordinates) falls on this tray."""
        return self.isVisible() and self.rect().contains(self.mapFromGlobal(global_pos))

    def highlight(self, on: bool) -> None:
        if on != self._highlighted:
            self._highlighted = on
            self.setStyleSheet("QListWidget { border: 2px solid #ffb300; }" if on else "")

    def startDrag(self, supported_actions) -> None:
        ids = tuple(item.data(_UNIT_ROLE) for item in self.selectedItems() if item.data(_UNIT_ROLE))
        if not ids:
            return
        drag_units(self, ids, self.selectedItems()[0].icon().pixmap(ICON_PIXELS, ICON_PIXELS))
