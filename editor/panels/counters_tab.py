"""The counters tab: formations on the left (filter by side, search), the selected
formation's counters as a table in the middle, the selected counter drawn as on the
table on the right (full and reduced sides, with the estimated mark), and its values'
provenance, which can be set by hand.  Counters are imported from and exported to
CSV in the columns of counters.csv."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QColorDialog,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ardennes_qt.core.units import NATIONALITIES, SIDES
from ardennes_qt.store.atomic import write_text_atomic
from ardennes_qt.store.editorcounters import (
    counters_csv,
    counters_from_csv,
    edit_formation,
    new_counter,
    new_formation,
    source_of,
    where_used,
    with_source,
)
from ardennes_qt.store.errors import ContentError
from editor.commands import EditCounters, EditFormations
from editor.document import ORDER
from editor.panels.counter_preview import CounterPreview
from editor.panels.counter_table import SOURCE_WORDS, ChoiceDelegate, CounterTableModel, formation_of

CSV_FILTER = "Counters (*.csv);;All files (*)"


class CountersTab(QWidget):
    def __init__(self, document, show_message, report_error) -> None:
        super().__init__()
        self.document = document
        self.show_message = show_message
        self.report_error = report_error
        self._filling = False

        self.side = QComboBox()
        self.side.addItem("Both sides", "")
        for side in SIDES:
            self.side.addItem(side, side)
        self.side.currentIndexChanged.connect(lambda *_: self.refresh_formations())
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search formations and counters")
        self.search.textChanged.connect(lambda *_: self.refresh_formations())
        self.formations = QListWidget()
        self.formations.currentItemChanged.connect(lambda *_: self._formation_chosen())
        self.f_name = QLineEdit()
        self.f_name.editingFinished.connect(lambda: self._edit_formation(name=self.f_name.text()))
        self.f_nationality = QComboBox()
        self.f_nationality.activated.connect(lambda *_: self._edit_formation(nationality=self.f_nationality.currentText()))
        self.f_colour = QPushButton()
        self.f_colour.clicked.connect(self._pick_colour)
        self.f_independent = QCheckBox("Independent")
        self.f_independent.setToolTip("Its units belong to no division and stack with anyone (3.1)")
        self.f_independent.toggled.connect(lambda on: self._edit_formation(independent=on))
        add_formation = QPushButton("New formation…")
        add_formation.clicked.connect(self._new_formation_dialog)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.addWidget(self.side)
        left_layout.addWidget(self.search)
        left_layout.addWidget(self.formations, 1)
        form = QFormLayout()
        form.addRow("Name", self.f_name)
        form.addRow("Nationality", self.f_nationality)
        form.addRow("Colour", self.f_colour)
        form.addRow(self.f_independent)
        left_layout.addLayout(form)
        left_layout.addWidget(add_formation)

        self.model = CounterTableModel(document)
        self.model.message.connect(show_message)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setItemDelegate(ChoiceDelegate(self.model))
        self.table.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SingleSelection)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().setDefaultSectionSize(24)
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self.show_counter())
        buttons = QGridLayout()
        for i, (text, slot) in enumerate((("New counter…", self._new_counter_dialog),
                                          ("Delete counter", self.delete_counter),
                                          ("Import CSV…", self._import_dialog), ("Export CSV…", self._export_dialog))):
            button = QPushButton(text)
            button.clicked.connect(slot)
            buttons.addWidget(button, i // 2, i % 2)
        legend = QLabel("<span style='color:#ffb300'>●</span> estimated (no document prints it) &nbsp; "
                        "<span style='color:#4285f4'>●</span> changed in the editor &nbsp; no dot: as printed")
        legend.setWordWrap(True)
        middle = QWidget()
        middle_layout = QVBoxLayout(middle)
        middle_layout.addWidget(self.table, 1)
        middle_layout.addWidget(legend)
        middle_layout.addLayout(buttons)

        self.preview = CounterPreview()
        self.sources = QListWidget()
        self.sources.setWordWrap(True)
        mark_rule = QPushButton("Printed")
        mark_rule.setToolTip("Mark the selected value as printed: checked against a real counter")
        mark_rule.clicked.connect(lambda: self.set_source("rule"))
        mark_estimated = QPushButton("Estimated")
        mark_estimated.setToolTip("Mark the selected value as estimated")
        mark_estimated.clicked.connect(lambda: self.set_source("estimated"))
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.addWidget(self.preview)
        right_layout.addWidget(QLabel("Where each value comes from"))
        right_layout.addWidget(self.sources, 1)
        marks = QHBoxLayout()
        marks.addWidget(mark_rule)
        marks.addWidget(mark_estimated)
        right_layout.addLayout(marks)

        splitter = QSplitter()
        for widget, stretch in ((left, 0), (middle, 1), (right, 0)):
            splitter.addWidget(widget)
            splitter.setStretchFactor(splitter.count() - 1, stretch)
        splitter.setSizes([240, 1000, 300])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
        document.changed.connect(self._follow)
        self.refresh_formations()

    # --- formations -------------------------------------------------------------------------------

    @property
    def formation(self):
        item = self.formations.currentItem()
        return self.document.module.formations.get(item.data(Qt.UserRole)) if item else None

    def refresh_formations(self) -> None:
        wanted = self.formation.code if self.formation else None
        side = self.side.currentData()
        text = self.search.text().strip().casefold()
        module = self.document.module
        self._filling = True
        self.formations.clear()
        for f in module.formations.values():
            counters = [c for c in module.counters.values() if formation_of(module, c).code == f.code]
            found = not text or text in f.name.casefold() or text in f.code.casefold() or any(
                text in c.name.casefold() for c in counters)
            if (side and f.side != side) or not found:
                continue
            swatch = QPixmap(14, 14)
            swatch.fill(QColor(f.colour))
            item = QListWidgetItem(f"{f.name} ({len(counters)})")
            item.setIcon(swatch)
            item.setData(Qt.UserRole, f.code)
            self.formations.addItem(item)
            if f.code == wanted or wanted is None and self.formations.count() == 1:
                self.formations.setCurrentItem(item)
        self._filling = False
        self._formation_chosen()

    def select_formation(self, code: str) -> None:
        for i in range(self.formations.count()):
            if self.formations.item(i).data(Qt.UserRole) == code:
                self.formations.setCurrentRow(i)

    def _formation_chosen(self) -> None:
        if self._filling:
            return
        f = self.formation
        self._filling = True
        self.model.show_formation(f.code if f else "")
        for widget in (self.f_name, self.f_nationality, self.f_colour, self.f_independent):
            widget.setEnabled(f is not None)
        if f is not None:
            self.f_name.setText(f.name)
            self.f_nationality.clear()
            self.f_nationality.addItems(list(NATIONALITIES[f.side]))
            self.f_nationality.setCurrentText(f.nationality)
            mark = " (estimated)" if f.colour_source.startswith("estimated") else ""
            self.f_colour.setText(f"{f.colour}{mark}")
            self.f_colour.setStyleSheet(f"background: {f.colour}; color: {'#000' if QColor(f.colour).lightness() > 128 else '#fff'};")
            self.f_independent.setChecked(f.independent)
        self._filling = False
        if self.model.ids:
            self.table.selectRow(0)
        self.show_counter()

    def _edit_formation(self, **values) -> None:
        f = self.formation
        if self._filling or f is None or all(getattr(f, k) == v for k, v in values.items()):
            return
        try:
            edited = edit_formation(f, **values)
        except ValueError as exc:
            self.show_message(f"{f.name}: {exc}. Nothing changed.")
            self._formation_chosen()
            return
        self.document.push(EditFormations(self.document, {"formations": {f.code: edited}}, f"Change {f.name}"))

    def _pick_colour(self) -> None:
        f = self.formation
        if f is not None:
            colour = QColorDialog.getColor(QColor(f.colour), self, f"Colour of {f.name}")
            if colour.isValid():
                self._edit_formation(colour=colour.name())

    def _new_formation_dialog(self) -> None:
        code, ok = QInputDialog.getText(self, "New formation", "Code (e.g. 3FJ):")
        if ok:
            side = self.side.currentData() or SIDES[0]
            self.add_formation(code, code, side)

    def add_formation(self, code: str, name: str, side: str) -> bool:
        try:
            formation = new_formation(self.document.module, code, name, side)
        except ValueError as exc:
            self.show_message(f"Cannot add the formation: {exc}.")
            return False
        self.document.push(EditFormations(self.document, {"formations": {formation.code: formation}},
                                          f"New formation {formation.code}"))
        self.select_formation(formation.code)
        return True

    # --- counters ------------------------------------------------------------------------------------

    @property
    def counter(self):
        index = self.table.currentIndex()
        return self.model.counter(index.row()) if index.isValid() and index.row() < len(self.model.ids) else None

    def show_counter(self) -> None:
        counter = self.counter
        self.sources.clear()
        if counter is None:
            self.preview.show_counter(None, "")
            return
        formation = formation_of(self.document.module, counter)
        self.preview.show_counter(counter, formation.colour if formation is not None else "#888888")
        for field, heading in self.model.fields:
            source = source_of(counter, field, self.model.columns) or "not stated"
            item = QListWidgetItem(f"{heading}: {source}")
            item.setData(Qt.UserRole, field)
            item.setToolTip(SOURCE_WORDS.get(source.split()[0], source))
            self.sources.addItem(item)

    def set_source(self, source: str) -> None:
        counter, item = self.counter, self.sources.currentItem()
        if counter is None or item is None:
            self.show_message("Pick a value in the list of where each value comes from.")
            return
        field = item.data(Qt.UserRole)
        edited = with_source(counter, field, source)
        if edited != counter or edited.provenance != counter.provenance:
            self.document.push(EditCounters(self.document, {"counters": {counter.id: edited}},
                                            f"Mark {field} of {counter.name} {source}"))

    def _new_counter_dialog(self) -> None:
        designation, ok = QInputDialog.getText(self, "New counter", "Designation (e.g. 3/26):")
        if ok:
            self.add_counter(designation)

    def add_counter(self, designation: str) -> bool:
        f = self.formation
        if f is None:
            return False
        try:
            counter = new_counter(self.document.module, f.code, designation)
        except ValueError as exc:
            self.show_message(f"Cannot add the counter: {exc}.")
            return False
        self.document.push(EditCounters(self.document, {"counters": {counter.id: counter}}, f"New counter {counter.id}"))
        self.table.selectRow(self.model.ids.index(counter.id))
        return True

    def delete_counter(self) -> bool:
        counter = self.counter
        if counter is None:
            return False
        used = where_used(self.document.module, counter.id)
        if used:
            self.show_message(f"{counter.name} cannot be deleted: {', '.join(used)} use it. Take it out there first.")
            return False
        order = [c for c in self.document.module.counters if c != counter.id]
        self.document.push(EditCounters(self.document, {"counters": {counter.id: None, ORDER: order}},
                                        f"Delete {counter.name}"))
        return True

    def _import_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Import counters", "", CSV_FILTER)
        if path:
            self.import_csv(Path(path))

    def import_csv(self, path: Path) -> bool:
        try:
            counters = counters_from_csv(Path(path).read_text(encoding="utf-8"), self.document.module)
        except (ContentError, OSError, UnicodeDecodeError) as exc:
            self.report_error("Cannot import the counters", f"{Path(path).name} was not imported.",
                              f"{exc}\n\nThe counters are unchanged.")
            return False
        if not counters:
            self.show_message(f"{Path(path).name} holds no counters.")
            return False
        self.document.push(EditCounters(self.document, {"counters": counters}, f"Import {len(counters)} counters"))
        self.show_message(f"Imported {len(counters)} counters from {Path(path).name}.")
        return True

    def _export_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export counters", "counters.csv", CSV_FILTER)
        if path:
            self.export_csv(Path(path))

    def export_csv(self, path: Path) -> bool:
        try:
            write_text_atomic(Path(path), counters_csv(self.document.module.counters))
        except OSError as exc:
            self.report_error("Cannot export the counters", f"{Path(path).name} could not be written.", str(exc))
            return False
        self.show_message(f"Exported {len(self.document.module.counters)} counters to {path}.")
        return True

    def _follow(self, change) -> None:
        if change.touches("formations") or change.touches("counters"):
            wanted = self.counter.id if self.counter else None
            if change.touches("formations"):
                self.refresh_formations()
            if wanted in self.model.ids:
                self.table.selectRow(self.model.ids.index(wanted))
            self.show_counter()
