"""The validation dock: every problem of the module in a list, errors first; clicking
one jumps to its hex.  The list is worked out again shortly after each edit."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from editor.validation import ERROR, check_module

CHECK_AFTER_MS = 300
ICONS = {ERROR: "⛔", "warning": "⚠"}


class ValidationPanel(QWidget):
    jump = Signal(str)  # hex id

    def __init__(self, document) -> None:
        super().__init__()
        self.document = document
        self.summary = QLabel()
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.itemActivated.connect(self._chosen)
        self.list.itemClicked.connect(self._chosen)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.summary)
        layout.addWidget(self.list)
        self.problems = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(CHECK_AFTER_MS)
        self._timer.timeout.connect(self.check)
        document.changed.connect(lambda _change: self._timer.start())
        self.check()

    def check(self) -> None:
        self.problems = sorted(check_module(self.document.module), key=lambda p: p.severity != ERROR)
        self.list.clear()
        for problem in self.problems:
            item = QListWidgetItem(f"{ICONS.get(problem.severity, '')} {problem.message}")
            item.setData(Qt.UserRole, problem.hex)
            if problem.severity == ERROR:
                item.setForeground(QColor("#b71c1c"))
            item.setToolTip("Click to go to " + problem.hex if problem.hex else problem.message)
            self.list.addItem(item)
        errors = sum(p.severity == ERROR for p in self.problems)
        warnings = len(self.problems) - errors
        self.summary.setText("No problems found." if not self.problems
                             else f"{_count(errors, 'error')}, {_count(warnings, 'warning')}")

    def _chosen(self, item: QListWidgetItem) -> None:
        hex_id = item.data(Qt.UserRole)
        if hex_id:
            self.jump.emit(hex_id)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
