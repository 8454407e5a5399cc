"""The editor's file handling: save and reopen, the dirty flag, the question before
unsaved edits are dropped, recovery after a crash, files that cannot be opened."""

from PySide6.QtWidgets import QMessageBox

from editor.document import EditorDocument, recovery_for
from editor.recovery import recovered
from tests.editor.mouse import at_hex, click


def paint(editor, hex_id, terrain="forest"):
    editor.choose_tool("brush")
    editor.toolbox.change(terrain=frozenset({terrain}), paint_mode="set")
    click(editor, at_hex(editor, hex_id))


def test_save_clears_the_dirty_flag_and_the_file_reopens_with_the_edit(editor, tmp_path):
    paint(editor, "A4.04")
    assert editor.windowTitle().startswith("*")
    saved = editor.document.save(tmp_path / "small")
    assert saved.name == "small.ardmod"
    assert not editor.windowTitle().startswith("*") and "small.ardmod" in editor.windowTitle()
    assert editor.open_path(saved)
    m = editor.document.module.map
    assert m.terrain(m.parse("A4.04")) == {"forest"}
    assert m.hexes[m.parse("A4.04")].source == "user"


def test_unsaved_edits_are_asked_about_before_they_are_dropped(editor, monkeypatch, tmp_path):
    paint(editor, "A4.04")
    asked = []

    def answer(choice):
        def question(*args, **kwargs):
            asked.append(args[2])
            return choice
        return question

    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.Cancel))
    editor.close()
    assert editor.isVisible() and "not saved" in asked[0]
    target = tmp_path / "elsewhere.ardmod"
    EditorDocument(editor.document.module).save(target)
    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.Cancel))
    assert not editor.open_path(target)
    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.Discard))
    assert editor.open_path(target)
    assert not editor.document.dirty


def test_every_edit_reaches_the_recovery_file_and_comes_back_after_a_crash(editor):
    paint(editor, "A4.04")
    paint(editor, "A5.05", "marsh")
    editor.document.flush_recovery()
    path = editor.document.recovery_path()
    assert recovery_for(None, "ardennes2") == path
    # A new session finds it (the old one never saved nor closed).
    fresh = EditorDocument(editor.document.module.__class__(**{**editor.document.module.__dict__}))
    back = recovered(fresh)
    m = back.module.map
    assert m.terrain(m.parse("A4.04")) == {"forest"} and m.terrain(m.parse("A5.05")) == {"marsh"}
    assert back.dirty


def test_saving_drops_the_recovery_file(editor, tmp_path):
    paint(editor, "A4.04")
    editor.document.flush_recovery()
    unsaved = editor.document.recovery_path()
    assert unsaved.is_file()
    editor.document.save(tmp_path / "m.ardmod")
    assert not unsaved.exists()
    paint(editor, "A5.05")
    editor.document.flush_recovery()
    assert editor.document.recovery_path().is_file() and editor.document.recovery_path() != unsaved


def test_a_file_that_cannot_be_opened_leaves_the_module_as_it_was(editor, tmp_path, monkeypatch):
    broken = tmp_path / "broken.ardmod"
    broken.write_text("not a database")
    before = editor.document
    assert not editor.open_path(broken)
    assert editor.document is before
    assert "not an SQLite database" in editor.message_box.informativeText()
    editor.message_box.close()
