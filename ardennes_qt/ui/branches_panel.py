"""The what-if lines dock: the game's lines of play (the main line starred, the one on the
table in bold), and the actions on them: fork a branch here, play another line, keep a
branch as the main line, rename, discard, compare with the line on the table.

Forking puts the new branch on the table at once, named "Branch N" and open for a new
name; the main line stays as it was.  Switching lines keeps the map where it was looked at.
Lines are kept by the engine (``engine.branches``) and saved with the game.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction, QFont, QKeySequence
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QMenu, QToolBar, QVBoxLayout, QWidget

from ardennes_qt.core.outcome import Refused
from ardennes_qt.engine.branches import BranchSet
from ardennes_qt.engine.line_compare import phase_words, time_words
from ardennes_qt.engine.session import Session

NAME_ROLE = Qt.UserRole


def line_words(lines: BranchSet | None, session: Session, name: str) -> tuple[str, str]:
    """(the line's entry in the list, its tooltip)."""
    info = session.phase()
    where = "game over" if info.game_over else ", ".join(w for w in (time_words(info), phase_words(info)) if w)
    star = "★ " if lines is None or name == lines.main else ""
    text = f"{star}{name}\n    {where} · {session.history_position} actions"
    if lines is None or not lines.line(name).parent:
        tip = f"{name}: the game from its set-up."
    else:
        line = lines.line(name)
        tip = f"{name}: forked from {line.parent} after {line.fork_at} actions."
    if lines is not None and name == lines.main:
        tip += " The main line."
    return text, tip


class BranchesPanel(QWidget):
    playLine = Signal(str)  # the player asks to put this line on the table
    compareLine = Signal(str)  # ... to compare this line with the one on the table
    linesChanged = Signal()  # kept, renamed or discarded
    message = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session: Session | None = None
        self.list = QListWidget()
        self.list.setToolTip("The game's lines of play. Double-click or Enter to put a line on the table; F2 to rename.")
        self.list.itemActivated.connect(lambda item: self.playLine.emit(item.data(NAME_ROLE)))
        self.list.itemChanged.connect(self._renamed)
        # An edit given up (Escape) leaves the entry as it was before the edit began.
        self.list.itemDelegate().closeEditor.connect(lambda *_: QTimer.singleShot(0, self.refresh))
        self.list.currentItemChanged.connect(lambda *_: self._enable())
        self.list.setContextMenuPolicy(Qt.CustomContextMenu)
        self.list.customContextMenuRequested.connect(self._context_menu)
        self.fork = self._action("&Fork Here", "Start a what-if branch from the position on the table (Ctrl+Shift+B)",
                                 self.fork_here, "Ctrl+Shift+B", window_wide=True)
        self.play = self._action("Play", "Put the chosen line on the table (Enter)", self._play_chosen)
        self.keep = self._action("Keep as Main", "Make the chosen branch the main line; the former main line is "
                                 "set aside as a branch", self._keep_chosen)
        self.compare = self._action("Compare", "Set the chosen line beside the one on the table (the line on the "
                                    "table beside the main line)", self._compare_chosen)
        self.rename = self._action("Rename", "Rename the chosen line (F2)", self._rename_chosen, "F2")
        self.discard = self._action("Discard", "Drop the chosen branch for good (Delete)", self._discard_chosen, "Delete")
        bar = QToolBar()
        bar.setToolButtonStyle(Qt.ToolButtonTextOnly)
        for action in (self.fork, self.play, self.keep, self.compare, self.rename, self.discard):
            bar.addAction(action)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 4)
        layout.addWidget(bar)
        layout.addWidget(self.list, 1)

    def _action(self, text: str, tip: str, slot, shortcut: str | None = None, window_wide: bool = False) -> QAction:
        action = QAction(text, self)
        action.setToolTip(tip)
        action.setStatusTip(tip)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
            action.setShortcutContext(Qt.WindowShortcut if window_wide else Qt.WidgetWithChildrenShortcut)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    # --- showing the lines ---------------------------------------------------------------------

    @property
    def lines(self) -> BranchSet | None:
        return self.session.lines if self.session is not None else None

    def show_session(self, session: Session) -> None:
        self.session = session
        self.refresh()

    def refresh(self) -> None:
        chosen = self.chosen()
        lines = self.lines
        names = lines.names() if lines is not None else ["Main line"]
        on_table = lines.current if lines is not None else names[0]
        self.list.blockSignals(True)
        self.list.clear()
        for name in names:
            session = lines.session(name) if lines is not None else self.session
            text, tip = line_words(lines, session, name)
            item = QListWidgetItem(text + ("  — on the table" if name == on_table else ""))
            item.setData(NAME_ROLE, name)
            item.setToolTip(tip)
            item.setFlags(item.flags() | Qt.ItemIsEditable)
            if name == on_table:
                font = QFont(item.font())
                font.setBold(True)
                item.setFont(font)
            self.list.addItem(item)
            if name == (chosen or on_table):
                self.list.setCurrentItem(item)
        self.list.blockSignals(False)
        self._enable()

    def chosen(self) -> str | None:
        item = self.list.currentItem()
        return item.data(NAME_ROLE) if item is not None else None

    def _enable(self) -> None:
        lines, name = self.lines, self.chosen()
        several = lines is not None and len(lines.names()) > 1
        other = several and name is not None and name != lines.current
        self.play.setEnabled(other)
        self.compare.setEnabled(self.compared_with() is not None)
        self.keep.setEnabled(several and name is not None and name != lines.main)
        self.discard.setEnabled(other and name != lines.main)
        self.rename.setEnabled(name is not None)

    # --- acting --------------------------------------------------------------------------------

    def fork_here(self) -> None:
        """A new branch from the position on the table, put on the table and open for a name."""
        lines = BranchSet.of(self.session)
        line = lines.fork()
        self.message.emit(f"{line.name} forked from {line.parent} after {line.fork_at} actions: "
                          "play on; the other lines stay as they were.")
        self.playLine.emit(line.name)
        QTimer.singleShot(0, self, lambda: self._edit(line.name))  # once the window has settled with the branch

    def _edit(self, name: str) -> None:
        for i in range(self.list.count()):
            item = self.list.item(i)
            if item.data(NAME_ROLE) == name:
                self.list.setCurrentItem(item)
                self.list.blockSignals(True)
                item.setText(name)  # the plain name while it is edited
                self.list.blockSignals(False)
                self.list.editItem(item)

    def _renamed(self, item: QListWidgetItem) -> None:
        old, new = item.data(NAME_ROLE), item.text().strip()
        try:
            if new != old:
                BranchSet.of(self.session).rename(old, new)
        except Refused as refusal:
            self.message.emit(f"Not renamed: {refusal}")
        self.linesChanged.emit()
        QTimer.singleShot(0, self.refresh)  # not while the list's editor is still closing

    def _play_chosen(self) -> None:
        if self.play.isEnabled():
            self.playLine.emit(self.chosen())

    def _keep_chosen(self) -> None:
        name = self.chosen()
        self.lines.keep(name)
        self.message.emit(f"{name} is now the main line.")
        self.linesChanged.emit()
        self.refresh()

    def compared_with(self) -> str | None:
        """The line Compare sets beside the one on the table: the chosen line, or the main line
        while the chosen line is the one on the table (a branch); None when there is none."""
        lines, name = self.lines, self.chosen()
        if lines is None or name is None or len(lines.names()) < 2:
            return None
        if name != lines.current:
            return name
        return lines.main if lines.current != lines.main else None

    def _compare_chosen(self) -> None:
        other = self.compared_with()
        if other is not None:
            self.compareLine.emit(other)

    def _rename_chosen(self) -> None:
        if self.chosen():
            self._edit(self.chosen())

    def _discard_chosen(self) -> None:
        if not self.discard.isEnabled():
            return
        name = self.chosen()
        try:
            self.lines.discard(name)
        except Refused as refusal:
            self.message.emit(f"Not discarded: {refusal}")
            return
        self.message.emit(f"{name} discarded.")
        self.linesChanged.emit()
        self.refresh()

    def _context_menu(self, pos) -> None:
        menu = QMenu(self)
        for action in (self.play, self.compare, self.keep, self.rename, self.discard):
            menu.addAction(action)
        menu.addSeparator()
        menu.addAction(self.fork)
        menu.popup(self.list.viewport().mapToGlobal(pos))
