"""New map: its numbering and the grid's orientation, its size, a name, and whether the
counters of the module in the editor come along.  Scenarios stay with the old map.

Three numberings: SCS sheets side by side west to east (``A12.34``, rows growing
northward); one map numbered ``XXYY`` by column and row, rows counted from the top, as
the Vae Victis game prints them; an ASL board or map group (``StAA15``: hexrows
lettered west to east, hexes numbered down each hexrow, hexrow A standing half a hex
above B unless the board has the alternate grain).  Hexes are flat-topped in vertical
columns in every one of them; a line under the fields names the corner hexes, so the
orientation can be checked against the printed map before anything is made.
"""

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

from ardennes_qt.core.numbering import AslBoard, ColumnRow, ScsSheets, hexrow_letters, offset_to_axial
from ardennes_qt.store.editormodel import Module, blank_module

_SHEETS = re.compile(r"^[A-Z](,[A-Z])*$")
_BOARD = re.compile(r"^[A-Za-z0-9]{0,4}$")
# Each scheme's usual size: (sheets or board, columns, first row, last row).
DEFAULTS = {"scs": ("A,B", 40, 0, 54), "xxyy": ("", 32, 1, 24), "asl": ("", 33, 1, 10)}
GRAINS = {"normal": "Hexrow A half a hex above B (A1 touches B0 and B1)",
          "alternate": "Hexrow B half a hex above A (alternate grain)"}
ORIENTATION = {"scs": "Flat-topped hexes in columns; even columns half a hex higher; rows grow northward",
               "xxyy": "Flat-topped hexes in columns; even columns half a hex higher; rows counted from the top"}


class NewMapDialog(QDialog):
    def __init__(self, current: Module, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New map")
        self.current = current
        self.title = QLineEdit("New map")
        self.scheme = QComboBox()
        self.scheme.addItem("SCS sheets: A12.34 (sheet, column, row; rows grow northward)", "scs")
        self.scheme.addItem("Columns and rows: 3201 (column 32, row 01; rows from the top)", "xxyy")
        self.scheme.addItem("ASL hexrows: StAA15 (board, hexrow letters, hex number)", "asl")
        self.sheets = QLineEdit("A,B")
        self.columns = QSpinBox()
        self.columns.setRange(1, 99)
        self.first_row = QSpinBox()
        self.first_row.setRange(0, 98)
        self.last_row = QSpinBox()
        self.last_row.setRange(1, 99)
        self.grain = QComboBox()
        for key, words in GRAINS.items():
            self.grain.addItem(words, key)
        self.orientation = QLabel()
        self.orientation.setWordWrap(True)
        self.corners = QLabel()
        self.corners.setWordWrap(True)
        self.corners.setStyleSheet("color: #555;")
        self.keep = QCheckBox("Keep the formations and counters of the module in the editor")
        self.keep.setChecked(bool(current.counters))
        self.problem = QLabel()
        self.problem.setStyleSheet("color: #b71c1c;")
        self.form = form = QFormLayout(self)
        form.addRow("Name", self.title)
        form.addRow("Numbering", self.scheme)
        form.addRow("Sheets", self.sheets)
        form.addRow("Columns (per sheet)", self.columns)
        form.addRow("First row", self.first_row)
        form.addRow("Last row", self.last_row)
        form.addRow("Orientation", self.grain)
        form.addRow("Orientation", self.orientation)
        form.addRow("Corners", self.corners)
        form.addRow(self.keep)
        form.addRow(self.problem)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.module: Module | None = None
        self._scheme_chosen()
        self.scheme.currentIndexChanged.connect(self._scheme_chosen)
        for box in (self.columns, self.first_row, self.last_row):
            box.valueChanged.connect(self._show_corners)
        self.sheets.textChanged.connect(self._show_corners)
        self.grain.currentIndexChanged.connect(self._show_corners)

    def _scheme_chosen(self) -> None:
        scheme = self.scheme.currentData()
        sheets, columns, first, last = DEFAULTS[scheme]
        self.sheets.setText(sheets)
        self.columns.setValue(columns)
        self.first_row.setValue(first)
        self.last_row.setValue(last)
        self.sheets.setEnabled(scheme != "xxyy")
        asl = scheme == "asl"
        self.form.labelForField(self.sheets).setText("Board" if asl else "Sheets")
        self.sheets.setToolTip("The board or map group its hex ids start with, e.g. St (may be empty)" if asl
                               else "Sheet letters west to east, e.g. A,B")
        self.form.labelForField(self.columns).setText("Hexrows" if asl else "Columns (per sheet)")
        self.form.labelForField(self.first_row).setText("First hex of hexrow A" if asl else "First row")
        self.form.labelForField(self.last_row).setText("Last hex of hexrow A" if asl else "Last row")
        self.form.setRowVisible(self.grain, asl)
        self.form.setRowVisible(self.orientation, not asl)
        self.orientation.setText(ORIENTATION.get(scheme, ""))
        self._show_corners()

    def numbering(self) -> ScsSheets:
        if self.first_row.value() >= self.last_row.value():
            raise ValueError("The last row must come after the first")
        scheme = self.scheme.currentData()
        if scheme == "xxyy":
            if self.first_row.value() < 1 or self.columns.value() > 99 or self.last_row.value() > 99:
                raise ValueError("XXYY numbers columns and rows 01-99")
            return ColumnRow(columns=self.columns.value(), first_row=self.first_row.value(),
                             last_row=self.last_row.value())
        if scheme == "asl":
            board = self.sheets.text().strip()
            if not _BOARD.match(board):
                raise ValueError("A board is up to four letters or digits, e.g. St or 43 (or nothing)")
            return AslBoard(sheets=(board,), columns=self.columns.value(), first_row=self.first_row.value(), last_row=self.last_row.value(),
                            alternate=self.grain.currentData() == "alternate")
        sheets = self.sheets.text().replace(" ", "").upper()
        if not _SHEETS.match(sheets) or len(set(sheets.split(","))) != len(sheets.split(",")):
            raise ValueError("Sheets are single letters separated by commas, each once, e.g. A,B")
        return ScsSheets(sheets=tuple(sheets.split(",")), columns=self.columns.value(), first_row=self.first_row.value(), last_row=self.last_row.value())

    def _show_corners(self) -> None:
        """The ids of the four corner hexes, to hold against the printed map."""
        try:
            n = self.numbering()
        except ValueError as exc:
            self.corners.setText(str(exc))
            return
        last = n.total_columns
        top_left, top_right = offset_to_axial(1, n.top_row), offset_to_axial(last, n.top_row)
        bottom_left, bottom_right = offset_to_axial(1, n.first_row), offset_to_axial(last, n.first_row)
        extra = f"; hexrows A-{hexrow_letters(last)}" if isinstance(n, AslBoard) else ""
        self.corners.setText(f"top left {n.format(top_left)}, top right {n.format(top_right)}, bottom left "
                             f"{n.format(bottom_left)}, bottom right {n.format(bottom_right)}; "
                             f"{n.size} hexes{extra}")

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
