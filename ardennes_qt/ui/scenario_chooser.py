"""New Game: choose a shipped scenario and a dice seed."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
)

DEFAULT_SCENARIO = "ardennes2/7.1"


def shipped_scenarios() -> list[tuple[str, str]]:
    """(key, title) of every shipped scenario."""
    from ardennes_qt.store import library  # reads the scenario texts: only when a game is being chosen

    return library.list_scenarios()


class ScenarioChooser(QDialog):
    chosen = Signal(str, int)  # scenario key, dice seed

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.list = QListWidget()
        for key, title in shipped_scenarios():
            item = QListWidgetItem(f"{title}  ({key})")
            item.setData(Qt.UserRole, key)
            self.list.addItem(item)
            if key == DEFAULT_SCENARIO:
                self.list.setCurrentItem(item)
        if self.list.currentItem() is None and self.list.count():
            self.list.setCurrentRow(0)
        self.list.itemDoubleClicked.connect(lambda _: self.accept())
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setValue(random.randrange(1, 100000))
        self.seed.setToolTip("The dice seed: the same seed and the same actions replay to the same game")
        form = QFormLayout()
        form.addRow("Dice seed", self.seed)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Scenario"))
        layout.addWidget(self.list)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.resize(460, 380)

    def accept(self) -> None:
        item = self.list.currentItem()
        super().accept()
        if item is not None:
            self.chosen.emit(item.data(Qt.UserRole), self.seed.value())
