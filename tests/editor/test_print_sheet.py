"""The editor prints the current scenario's setup sheet as it stands in the editor (issue 5)."""

import shutil
import subprocess

import pytest


def test_export_pdf_from_the_editor_lists_the_edited_scenario(shipped_editor, qtbot, tmp_path):
    editor = shipped_editor
    editor.show_scenario("7.4")
    editor.export_sheet()
    dialog = editor.sheet_dialog
    target = tmp_path / "goose-egg.pdf"
    dialog.path.setText(str(target))
    with qtbot.waitSignal(dialog.exported, timeout=30000):
        assert dialog.export()
    assert target.is_file() and target.read_bytes().startswith(b"%PDF")
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", str(target), "-"], capture_output=True, text=True).stdout
        assert "The Goose Egg" in text and "B21.29" in text


def test_printing_without_a_scenario_says_what_to_do(shipped_editor):
    editor = shipped_editor
    editor.show_scenario(None)
    editor.print_sheet()
    assert "Choose a scenario" in editor.statusBar().currentMessage()


@pytest.mark.parametrize("entry", ["&Print setup sheet…", "Export setup sheet as P&DF…"])
def test_the_file_menu_offers_the_setup_sheet(shipped_editor, entry):
    assert entry in [a.text() for a in shipped_editor.menus.file.actions()]
