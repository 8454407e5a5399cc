"""Two lines of play side by side: where each stands (turn and phase, actions since they
parted, German VP and the result it means, each side's losses, units moved) and every unit
whose place, steps or DG differ, in a table that sorts by any column.  Double-clicking a
unit shows it on the map, in the line on the table."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ardennes_qt.engine.line_compare import Comparison, LineSummary
from ardennes_qt.engine.losses import SideLosses

SIDES = ("German", "Allied")
DIFFER = QColor("#fff3cd")


def count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def loss_words(losses: SideLosses | None) -> str:
    """Losses as "≈4 steps, 2 units", ≈ where some steps are of counters whose steps are estimated."""
    if losses is None:
        return "—"
    mark = "≈" if losses.estimated else ""
    return f"{mark}{count(losses.steps, 'step')}, {count(losses.units, 'unit')}"


def summary_rows(comparison: Comparison) -> list[tuple[str, str, str]]:
    """(what, line A, line B) for the side-by-side table."""
    a, b = comparison.a, comparison.b
    rows = [
        ("Where", f"Turn {a.turn}, {a.phase}", f"Turn {b.turn}, {b.phase}"),
        ("Actions since the lines parted", str(a.actions), str(b.actions)),
        ("German VP now", _vp(a), _vp(b)),
        ("Result if play ended now", a.result or "—", b.result or "—"),
    ]
    rows += [(f"{side} losses", loss_words(a.losses.get(side)), loss_words(b.losses.get(side))) for side in SIDES]
    rows.append(("Units moved since the lines parted", str(a.moved), str(b.moved)))
    return rows


def _vp(summary: LineSummary) -> str:
    return "—" if summary.german_vp is None else str(summary.german_vp)


def _title(summary: LineSummary) -> str:
    return f"★ {summary.name}" if summary.main else summary.name


class LineCompareDialog(QDialog):
    unitChosen = Signal(str)

    def __init__(self, comparison: Comparison, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.comparison = comparison
        a, b = comparison.a, comparison.b
        self.setWindowTitle(f"Compare {a.name} and {b.name}")
        heading = QLabel(f"<b>{_title(a)}</b> beside <b>{_title(b)}</b>: the two lines share their first "
                         f"{comparison.shared} actions.")
        heading.setWordWrap(True)
        self.summary = self._table(["", _title(a), _title(b)], summary_rows(comparison))
        self.summary.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeToContents)
        self.summary.setFixedHeight(self.summary.verticalHeader().length() + self.summary.horizontalHeader().height() + 4)
        differ = len(comparison.differences)
        self.units_heading = QLabel(f"<b>{count(differ, 'unit')} differ{'s' if differ == 1 else ''}</b>"
                                    + (" — double-click one to see it on the map" if differ else ""))
        rows = [(d.name, d.side, d.a, d.b) for d in comparison.differences]
        self.units = self._table(["Unit", "Side", _title(a), _title(b)], rows)
        for row, d in enumerate(comparison.differences):
            self.units.item(row, 0).setData(Qt.UserRole, d.unit)
        self.units.setSortingEnabled(True)  # after the rows know their units: sorting moves them
        self.units.sortItems(0, Qt.AscendingOrder)
        self.units.cellDoubleClicked.connect(lambda row, _: self.unitChosen.emit(self.units.item(row, 0).data(Qt.UserRole)))
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(self.summary)
        layout.addWidget(self.units_heading)
        layout.addWidget(self.units, 1)
        layout.addWidget(buttons)
        self.resize(760, 560)

    def _table(self, headers: list[str], rows) -> QTableWidget:
        table = QTableWidget(len(rows), len(headers))
        table.setHorizontalHeaderLabels(headers)
        table.verticalHeader().hide()
        table.setEditTriggers(QAbstractItemView.NoEditTriggers)
        table.setSelectionBehavior(QAbstractItemView.SelectRows)
        table.setAlternatingRowColors(True)
        bold = QFont(table.font())
        bold.setBold(True)
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                item = QTableWidgetItem(text)
                if c == 0 and len(headers) == 3:
                    item.setFont(bold)
                table.setItem(r, c, item)
            if len(headers) == 3 and row[1] != row[2]:
                for c in (1, 2):
                    table.item(r, c).setBackground(DIFFER)
        header = table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.Stretch)
        return table
