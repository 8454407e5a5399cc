"""Exporting the text form: nothing in the folder is replaced without a yes, and the
report names what stays only in the module file and what a reader of the folder should know."""

import shutil

from PySide6.QtWidgets import QMessageBox

from ardennes_qt.store.editormodel import VectorLayer
from ardennes_qt.store.library import scenarios_root
from editor import files
from editor.commands import EditHouseRules, EditLayer, PaintTerrain
from tests.editor.mouse import at_hex, click


def report(editor) -> str:
    box = editor.export_report
    return f"{box.text()}\n{box.informativeText()}"


def test_what_the_text_form_cannot_hold_is_named_and_the_module_offered_to_be_saved(shipped_editor, tmp_path):
    editor = shipped_editor
    document = editor.document
    document.push(EditLayer(document, {"layers": {"forest 1": VectorLayer("forest 1", "polygon", "forest")}}, "Draw"))
    document.push(EditHouseRules(document, {"house_rules": {("map", "crt"): "x = 1\n"}}, "House rule"))
    assert files.export_to(editor, tmp_path / "ardennes2")
    said = report(editor)
    assert "wrote 10 files" in said
    assert "1 vector layer(s)" in said and "the house-rule tables" in said
    assert "only in this session and its recovery copy" in said
    assert any(b.text() == "Save the module…" for b in editor.export_report.buttons())
    editor.export_report.close()

    document.save(tmp_path / "a2.ardmod")
    assert files.export_to(editor, tmp_path / "ardennes2")
    said = report(editor)
    assert "the 10 files there were already as the module has them" in said and "kept in a2.ardmod" in said
    assert all(b.text() != "Save the module…" for b in editor.export_report.buttons())


def test_text_changed_by_hand_in_the_folder_is_replaced_only_after_a_yes(shipped_editor, tmp_path, monkeypatch):
    editor = shipped_editor
    folder = tmp_path / "ardennes2"
    assert files.export_to(editor, folder)
    edited = folder / "7.3.toml"
    edited.write_text(edited.read_text(encoding="utf-8") + "# my note\n", encoding="utf-8")
    asked = []
    monkeypatch.setattr(files.QMessageBox, "question", lambda *a, **k: asked.append(a[2]) or QMessageBox.Cancel)
    assert not files.export_to(editor, folder)
    assert "would be replaced: 7.3.toml" in asked[0] and edited.read_text(encoding="utf-8").endswith("# my note\n")
    monkeypatch.setattr(files.QMessageBox, "question", lambda *a, **k: QMessageBox.Yes)
    assert files.export_to(editor, folder)
    assert "# my note" not in edited.read_text(encoding="utf-8")
    assert "wrote 1 file (7.3.toml); 9 already as they were" in report(editor)


def test_a_stale_scenario_file_and_a_generated_map_are_pointed_out(shipped_editor, tmp_path, monkeypatch):
    editor = shipped_editor
    folder = tmp_path / "ardennes2"
    shutil.copytree(scenarios_root() / "ardennes2", folder)
    (folder / "7.9.toml").write_text("# a scenario deleted in the editor\n", encoding="utf-8")
    editor.canvas.zoom_to(0.8, "B1.16")
    editor.choose_tool("brush")
    click(editor, at_hex(editor, "B2.16"))
    assert isinstance(editor.document.undo_stack.command(0), PaintTerrain)
    monkeypatch.setattr(files.QMessageBox, "question", lambda *a, **k: QMessageBox.Yes)
    assert files.export_to(editor, folder)
    said = report(editor)
    assert "wrote 1 file (map/map.txt)" in said
    assert "7.9.toml is in the folder but the module has no scenario 7.9" in said
    assert "map/map.txt here is made by map/generate.py" in said
