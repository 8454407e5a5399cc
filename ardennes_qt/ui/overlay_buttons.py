"""The overlays' buttons: one checkable action per planning overlay, with its icon,
shortcut and tip, in the Overlays tool bar and the Overlays menu, checked as the player
left them; and the progress bar of the slow ones, for the status bar.  They are made with
the table window's frame, so that its bars have their heights from the first frame; what
they do is ``Overlays``' (overlays.py).
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QProgressBar, QToolBar

from ardennes_qt.ui import game_files
from ardennes_qt.ui.overlay_icons import overlay_icon
from ardennes_qt.ui.overlay_kinds import KINDS

SETTINGS_KEY = "overlays/shown"


class OverlayButtons:
    def __init__(self, window: QMainWindow) -> None:
        self.toolbar = QToolBar("Overlays", window)
        self.toolbar.setObjectName("overlaysBar")
        self.menu = QMenu("&Overlays", window)
        self.actions: dict[str, QAction] = {}
        shown = set(setting_list(game_files.settings().value(SETTINGS_KEY, [])))
        for kind in KINDS:
            action = QAction(overlay_icon(kind.key, kind.side), kind.title, window)
            action.setCheckable(True)
            action.setChecked(kind.key in shown)
            action.setShortcut(QKeySequence(kind.shortcut))
            action.setStatusTip(kind.tip)
            self.actions[kind.key] = action
            self.toolbar.addAction(action)
            self.menu.addAction(action)
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(220)
        self.progress.setTextVisible(True)
        self.progress.hide()

    def shown(self) -> list[str]:
        """The keys of the overlays checked, to remember."""
        return [key for key, action in self.actions.items() if action.isChecked()]


def setting_list(value) -> list[str]:
    """QSettings gives a lone string for a one-item list, and None for an empty one."""
    if isinstance(value, str):
        return [value]
    return list(value or [])
