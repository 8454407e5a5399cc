"""Writing a setup sheet to a PDF file: fonts embedded, text selectable, the file
written whole or not at all."""

from __future__ import annotations

import errno
import os
from pathlib import Path

from PySide6.QtGui import QPageLayout, QPdfWriter

from ardennes_qt.core.content import Content
from ardennes_qt.engine.setup_sheet import setup_sheet
from ardennes_qt.store.atomic import replacing
from ardennes_qt.ui.printing.page_setup import page_layout
from ardennes_qt.ui.printing.sheet_pages import SheetPages, collector_paused

RESOLUTION = 1200  # dpi: counters and hex lines stay crisp when the PDF is printed


def export_setup_pdf(content: Content, path: str | Path, paper: str = "A4", orientation: str = "portrait") -> Path:
    """Write the setup sheet of ``content`` to ``path``; OSError when it cannot be written,
    ValueError for an unknown paper or orientation.  A file already at ``path`` stays as
    it was unless the new one is complete.  Needs a running QGuiApplication (fonts)."""
    path = Path(path)
    layout = page_layout(paper, orientation)
    with collector_paused():  # the model, the plan and the pages: no cycles worth a collection
        return _export(content, path, layout)


def _export(content: Content, path: Path, layout: QPageLayout) -> Path:
    pages = SheetPages(content, setup_sheet(content), layout)
    if not path.parent.is_dir():
        raise FileNotFoundError(errno.ENOENT, "there is no such folder", str(path.parent))
    with replacing(path, durable=False) as tmp:
        writer = QPdfWriter(str(tmp))
        writer.setResolution(RESOLUTION)
        writer.setPageLayout(layout)
        writer.setTitle(f"Setup sheet: {content.scenario.title} ({pages.sheet.which})")
        writer.setCreator("ardennes-qt")
        pages.paint(writer)
        del writer  # the file is complete once the writer is gone
        if tmp.stat().st_size == 0:
            raise OSError(f"nothing could be written to {path}")
        os.chmod(tmp, _file_mode(path))
    return path


def _file_mode(path: Path) -> int:
    """The mode a new file gets (the temporary one is private), or the replaced file's."""
    if path.exists():
        return path.stat().st_mode & 0o777
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask
