"""A filled rounded rectangle with an outline, drawn as fills.

Stroking a rounded outline with an antialiased pen a pixel or so wide costs several times
what filling the same shape does; the town labels and the counter faces have such
outlines and are drawn for every zoom.  ``fill_ringed_rounded_rect`` gives what
``drawRoundedRect`` with that pen and brush gives - the ring centred on the edge, a
translucent ring darkening the fill under its inner half - from two or three fills.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter


def ring_over(fill: QColor, ring: QColor) -> QColor:
    """An opaque ``fill`` seen through a translucent ``ring`` colour."""
    a = ring.alphaF()
    return QColor.fromRgbF(*(f * (1 - a) + r * a for f, r in zip(fill.getRgbF()[:3], ring.getRgbF()[:3])))


def fill_ringed_rounded_rect(painter: QPainter, rect: QRectF, radius: float, ring_width: float, ring: QColor,
                             fill: QColor) -> None:
    """``rect`` (corners of ``radius``) filled with an opaque ``fill`` and outlined with a
    ``ring`` ``ring_width`` wide centred on its edge.  Leaves the painter with no pen."""
    e = ring_width / 2
    painter.setPen(Qt.NoPen)
    painter.setBrush(ring)
    painter.drawRoundedRect(rect.adjusted(-e, -e, e, e), radius + e, radius + e)
    inner = rect.adjusted(e, e, -e, -e)
    if inner.width() <= 0 or inner.height() <= 0:
        return
    if ring.alpha() < 255:
        painter.setBrush(ring_over(fill, ring))
        painter.drawRoundedRect(rect, radius, radius)
    painter.setBrush(fill)
    painter.drawRoundedRect(inner, max(radius - e, 0.0), max(radius - e, 0.0))
