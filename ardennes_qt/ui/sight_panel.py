"""The line-of-sight dock: the rules' verdict in large words, the two Locations, and every
step of the line - where, what is there, what it does, the rule - with the steps that rest
on a provisional rule marked, in the game's own words.  Below, what a Location sees, once
asked."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QLabel, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from ardennes_qt.core.system import SightLine
from ardennes_qt.ui.sight_items import COLOURS, sight_kind

PROVISIONAL_MARK = "≈"
PROVISIONAL_COLOUR = "#b26a00"
PROVISIONAL_ROW = QColor(255, 243, 224)
COLUMNS = ("", "Where", "What", "Effect", "Rule")
VERDICT_POINTS = 18
HOW_TO = ("Pick the viewer's hex, then the hex to look at (View ▸ Line of Sight, L, or right-click a hex). "
          "Esc clears.")


def provisional_words(line: SightLine) -> str:
    """Why the answer is provisional, in the words the rules give on their provisional steps."""
    rules = list(dict.fromkeys(step.rule for step in line.steps if step.provisional and step.rule))
    text = "; ".join(rules) if rules else "this answer rests on a provisional rule"
    return text if text.lower().startswith("provisional") else f"provisional: {text}"


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


class SightPanel(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.line: SightLine | None = None
        self.verdict = QLabel()
        font = QFont(self.verdict.font())
        font.setPointSize(VERDICT_POINTS)
        font.setBold(True)
        self.verdict.setFont(font)
        self.verdict.setWordWrap(True)
        self.locations = QLabel()
        self.locations.setWordWrap(True)
        self.provisional = QLabel()
        self.provisional.setWordWrap(True)
        self.provisional.setStyleSheet(f"color: {PROVISIONAL_COLOUR}")
        self.steps = QTreeWidget()
        self.steps.setColumnCount(len(COLUMNS))
        self.steps.setHeaderLabels(COLUMNS)
        self.steps.setRootIsDecorated(False)
        self.steps.setWordWrap(True)
        self.steps.setColumnWidth(0, 28)
        self.steps.setColumnWidth(1, 90)
        self.steps.setColumnWidth(2, 220)
        self.steps.setColumnWidth(3, 130)
        self.seen = QLabel()
        self.seen.setWordWrap(True)
        layout = QVBoxLayout(self)
        for widget in (self.verdict, self.locations, self.provisional, self.steps, self.seen):
            layout.addWidget(widget)
        layout.setStretch(3, 1)
        self.clear()

    def clear(self) -> None:
        self.line = None
        self.verdict.setText("No line of sight shown")
        self.verdict.setStyleSheet("")
        self.locations.setText(HOW_TO)
        self.provisional.hide()
        self.steps.clear()
        self.seen.hide()

    def show_line(self, line: SightLine) -> None:
        self.line = line
        mark = f" {PROVISIONAL_MARK}" if line.provisional else ""
        self.verdict.setText(capitalised(line.verdict) + mark)
        self.verdict.setStyleSheet(f"color: {COLOURS[sight_kind(line)].name()}")
        self.locations.setText(f"From {line.viewer} to {line.target}")
        self.provisional.setVisible(line.provisional)
        if line.provisional:
            self.provisional.setText(f"{PROVISIONAL_MARK} {capitalised(provisional_words(line))}")
        self.steps.clear()
        for step in line.steps:
            row = QTreeWidgetItem([PROVISIONAL_MARK if step.provisional else "", step.where, step.what,
                                   step.effect, step.rule])
            for column in range(1, len(COLUMNS)):
                row.setToolTip(column, row.text(column))
            if step.provisional:
                row.setToolTip(0, capitalised(step.rule) if step.rule else "Provisional")
                for column in range(len(COLUMNS)):
                    row.setBackground(column, QBrush(PROVISIONAL_ROW))
                row.setForeground(0, QBrush(QColor(PROVISIONAL_COLOUR)))
            self.steps.addTopLevelItem(row)

    def step_words(self) -> list[tuple[str, ...]]:
        """Every row of the steps as shown: (mark, where, what, effect, rule)."""
        return [tuple(self.steps.topLevelItem(i).text(c) for c in range(len(COLUMNS)))
                for i in range(self.steps.topLevelItemCount())]

    def show_working(self, location: str) -> None:
        self.seen.setText(f"Working out what {location} sees…")
        self.seen.show()

    def show_seen(self, location: str, seen: dict[str, int]) -> None:
        hindered = sum(1 for h in seen.values() if h > 0)
        text = f"{capitalised(location)} sees {len(seen)} hex{'es' if len(seen) != 1 else ''}"
        self.seen.setText(f"{text}, {hindered} of them hindered (shaded apart)." if hindered else f"{text}, all clear.")
        self.seen.show()

    def hide_seen(self) -> None:
        self.seen.hide()
