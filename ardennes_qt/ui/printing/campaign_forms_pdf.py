"""A campaign's paper forms (``core.system.CampaignForm``: the roster, the purchase record) printed
to a PDF the way the paper ones are laid out: a landscape sheet per side, a ruled box for every
cell, headings that share a first word ("CPP Start", "CPP Repl") under one band, shaded boxes
where the rules shade them, a row for every line to be filled in, the notes at the foot.  Written
whole or not at all (``store.atomic.replacing``)."""

from __future__ import annotations

import errno
import os
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPdfWriter, QPen

from ardennes_qt.core.system import CampaignForm
from ardennes_qt.store.atomic import replacing
from ardennes_qt.ui.printing.page_setup import page_layout

RESOLUTION = 600  # dpi
SHADED = "—"  # a box the rules shade
ROW_MM = 8.0  # at least; a roster's rows share the page, to be written in
ROW_MAX_MM = 13.0
HEAD_MM = 12.0  # the column headings (two lines)
BAND_MM = 5.0  # a band over columns that share a first word
TITLE_MM = 16.0
FOOT_MM = 14.0
EMPTY_ROWS = 3  # blank lines at the end of a list that grows (a purchase record), to write on
INK = QColor("#222222")
SHADE = QColor("#c8c8c8")
HEAD_FILL = QColor("#ecebe4")


@dataclass(frozen=True)
class Sheet:
    """One printed page: a form, one side's rows from ``first``, and whether more pages follow."""

    form: CampaignForm
    side: str
    rows: tuple[tuple[str, ...], ...]
    part: int
    parts: int
    row_mm: float = ROW_MM


def _bands(columns: tuple[str, ...]) -> list[tuple[str, int, int]]:
    """(band words, first column, last column) for runs of columns sharing a first word."""
    def first(c: int) -> str:
        return columns[c].split(" ")[0] if " " in columns[c] else ""

    bands, i = [], 0
    while i < len(columns):
        j = i
        while first(i) and j + 1 < len(columns) and first(j + 1) == first(i):
            j += 1
        if j > i:
            bands.append((first(i), i, j))
        i = j + 1
    return bands


def _sheets(forms: tuple[CampaignForm, ...], body_mm: float) -> list[Sheet]:
    rows_per_page = max(1, int(body_mm // ROW_MM))
    sheets = []
    for form in forms:
        for side, rows in form.rows.items():
            # A roster prints every CG Date; a purchase record its lines and a few blank ones.
            rows = rows + ((("",) * len(form.columns),) * EMPTY_ROWS if form.current < 0 else ())
            parts = max(1, -(-len(rows) // rows_per_page))
            row_mm = min(ROW_MAX_MM, body_mm / len(rows)) if parts == 1 and rows else ROW_MM
            for part in range(parts):
                sheets.append(Sheet(form, side, rows[part * rows_per_page:(part + 1) * rows_per_page], part, parts,
                                    row_mm))
    return sheets


class FormPages:
    def __init__(self, forms: tuple[CampaignForm, ...], heading: str, paper: str = "A4") -> None:
        self.forms = forms
        self.heading = heading
        self.layout = page_layout(paper, "landscape")
        area = self.layout.paintRect(self.layout.Unit.Millimeter)
        self.width_mm, self.height_mm = area.width(), area.height()
        body = self.height_mm - TITLE_MM - FOOT_MM - HEAD_MM - BAND_MM
        self.sheets = _sheets(forms, body)
        self.scale = 1.0  # device pixels per millimetre, once painting

    def paint(self, writer: QPdfWriter) -> None:
        painter = QPainter(writer)
        self.scale = writer.resolution() / 25.4
        painter.scale(self.scale, self.scale)  # millimetres from here on
        for n, sheet in enumerate(self.sheets):
            if n:
                writer.newPage()
            self._paint_sheet(painter, sheet, n + 1)
        painter.end()

    # --- one sheet ---------------------------------------------------------------------------

    def _font(self, points: float, bold: bool = False) -> QFont:
        font = QFont("Helvetica")
        font.setPointSizeF(points / self.scale)  # the painter's scale to millimetres enlarges it back
        font.setBold(bold)
        return font

    def _widths(self, form: CampaignForm) -> list[float]:
        """Each column's width: its longest heading word or cell, within bounds, fitted to the page."""
        weights = []
        for c, name in enumerate(form.columns):
            words = max(len(w) for w in name.split(" ")[-2:])
            longest = max((len(row[c]) for rows in form.rows.values() for row in rows), default=0)
            weights.append(max(5, words + 1, min(longest + 2, 34)))
        total = sum(weights)
        return [self.width_mm * w / total for w in weights]

    def _paint_sheet(self, painter: QPainter, sheet: Sheet, number: int) -> None:
        form = sheet.form
        part = f" (page {sheet.part + 1} of {sheet.parts})" if sheet.parts > 1 else ""
        painter.setPen(INK)
        painter.setFont(self._font(15, True))
        painter.drawText(QRectF(0, 0, self.width_mm, 8), Qt.AlignLeft | Qt.AlignVCenter, f"{form.title}: {sheet.side}{part}")
        painter.setFont(self._font(8.5))
        painter.drawText(QRectF(0, 8, self.width_mm, 6), Qt.AlignLeft | Qt.AlignVCenter,
                         f"{self.heading} · rule {form.rule}")
        widths = self._widths(form)
        xs = [0.0]
        for w in widths:
            xs.append(xs[-1] + w)
        top = TITLE_MM
        thin, thick = QPen(INK, 0.15), QPen(INK, 0.45)
        bands = _bands(form.columns)
        banded = {c: band for band, first, last in bands for c in range(first, last + 1)}
        painter.setFont(self._font(7.5, True))
        for band, first, last in bands:
            rect = QRectF(xs[first], top, xs[last + 1] - xs[first], BAND_MM)
            painter.fillRect(rect, HEAD_FILL)
            painter.setPen(thin)
            painter.drawRect(rect)
            painter.drawText(rect, Qt.AlignCenter, band)
        head_top = top + BAND_MM
        for c, name in enumerate(form.columns):
            words = name[len(banded[c]) + 1:] if c in banded else name
            rect = QRectF(xs[c], head_top if c in banded else top, widths[c],
                          HEAD_MM if c in banded else HEAD_MM + BAND_MM)
            painter.fillRect(rect, HEAD_FILL)
            painter.setPen(thin)
            painter.drawRect(rect)
            painter.drawText(rect.adjusted(0.8, 0.5, -0.8, -0.5), Qt.AlignCenter | Qt.TextWordWrap, words)
        y = head_top + HEAD_MM
        cell_font = self._font(7.5)
        metrics = QFontMetricsF(cell_font, painter.device())  # in millimetres, as the painter draws
        painter.setFont(cell_font)
        lines = max(1, int((sheet.row_mm - 0.8) // metrics.lineSpacing()))
        for cells in sheet.rows:
            for c, text in enumerate(cells):
                rect = QRectF(xs[c], y, widths[c], sheet.row_mm)
                if text == SHADED:
                    painter.fillRect(rect, SHADE)
                    text = ""
                painter.setPen(thin)
                painter.drawRect(rect)
                inner = rect.adjusted(1.0, 0.4, -1.0, -0.4)
                room = inner.width() * lines * 0.85  # wrapping between words loses some of each line
                if metrics.horizontalAdvance(text) > room:
                    text = metrics.elidedText(text, Qt.ElideRight, room)
                painter.setPen(INK)
                painter.drawText(inner, Qt.AlignLeft | Qt.AlignVCenter | Qt.TextWordWrap, text)
            y += sheet.row_mm
        painter.setPen(thick)
        painter.setBrush(Qt.NoBrush)
        painter.drawRect(QRectF(0, top, xs[-1], y - top))
        painter.setPen(INK)
        painter.setFont(self._font(7))
        notes = " ".join(form.notes)
        painter.drawText(QRectF(0, y + 2, self.width_mm, self.height_mm - y - 8),
                         Qt.AlignLeft | Qt.AlignTop | Qt.TextWordWrap, notes)
        painter.drawText(QRectF(0, self.height_mm - 5, self.width_mm, 5), Qt.AlignRight | Qt.AlignVCenter,
                         f"Page {number} of {len(self.sheets)}")


def export_campaign_forms_pdf(forms: tuple[CampaignForm, ...], path: str | Path, heading: str,
                              paper: str = "A4") -> Path:
    """Write the forms to ``path``; OSError when it cannot be written.  Needs a QGuiApplication."""
    path = Path(path)
    if not forms:
        raise ValueError("the game keeps no campaign forms")
    if not path.parent.is_dir():
        raise FileNotFoundError(errno.ENOENT, "there is no such folder", str(path.parent))
    pages = FormPages(forms, heading, paper)
    with replacing(path, durable=False) as tmp:
        writer = QPdfWriter(str(tmp))
        writer.setResolution(RESOLUTION)
        writer.setPageLayout(pages.layout)
        writer.setTitle(forms[0].title)
        writer.setCreator("ardennes-qt")
        pages.paint(writer)
        del writer  # the file is complete once the writer is gone
        if tmp.stat().st_size == 0:
            raise OSError(f"nothing could be written to {path}")
        os.chmod(tmp, 0o666 & ~_umask())
    return path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
