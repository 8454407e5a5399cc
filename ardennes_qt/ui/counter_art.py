"""Counters drawn by the program (no published art), for the table, the docks, print
and the editor.

A counter is a square in its nationality's colour (1.2) with its formation's colour
as a band across the top, the designation in the band, the size mark and the NATO
symbol in the middle, and the printed values at the bottom, the movement allowance
boxed black for Mech and white for Leg (1.3).  A reduced unit shows a pale band and a
white stripe behind its values; DG shows as a red tag; a yellow banner marks exploit
capability (1.2); a small amber dot says that the numbers showing are estimated (a
reduced side, which no document prints).  The Leg/Mech colour and the exploit banner
are estimated for every counter, and the About box says so once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QFontMetricsF, QImage, QPainter, QPen

from ardennes_qt.core.units import NATIONALITY_COLOURS, Counter
from ardennes_qt.engine.views import UnitView
from ardennes_qt.ui.ringed_shapes import fill_ringed_rounded_rect
from ardennes_qt.ui.unit_symbols import UnitSymbol, draw_symbol, symbol_for

DG_RED = QColor("#c62828")
EXPLOIT_YELLOW = QColor("#f5c518")
ESTIMATED_AMBER = QColor("#ffb300")
EDGE = QColor(20, 20, 20, 200)
SIMPLE_BELOW = 22.0  # pixels: a smaller counter is drawn without its text
DG_LEFT = 0.58  # the DG tag's left edge, a share of the side from the counter's
DG_NARROW_LEFT = 0.74  # the narrower tag's, beside a long name
NAME_BESIDE_TAG = 0.75  # a name shrunk below this share of its size beside the tag gets the narrower tag
NAME_SMALLEST = 0.55  # a designation is made no smaller than this share of its size to fit

# The numbers on the face: the full side's, or the reduced side's while it shows.
VALUE_FIELDS = ("full",)


@dataclass(frozen=True)
class CounterFace:
    """Everything printed on one side of a counter, as plain values."""

    nationality_colour: str
    band_colour: str
    designation: str
    symbol: UnitSymbol
    values: str
    mech: bool
    exploit: bool
    reduced: bool
    dg: bool
    estimated: bool
    boxed: bool = True  # the last value is a movement allowance in its Leg/Mech box (SCS)
    # Where a game's counters print no values (KGP's generic ones): the type written in their place.
    caption: str = ""


def face_of(unit: UnitView, band_colour: str) -> CounterFace:
    """A game that prints its own values (``UnitView.value_fields``) shows them as printed, unboxed,
    the amber dot on when one of them is estimated."""
    showing = set(VALUE_FIELDS) | ({"reduced"} if unit.reduced else set())
    if unit.value_fields:
        showing = set(unit.value_fields)
    plain = not unit.values  # a generic counter: its name in the band, its type below
    return CounterFace(
        nationality_colour=NATIONALITY_COLOURS.get(unit.nationality, "#888888"),
        band_colour=unit.band_colour or band_colour,
        designation=unit.name if plain else unit.designation,
        symbol=symbol_for(unit.name if plain else unit.unit_type),
        values=unit.values,
        mech=unit.ma_type == "mech",
        exploit=unit.exploit,
        reduced=unit.reduced,
        dg=unit.dg,
        estimated=bool(showing & set(unit.estimated)),
        boxed=not unit.value_fields,
        caption=unit.unit_type if plain else "",
    )


def counter_face(counter: Counter, band_colour: str, reduced: bool = False, dg: bool = False) -> CounterFace:
    """The face of a counter with no game around it: the editor's tables and set-up, print."""
    reduced = reduced and counter.reduced is not None
    showing = set(VALUE_FIELDS) | ({"reduced"} if reduced else set())
    plain = counter.full is None  # a generic counter: its name in the band, its type below
    return CounterFace(
        nationality_colour=NATIONALITY_COLOURS.get(counter.nationality, "#888888"),
        band_colour=band_colour,
        designation=counter.name if plain else counter.designation,
        symbol=symbol_for(counter.name if plain else counter.unit_type),
        values="" if plain else str(counter.reduced if reduced else counter.full),
        mech=counter.ma_type == "mech",
        exploit=counter.exploit,
        reduced=reduced,
        dg=dg,
        estimated=bool(showing & set(counter.estimated_fields())),
        caption=counter.unit_type if plain else "",
    )


def _ink_on(colour: QColor) -> QColor:
    """Black or white, whichever reads better on ``colour``."""
    luminance = 0.299 * colour.redF() + 0.587 * colour.greenF() + 0.114 * colour.blueF()
    return QColor("#111111") if luminance > 0.55 else QColor("#ffffff")


def _font(pixel_size: float, bold: bool = True) -> QFont:
    """The counters' face at a size (kept: painters copy the font they are given)."""
    return _face(max(1, round(pixel_size)), bold)


@lru_cache(maxsize=64)
def _face(pixels: int, bold: bool) -> QFont:
    font = QFont("DejaVu Sans Condensed")
    font.setPixelSize(pixels)
    font.setBold(bold)
    return font


@lru_cache(maxsize=64)
def _metrics(pixels: int, bold: bool = True) -> QFontMetricsF:
    return QFontMetricsF(_face(pixels, bold))


@lru_cache(maxsize=64)
def _whole_metrics(pixels: int) -> QFontMetrics:
    """The values' bold face's metrics in whole pixels, as a painter gives them."""
    return QFontMetrics(_face(pixels, True))


@lru_cache(maxsize=4096)
def designation_font(text: str, width: float, c: float) -> QFont:
    """The band's face for ``text``, made smaller until it fits ``width``, down to
    NAME_SMALLEST of its size."""
    size = c * 0.15
    pixels = max(1, round(size))
    while pixels > max(1, size * NAME_SMALLEST) and _metrics(pixels).horizontalAdvance(text) > width:
        pixels -= 1
    return _face(pixels, True)


def name_and_tag(rect: QRectF, face: CounterFace) -> tuple[QRectF, QFont, QRectF | None]:
    """Where the designation is written and in what face, and the DG tag's place on the band
    (None when not DG).  The name fits its room, made smaller as it must; beside the DG tag a
    name that would shrink below NAME_BESIDE_TAG of its size gets a narrower tag instead."""
    c, x, y = rect.width(), rect.left(), rect.top()
    left = x + c * 0.08
    if not face.dg:
        box = QRectF(left, y + c * 0.04, c * 0.84, c * 0.22)
        return box, designation_font(face.designation, box.width(), c), None
    for tag_left, tag_width in ((DG_LEFT, 0.44), (DG_NARROW_LEFT, 0.28)):
        box = QRectF(left, y + c * 0.04, x + c * (tag_left - 0.02) - left, c * 0.22)
        font = designation_font(face.designation, box.width(), c)
        if font.pixelSize() >= round(c * 0.15) * NAME_BESIDE_TAG:
            break
    return box, font, QRectF(x + c * tag_left, y - c * 0.02, c * tag_width, c * 0.24)


def paint_counter(painter: QPainter, rect: QRectF, face: CounterFace, device_size: float) -> None:
    """Draw ``face`` filling the square ``rect``; ``device_size`` is its size in pixels (level of detail)."""
    c = rect.width()
    x, y = rect.left(), rect.top()
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing, True)
    body = QColor(face.nationality_colour)
    band = QColor(face.band_colour)
    if face.reduced:
        band = QColor.fromRgbF(*(0.45 * v + 0.55 for v in band.getRgbF()[:3]))
    fill_ringed_rounded_rect(painter, rect.adjusted(c * 0.012, c * 0.012, -c * 0.012, -c * 0.012), c * 0.07,
                             c * 0.025, EDGE, body)
    band_rect = QRectF(x + c * 0.04, y + c * 0.04, c * 0.92, c * 0.22)
    painter.setPen(Qt.NoPen)
    painter.setBrush(band)
    painter.drawRoundedRect(band_rect, c * 0.04, c * 0.04)
    symbol_box = QRectF(x + c * 0.25, y + c * 0.38, c * 0.50, c * 0.30)
    painter.setPen(QPen(QColor("#111111"), c * 0.022))
    painter.setBrush(QColor("#f4f1e6"))
    painter.drawRect(symbol_box)
    if device_size < SIMPLE_BELOW:
        painter.restore()
        return
    draw_symbol(painter, symbol_box.adjusted(c * 0.02, c * 0.02, -c * 0.02, -c * 0.02), face.symbol, QColor("#111111"))

    name_box, name_font, tag = name_and_tag(rect, face)
    painter.setFont(name_font)
    painter.setPen(_ink_on(band))
    painter.drawText(name_box, Qt.AlignVCenter | Qt.AlignLeft, face.designation)
    if face.symbol.size:
        painter.setFont(_font(c * 0.105))
        painter.setPen(_ink_on(body))
        painter.drawText(QRectF(x, y + c * 0.26, c, c * 0.12), Qt.AlignCenter, face.symbol.size)
    if face.exploit:
        painter.setPen(Qt.NoPen)
        painter.setBrush(EXPLOIT_YELLOW)
        painter.drawRect(QRectF(x + c * 0.07, y + c * 0.36, c * 0.10, c * 0.34))
    if face.estimated:
        painter.setPen(QPen(QColor("#3b2a00"), c * 0.015))
        painter.setBrush(ESTIMATED_AMBER)
        painter.drawEllipse(QPointF(x + c * 0.87, y + c * 0.62), c * 0.055, c * 0.055)
    _paint_values(painter, QRectF(x + c * 0.03, y + c * 0.72, c * 0.94, c * 0.24), face, body)
    if tag is not None:
        painter.setPen(QPen(QColor("#ffffff"), c * 0.02))
        painter.setBrush(DG_RED)
        painter.drawRoundedRect(tag, c * 0.05, c * 0.05)
        painter.setFont(_font(c * min(0.16, 0.48 * tag.width() / c)))
        painter.setPen(QColor("#ffffff"))
        painter.drawText(tag, Qt.AlignCenter, "DG")
    painter.restore()


def _paint_values(painter: QPainter, row: QRectF, face: CounterFace, body: QColor) -> None:
    """``3-5-10``: attack (or [range]) and defense as text, the movement allowance in its MA box; a
    counter that prints no values, its type (``caption``) in plain words."""
    c = row.width() / 0.94
    if not face.values:
        painter.setFont(_font(c * 0.15))
        painter.setPen(_ink_on(body))
        painter.drawText(row, Qt.AlignCenter, face.caption)
        return
    if face.reduced:
        painter.setPen(Qt.NoPen)
        painter.setBrush(QColor(255, 255, 255, 215))
        painter.drawRoundedRect(row, c * 0.03, c * 0.03)
    if not face.boxed:  # a game's own values, as printed ("9-3-4", "3 · B")
        painter.setFont(_font(c * 0.175))
        painter.setPen(QColor("#111111") if face.reduced else _ink_on(body))
        painter.drawText(row, Qt.AlignCenter, face.values)
        return
    head, _, movement = face.values.rpartition("-")
    font = _font(c * 0.175)
    painter.setFont(font)
    metrics = _whole_metrics(font.pixelSize())
    head_text = head + "-"
    box_w = metrics.horizontalAdvance(movement) + c * 0.06
    total = metrics.horizontalAdvance(head_text) + box_w
    left = row.center().x() - total / 2
    ink = QColor("#111111") if face.reduced else _ink_on(body)
    painter.setPen(ink)
    painter.drawText(QRectF(left, row.top(), total, row.height()), Qt.AlignVCenter | Qt.AlignLeft, head_text)
    box = QRectF(left + total - box_w, row.top() + row.height() * 0.08, box_w, row.height() * 0.84)
    fill_ringed_rounded_rect(painter, box, c * 0.03, c * 0.015, QColor("#111111"),
                             QColor("#111111") if face.mech else QColor("#ffffff"))
    painter.setPen(QColor("#ffffff") if face.mech else QColor("#111111"))
    painter.drawText(box, Qt.AlignCenter, movement)


def counter_image(face: CounterFace, pixels: int) -> QImage:
    """The counter as an image ``pixels`` square, for lists and docks."""
    image = QImage(pixels, pixels, QImage.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    paint_counter(painter, QRectF(0, 0, pixels, pixels), face, pixels)
    painter.end()
    return image
