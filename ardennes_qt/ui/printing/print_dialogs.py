"""The print preview with page setup, and the Export PDF dialog (paper, orientation, file).

Both are opened window-modal and returned, so the table and the editor keep one
reference while they are up.  A PDF that cannot be written is reported in the dialog,
which stays open with the choices made.
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QLocale, Signal
from PySide6.QtGui import QPageLayout
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ardennes_qt.core.content import Content
from ardennes_qt.engine.setup_sheet import SetupSheet, setup_sheet
from ardennes_qt.ui.printing.page_setup import ORIENTATIONS, PAPERS, page_layout
from ardennes_qt.ui.printing.pdf_export import export_setup_pdf
from ardennes_qt.ui.printing.sheet_pages import SheetPages

PDF_FILTER = "PDF files (*.pdf)"


def default_paper() -> str:
    """Letter where the locale measures in inches (the US), A4 everywhere else."""
    return "Letter" if QLocale().measurementSystem() == QLocale.ImperialUSSystem else "A4"


def default_pdf_name(content: Content) -> str:
    words = re.sub(r"[^A-Za-z0-9]+", "-", content.scenario.title).strip("-")
    return f"{content.scenario.id}-{words}-setup.pdf"


class SheetPreview(QPrintPreviewDialog):
    """Qt's print preview (zoom, page setup, orientation, print) over the setup sheet."""

    def __init__(self, content: Content, parent: QWidget | None = None) -> None:
        self.printer = QPrinter(QPrinter.HighResolution)
        self.printer.setPageLayout(page_layout(default_paper(), "portrait"))
        self.printer.setDocName(f"Setup sheet: {content.scenario.title}")
        super().__init__(self.printer, parent)
        self.setWindowTitle(f"Print setup sheet — {content.scenario.title}")
        self.content = content
        self.sheet: SetupSheet = setup_sheet(content)
        self._planned: dict[tuple, SheetPages] = {}
        self.paintRequested.connect(self._paint)

    def pages_for(self, layout: QPageLayout) -> SheetPages:
        """The sheet planned for a page layout, kept while the preview switches back and forth."""
        rect = layout.paintRect(QPageLayout.Millimeter)
        key = (round(rect.width(), 1), round(rect.height(), 1))
        if key not in self._planned:
            self._planned[key] = SheetPages(self.content, self.sheet, layout)
        return self._planned[key]

    def _paint(self, printer: QPrinter) -> None:
        self.pages_for(printer.pageLayout()).paint(printer)


def print_setup_sheet(parent: QWidget | None, content: Content) -> SheetPreview:
    """Open the print preview of ``content``'s setup sheet; keep the returned dialog while it is up."""
    dialog = SheetPreview(content, parent)
    if parent is not None:  # a page read at a glance, and the whole toolbar: most of the window
        dialog.resize(max(720, round(parent.width() * 0.75)), max(640, round(parent.height() * 0.92)))
    dialog.open()
    return dialog


class ExportPdfDialog(QDialog):
    exported = Signal(str)  # the path written

    def __init__(self, content: Content, parent: QWidget | None = None, folder: Path | None = None) -> None:
        super().__init__(parent)
        self.content = content
        self.setWindowTitle(f"Export setup sheet — {content.scenario.title}")
        self.paper = QComboBox()
        self.paper.addItems(list(PAPERS))
        self.paper.setCurrentText(default_paper())
        self.orientation = QComboBox()
        self.orientation.addItems([o.capitalize() for o in ORIENTATIONS])
        self.path = QLineEdit(str((folder or Path.home()) / default_pdf_name(content)))
        choose = QPushButton("Choose…")
        choose.clicked.connect(self._choose)
        file_row = QHBoxLayout()
        file_row.addWidget(self.path, 1)
        file_row.addWidget(choose)
        form = QFormLayout()
        form.addRow("Paper", self.paper)
        form.addRow("Orientation", self.orientation)
        form.addRow("File", file_row)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Save | QDialogButtonBox.Cancel)
        self.buttons.button(QDialogButtonBox.Save).setText("Export PDF")
        self.buttons.accepted.connect(self.export)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"The setup sheet of {content.scenario.title} (scenario {content.scenario.id}) as a PDF file."))
        layout.addLayout(form)
        layout.addWidget(self.buttons)
        self.error_box: QMessageBox | None = None
        self.resize(560, self.sizeHint().height())

    def _choose(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export the setup sheet", self.path.text(), PDF_FILTER)
        if path:
            self.path.setText(path)

    def export(self) -> bool:
        path = Path(self.path.text().strip()).expanduser()
        if path.suffix.lower() != ".pdf":
            path = path.with_name(path.name + ".pdf")
        try:
            export_setup_pdf(self.content, path, self.paper.currentText(), self.orientation.currentText().lower())
        except OSError as exc:
            self.error_box = QMessageBox(QMessageBox.Warning, "Cannot export the setup sheet",
                                         f"{path.name} could not be written.", QMessageBox.Ok, self)
            self.error_box.setInformativeText(f"{exc.strerror or exc}\n\nChoose another file or folder.")
            self.error_box.open()
            return False
        self.exported.emit(str(path))
        self.accept()
        return True


def export_pdf_dialog(parent: QWidget | None, content: Content, folder: Path | None = None) -> ExportPdfDialog:
    """Open the Export PDF dialog; its ``exported`` signal gives the path written."""
    dialog = ExportPdfDialog(content, parent, folder)
    dialog.open()
    return dialog
