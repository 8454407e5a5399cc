"""Outlines drawn as fills look as the same outlines stroked do (the counter faces' edge and
MA box, the towns' VP roundels)."""

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPen

from ardennes_qt.ui.ringed_shapes import fill_ringed_rounded_rect, ring_over

BACKGROUND = QColor("#d8d0b0")


def painted(draw) -> QImage:
    image = QImage(64, 64, QImage.Format_ARGB32_Premultiplied)
    image.fill(BACKGROUND)
    p = QPainter(image)
    p.setRenderHint(QPainter.Antialiasing, True)
    draw(p)
    p.end()
    return image


def worst_difference(a: QImage, b: QImage) -> tuple[int, int]:
    """The largest difference of a colour channel, and how many pixels differ by more than 48."""
    worst, many = 0, 0
    for y in range(a.height()):
        for x in range(a.width()):
            ca, cb = a.pixelColor(x, y), b.pixelColor(x, y)
            d = max(abs(u - v) for u, v in zip(ca.getRgb()[:3], cb.getRgb()[:3]))
            worst = max(worst, d)
            many += d > 48
    return worst, many


CASES = [
    # rect, radius, ring width, ring colour, fill: a counter's edge, its MA box, a VP roundel
    (QRectF(4.6, 4.6, 54.8, 54.8), 4.2, 1.5, QColor(20, 20, 20, 200), QColor("#6b8f4e")),
    (QRectF(30.2, 40.4, 20.5, 11.0), 1.8, 0.9, QColor("#111111"), QColor("#ffffff")),
    (QRectF(10.0, 10.0, 24.0, 24.0), 12.0, 2.6, QColor(255, 255, 255, 225), QColor("#b3261e")),
]


@pytest.mark.parametrize("rect, radius, width, ring, fill", CASES)
def test_a_ring_drawn_as_fills_matches_the_stroked_outline(qapp, rect, radius, width, ring, fill):
    def stroked(p: QPainter) -> None:
        p.setPen(QPen(ring, width))
        p.setBrush(fill)
        p.drawRoundedRect(rect, radius, radius)

    def filled(p: QPainter) -> None:
        fill_ringed_rounded_rect(p, rect, radius, width, ring, fill)

    worst, many = worst_difference(painted(stroked), painted(filled))
    # The same shape and colours; only the antialiasing along the edges may round differently.
    assert many <= 4 and worst < 96


def test_the_centre_keeps_the_fill_and_the_edge_takes_the_ring(qapp):
    rect, ring, fill = QRectF(8, 8, 48, 48), QColor(20, 20, 20, 200), QColor("#6b8f4e")
    image = painted(lambda p: fill_ringed_rounded_rect(p, rect, 4, 4.0, ring, fill))
    assert near(image.pixelColor(32, 32), fill)
    # On the edge line (x = 8): the ring over the background outside, over the fill inside.
    assert near(image.pixelColor(7, 32), ring_over(BACKGROUND, ring))
    assert near(image.pixelColor(9, 32), ring_over(fill, ring))
    assert near(image.pixelColor(4, 32), BACKGROUND)
    assert not near(ring_over(BACKGROUND, ring), ring_over(fill, ring))


def near(a: QColor, b: QColor) -> bool:
    """Equal but for rounding to whole colour steps."""
    return all(abs(u - v) <= 2 for u, v in zip(a.getRgb()[:3], b.getRgb()[:3]))
