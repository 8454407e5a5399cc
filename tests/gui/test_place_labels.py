"""A town's label as the map shows it: the name with its halo, and the VP value in a red
roundel ringed in the halo colour (rule 6.0 lists the values)."""

import pytest
from PySide6.QtGui import QColor, QImage, QPainter

from ardennes_qt.core.mapdata import Place
from ardennes_qt.ui import map_style as style
from ardennes_qt.ui.place_labels import badge_width, draw_place_label, label_rect
from ardennes_qt.ui.ringed_shapes import ring_over

PIXELS = 24.0  # large enough to sample the ring and the roundel apart


def drawn(place: Place) -> tuple[QImage, float, float]:
    """The label drawn on the off-map colour; the image and the label's left end and baseline."""
    rect = label_rect(place, 0.0, 0.0, PIXELS)
    image = QImage(int(rect.width()) + 20, int(rect.height()) + 20, QImage.Format_ARGB32_Premultiplied)
    image.fill(style.OFF_MAP)
    p = QPainter(image)
    p.setRenderHint(QPainter.Antialiasing, True)
    x, y = 10 - rect.left(), 10 - rect.top()
    draw_place_label(p, place, x, y, PIXELS)
    p.end()
    return image, 10.0, y


def close(a: QColor, b: QColor, tolerance: int = 40) -> bool:
    return all(abs(u - v) <= tolerance for u, v in zip(a.getRgb()[:3], b.getRgb()[:3]))


@pytest.mark.parametrize("name, vp", [("Bastogne", 5), ("Liège", 3), ("Big Town", 12)])
def test_the_vp_roundel_is_red_ringed_in_the_halo_colour_with_the_value_in_white(qapp, name, vp):
    place = Place(name, vp)
    image, left, baseline = drawn(place)
    rect = label_rect(place, 0.0, 0.0, PIXELS)
    width = badge_width(place, PIXELS) - PIXELS * 0.25
    ring = PIXELS * 0.12
    centre_y = round(baseline - rect.height() / 2 + PIXELS * 0.2)
    row = [image.pixelColor(x, centre_y) for x in range(image.width())]
    # Leaving the roundel's left edge inwards: the ring, then red, then the white figure.
    edge = round(left)
    halo = ring_over(style.OFF_MAP, style.LABEL_HALO)  # the halo is a little transparent
    assert any(close(c, halo) for c in row[edge - 1:edge + round(ring) + 1])
    assert any(close(c, style.VP_BADGE) for c in row[edge + round(ring) + 1:edge + round(width / 2)])
    inside = row[edge + round(ring) + 1:edge + round(width - ring) - 1]
    assert any(close(c, QColor("white"), 60) for c in inside)
    # Outside the ring, to its left: the map.
    assert close(row[edge - round(ring) - 3], style.OFF_MAP, 8)


def test_a_place_without_vp_has_no_roundel(qapp):
    place = Place("Senonchamps", 0)
    image, left, baseline = drawn(place)
    reds = [
        (x, y) for y in range(image.height()) for x in range(image.width())
        if close(image.pixelColor(x, y), style.VP_BADGE, 30)
    ]
    assert not reds
