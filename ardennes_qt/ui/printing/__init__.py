"""Printed setup sheets: PDF export and printing through a preview with page setup.

    export_setup_pdf(content, "setup.pdf", paper="A4", orientation="portrait")
    print_setup_sheet(parent_widget, content)     # the print preview dialog

Both lay out the same SetupSheet (ardennes_qt.engine.setup_sheet) as the plain-text form.
"""

from ardennes_qt.ui.printing.pdf_export import export_setup_pdf
from ardennes_qt.ui.printing.print_dialogs import export_pdf_dialog, print_setup_sheet
from ardennes_qt.ui.printing.page_setup import ORIENTATIONS, PAPERS

__all__ = ["export_setup_pdf", "print_setup_sheet", "export_pdf_dialog", "PAPERS", "ORIENTATIONS"]
