"""The map's context menu: right-click a hex or a counter (or press the menu key) and
every part of the table offers what can be done there now.

Each part registers a provider, ``provider(hex_id, unit_id) -> list of QAction``; its
entries form one group of the menu.  An entry the rules do not allow now is shown
disabled with the reason in its text, so the player learns why rather than nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from PySide6.QtCore import QPoint
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

if TYPE_CHECKING:
    from ardennes_qt.ui.table_face import TableFace

Provider = Callable[[str, str], list[QAction]]


def disabled(text: str, why: str, parent) -> QAction:
    """An entry shown greyed, saying why it cannot be done now."""
    action = QAction(f"{text} — {why}", parent)
    action.setEnabled(False)
    action.setToolTip(why)
    return action


class MapContextMenu:
    def __init__(self, window: TableFace) -> None:
        self.window = window
        self.providers: list[Provider] = []
        self.menu: QMenu | None = None  # the menu last shown, while it is up

    def add_provider(self, provider: Provider) -> None:
        self.providers.append(provider)

    def build(self, hex_id: str, unit_id: str) -> QMenu:
        menu = QMenu(self.window)
        menu.setToolTipsVisible(True)
        info = self.window.session.hex_info(hex_id)
        name = info.get("name") or ""
        menu.addSection(f"{hex_id} {name}".strip())
        for provider in self.providers:
            entries = provider(hex_id, unit_id)
            if entries and menu.actions() and not menu.actions()[-1].isSeparator():
                menu.addSeparator()
            for entry in entries:
                entry.setParent(menu)
                if entry.menu() is not None:  # a submenu goes with the menu too
                    entry.menu().setParent(menu, entry.menu().windowFlags())
                menu.addAction(entry)
        if len(menu.actions()) == 1:
            menu.addAction(disabled("Nothing to do here", "not in this phase", menu))
        return menu

    def show_at(self, hex_id: str, unit_id: str, global_pos: QPoint) -> None:
        if not hex_id or self.window.session is None:
            return
        if self.menu is not None:
            self.menu.deleteLater()
        self.menu = self.build(hex_id, unit_id)
        self.menu.popup(global_pos)
