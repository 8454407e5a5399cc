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


def test_the_recovery_copy_is_written_at_most_a_moment_after_the_first_edit_however_fast_edits_come(qtbot, document):
    import time

    from ardennes_qt.core.mapdata import HexRecord
    from editor.document import AUTOSAVE_AFTER_MS

    hexes = list(document.module.map.numbering.hexes())
    first = time.monotonic()
    n = 0
    # An edit every 50 ms, on and on: the copy is written meanwhile (the delay is not put off by each edit).
    while not document.recovery_path().exists():
        document.swap({"hexes": {hexes[n]: HexRecord(frozenset({"woods"}))}})
        n += 1
        qtbot.wait(50)
        assert time.monotonic() - first < AUTOSAVE_AFTER_MS / 1000 + 2, "the recovery copy was never written"
    assert n <= AUTOSAVE_AFTER_MS / 50 + 10


def test_edits_a_crash_left_of_another_module_are_offered_when_the_editor_starts_on_none(qtbot, tmp_path,
                                                                                        monkeypatch):
    from ardennes_qt.core.mapdata import HexRecord
    from ardennes_qt.store.editorfile import write_module
    from editor.recovery import left_edits, offer_recovery
    from tests.editor.modules import small_module

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # a recovery folder of its own
    path = tmp_path / "mine.ardmod"
    write_module(path, small_module())
    crashed = EditorDocument.open(path)
    h = crashed.module.map.parse("A4.04")
    crashed.swap({"hexes": {h: HexRecord(frozenset({"marsh"}))}})
    crashed.flush_recovery()  # ... and the editor was killed: never closed, never saved
    assert [left.module_path for left in left_edits()] == [path.resolve()]
    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: asked.append(a[2]) or QMessageBox.Yes)
    shipped = EditorDocument(small_module())
    assert offer_recovery(shipped) is shipped and asked == []  # only that module's, when one is opened
    back = offer_recovery(shipped, any_module=True)
    assert "mine.ardmod has edits from" in asked[0]
    assert back.path == path.resolve() and back.dirty and back.module.map.terrain(h) == {"marsh"}
    back.save()
    assert left_edits() == []
