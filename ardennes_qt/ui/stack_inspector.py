"""The stack inspector: the counters of one hex, top of the pile first, each with its
counter, name and values.  Choosing one selects it on the map and in the unit panel."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from ardennes_qt.engine.session import Session
from ardennes_qt.ui.unit_tray import ICON_PIXELS, counter_icon

_UNIT_ROLE = Qt.UserRole


class StackInspector(QWidget):
    unitChosen = Signal(str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.hex_id: str | None = None
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.list = QListWidget()
        self.list.setIconSize(QSize(ICON_PIXELS, ICON_PIXELS))
        self.list.setSpacing(2)
        self.list.currentItemChanged.connect(self._chosen)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.title)
        layout.addWidget(self.list)
        self.show_stack(None, None, None)

    def show_stack(self, session: Session | None, hex_id: str | None, face_of, selected: str | None = None) -> None:
        self.hex_id = hex_id
        self.list.blockSignals(True)
        self.list.clear()
        units = session.stack_at(hex_id) if session is not None and hex_id else []
        if not units:
            self.title.setText("Click a stack on the map to list its counters here.")
        else:
            info = session.hex_info(hex_id)
            place = f" — {info['name']}" if info["name"] else ""
            count = f"{len(units)} counter{'s' if len(units) != 1 else ''}"
            self.title.setText(f"<b>{hex_id}</b>{place}: {count}, top first")
        for unit in reversed(units):
            item = QListWidgetItem(counter_icon(face_of(unit)), f"{unit.name}\n{unit.formation_name} · {unit.values}")
            item.setData(_UNIT_ROLE, unit.id)
            self.list.addItem(item)
            if unit.id == selected:
                self.list.setCurrentItem(item)
        self.list.blockSignals(False)

    def unit_ids(self) -> list[str]:
        return [self.list.item(i).data(_UNIT_ROLE) for i in range(self.list.count())]

    def _chosen(self, current: QListWidgetItem | None, _previous) -> None:
        if current is not None:
            self.unitChosen.emit(current.data(_UNIT_ROLE))
