"""About ardennes-qt: what the program is, what is representative or estimated in
what it shows, and the legend of map and counter symbols."""

from __future__ import annotations

from collections import Counter as Tally
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMainWindow,
    QMenu,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ardennes_qt import __version__
from ardennes_qt.core.content import Content
from ardennes_qt.engine.setup_sheet_words import play_area_words
from ardennes_qt.ui.legend_data import legend_for
from ardennes_qt.ui.map_legend import LegendWidget

FIELD_WORDS = {
    "steps": "number of steps",
    "reduced": "reduced side",
    "ma_type": "movement class colour (Mech or not)",
    "exploit": "exploit banner",
    "colour": "formation colour",
}


def about_text(content: Content) -> str:
    m = content.map
    scenario = content.scenario
    return (
        f"<h2>ardennes-qt {__version__}</h2>"
        "<p>A table for the 1944 Ardennes board wargames: a hex map with counters you move by hand, "
        "on a rules core that says what is legal.</p>"
        f"<p><b>Scenario:</b> {scenario.title} ({scenario.id}).<br><b>Map:</b> {m.title}.<br>"
        f"<b>Play area:</b> {escape(play_area_words(content))}</p>"
        "<p><b>The map is representative, not the published map.</b> The rules documents contain no map: "
        "this one was generated from geography. Its victory-point towns sit at the hexes rule 6.0 gives, and "
        "rivers, roads and forests run where they really do, but hex by hex it differs from the printed map. "
        "If you own the game, import a scan of the real map in the editor and trace it.</p>"
        "<p><b>The counters are drawn by the program</b> from the scenario listings (no published counter art): "
        "nationality colour, formation colour band, NATO symbol and printed values.</p>"
        "<p>Values the documents do not print are <b>estimated</b> by stated rules and marked "
        "\u2248 in the unit panel; the next tab lists every one.</p>"
    )


# What the mouse does on the map (the keys are read from the menus themselves).
MOUSE = (
    ("Drag a counter", "move it to the hex it is dropped on (onto the Dead pile: remove it)"),
    ("Shift-drag a counter", "move its whole stack"),
    ("Click a stack", "fan it out and list it in the Stack dock"),
    ("Wheel", "zoom about the pointer"),
    ("Drag empty map, or the middle button", "pan"),
    ("Hover", "the hex, its terrain and hexsides in the status bar"),
    ("Right-click", "what can be done with the counter or hex"),
)


def menu_keys(window: QMainWindow) -> list[tuple[str, str]]:
    """(menu › entry, its keys) for every menu entry with a shortcut, in menu order (an entry
    in two menus, where it is first found)."""
    rows: list[tuple[str, str]] = []
    seen: set = set()

    def visit(menu: QMenu, path: str) -> None:
        for action in menu.actions():
            name = _plain(action.text())
            if action.menu() is not None:
                visit(action.menu(), f"{path} › {name}")
            elif action.shortcuts() and action not in seen:
                seen.add(action)
                keys = ", ".join(seq.toString(QKeySequence.NativeText) for seq in action.shortcuts())
                rows.append((f"{path} › {name}", keys))

    for action in window.menuBar().actions():
        if action.menu() is not None:
            visit(action.menu(), _plain(action.text()))
    return rows


def _plain(text: str) -> str:
    """A menu text as read: its mnemonic marks gone ("&&" is a plain "&")."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def estimated_summary(content: Content) -> str:
    rows = content.estimated_values()
    if not rows:
        return "This content relies on no estimated values."
    tally = Tally(field for _, field, _ in rows)
    parts = [f"{FIELD_WORDS.get(field, field)}: {n}" for field, n in sorted(tally.items())]
    return f"{len(rows)} estimated values — " + "; ".join(parts) + "."


def estimated_what(content: Content, what: str) -> str:
    """A counter or formation with estimated values as the player knows it: "105-1 Arty Grp
    (Independents)", "1 Inf Div"; not the content's id."""
    counter = content.counters.get(what)
    if counter is not None:
        formation = content.formations.get(counter.formation)
        return f"{counter.name} ({formation.name})" if formation is not None else counter.name
    formation = content.formations.get(what)
    return formation.name if formation is not None else what


class AboutBox(QDialog):
    def __init__(self, content: Content, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"About ardennes-qt {__version__}")
        tabs = QTabWidget()
        about = QLabel(about_text(content))
        about.setWordWrap(True)
        about.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        about.setOpenExternalLinks(False)
        about.setMargin(8)
        tabs.addTab(about, "About")
        tabs.addTab(self._estimates(content), "Estimated values")
        legend = QScrollArea()
        legend.setWidget(LegendWidget(legend_for(content.system)))
        legend.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        tabs.addTab(legend, "Legend")
        self.legend = legend
        if isinstance(parent, QMainWindow):
            tabs.addTab(self._keys(parent), "Keys and mouse")
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(tabs)
        layout.addWidget(buttons)
        # As wide as the legend, its scroll bar and the frames around it: it scrolls down only.
        frames = 2 * legend.frameWidth() + legend.verticalScrollBar().sizeHint().width() + 40
        self.resize(max(720, legend.widget().minimumWidth() + frames), 640)
        self.about_label = about

    def _keys(self, window: QMainWindow) -> QWidget:
        rows = [*MOUSE, *menu_keys(window)]
        table = QTableWidget(len(rows), 2)
        table.setHorizontalHeaderLabels(["On the map, or in the menus", "Does, or keys"])
        for i, (what, does) in enumerate(rows):
            table.setItem(i, 0, QTableWidgetItem(what))
            table.setItem(i, 1, QTableWidgetItem(does))
        table.setEditTriggers(QTableWidget.NoEditTriggers)
        table.verticalHeader().hide()
        table.resizeColumnsToContents()
        table.resizeRowsToContents()
        table.horizontalHeader().setStretchLastSection(True)
        self.keys_table = table
        return table

    def _estimates(self, content: Content) -> QWidget:
        rows = content.estimated_values()
        table = QTableWidget(len(rows), 3)
        table.setHorizontalHeaderLabels(["Counter or formation", "Value", "Source"])
        named = sorted((estimated_what(content, what), field, source) for what, field, source in rows)
        for i, (what, field, source) in enumerate(named):
            table.setItem(i, 0, QTableWidgetItem(what))
            table.setItem(i, 1, QTableWidgetItem(FIELD_WORDS.get(field, field)))
            table.setItem(i, 2, QTableWidgetItem(source))
        table.setEditTriggers(QTableWidget.NoEditTriggers)
        table.resizeColumnsToContents()
        table.horizontalHeader().setStretchLastSection(True)
        page = QWidget()
        layout = QVBoxLayout(page)
        summary = QLabel(estimated_summary(content))
        summary.setWordWrap(True)
        layout.addWidget(summary)
        layout.addWidget(table)
        return page
