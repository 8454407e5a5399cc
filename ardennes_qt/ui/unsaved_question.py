"""Asking before play that was not saved is lost: Quit, the window's close button, New
Game and Open ask "Save / Discard / Cancel", as desktop programs do.

Save saves (asking where, for a game never saved) and then goes on; a Save given up, or
one that fails, goes no further.  Discard goes on without saving.  Cancel leaves
everything as it was.  The question is a window-modal box answered later (``open``, not
``exec``), so nothing waits on it: a test answers it by its buttons.

What counts as saved is the game's play as it was last opened or saved: every line of
play, its actions and how far along them it is.  Another line put on the table is the
same game; a game brought back from an autosave has play no file holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox

    from ardennes_qt.engine.session import Session
    from ardennes_qt.ui.table_face import TableFace


def play_mark(session: Session) -> tuple:
    """What a save of the game would hold of its play: each line's name, parent, actions and
    position, and which line is the main one."""
    lines = session.lines
    if lines is None:
        return ("", (("", "", session.history, session.history_position),))
    return (lines.main, tuple((name, lines.line(name).parent, lines.session(name).history,
                               lines.session(name).history_position) for name in lines.names()))


class UnsavedQuestion:
    def __init__(self, window: TableFace) -> None:
        self.window = window
        self._mark: tuple | None = None  # None: play no file holds
        self.box: QMessageBox | None = None  # the question, while it is asked
        self.leaving = False  # the player has answered: the window closes without asking again

    def put_on_table(self, previous: Session | None, session: Session) -> None:
        """``session`` is on the table now: another game (its play as opened), or another
        line of the game that was there (nothing saved or lost by that)."""
        if previous is not None and session.lines is not None and session.lines is previous.lines:
            return
        self._mark = None if session.unsaved_play else play_mark(session)

    def saved(self) -> None:
        self._mark = play_mark(self.window.session)

    def play_unsaved(self) -> bool:
        session = self.window.session
        return session is not None and play_mark(session) != self._mark

    # --- asking ----------------------------------------------------------------------------------

    def then(self, doing: str, go: Callable[[], None]) -> None:
        """``go`` now if no play would be lost, else once the player has saved it or let it go.
        ``doing``: what is about to happen, as the question says it ("quitting")."""
        if not self.play_unsaved():
            go()
            return
        if self.box is not None:  # asked already: the same question comes to the front
            self.box.raise_()
            self.box.activateWindow()
            return
        from PySide6.QtWidgets import QMessageBox  # asked for only when there is play to lose

        session = self.window.session
        if session.file is not None:
            question = f"Save the changes to {session.file.name} before {doing}?"
            lost = "What was played since it was last saved is lost if it is not saved."
        else:
            question = f"Save this game of {session.content.scenario.title} before {doing}?"
            lost = "It has never been saved: what was played is lost if it is not saved."
        box = QMessageBox(QMessageBox.Warning, "Save the game?", question,
                          QMessageBox.Save | QMessageBox.Discard | QMessageBox.Cancel, self.window)
        box.setInformativeText(lost)
        box.setDefaultButton(QMessageBox.Save)
        box.finished.connect(lambda _result: self._answered(box, go))
        self.box = box
        box.open()

    def _answered(self, box: QMessageBox, go: Callable[[], None]) -> None:
        from PySide6.QtWidgets import QMessageBox

        self.box = None
        answer = box.standardButton(box.clickedButton())
        box.deleteLater()
        if answer == QMessageBox.Save:
            if self.window.menus is None:
                return
            self.window.menus.save()  # asks where for a game never saved; the player may give up
            if self.play_unsaved():
                return
        elif answer != QMessageBox.Discard:
            return
        go()

    def may_close(self, event) -> bool:
        """The window's close (Quit, its close button): True to close now; False when the
        question is asked first (the window closes once it is answered)."""
        if self.leaving or not self.play_unsaved():
            return True
        event.ignore()
        self.then("quitting", self._leave)
        return False

    def _leave(self) -> None:
        self.leaving = True
        self.window.close()
