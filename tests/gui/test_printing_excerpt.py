"""The printed map excerpt reads well and stays light: every counter's name is whole and
fits its band, no counter of a pile (nor of a neighbouring hex) covers another's name, a
pile stays within its hex's height, and the 7.1 campaign's sheet is a small file because
each map page carries the lines that fall on it, not the whole map's."""

import re
import zlib

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QImage, QPainter

from ardennes_qt.engine.setup_sheet import setup_sheet
from ardennes_qt.store.library import load_content
from ardennes_qt.ui.printing import export_setup_pdf
from ardennes_qt.ui.printing.map_excerpt import FAN_STEP
from ardennes_qt.ui.printing.page_setup import page_layout
from ardennes_qt.ui.printing.sheet_pages import CAPTION_MM, SheetPages

CAMPAIGN = "ardennes2/7.1"
NAME_ALIGNMENT = Qt.AlignVCenter | Qt.AlignLeft


class Recorder:
    """A painter that passes every call on and notes where each shape and text lands, in the
    device's coordinates, in the order drawn."""

    def __init__(self, painter: QPainter) -> None:
        self.painter = painter
        self.size = QRectF()
        self.shapes: list[tuple[int, QRectF]] = []
        self.texts: list[tuple[int, str, QRectF, float, float]] = []  # order, text, box, advance, height
        self.names: list[tuple[int, str, QRectF, float, float]] = []  # those set as a counter's name is

    def __getattr__(self, name):
        return getattr(self.painter, name)

    def _shape(self, rect: QRectF) -> None:
        self.shapes.append((len(self.shapes) + len(self.texts), self.painter.transform().mapRect(rect)))

    def drawText(self, *args):
        self.painter.drawText(*args)
        if isinstance(args[0], QRectF):
            box, text = args[0], args[2]
            metrics = QFontMetricsF(self.painter.font())
            k = self.painter.transform().m11()
            entry = (len(self.shapes) + len(self.texts), text, self.painter.transform().mapRect(box),
                     metrics.horizontalAdvance(text) * k, metrics.height() * k)
            self.texts.append(entry)
            if args[1] == NAME_ALIGNMENT and not text.endswith("-"):  # not the values before the MA box
                self.names.append(entry)

    def drawRoundedRect(self, rect, *args):
        self.painter.drawRoundedRect(rect, *args)
        self._shape(QRectF(rect))

    def drawRect(self, rect):
        self.painter.drawRect(rect)
        self._shape(QRectF(rect))

    def drawEllipse(self, centre, rx, ry):
        self.painter.drawEllipse(centre, rx, ry)
        self._shape(QRectF(centre.x() - rx, centre.y() - ry, 2 * rx, 2 * ry))

    def drawPath(self, path):
        self.painter.drawPath(path)
        self._shape(path.boundingRect())

    def drawPolygon(self, polygon, *args):
        self.painter.drawPolygon(polygon, *args)
        self._shape(polygon.boundingRect())


def ink(box: QRectF, advance: float, height: float) -> QRectF:
    """Where a name written left-aligned and centred up and down in ``box`` puts its letters."""
    return QRectF(box.left(), box.center().y() - height / 2, advance, height)


@pytest.fixture(scope="module")
def campaign_tiles(qapp):
    content = load_content(CAMPAIGN)
    pages = SheetPages(content, setup_sheet(content), page_layout("A4", "portrait"))
    out = []
    per_mm = 2.0  # a small picture: what is noted is where things land, not how they look
    for tile in pages.tiles:
        target = QRectF(0, 0, pages.width_mm * per_mm, (pages.body_mm - CAPTION_MM) * per_mm)
        image = QImage(round(target.width()), round(target.height()), QImage.Format_RGB32)
        image.fill(QColor("white"))
        painter = QPainter(image)
        recorder = Recorder(painter)
        pages.excerpt.paint(recorder, target, tile.rect, per_mm)
        painter.end()
        recorder.size = target  # the painter is done with, its picture gone
        out.append((tile, recorder))
    designations = {u.designation for stack in pages.sheet.stacks for u in stack.units}
    return pages, out, designations


def test_every_name_on_a_printed_counter_fits_its_band(campaign_tiles):
    pages, tiles, designations = campaign_tiles
    names = [(text, box, advance) for _, recorder in tiles for _, text, box, advance, _ in recorder.names]
    assert {text for text, _, _ in names} == designations
    assert len(names) >= sum(len(stack.units) for stack in pages.sheet.stacks)  # each on one tile or more
    too_long = {text for text, box, advance in names if advance > box.width() + 0.01}
    assert not too_long


def test_no_counter_hides_the_name_of_another(campaign_tiles):
    # A pile fanned out shows the band of each counter under the top one; nothing drawn after
    # a name (a counter above it in its pile, a neighbour's counter, a DG tag) lies on it.
    _, tiles, designations = campaign_tiles
    hidden = []
    for tile, recorder in tiles:
        for order, text, box, advance, height in recorder.names:
            letters = ink(box, advance, height).adjusted(0.2, 0.2, -0.2, -0.2)
            over = [rect for later, rect in recorder.shapes if later > order and rect.intersects(letters)]
            if over:
                hidden.append((tile.number, text))
    assert not hidden


def test_a_pile_is_fanned_within_its_hex(campaign_tiles):
    pages, _, _ = campaign_tiles
    excerpt = pages.excerpt
    hex_height = excerpt.layout.height
    for n in range(1, 6):
        squares = excerpt.fanned(n, 0.0, 0.0)
        assert len(squares) == n
        top = min(s.top() for s in squares)
        bottom = max(s.bottom() for s in squares)
        assert bottom - top <= hex_height + 1e-6
        assert abs(top + bottom) < 1e-6  # centred on the hex
        for i, square in enumerate(squares[:-1]):
            band = QRectF(square.left(), square.top(), square.width(), square.height() * (FAN_STEP - 0.02))
            assert not any(later.intersects(band) for later in squares[i + 1:])
    assert excerpt.fanned(2, 0.0, 0.0)[0].width() == pytest.approx(excerpt.side)  # two counters at full size


def page_contents(pdf) -> list[bytes]:
    """Every content stream of the file, inflated."""
    data = pdf.read_bytes()
    out = []
    for match in re.finditer(rb"/Filter /FlateDecode\n>>\nstream\n(.*?)endstream", data, re.S):
        try:
            out.append(zlib.decompress(match.group(1)))
        except zlib.error:
            continue  # an image
    return out


def test_the_campaign_sheet_is_a_small_file(qapp, tmp_path):
    pdf = export_setup_pdf(load_content(CAMPAIGN), tmp_path / "campaign.pdf")
    assert pdf.stat().st_size < 2_000_000  # 3.6 MB when every map page drew the whole map's grid and frame
    # No page's drawing (the largest are the map's detail pages) reaches a megabyte.
    assert max(len(c) for c in page_contents(pdf)) < 1_000_000


def test_a_map_page_carries_the_grid_of_its_own_rows(qapp, campaign_tiles):
    # Drawn on a tile, no line of the grid runs far beyond it: the grid's columns are cut to the
    # tile's rows, and the map's frame to its own hexsides.
    pages, tiles, _ = campaign_tiles
    for tile, recorder in tiles:
        reach = 3 * pages.excerpt.layout.height * recorder.size.width() / tile.rect.width()
        around = recorder.size.adjusted(-reach, -reach, reach, reach)
        beyond = [rect for _, rect in recorder.shapes if rect.left() < around.left() or rect.top() < around.top()
                  or rect.right() > around.right() or rect.bottom() > around.bottom()]
        assert not beyond, f"tile {tile.number}"
