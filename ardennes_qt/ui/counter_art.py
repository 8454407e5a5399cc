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

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen

from ardennes_qt.core.units import NATIONALITY_COLOURS, Counter
from ardennes_qt.engine.views import UnitView
from ardennes_qt.ui.ringed_shapes import fill_ringed_rounded_rect
from ardennes_qt.ui.unit_symbols import UnitSymbol, draw_symbol, symbol_for

DG_RED = QColor("#c62828")
EXPLOIT_YELLOW = QColor("#f5c518")
ESTIMATED_AMBER = QColor("#ffb300")
EDGE = QColor(20, 20, 20, 200)
SIMPLE_BELOW = 22.0  # pixels: a smaller counter is drawn without its text

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


def face_of(unit: UnitView, band_colour: str) -> CounterFace:
    """A game that prints its own values (``UnitView.value_fields``) shows them as printed, unboxed,
    the amber dot on when one of them is estimated."""
    showing = set(VALUE_FIELDS) | ({"reduced"} if unit.reduced else set())
    if unit.value_fields:
        showing = set(unit.value_fields)
    return CounterFace(
        nationality_colour=NATIONALITY_COLOURS.get(unit.nationality, "#888888"),
        band_colour=unit.band_colour or band_colour,
        designation=unit.designation,
        symbol=symbol_for(unit.unit_type),
        values=unit.values,
        mech=unit.ma_type == "mech",
        exploit=unit.exploit,
        reduced=unit.reduced,
        dg=unit.dg,
        estimated=bool(showing & set(unit.estimated)),
        boxed=not unit.value_fields,
    )


def counter_face(counter: Counter, band_colour: str, reduced: bool = False, dg: bool = False) -> CounterFace:
    """The face of a counter with no game around it: the editor's tables and set-up, print."""
    reduced = reduced and counter.reduced is not None
    showing = set(VALUE_FIELDS) | ({"reduced"} if reduced else set())
    return CounterFace(
        nationality_colour=NATIONALITY_COLOURS.get(counter.nationality, "#888888"),
        band_colour=band_colour,
        designation=counter.designation,
        symbol=symbol_for(counter.unit_type),
        values=str(counter.reduced if reduced else counter.full) if counter.full is not None else "",
        mech=counter.ma_type == "mech",
        exploit=counter.exploit,
        reduced=reduced,
        dg=dg,
        estimated=bool(showing & set(counter.estimated_fields())),
    )


def _ink_on(colour: QColor) -> QColor:
    """Black or white, whichever reads better on ``colour``."""
    luminance = 0.299 * colour.redF() + 0.587 * colour.greenF() + 0.114 * colour.blueF()
    return QColor("#111111") if luminance > 0.55 else QColor("#ffffff")


def _font(pixel_size: float, bold: bool = True) -> QFont:
    font = QFont("DejaVu Sans Condensed")
    font.setPixelSize(max(1, round(pixel_size)))
    font.setBold(bold)
    return font


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

    painter.setFont(_font(c * 0.15))
    painter.setPen(_ink_on(band))
    painter.drawText(band_rect.adjusted(c * 0.04, 0, -c * 0.04, 0), Qt.AlignVCenter | Qt.AlignLeft, face.designation)
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
    if face.dg:
        tag = QRectF(x + c * 0.58, y - c * 0.02, c * 0.44, c * 0.24)
        painter.setPen(QPen(QColor("#ffffff"), c * 0.02))
        painter.setBrush(DG_RED)
        painter.drawRoundedRect(tag, c * 0.05, c * 0.05)
        painter.setFont(_font(c * 0.16))
        painter.setPen(QColor("#ffffff"))
        painter.drawText(tag, Qt.AlignCenter, "DG")
    painter.restore()


def _paint_values(painter: QPainter, row: QRectF, face: CounterFace, body: QColor) -> None:
    """``3-5-10``: attack (or [range]) and defense as text, the movement allowance in its MA box."""
    c = row.width() / 0.94
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
    metrics = painter.fontMetrics()
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
