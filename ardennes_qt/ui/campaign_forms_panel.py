"""The campaign's paper forms on the table: a tab for each (the roster, the purchase record), each
a table of its printed columns with a heading row per side, the campaign's date now marked."""

from __future__ import annotations

from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QAbstractItemView, QLabel, QTableWidget, QTableWidgetItem, QTabWidget, QVBoxLayout, QWidget

from ardennes_qt.core.system import CampaignForm

SIDE_ROW = QColor("#e4e0d4")
NOW_ROW = QColor("#fff3c4")


class FormTable(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = QTableWidget()
        self.table.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(False)
        self.notes = QLabel()
        self.notes.setWordWrap(True)
        self.notes.setStyleSheet("color: #555;")
        column = QVBoxLayout(self)
        column.setContentsMargins(2, 2, 2, 2)
        column.addWidget(self.table, 1)
        column.addWidget(self.notes)

    def show_form(self, form: CampaignForm) -> None:
        table = self.table
        table.clearSpans()
        table.setColumnCount(len(form.columns))
        table.setHorizontalHeaderLabels(list(form.columns))
        table.setRowCount(sum(1 + len(rows) for rows in form.rows.values()))
        bold = QFont(table.font())
        bold.setBold(True)
        r = 0
        for side, rows in form.rows.items():
            heading = QTableWidgetItem(f"{side} ({len(rows)} line{'s' if len(rows) != 1 else ''})"
                                       if form.current < 0 else side)
            heading.setFont(bold)
            heading.setBackground(QBrush(SIDE_ROW))
            table.setItem(r, 0, heading)
            table.setSpan(r, 0, 1, len(form.columns))
            r += 1
            for index, cells in enumerate(rows):
                for c, text in enumerate(cells):
                    item = QTableWidgetItem(text)
                    item.setToolTip(f"{form.columns[c]}: {text}" if text else form.columns[c])
                    if index == form.current:
                        item.setBackground(QBrush(NOW_ROW))
                    table.setItem(r, c, item)
                r += 1
        table.resizeColumnsToContents()
        self.notes.setText(" ".join(form.notes) + f" ({form.rule})")


class CampaignFormsPanel(QTabWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tables: list[FormTable] = []

    def show_forms(self, forms: tuple[CampaignForm, ...]) -> None:
        while len(self.tables) < len(forms):
            table = FormTable()
            self.tables.append(table)
            self.addTab(table, "")
        while len(self.tables) > len(forms):
            self.removeTab(len(self.tables) - 1)
            self.tables.pop().deleteLater()
        for i, form in enumerate(forms):
            self.setTabText(i, form.name)
            self.tables[i].show_form(form)
