"""New Game: choose a shipped scenario and a dice seed.  The scenario picked is described
beside the list: its turns, play area, forces, victory conditions and special rules."""

from __future__ import annotations

import random
from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
)

DEFAULT_SCENARIO = "ardennes2/7.1"


def shipped_scenarios() -> list[tuple[str, str]]:
    """(key, words for the list) of every shipped scenario of an installed game, the default
    game's first: "Ardennes II · 7.1 Ardennes Campaign"."""
    from ardennes_qt.engine.systems import known_systems, system_for
    from ardennes_qt.store import library  # reads the scenario texts: only when a game is being chosen

    installed = set(known_systems())
    first = DEFAULT_SCENARIO.partition("/")[0]
    listed = [(key, title) for key, title in library.list_scenarios() if key.partition("/")[0] in installed]
    listed.sort(key=lambda kt: kt[0].partition("/")[0] != first)  # stable: each game's own order kept
    out = []
    for key, title in listed:
        schema = system_for(key.partition("/")[0]).schema()
        partly = " (not all rules played yet)" if schema.not_played_yet else ""
        out.append((key, f"{schema.title} · {key.partition('/')[2]} {title}{partly}"))
    return out


def brief_html(key: str) -> str:
    """The scenario ``key`` described for choosing it; why not, if it cannot be read."""
    from ardennes_qt.engine.scenario_brief import scenario_brief
    from ardennes_qt.store import library
    from ardennes_qt.store.errors import ContentError

    try:
        if key.endswith("/"):  # a game whose scenarios cannot be read: why
            library.scenarios_of(key[:-1])
        content = library.load_content(key)
    except ContentError as exc:
        return f"<p><b>{escape(key)}</b> cannot be read: {escape(str(exc))}</p>"
    lines = [f"<h3>{escape(content.scenario.title)}</h3>"]
    for heading, words in scenario_brief(content):
        body = "<br>".join(escape(line) for line in words.splitlines())
        lines.append(f"<p><b>{escape(heading)}:</b> {body}</p>")
    return "".join(lines)


class ScenarioChooser(QDialog):
    chosen = Signal(str, int)  # scenario key, dice seed

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.list = QListWidget()
        for key, words in shipped_scenarios():
            item = QListWidgetItem(words)
            item.setData(Qt.UserRole, key)
            self.list.addItem(item)
            if key == DEFAULT_SCENARIO:
                self.list.setCurrentItem(item)
        if self.list.currentItem() is None and self.list.count():
            self.list.setCurrentRow(0)
        self.list.itemDoubleClicked.connect(lambda _: self.accept())
        self.list.setMinimumWidth(self.list.sizeHintForColumn(0) + 2 * self.list.frameWidth() + 8)
        self.brief = QLabel()
        self.brief.setWordWrap(True)
        self.brief.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        self.brief.setTextFormat(Qt.RichText)
        self.brief.setMargin(8)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.brief)
        self.list.currentItemChanged.connect(lambda item, _previous: self._describe(item))
        self._describe(self.list.currentItem())
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setValue(random.randrange(1, 100000))
        self.seed.setToolTip("The dice seed: the same seed and the same actions replay to the same game")
        form = QFormLayout()
        form.addRow("Dice seed", self.seed)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        choice = QVBoxLayout()
        choice.addWidget(QLabel("Scenario"))
        choice.addWidget(self.list)
        choice.addLayout(form)
        sides = QHBoxLayout()
        sides.addLayout(choice)
        sides.addWidget(scroll, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(sides)
        layout.addWidget(buttons)
        self.resize(900, 500)

    def _describe(self, item: QListWidgetItem | None) -> None:
        self.brief.setText(brief_html(item.data(Qt.UserRole)) if item is not None else "")

    def accept(self) -> None:
        item = self.list.currentItem()
        super().accept()
        if item is not None:
            self.chosen.emit(item.data(Qt.UserRole), self.seed.value())
