"""A rule table that is a grid (the Combat Results Table: odds columns across, two-dice
totals down) shown as one, each result a cell to type over; results that differ from
the shipped table are orange, with the shipped result in their tooltip."""

from __future__ import annotations

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QHeaderView, QTableWidget, QTableWidgetItem

CHANGED = QColor(255, 152, 0, 70)  # a value that differs from the shipped table


def is_grid(document: dict) -> bool:
    """A table of ``columns`` and ``rows``, each row one entry per column."""
    columns, rows = document.get("columns"), document.get("rows")
    return (isinstance(columns, list) and isinstance(rows, dict) and bool(rows)
            and all(isinstance(r, list) and len(r) == len(columns) for r in rows.values()))


class TableGrid(QTableWidget):
    edited = Signal(object)  # the document with the typed result in it (a dict; "dict" would sort its keys)

    def __init__(self) -> None:
        super().__init__()
        self.document: dict = {}
        self._filling = False
        self.verticalHeader().setDefaultSectionSize(24)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.Stretch)
        self.itemChanged.connect(self._changed)

    def show_document(self, document: dict, shipped: dict) -> None:
        self._filling = True
        self.document = document
        columns, rows = document["columns"], document["rows"]
        self.clear()
        self.setColumnCount(len(columns))
        self.setRowCount(len(rows))
        self.setHorizontalHeaderLabels([str(c) for c in columns])
        self.setVerticalHeaderLabels([str(k) for k in rows])
        for r, (key, results) in enumerate(rows.items()):
            shipped_row = shipped.get("rows", {}).get(key, [])
            for c, result in enumerate(results):
                item = QTableWidgetItem(str(result))
                original = shipped_row[c] if c < len(shipped_row) else None
                if result != original:
                    item.setBackground(CHANGED)
                    item.setToolTip(f"Shipped: {original}")
                self.setItem(r, c, item)
        self._filling = False

    def _changed(self, item: QTableWidgetItem) -> None:
        if self._filling:
            return
        key = list(self.document["rows"])[item.row()]
        row = list(self.document["rows"][key])
        text = item.text().strip()
        if not text or row[item.column()] == text:
            return
        row[item.column()] = text
        edited = {**self.document, "rows": {**self.document["rows"], key: row}}
        # After this signal: storing the house rule redraws the grid, and with it this item.
        QTimer.singleShot(0, self, lambda: self.edited.emit(edited))
