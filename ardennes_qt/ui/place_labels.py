"""Town names with their victory points, drawn under the town's hex.

The same drawing serves the screen (at a fixed pixel size, so names stay legible when
the whole map is in view) and print (in map units).  A name sits below the centre of
its hex, where a counter in the hex leaves it readable.
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QPainter, QStaticText

from ardennes_qt.core.mapdata import Place
from ardennes_qt.ui import map_style as style
from ardennes_qt.ui.ringed_shapes import fill_ringed_rounded_rect

_HALO = ((1, 0), (-1, 0), (0, 1), (0, -1), (0.7, 0.7), (-0.7, 0.7), (0.7, -0.7), (-0.7, -0.7))


def label_font(pixel_size: float, vp: int) -> QFont:
    return QFont(_font(max(1, round(pixel_size)), vp > 0))  # a copy of the one kept: callers may change it


@lru_cache(maxsize=128)
def _font(pixels: int, bold: bool) -> QFont:
    font = QFont("DejaVu Sans")
    font.setPixelSize(pixels)
    font.setBold(bold)
    return font


@lru_cache(maxsize=128)
def _metrics(pixels: int, bold: bool) -> QFontMetricsF:
    """The label font's metrics: asked of every name placed, at every zoom."""
    return QFontMetricsF(_font(pixels, bold))


def label_metrics(pixel_size: float, vp: int) -> QFontMetricsF:
    return _metrics(max(1, round(pixel_size)), vp > 0)


def label_rect(place: Place, x: float, y: float, pixel_size: float) -> QRectF:
    """Where the label of a place whose text is centred at (x, y) falls: for clutter checks."""
    metrics = label_metrics(pixel_size, place.vp)
    width = metrics.horizontalAdvance(place.name) + (badge_width(place, pixel_size) if place.vp else 0)
    return QRectF(x - width / 2, y - metrics.ascent(), width, metrics.height())


def badge_width(place: Place, pixel_size: float) -> float:
    return pixel_size * (1.05 if place.vp < 10 else 1.45) + pixel_size * 0.25


def draw_place_label(painter: QPainter, place: Place, x: float, y: float, pixel_size: float) -> None:
    """Draw ``place``'s name (and VP badge) with its baseline centred at (x, y)."""
    font = label_font(pixel_size, place.vp)
    metrics = label_metrics(pixel_size, place.vp)
    text_width = metrics.horizontalAdvance(place.name)
    badge = badge_width(place, pixel_size) if place.vp else 0.0
    left = x - (text_width + badge) / 2

    # The halo is the name drawn eight times around itself: a fraction of the cost of
    # stroking the glyph outlines, and as clean at label sizes.  The name is laid out once
    # and drawn nine times from that layout (the first frame shows some forty names).
    painter.setFont(font)
    name = QStaticText(place.name)
    name.prepare(painter.worldTransform(), font)
    top = y - metrics.ascent()  # a static text is placed by its top left, not its baseline
    painter.setPen(style.LABEL_HALO)
    r = pixel_size * 0.11
    for dx, dy in _HALO:
        painter.drawStaticText(QPointF(left + badge + dx * r, top + dy * r), name)
    painter.setPen(style.LABEL_TEXT)
    painter.drawStaticText(QPointF(left + badge, top), name)

    if place.vp:
        # The VP value in a red roundel in front of the name, as the 6.0 table lists it.
        w = badge - pixel_size * 0.25
        h = pixel_size * 1.05
        rect = QRectF(left, y - metrics.ascent() + (metrics.ascent() - h) / 2 + pixel_size * 0.08, w, h)
        fill_ringed_rounded_rect(painter, rect, h / 2, pixel_size * 0.12, style.LABEL_HALO, style.VP_BADGE)
        number = label_font(pixel_size * 0.78, 1)
        painter.setFont(number)
        painter.setPen(Qt.white)
        painter.drawText(rect, Qt.AlignCenter, str(place.vp))
