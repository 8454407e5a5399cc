"""The overlays' buttons: one checkable action per planning overlay the game on the table
offers, with its icon, shortcut (Ctrl+Alt+1, 2... in the game's order) and tip, in the
Overlays tool bar and the Overlays menu, checked as the player left them; and the
progress bar of the slow ones, for the status bar.  They are made with the table
window's frame, for the game it opens on, so that its bars have their heights from the
first frame; another game's overlays replace them.  What they do is ``Overlays``'
(overlays.py).
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QProgressBar, QToolBar

from ardennes_qt.core.planning import OverlayKind
from ardennes_qt.core.system import Overlays
from ardennes_qt.engine.session import Session
from ardennes_qt.ui import game_files
from ardennes_qt.ui.overlay_icons import overlay_icon

SETTINGS_KEY = "overlays/shown"


def game_overlays(session: Session) -> tuple[OverlayKind, ...]:
    """The planning overlays the game's rule system offers (none from one that offers none)."""
    found = session.capability(Overlays) if session.offers(Overlays) else None
    return tuple(found.overlays(session.content)) if found is not None else ()


def shortcut(index: int) -> str:
    """The shortcut of the game's ``index``-th overlay: Ctrl+Alt+1 ... 9, then none."""
    return f"Ctrl+Alt+{index + 1}" if index < 9 else ""


class OverlayButtons:
    def __init__(self, window: QMainWindow, kinds: tuple[OverlayKind, ...] = ()) -> None:
        self.window = window
        self.toolbar = QToolBar("Overlays", window)
        self.toolbar.setObjectName("overlaysBar")
        self.menu = QMenu("&Overlays", window)
        self.actions: dict[str, QAction] = {}
        self.kinds: tuple[OverlayKind, ...] = ()
        self.show_kinds(kinds)
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(220)
        self.progress.setTextVisible(True)
        self.progress.hide()

    def show_kinds(self, kinds: tuple[OverlayKind, ...]) -> bool:
        """A button for each of ``kinds``, checked as the player left them; True if they changed."""
        if tuple(k.key for k in kinds) == tuple(k.key for k in self.kinds):
            self.kinds = kinds
            return False
        for action in self.actions.values():
            self.toolbar.removeAction(action)
            self.menu.removeAction(action)
            action.deleteLater()
        self.actions = {}
        self.kinds = kinds
        shown = set(setting_list(game_files.settings().value(SETTINGS_KEY, [])))
        for index, kind in enumerate(kinds):
            action = QAction(overlay_icon(kind.icon, kind.side), kind.title, self.window)
            action.setCheckable(True)
            action.setChecked(kind.key in shown)
            action.setShortcut(QKeySequence(shortcut(index)))
            action.setStatusTip(kind.tip)
            self.actions[kind.key] = action
            self.toolbar.addAction(action)
            self.menu.addAction(action)
        return True

    def shown(self) -> list[str]:
        """The keys of the overlays checked, to remember."""
        return [key for key, action in self.actions.items() if action.isChecked()]


def setting_list(value) -> list[str]:
    """QSettings gives a lone string for a one-item list, and None for an empty one."""
    if isinstance(value, str):
        return [value]
    return list(value or [])
