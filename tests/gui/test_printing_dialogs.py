"""Printing from the table: File > Print Setup Sheet… opens a preview that paints the
sheet for the page setup chosen, File > Export Setup Sheet as PDF… writes the file or
says why it could not; and the print-setup command does both jobs with no window."""

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtGui import QPageLayout
from PySide6.QtPrintSupport import QPrinter

from ardennes_qt.store.library import load_content
from ardennes_qt.ui.printing import export_pdf_dialog, print_setup_sheet
from ardennes_qt.ui.printing.page_setup import page_layout
from ardennes_qt.ui.printing.print_dialogs import ExportPdfDialog, SheetPreview, default_pdf_name

ROOT = Path(__file__).resolve().parents[2]


def menu_action(window, text: str):
    file_menu = window.menuBar().actions()[0].menu()
    return next(a for a in file_menu.actions() if a.text().replace("&", "") == text)


def test_the_file_menu_opens_the_print_preview(table, qtbot):
    menu_action(table, "Print Setup Sheet…").trigger()
    preview = table.menus.print_dialog
    assert isinstance(preview, SheetPreview)
    qtbot.waitUntil(preview.isVisible)
    assert "Test" in preview.windowTitle()
    # Most of the window: a page read at a glance, the whole toolbar shown.
    assert preview.width() >= table.width() * 0.7 and preview.height() >= table.height() * 0.9
    preview.reject()


def test_the_preview_lays_the_sheet_out_again_for_a_new_page_setup(qtbot, tmp_path):
    preview = print_setup_sheet(None, load_content("ardennes2/7.5"))
    qtbot.addWidget(preview)
    printer = QPrinter(QPrinter.HighResolution)
    printer.setOutputFormat(QPrinter.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "preview.pdf"))
    printer.setPageLayout(page_layout("Letter", "landscape"))
    preview.paintRequested.emit(printer)
    landscape = preview.pages_for(printer.pageLayout())
    portrait = preview.pages_for(page_layout("A4", "portrait"))
    assert landscape is not portrait and landscape.columns > 1
    assert printer.pageLayout().orientation() == QPageLayout.Landscape
    assert (tmp_path / "preview.pdf").stat().st_size > 10_000
    preview.reject()


def test_export_pdf_from_the_table(table, qtbot, tmp_path):
    menu_action(table, "Export Setup Sheet as PDF…").trigger()
    dialog = table.menus.print_dialog
    assert isinstance(dialog, ExportPdfDialog)
    dialog.paper.setCurrentText("Letter")
    dialog.orientation.setCurrentText("Landscape")
    dialog.path.setText(str(tmp_path / "test-setup"))
    with qtbot.waitSignal(dialog.exported) as written:
        assert dialog.export()
    assert written.args == [str(tmp_path / "test-setup.pdf")]
    assert (tmp_path / "test-setup.pdf").read_bytes().startswith(b"%PDF")
    assert "test-setup.pdf" in table.statusBar().currentMessage()
    assert not dialog.isVisible()


def test_export_pdf_to_a_folder_that_does_not_exist_says_so_and_stays_open(qtbot, tmp_path):
    dialog = export_pdf_dialog(None, load_content("ardennes2/7.5"), tmp_path)
    qtbot.addWidget(dialog)
    assert dialog.path.text() == str(tmp_path / default_pdf_name(dialog.content))
    assert default_pdf_name(dialog.content) == "7.5-Bastogne-Screaming-Eagles-Under-Siege-setup.pdf"
    dialog.path.setText(str(tmp_path / "missing" / "sheet.pdf"))
    assert not dialog.export()
    assert dialog.isVisible() and dialog.error_box is not None
    assert "could not be written" in dialog.error_box.text()
    assert dialog.path.text().endswith("sheet.pdf")  # the choice is kept for another try
    dialog.error_box.close()
    dialog.reject()


def command(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("QT_QPA_PLATFORM", None)  # the command needs no display of its own
    return subprocess.run([sys.executable, "-m", "ardennes_qt", "print-setup", *args],
                          env=env, capture_output=True, text=True, timeout=180)


def test_the_print_setup_command_writes_a_pdf(tmp_path):
    out = tmp_path / "setup.pdf"
    result = command("ardennes2/7.5", "-o", str(out), "--paper", "Letter", "--landscape")
    assert result.returncode == 0, result.stderr
    assert out.read_bytes().startswith(b"%PDF")


def test_the_print_setup_command_writes_text_to_standard_output():
    result = command("ardennes2/7.5", "--format", "text")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Bastogne: Screaming Eagles Under Siege\n")
    assert "SET-UP: ALLIED" in result.stdout and "REINFORCEMENTS: GERMAN" in result.stdout


def test_the_print_setup_command_reports_bad_input_without_a_traceback(tmp_path):
    unknown = command("ardennes2/9.9", "-o", str(tmp_path / "x.pdf"))
    assert unknown.returncode == 2 and "9.9" in unknown.stderr and "Traceback" not in unknown.stderr
    no_file = command("ardennes2/7.5")
    assert no_file.returncode == 2 and "-o" in no_file.stderr
    unwritable = command("ardennes2/7.5", "-o", str(tmp_path / "missing" / "x.pdf"))
    assert unwritable.returncode == 1 and "cannot write" in unwritable.stderr
    assert "Traceback" not in unwritable.stderr
