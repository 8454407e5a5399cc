"""The order of battle dock: every counter of the module, drawn as on the table, to drag
onto the map into the scenario's set-up (filter by side and formation, search; show
only those the scenario does not use yet).  Below it the picked set-up counter: its
hex, "within N", DG and step loss, and taking it off the set-up."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ardennes_qt.core.scenario import Placement
from ardennes_qt.core.units import SIDES
from ardennes_qt.store.editorscenario import placement_of, setup_edits, setup_key, with_placement, without_placement
from ardennes_qt.ui.counter_art import counter_face, counter_image
from ardennes_qt.ui.unit_mime import units_to_mime
from editor.commands import EditSetup
from editor.panels.counter_table import USER_TINT, formation_of

ICON = 40



class PaletteList(QListWidget):
    """Counters to drag: the drag carries their ids as the table's unit trays do."""

    def __init__(self) -> None:
        super().__init__()
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragOnly)
        self.setSelectionMode(QAbstractItemView.ExtendedSelection)
        self.setIconSize(QSize(ICON, ICON))

    def mimeData(self, items):
        return units_to_mime(tuple(item.data(Qt.UserRole) for item in items))


class OrderOfBattle(QWidget):
    def __init__(self, document, show_message) -> None:
        super().__init__()
        self.document = document
        self.show_message = show_message
        self.scenario_id: str | None = None
        self.picked: str | None = None
        self._icons: dict = {}
        self._filling = False
        self.side = QComboBox()
        self.side.addItem("Both sides", "")
        for side in SIDES:
            self.side.addItem(side, side)
        self.formation = QComboBox()
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search, e.g. Pz Bn or 2ID")
        self.unused = QCheckBox("Unused only")
        self.unused.setToolTip("Show only the counters the scenario neither sets up nor brings in")
        self.list = PaletteList()
        for widget in (self.side, self.formation):
            widget.currentIndexChanged.connect(lambda *_: self.refresh())
        self.side.currentIndexChanged.connect(lambda *_: self._fill_formations())
        self.search.textChanged.connect(lambda *_: self.refresh())
        self.unused.toggled.connect(lambda *_: self.refresh())

        self.picked_label = QLabel()
        self.picked_label.setWordWrap(True)
        self.hex = QLineEdit()
        self.hex.editingFinished.connect(lambda: self._change(hex=self.hex.text()))
        self.within = QSpinBox()
        self.within.setRange(0, 9)
        self.within.valueChanged.connect(lambda v: self._change(within=v))
        self.dg = QCheckBox("DG")
        self.dg.toggled.connect(lambda on: self._change(dg=on))
        self.step_loss = QCheckBox("Step loss")
        self.step_loss.toggled.connect(lambda on: self._change(step_loss=on))
        self.remove = QPushButton("Take off the set-up")
        self.remove.clicked.connect(self.take_off)
        form = QFormLayout()
        form.addRow(self.picked_label)
        form.addRow("Hex", self.hex)
        form.addRow("Within", self.within)
        form.addRow(self.dg)
        form.addRow(self.step_loss)
        form.addRow(self.remove)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.side)
        layout.addWidget(self.formation)
        layout.addWidget(self.search)
        layout.addWidget(self.unused)
        layout.addWidget(self.list, 1)
        layout.addLayout(form)
        document.changed.connect(self._follow)
        self._fill_formations()
        self.pick(None)

    @property
    def scenario(self):
        return self.document.module.scenarios.get(self.scenario_id or "")

    def show_scenario(self, scenario_id: str | None) -> None:
        self.scenario_id = scenario_id
        self.pick(None)
        self.refresh()

    def _follow(self, change) -> None:
        if change.touches("counters", "formations"):
            self._icons.clear()
            self._fill_formations()
        elif change.touches("scenarios"):
            self.refresh()
            self.pick(self.picked)

    def _fill_formations(self) -> None:
        side = self.side.currentData()
        current = self.formation.currentData()
        self._filling = True
        self.formation.clear()
        self.formation.addItem("All formations", "")
        for f in self.document.module.formations.values():
            if not side or f.side == side:
                self.formation.addItem(f.name, f.code)
        index = self.formation.findData(current)
        self.formation.setCurrentIndex(max(index, 0))
        self._filling = False
        self.refresh()

    def _icon(self, counter) -> QIcon:
        icon = self._icons.get(counter.id)
        if icon is None:
            colour = formation_of(self.document.module, counter).colour
            icon = self._icons[counter.id] = QIcon(QPixmap.fromImage(counter_image(counter_face(counter, colour), ICON)))
        return icon

    def refresh(self) -> None:
        if self._filling:
            return
        module = self.document.module
        side, code = self.side.currentData(), self.formation.currentData()
        text = self.search.text().strip().casefold()
        s = self.scenario
        placed = {p.counter: p for p in s.placements} if s else {}
        arriving = {c: a.turn for a in (s.arrivals if s else ()) if not a.remove for c in a.counters}
        self.list.clear()
        for c in module.counters.values():
            formation = formation_of(module, c)
            formation_name = formation.name
            if (side and c.side != side) or (code and c.formation != code):
                continue
            if text and text not in f"{c.id} {c.name} {formation_name}".casefold():
                continue
            if self.unused.isChecked() and (c.id in placed or c.id in arriving):
                continue
            where = (f" · at {module.map.hex_id(placed[c.id].hex)}" if c.id in placed
                     else f" · arrives turn {arriving[c.id]}" if c.id in arriving else "")
            values = "" if c.full is None else f"{c.full} "
            item = QListWidgetItem(self._icon(c), f"{values}{c.name}\n{formation_name or c.unit_type}{where}")
            item.setData(Qt.UserRole, c.id)
            if s is not None and module.provenance.get(setup_key(s.id, c.id)) == "user":
                item.setBackground(USER_TINT)
                item.setToolTip("Set up in the editor (not as printed)")
            self.list.addItem(item)

    # --- the picked set-up counter ----------------------------------------------------------------

    def pick(self, counter_id: str | None) -> None:
        s = self.scenario
        p = placement_of(s, counter_id) if s and counter_id else None
        self.picked = counter_id if p else None
        self._filling = True
        for widget in (self.hex, self.within, self.dg, self.step_loss, self.remove):
            widget.setEnabled(p is not None)
        if p is not None:
            counter = self.document.module.counters[p.counter]
            self.picked_label.setText(f"{counter.name} ({counter.id})")
            self.hex.setText(self.document.module.map.hex_id(p.hex))
            self.within.setValue(p.within)
            self.dg.setChecked(p.dg)
            self.step_loss.setChecked(p.step_loss)
            self.step_loss.setEnabled(counter.steps > 1)
        else:
            self.picked_label.setText("Click a set-up counter on the map (Set-up tool) to see it here.")
        self._filling = False

    def _change(self, **values) -> None:
        p = placement_of(self.scenario, self.picked) if self.scenario and self.picked else None
        if self._filling or p is None:
            return
        if "hex" in values:
            try:
                values["hex"] = self.document.module.map.parse(values["hex"])
            except ValueError as exc:
                self.show_message(f"{exc}. The counter stays where it is.")
                self.pick(self.picked)
                return
        new_placement = replace(p, **values)
        if new_placement != p:
            self.place(new_placement, f"Set up {self.document.module.counters[p.counter].name}")

    def place(self, placement: Placement, text: str) -> bool:
        """Put a counter into the set-up (or change its entry); refused with the reason if it cannot be."""
        s = self.scenario
        if s is None:
            self.show_message("Choose a scenario first.")
            return False
        try:
            new = with_placement(s, placement)
        except ValueError as exc:
            self.show_message(f"{exc}.")
            return False
        self.document.push(EditSetup(self.document, setup_edits(self.document.module, s.id, new, placement.counter),
                                     text))
        return True

    def take_off(self) -> None:
        s = self.scenario
        if s is None or self.picked is None:
            return
        counter_id = self.picked
        new = without_placement(s, counter_id)
        self.document.push(EditSetup(self.document, setup_edits(self.document.module, s.id, new, counter_id),
                                     f"Take {self.document.module.counters[counter_id].name} off the set-up"))
        self.pick(None)
