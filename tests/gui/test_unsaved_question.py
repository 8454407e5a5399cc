"""Quit, the close button, New Game and Open ask before play that was not saved is lost:
Save / Discard / Cancel.  The question is answered here by its buttons, as a player does."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from ardennes_qt.engine.session import Session
from tests.gui.mouse import counter_point, drag, hex_point


def play_a_move(window) -> None:
    drag(window, counter_point(window, "1Pz:I/1"), hex_point(window, "B5.05"))
    assert window.session.unit("1Pz:I/1").hex == "B5.05"


def answer(window, button) -> None:
    box = window.unsaved.box
    assert box is not None and box.isVisible(), "no question asked"
    box.button(button).click()


@pytest.fixture
def no_file_dialogs(monkeypatch):
    """The file dialogs answer as told (a path, or "" for a dialog given up); what was asked is kept."""
    asked = []
    answers = {"save": "", "open": ""}

    def dialog(kind):
        def ask(*_args, **_kwargs):
            asked.append(kind)
            return answers[kind], ""
        return ask

    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog("save"))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", dialog("open"))
    return asked, answers


def test_quitting_with_nothing_played_asks_nothing(table):
    QTest.keySequence(table, QKeySequence("Ctrl+Q"))
    assert table.unsaved.box is None and not table.isVisible()


def test_ctrl_q_after_a_move_asks_and_cancel_keeps_everything(table):
    play_a_move(table)
    QTest.keySequence(table, QKeySequence("Ctrl+Q"))
    box = table.unsaved.box
    assert box.windowTitle() == "Save the game?" and "before quitting" in box.text()
    assert {box.standardButton(b) for b in box.buttons()} == {QMessageBox.Save, QMessageBox.Discard, QMessageBox.Cancel}
    answer(table, QMessageBox.Cancel)
    assert table.isVisible() and table.session.unit("1Pz:I/1").hex == "B5.05" and table.session.can_undo


def test_the_close_button_asks_too_and_discard_closes(table):
    play_a_move(table)
    table.close()  # as the window's close button does
    assert table.isVisible()
    answer(table, QMessageBox.Discard)
    assert not table.isVisible()


def test_save_given_up_keeps_the_window_open_and_save_then_quit(table, no_file_dialogs, tmp_path):
    asked, answers = no_file_dialogs
    play_a_move(table)
    table.close()
    answer(table, QMessageBox.Save)
    assert asked == ["save"] and table.isVisible()  # the player gave up choosing where
    answers["save"] = str(tmp_path / "kept.ardennes")
    table.close()
    answer(table, QMessageBox.Save)
    assert not table.isVisible()
    assert Session.load(tmp_path / "kept.ardennes").unit("1Pz:I/1").hex == "B5.05"


def test_a_game_back_where_it_was_saved_quits_without_asking(table, tmp_path):
    play_a_move(table)
    assert table.save_game(tmp_path / "saved.ardennes")
    table.history.undo.trigger()
    table.history.redo.trigger()  # back where it was saved
    table.close()
    assert table.unsaved.box is None and not table.isVisible()


def test_new_game_asks_first_and_cancel_starts_nothing(table):
    play_a_move(table)
    table.menus.new_game()
    answer(table, QMessageBox.Cancel)
    assert table.menus.chooser is None
    table.menus.new_game()
    answer(table, QMessageBox.Discard)
    assert table.menus.chooser is not None and table.menus.chooser.isVisible()
    table.menus.chooser.reject()


def test_open_asks_first_and_cancel_opens_nothing(table, no_file_dialogs):
    asked, _ = no_file_dialogs
    play_a_move(table)
    table.menus.open_dialog()
    answer(table, QMessageBox.Cancel)
    assert asked == []
    table.menus.open_dialog()
    answer(table, QMessageBox.Discard)
    assert asked == ["open"]
    assert table.session.unit("1Pz:I/1").hex == "B5.05"  # the file dialog was given up: the game stays
