"""New map: its numbering (SCS sheets side by side west to east, hexes like ``A12.34``;
or one map numbered ``XXYY`` by column and row, rows counted from the top, as the Vae
Victis game prints them), its size, a name, and whether the counters of the module in
the editor come along.  Scenarios stay with the old map."""

from __future__ import annotations

import re

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
)

from ardennes_qt.core.numbering import ColumnRow, ScsSheets
from ardennes_qt.store.editormodel import Module, blank_module

_SHEETS = re.compile(r"^[A-Z](,[A-Z])*$")


class NewMapDialog(QDialog):
    def __init__(self, current: Module, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New map")
        self.current = current
        self.title = QLineEdit("New map")
        self.scheme = QComboBox()
        self.scheme.addItem("SCS sheets: A12.34 (sheet, column, row; rows grow northward)", "scs")
        self.scheme.addItem("Columns and rows: 3201 (column 32, row 01; rows from the top)", "xxyy")
        self.scheme.currentIndexChanged.connect(self._scheme_chosen)
        self.sheets = QLineEdit("A,B")
        self.sheets.setToolTip("Sheet letters west to east, e.g. A,B")
        self.columns = QSpinBox()
        self.columns.setRange(1, 99)
        self.columns.setValue(40)
        self.first_row = QSpinBox()
        self.first_row.setRange(0, 98)
        self.last_row = QSpinBox()
        self.last_row.setRange(1, 99)
        self.last_row.setValue(54)
        self.keep = QCheckBox("Keep the formations and counters of the module in the editor")
        self.keep.setChecked(bool(current.counters))
        self.problem = QLabel()
        self.problem.setStyleSheet("color: #b71c1c;")
        form = QFormLayout(self)
        form.addRow("Name", self.title)
        form.addRow("Numbering", self.scheme)
        form.addRow("Sheets", self.sheets)
        form.addRow("Columns (per sheet)", self.columns)
        form.addRow("First row", self.first_row)
        form.addRow("Last row", self.last_row)
        form.addRow(self.keep)
        form.addRow(self.problem)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.module: Module | None = None

    def _scheme_chosen(self) -> None:
        self.sheets.setEnabled(self.scheme.currentData() == "scs")
        if self.scheme.currentData() == "xxyy" and self.first_row.value() == 0:
            self.first_row.setValue(1)

    def numbering(self) -> ScsSheets:
        if self.first_row.value() >= self.last_row.value():
            raise ValueError("The last row must come after the first")
        if self.scheme.currentData() == "xxyy":
            if self.first_row.value() < 1 or self.columns.value() > 99 or self.last_row.value() > 99:
                raise ValueError("XXYY numbers columns and rows 01-99")
            return ColumnRow(columns=self.columns.value(), first_row=self.first_row.value(),
                             last_row=self.last_row.value())
        sheets = self.sheets.text().replace(" ", "").upper()
        if not _SHEETS.match(sheets) or len(set(sheets.split(","))) != len(sheets.split(",")):
            raise ValueError("Sheets are single letters separated by commas, each once, e.g. A,B")
        return ScsSheets(tuple(sheets.split(",")), self.columns.value(), self.first_row.value(), self.last_row.value())

    def accept(self) -> None:
        try:
            numbering = self.numbering()
        except ValueError as exc:
            self.problem.setText(str(exc))
            return
        title = self.title.text().strip() or "New map"
        map_id = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "map"
        keep = self.keep.isChecked()
        self.module = blank_module(self.current.system, map_id, title, numbering,
                                   self.current.formations if keep else None, self.current.counters if keep else None)
        super().accept()
