"""Flowing blocks of text into pages of columns.

Each block is a small QTextDocument (a formation's set-up, a turn's reinforcements, a
rule's wording) laid out at its column's width.  A section is a full-width heading and
its blocks in columns; it starts below whatever the page already holds.  A block that
does not fit what is left of a column moves to the next column whole, unless it is
taller than a column can ever be: then it is cut between lines of text, never through
one, and continues at the top of the next column.  A section that fits on its page
has its columns balanced, and so has the last page of a long one, so a page does not
end with a long first column beside empty ones.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter, QTextDocument

SECTION_GAP = 14.0  # doc pixels between sections
BLOCK_GAP = 9.0  # between blocks in a column
HEADING_GAP = 5.0  # between a section heading and its first blocks


@dataclass(frozen=True)
class Slice:
    """Part of a block on one page: the document's rows ``top`` to ``top + height`` at (x, y)."""

    doc: QTextDocument
    top: float
    height: float
    x: float
    y: float

    def paint(self, painter: QPainter) -> None:
        painter.save()
        painter.translate(self.x, self.y - self.top)
        self.doc.drawContents(painter, QRectF(0, self.top, self.doc.textWidth(), self.height))
        painter.restore()


def line_cuts(doc: QTextDocument) -> list[float]:
    """Heights at which the document can be cut without slicing a line of any cell in two."""
    layout = doc.documentLayout()
    spans = []
    block = doc.begin()
    while block.isValid():
        rect = layout.blockBoundingRect(block)
        lines = block.layout()
        for i in range(lines.lineCount()):
            line = lines.lineAt(i)
            spans.append((rect.top() + line.y(), rect.top() + line.y() + line.height()))
        block = block.next()
    bottoms = sorted({round(bottom, 2) for _, bottom in spans})
    return [b for b in bottoms if not any(top < b - 0.5 and bottom > b + 0.5 for top, bottom in spans)]


class TextFlow:
    def __init__(self, width: float, height: float, gap: float) -> None:
        self.width = width
        self.height = height
        self.gap = gap
        self.pages: list[list[Slice]] = [[]]
        self.names: list[str] = [""]  # each page's first section, for its running head
        self.y = 0.0  # the top of the free space on the last page
        self._name = ""

    def column_width(self, columns: int) -> float:
        return (self.width - (columns - 1) * self.gap) / columns

    def new_page(self) -> None:
        self.pages.append([])
        self.names.append("")
        self.y = 0.0

    def add_section(self, name: str, heading: QTextDocument | None, blocks: list[QTextDocument], columns: int) -> None:
        self._name = name
        top = self.y + SECTION_GAP if self.pages[-1] else 0.0
        first = blocks[0].size().height() if blocks else 0.0
        if heading is not None:
            needed = heading.size().height() + HEADING_GAP + min(first, self.height / 3)
            if top + needed > self.height and self.pages[-1]:
                self.new_page()
                top = 0.0
            self._place(heading, 0.0, heading.size().height(), 0.0, top)
            top += heading.size().height() + HEADING_GAP
        self._columns(blocks, columns, top)

    def _balanced_bottom(self, heights: list[float], columns: int, top: float) -> float:
        """The lowest column bottom at which the blocks fill ``columns`` columns whole, or the page's."""
        if columns == 1 or not heights:
            return self.height
        limit = max(max(heights), (sum(heights) + BLOCK_GAP * (len(heights) - columns)) / columns)
        while top + limit <= self.height:
            used, y = 1, 0.0
            for h in heights:
                if y and y + h > limit:
                    used, y = used + 1, 0.0
                y += h + BLOCK_GAP
            if used <= columns:
                return top + limit
            limit += 2.0
        return self.height

    def _columns(self, blocks: list[QTextDocument], columns: int, top: float) -> None:
        column, y, bottom = 0, top, top
        step = self.column_width(columns) + self.gap
        heights = [b.size().height() for b in blocks]
        page_bottom = self._balanced_bottom(heights, columns, top)
        for i, doc in enumerate(blocks):
            start, total = 0.0, heights[i]
            cuts = None
            while start < total:
                room = page_bottom - y
                if total - start <= room:
                    self._place(doc, start, total - start, column * step, y)
                    y += total - start + BLOCK_GAP
                    bottom = max(bottom, y - BLOCK_GAP)
                    break
                fresh = y <= top
                if start == 0.0 and not fresh and total <= self.height - top:
                    cut = None  # it fits a column whole: keep it whole
                else:
                    cuts = cuts if cuts is not None else line_cuts(doc)
                    fitting = [c for c in cuts if start < c <= start + room]
                    cut = fitting[-1] if fitting else (start + room if fresh else None)
                if cut is not None:
                    self._place(doc, start, cut - start, column * step, y)
                    bottom = max(bottom, y + cut - start)
                    start = cut
                column += 1
                if column == columns:
                    self.new_page()
                    column, top, bottom = 0, 0.0, 0.0
                    page_bottom = self._balanced_bottom([total - start] + heights[i + 1:], columns, 0.0)
                y = top
        self.y = bottom

    def _place(self, doc: QTextDocument, top: float, height: float, x: float, y: float) -> None:
        self.pages[-1].append(Slice(doc, top, height, x, y))
        self.names[-1] = self.names[-1] or self._name
