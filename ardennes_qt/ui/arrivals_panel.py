"""The arrivals panel: the Order of Arrival by turn, side and entry place, each unit with
its counter and whether it is to be placed now, still to come, arrived or out of play;
conditional arrivals and arrivals with a Step Loss or DG say so.

Units due now are dragged from here onto the map (the hexes where they may go light up
as they are picked up), or placed by keyboard: select them and press Enter, then click
a highlighted hex.  The panel asks nothing of the rules: who is due comes from the
engine's phase report.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QAbstractItemView, QTreeWidget, QTreeWidgetItem

from ardennes_qt.engine.arrivals import ARRIVED, COMING, DUE, OUT, STATUS_WORDS, ArrivalGroup, arrival_schedule
from ardennes_qt.engine.session import Session
from ardennes_qt.ui.unit_mime import drag_units
from ardennes_qt.ui.unit_tray import ICON_PIXELS, counter_icon

UNIT_ROLE = Qt.UserRole + 1
FACE_ROLE = Qt.UserRole + 2  # a unit row's counter face, until its icon is drawn
DUE_BRUSH = QBrush(QColor("#fff3c4"))
GONE_INK = QColor("#8a8a8a")
CONDITION_INK = QColor("#8a4b00")


class ArrivalsPanel(QTreeWidget):
    placeRequested = Signal(object)  # unit ids to place by clicks

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setHeaderLabels(["Reinforcements", "Status"])
        self.setIconSize(QSize(ICON_PIXELS * 2 // 3, ICON_PIXELS * 2 // 3))
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragOnly)
        self.setSelectionMode(QAbstractItemView.ExtendedSelection)
        self.setUniformRowHeights(False)
        self.setAlternatingRowColors(True)
        self.header().setStretchLastSection(False)
        self.header().setSectionResizeMode(0, self.header().ResizeMode.Stretch)
        self.header().setSectionResizeMode(1, self.header().ResizeMode.ResizeToContents)
        self.setToolTip("Drag a unit marked 'place now' onto the map, or select it and press Enter "
                        "then click a highlighted hex")
        self.session: Session | None = None
        self._turn = -1
        self._icons: dict = {}  # counter face -> icon: the list is rebuilt at every phase
        # A unit's counter is drawn when its row can first be seen: a scenario's whole Order of
        # Arrival has a few hundred, most in turns folded away.
        self.itemExpanded.connect(self._draw_icons_under)

    def show_arrivals(self, session: Session, face_of) -> None:
        """List the Order of Arrival as it stands; ``face_of`` draws a unit's counter."""
        self.session = session
        info = session.phase()
        groups = arrival_schedule(session.content, session.state, info.due_reinforcements)
        expanded = {self.topLevelItem(i).data(0, UNIT_ROLE) for i in range(self.topLevelItemCount())
                    if self.topLevelItem(i).isExpanded()}
        self.clear()
        turns: dict[int, QTreeWidgetItem] = {}
        for group in groups:
            top = turns.get(group.turn)
            if top is None:
                top = turns[group.turn] = self._turn_item(group, info.turn)
            self._group_item(top, group, session, face_of)
        due_turns = {g.turn for g in groups if g.due}
        for turn, top in turns.items():
            # This turn's and any turn with units to place open; others as the player left them.
            # (Unfolding one draws its counters: ``_draw_icons_under``, on itemExpanded.)
            top.setExpanded(turn == info.turn or turn in due_turns or (turn in expanded and self._turn == info.turn))
        if not groups:
            empty = QTreeWidgetItem(self, ["No reinforcements in this scenario", ""])
            empty.setFlags(Qt.NoItemFlags)
        self._turn = info.turn

    def _turn_item(self, group: ArrivalGroup, now: int) -> QTreeWidgetItem:
        when = f"Turn {group.turn}" + (f" ({group.date})" if group.date else "")
        ahead = group.turn - now
        status = "this turn" if not ahead else "past" if ahead < 0 else "next turn" if ahead == 1 else f"in {ahead} turns"
        item = QTreeWidgetItem(self, [when, status])
        item.setData(0, UNIT_ROLE, group.turn)
        item.setFlags(Qt.ItemIsEnabled)
        font = QFont(item.font(0))
        font.setBold(group.turn == now)
        item.setFont(0, font)
        return item

    def _group_item(self, top: QTreeWidgetItem, group: ArrivalGroup, session: Session, face_of) -> None:
        text = f"{group.side}: {group.place}"
        item = QTreeWidgetItem(top, [text, ""])
        item.setFlags(Qt.ItemIsEnabled)
        item.setToolTip(0, "\n".join(p for p in (text, group.conditions) if p))
        if group.conditions:
            item.setText(0, f"{text} — {group.conditions}")
            item.setForeground(0, CONDITION_INK)
        for unit in group.units:
            status = STATUS_WORDS[unit.status]
            if unit.where:
                status = unit.where if unit.status == COMING else f"{status}: {unit.where}"
            named = f"{unit.name} ({unit.formation})" if unit.formation else unit.name  # a KGP counter has none
            row = QTreeWidgetItem(item, [named, status])
            row.setData(0, FACE_ROLE, face_of(session.unit(unit.id)))
            row.setToolTip(0, f"{unit.name} — {unit.formation} ({unit.id})")
            if unit.status == DUE:
                row.setData(0, UNIT_ROLE, unit.id)
                row.setFlags(Qt.ItemIsEnabled | Qt.ItemIsSelectable | Qt.ItemIsDragEnabled)
                row.setBackground(0, DUE_BRUSH)
                row.setBackground(1, DUE_BRUSH)
            else:
                row.setFlags(Qt.ItemIsEnabled)
                if unit.status in (ARRIVED, OUT):
                    row.setForeground(0, GONE_INK)
                    row.setForeground(1, GONE_INK)
        item.setExpanded(True)

    def _draw_icons_under(self, item: QTreeWidgetItem) -> None:
        """Give the unit rows under ``item`` their counters, if they can be seen now."""
        ancestor = item
        while ancestor is not None:
            if not ancestor.isExpanded():
                return
            ancestor = ancestor.parent()
        rows = [item]
        while rows:
            row = rows.pop()
            face = row.data(0, FACE_ROLE)
            if face is not None:
                if face not in self._icons:
                    self._icons[face] = counter_icon(face)
                row.setIcon(0, self._icons[face])
                row.setData(0, FACE_ROLE, None)
            if row.isExpanded() or row is item:
                rows += [row.child(k) for k in range(row.childCount())]

    def due_units(self) -> list[str]:
        """Every unit listed as to be placed now."""
        out = []
        for i in range(self.topLevelItemCount()):
            top = self.topLevelItem(i)
            for g in range(top.childCount()):
                group = top.child(g)
                out += [group.child(k).data(0, UNIT_ROLE) for k in range(group.childCount())
                        if group.child(k).data(0, UNIT_ROLE)]
        return out

    def selected_units(self) -> tuple[str, ...]:
        return tuple(item.data(0, UNIT_ROLE) for item in self.selectedItems() if item.data(0, UNIT_ROLE))

    def startDrag(self, supported_actions) -> None:
        ids = self.selected_units()
        if not ids:
            return
        drag_units(self, ids, self.selectedItems()[0].icon(0).pixmap(ICON_PIXELS, ICON_PIXELS))

    def keyPressEvent(self, event) -> None:
        if event.key() in (Qt.Key_Return, Qt.Key_Enter) and self.selected_units():
            self.placeRequested.emit(self.selected_units())
            return
        super().keyPressEvent(event)
