"""What the table asks about files before it opens them: whether to open anyway a game
whose map, counters or scenario were changed outside the program (as a physical table,
the rules' assistance off), and whether to bring back the game a crash interrupted."""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtWidgets import QMessageBox, QWidget

from ardennes_qt.engine.opening import open_file
from ardennes_qt.engine.session import Session
from ardennes_qt.store.gamefile import ContentChanged, UnfinishedGame


def changed_content_box(parent: QWidget | None, path: Path, error: ContentChanged) -> QMessageBox:
    box = QMessageBox(QMessageBox.Warning, "The game was changed", f"{path.name} is not as ardennes-qt saved it.",
                      QMessageBox.Open | QMessageBox.Cancel, parent)
    box.setInformativeText(
        f"{error.message[:1].upper()}{error.message[1:]}.\n\nIt can be opened anyway as a physical table: the rules "
        "run the sequence of play, but counters go where they are dropped, and what the rules would say may be "
        "wrong for this map and these counters.")
    box.button(QMessageBox.Open).setText("Open as a Physical Table")
    box.setDefaultButton(QMessageBox.Cancel)
    return box


def open_changed_anyway(parent: QWidget | None, path: Path, error: ContentChanged) -> bool:
    """Ask whether to open a game whose content was changed, as a physical table."""
    return changed_content_box(parent, path, error).exec() == QMessageBox.Open


def open_game_file(parent: QWidget | None, path: Path | str, scenario: str | None = None,
                   seed: int | None = None) -> Session | None:
    """``engine.opening.open_file``, asking first whether a game whose content was changed is
    to be opened anyway; None when the player says no.  ContentError otherwise."""
    try:
        return open_file(path, scenario, seed)
    except ContentChanged as error:
        if not open_changed_anyway(parent, Path(path), error):
            return None
        return open_file(path, scenario, seed, accept_changed_content=True)


def restore_box(parent: QWidget | None, game: UnfinishedGame) -> QMessageBox:
    when = time.strftime("%d %b at %H:%M", time.localtime(game.modified))
    where = (f"It was last saved to {game.saved_file.name}; what was played since was not." if game.saved_file
             else "It was never saved to a file.")
    box = QMessageBox(QMessageBox.Question, "Restore the last game?",
                      f"ardennes-qt stopped on {when} without closing, in the middle of a game.",
                      QMessageBox.Yes | QMessageBox.No, parent)
    box.setInformativeText(
        f"{game.title}, turn {game.turn}, {game.actions} action(s). {where}\n\nRestore it as it was? "
        "Otherwise it is kept aside as the previous autosave, and can be opened from there later.")
    box.button(QMessageBox.Yes).setText("Restore the Game")
    box.button(QMessageBox.No).setText("Not Now")
    box.setDefaultButton(QMessageBox.Yes)
    return box


def restore_unfinished(parent: QWidget | None, game: UnfinishedGame) -> bool:
    """Ask whether to bring back the game the last run did not close."""
    return restore_box(parent, game).exec() == QMessageBox.Yes
