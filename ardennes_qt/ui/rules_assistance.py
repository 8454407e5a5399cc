"""How much the rules stand between the player and the counters, per game:

- **enforce** (the default): a move the rules refuse does not happen; the reason shows.
- **warn**: the rules are asked first; when they refuse, the player is told why and may
  move the counters anyway, as a free move.
- **off**: the physical table.  Counters go where they are dropped (free moves, recorded
  in the log like any action), and the rules only run the sequence of play.

The choice is kept in the settings under the game's scenario and seed, so a game opened
again plays as it was left; it shows in the status bar, where a click changes it.  A game
whose content was changed outside the program, opened anyway, starts off.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QToolButton, QWidget

from ardennes_qt.engine.session import Session
from ardennes_qt.ui import game_files

ENFORCE, WARN, OFF = "enforce", "warn", "off"
MODES = {
    ENFORCE: ("&Enforce the Rules", "Rules: enforced", "Moves the rules refuse do not happen; the reason is shown"),
    WARN: ("&Warn Only", "Rules: warn", "Moves the rules refuse are explained, and may be made anyway as free moves"),
    OFF: ("&Off (Free Table)", "Rules: off", "Counters go where they are dropped, as on a physical table"),
}
SETTINGS_GROUP = "rulesAssistance"


def game_key(session: Session) -> str:
    """The game's name in the settings: its scenario and dice seed stay the same through saves."""
    return f"{SETTINGS_GROUP}/{session.content.scenario.key.replace('/', '_')}_{session.seed}"


class RulesAssistance(QObject):
    changed = Signal(str)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.mode = ENFORCE
        self.session: Session | None = None
        self.group = QActionGroup(self)
        self.actions: dict[str, QAction] = {}
        for mode, (text, _, tip) in MODES.items():
            action = QAction(text, self.group, checkable=True)
            action.setStatusTip(tip)
            action.triggered.connect(lambda _=False, m=mode: self.set_mode(m))
            self.actions[mode] = action
        self.button = QToolButton()
        self.button.setAutoRaise(True)
        self.button.setPopupMode(QToolButton.InstantPopup)
        menu = QMenu(self.button)
        menu.addActions(list(self.actions.values()))
        self.button.setMenu(menu)
        self._show()

    def menu(self, parent: QMenu) -> QMenu:
        """The Game menu's submenu of the three settings."""
        sub = parent.addMenu("&Rules Assistance")
        sub.addActions(list(self.actions.values()))
        return sub

    def follow(self, session: Session) -> None:
        """Take up the setting the game was left with (enforce for a game never played; off
        for a game whose content was changed outside the program, ``Session.physical_table``)."""
        self.session = session
        mode = OFF if session.physical_table else game_files.settings().value(game_key(session), ENFORCE)
        self.mode = mode if mode in MODES else ENFORCE
        self._show()

    def set_mode(self, mode: str, remember: bool = True) -> None:
        """Play with ``mode`` from now on, kept for the game unless ``remember`` is False."""
        if mode not in MODES:
            raise ValueError(f"no rules assistance setting '{mode}'")
        self.mode = mode
        if remember and self.session is not None:
            game_files.settings().setValue(game_key(self.session), mode)
        self._show()
        self.changed.emit(mode)

    def _show(self) -> None:
        _, short, tip = MODES[self.mode]
        self.actions[self.mode].setChecked(True)
        self.button.setText(short)
        self.button.setToolTip(f"{tip}.\nClick to change the rules assistance of this game.")
