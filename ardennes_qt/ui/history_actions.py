"""Undo and Redo for the Edit menu, mirroring the engine's history.

The engine owns the history (one entry per applied action, so one drag is one
entry); these actions only show what it would undo or redo ("Undo move A/1 Inf Bn to
A3.03", each unit by its name) and ask it to.  Keeping no second copy of the history means the menu can
never disagree with the game.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

from ardennes_qt.engine.session import Session
from ardennes_qt.ui.player_words import named


class HistoryActions:
    def __init__(self, parent: QWidget) -> None:
        self.session: Session | None = None
        self.undo = QAction("Undo", parent)
        self.undo.setShortcuts([QKeySequence.Undo])
        self.undo.triggered.connect(self._undo)
        self.redo = QAction("Redo", parent)
        self.redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.redo.triggered.connect(self._redo)
        self.refresh()

    def follow(self, session: Session) -> None:
        self.session = session
        self.refresh()

    def refresh(self) -> None:
        s = self.session
        can_undo = s is not None and s.can_undo
        can_redo = s is not None and s.can_redo
        self.undo.setEnabled(can_undo)
        self.redo.setEnabled(can_redo)
        self.undo.setText(f"Undo {named(s, s.undo_text())}" if can_undo else "Undo")
        self.redo.setText(f"Redo {named(s, s.redo_text())}" if can_redo else "Redo")

    def _undo(self) -> None:
        if self.session is not None and self.session.can_undo:
            self.session.undo()

    def _redo(self) -> None:
        if self.session is not None and self.session.can_redo:
            self.session.redo()
