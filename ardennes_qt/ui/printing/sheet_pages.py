"""Every page of a setup sheet, planned once for a page layout and painted onto any
paged device: a PDF writer, a printer, or the print preview.

Order: the scenario's facts, rules and marks, each side's set-up, each side's
reinforcements, the estimated values and the notes, flowing on from page to page; then
the map excerpt (an overview of the play area, then the detail tiles that hold
counters), which a player lays out on the table beside the map.  Every page has a
running head (scenario and section) and a foot (the mark of estimated values and
"Page n of N").
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPageLayout, QPagedPaintDevice, QPainter, QPen

from ardennes_qt.core.content import Content
from ardennes_qt.engine.setup_sheet import MARK, SetupSheet
from ardennes_qt.engine.setup_sheet_words import units_count
from ardennes_qt.ui.printing import sheet_blocks as blocks
from ardennes_qt.ui.printing.excerpt_legend import legend_block
from ardennes_qt.ui.printing.map_excerpt import MapExcerpt, Tile
from ardennes_qt.ui.printing.page_setup import (
    COLUMN_GAP_MM,
    COLUMN_MIN_MM,
    DOC_DPI,
    FOOTER_MM,
    HEADER_MM,
    mm_to_doc,
)
from ardennes_qt.ui.printing.text_flow import Slice, TextFlow
from ardennes_qt.ui.printing.tile_terrain import TileTerrain

CAPTION_MM = 7.0  # the caption line above a map excerpt
RUNNING_PX = 8.5  # running head and foot, in points
HEAD_INK = QColor("#444444")


@dataclass(frozen=True)
class Page:
    """One page of a setup sheet: its section, and the text flowed onto it, one tile of the map
    excerpt, or the overview."""

    section: str
    slices: tuple[Slice, ...] = ()
    tile: Tile | None = None
    overview: bool = False


class SheetPages:
    def __init__(self, content: Content, sheet: SetupSheet, layout: QPageLayout) -> None:
        self.content = content
        self.sheet = sheet
        area = layout.paintRect(QPageLayout.Millimeter)
        self.width_mm = area.width()
        self.body_mm = area.height() - HEADER_MM - FOOTER_MM
        self.columns = max(1, int((self.width_mm + COLUMN_GAP_MM) // (COLUMN_MIN_MM + COLUMN_GAP_MM)))
        with collector_paused():
            self.excerpt = MapExcerpt(content, sheet, TileTerrain(content.map))
            self.tiles = self.excerpt.tiles(self.width_mm, self.body_mm - CAPTION_MM) if sheet.stacks else []
            self.pages = self._text_pages() + self._map_pages()

    # --- planning -----------------------------------------------------------------------------

    def _flow(self) -> TextFlow:
        return TextFlow(mm_to_doc(self.width_mm), mm_to_doc(self.body_mm), mm_to_doc(COLUMN_GAP_MM))

    def _pages(self, flow: TextFlow) -> list[Page]:
        return [Page(name, tuple(slices)) for name, slices in zip(flow.names, flow.pages) if slices]

    def _text_pages(self) -> list[Page]:
        sheet, flow = self.sheet, self._flow()
        full, column = flow.width, flow.column_width(self.columns)
        intro = [blocks.rule_block(h, text, column) for h, text in sheet.rules]
        if sheet.marks:
            intro.append(blocks.marks_block(sheet, column))
        legend = legend_block(self.content, sheet, column)
        if legend is not None:
            intro.append(legend)
        flow.add_section("Scenario", blocks.title_block(sheet, full), intro, self.columns)
        widths = blocks.set_up_widths(sheet, column)
        for side in sheet.sides:
            if side.count:
                detail = f"{units_count(side.count)}, by formation, hex by hex"
                heading = blocks.heading(f"Set-up: {side.side}", full, detail)
                formations = [blocks.formation_block(f, column, widths) for f in side.formations]
                flow.add_section(f"Set-up: {side.side}", heading, formations, self.columns)
        self._reinforcements_and_notes(flow, full, column)
        return self._pages(flow)

    def _reinforcements_and_notes(self, flow: TextFlow, full: float, column: float) -> None:
        sheet = self.sheet
        place_column = blocks.place_width(sheet, column)
        for side in sheet.reinforcements:
            heading = blocks.heading(f"Reinforcements: {side.side}", full, "by turn and entry place, as printed")
            turns = [blocks.turn_block(t, column, place_column) for t in side.turns]
            flow.add_section(f"Reinforcements: {side.side}", heading, turns, self.columns)
        notes = [blocks.estimates_block(sheet, column)] if sheet.estimates else []
        notes += [blocks.note_block(n, column, first=i == 0) for i, n in enumerate(sheet.notes)]
        if notes:
            flow.add_section("Estimated values and notes", blocks.heading("Estimated values and notes", full), notes,
                             self.columns)

    def _map_pages(self) -> list[Page]:
        """The overview and the detail tiles; one tile alone when the play area fits on it."""
        if self._one_page_map():
            return [Page("Map excerpt", tile=self.tiles[0])]
        pages = [Page("Map excerpt", overview=True)]
        return pages + [Page(f"Map excerpt {t.number} of {len(self.tiles)}", tile=t) for t in self.tiles]

    def _one_page_map(self) -> bool:
        region = self.excerpt.region
        return len(self.tiles) == 1 and self.tiles[0].rect.contains(region)

    # --- painting -----------------------------------------------------------------------------

    def paint(self, device: QPagedPaintDevice) -> None:
        """Paint every page; OSError when the device cannot be painted on (a file not writable)."""
        painter = QPainter()
        if not painter.begin(device):
            raise OSError("the page device could not be opened for painting")
        per_mm = device.logicalDpiX() / 25.4
        try:
            with collector_paused():
                for i, page in enumerate(self.pages):
                    if i:
                        device.newPage()
                    self._paint_running(painter, page, i + 1, per_mm)
                    body = QRectF(0, HEADER_MM * per_mm, self.width_mm * per_mm, self.body_mm * per_mm)
                    if page.slices:
                        self._paint_text(painter, page.slices, body, per_mm)
                    else:
                        self._paint_map(painter, page, body, per_mm)
        finally:
            painter.end()

    def _paint_text(self, painter: QPainter, slices: tuple[Slice, ...], body: QRectF, per_mm: float) -> None:
        painter.save()
        painter.translate(body.topLeft())
        k = per_mm * 25.4 / DOC_DPI
        painter.scale(k, k)
        for piece in slices:
            piece.paint(painter)
        painter.restore()

    def _paint_map(self, painter: QPainter, page: Page, body: QRectF, per_mm: float) -> None:
        caption_h = CAPTION_MM * per_mm
        target = QRectF(body.left(), body.top() + caption_h, body.width(), body.height() - caption_h)
        if page.tile is not None:
            tile = page.tile
            where = f"{tile.first} to {tile.last}" if tile.first else ""
            number = "" if self._one_page_map() else f" {tile.number} of {len(self.tiles)}"
            caption = f"Map excerpt{number}: {where}"
            source = tile.rect
        else:
            caption = (f"Map excerpt: the play area, with the {len(self.tiles)} detail pages that hold counters "
                       "outlined." if self.tiles else "Map excerpt: the play area.")
            source = self.excerpt.region
            target = _fitted(target, source)
        self._caption(painter, QRectF(body.left(), body.top(), body.width(), caption_h), caption, per_mm)
        if page.tile is not None:
            self.excerpt.paint(painter, target, source, per_mm)
        else:
            frames = [(t.core, f"p. {self._page_of(t)}") for t in self.tiles]
            self.excerpt.paint_picture(painter, target, source, per_mm, frames)
        painter.setPen(QPen(Qt.black, 0.25 * per_mm))
        painter.setBrush(Qt.NoBrush)
        painter.drawRect(target)

    def _page_of(self, tile: Tile) -> int:
        return next(i for i, p in enumerate(self.pages, start=1) if p.tile == tile)

    def _caption(self, painter: QPainter, rect: QRectF, text: str, per_mm: float) -> None:
        painter.save()
        painter.setFont(_font(10, per_mm, bold=True))
        painter.setPen(Qt.black)
        painter.drawText(rect, Qt.AlignLeft | Qt.AlignTop, text)
        painter.restore()

    def _paint_running(self, painter: QPainter, page: Page, number: int, per_mm: float) -> None:
        width = self.width_mm * per_mm
        painter.save()
        painter.setFont(_font(RUNNING_PX, per_mm))
        painter.setPen(QPen(HEAD_INK))
        head = QRectF(0, 0, width, (HEADER_MM - 3) * per_mm)
        painter.drawText(head, Qt.AlignLeft | Qt.AlignBottom, f"{self.sheet.title} · {self.sheet.which}")
        painter.drawText(head, Qt.AlignRight | Qt.AlignBottom, page.section)
        painter.setPen(QPen(HEAD_INK, 0.2 * per_mm))
        painter.drawLine(0, round((HEADER_MM - 2) * per_mm), round(width), round((HEADER_MM - 2) * per_mm))
        foot_top = (HEADER_MM + self.body_mm + 2) * per_mm
        foot = QRectF(0, foot_top, width, (FOOTER_MM - 2) * per_mm)
        painter.setPen(QPen(HEAD_INK))
        note = f"{MARK} marks an estimated value"
        if self.sheet.representative_map:
            note += " · representative map, not the published one"
        painter.drawText(foot, Qt.AlignLeft | Qt.AlignTop, f"ardennes-qt setup sheet · {note}")
        painter.drawText(foot, Qt.AlignRight | Qt.AlignTop, f"Page {number} of {len(self.pages)}")
        painter.restore()


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector held while a sheet is planned or painted: both make a few
    hundred thousand short-lived wrappers and no cycles, which the collector would walk
    again and again for nothing (and now and then the whole loaded content with them)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def _font(points: float, per_mm: float, bold: bool = False) -> QFont:
    font = QFont(blocks.FONT)
    font.setPixelSize(max(1, round(points * 25.4 / 72 * per_mm)))
    font.setBold(bold)
    return font


def _fitted(target: QRectF, region: QRectF) -> QRectF:
    """The largest part of ``target`` with the region's proportions, at its top, centred across."""
    scale = min(target.width() / region.width(), target.height() / region.height())
    w, h = region.width() * scale, region.height() * scale
    return QRectF(target.center().x() - w / 2, target.top(), w, h)
