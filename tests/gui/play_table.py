"""The table on a small hand-built Ardennes II position, for the combat, barrage and
Decision tests: open it, right-click a hex, find a menu entry or a button by its words."""

from __future__ import annotations

from PySide6.QtGui import QContextMenuEvent, QTextDocument
from PySide6.QtWidgets import QApplication, QPushButton

from ardennes_qt.engine.session import Session
from tests.gui.mouse import counter_point, hex_point


def table_on(qtbot, content, state):
    """The table window on ``state`` (its seed drives the dice), shown, centred on the board."""
    from ardennes_qt.ui.table_window import TableWindow

    window = TableWindow(Session(content, seed=state.seed, initial=state), autosave=False, remember_layout=False)
    qtbot.addWidget(window)
    window.resize(1300, 850)
    window.show()
    qtbot.waitExposed(window)
    window.view.zoom_to(0.9, content.map.hex_id(next(iter(state.occupied()))))
    return window


def right_click(window, hex_id: str = "", unit_id: str = ""):
    """Right-click a hex (or a counter) as a player does; the context menu that pops up."""
    point = counter_point(window, unit_id) if unit_id else hex_point(window, hex_id)
    viewport = window.view.viewport()
    event = QContextMenuEvent(QContextMenuEvent.Mouse, point, viewport.mapToGlobal(point))
    QApplication.sendEvent(viewport, event)
    return window.context_menu.menu


def entry(menu, start: str):
    """The menu entry whose text (without mnemonics) starts with ``start``."""
    found = [a for a in menu.actions() if a.text().replace("&", "").startswith(start)]
    assert found, f"no '{start}' in {[a.text() for a in menu.actions()]}"
    return found[0]


def button(widget, start: str) -> QPushButton:
    """The visible push button in ``widget`` whose text (without mnemonics) starts with ``start``."""
    found = [b for b in widget.findChildren(QPushButton) if b.isVisible() and b.text().replace("&", "").startswith(start)]
    assert found, f"no button '{start}' in {[b.text() for b in widget.findChildren(QPushButton) if b.isVisible()]}"
    return found[0]


def answer_button(panel, contains: str) -> QPushButton:
    found = [b for b in panel.answer_buttons if contains in b.text()]
    assert found, f"no answer '{contains}' in {[b.text() for b in panel.answer_buttons]}"
    return found[0]


def plain(label) -> str:
    """A rich-text label as the player reads it."""
    document = QTextDocument()
    document.setHtml(label.text())
    return document.toPlainText()
