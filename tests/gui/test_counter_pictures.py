"""Counters on the map as pictures in screen pixels: drawn again for each zoom where the
player looks (and as other counters come into view), the same size on the map at every
zoom, found by the mouse anywhere on them, with the selection ring and the DG tag."""

import math

import pytest
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QColor, QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from ardennes_qt.ui.counter_art import DG_RED, SIMPLE_BELOW
from ardennes_qt.ui.counter_item import MARGIN, SELECTED, chip_of, face_pixels
from tests.gui.mouse import counter_point, drag, hex_point

ALONE = "1Pz:I/1"  # alone in B3.03, DG
FAR = "1ID:DIVARTY"  # alone in A1.01, far from B3.03


def drawn_width(view, zoom: float, ratio: float = 1.0) -> int:
    """How many pixels wide a counter's picture is at ``zoom``, margin included."""
    return math.ceil(face_pixels(view.counters.side, zoom * ratio) * (1 + 2 * MARGIN))


def colour_count(image, colour: QColor, near: QPoint, reach: int) -> int:
    rgb = colour.rgb()
    return sum(image.pixel(x, y) == rgb
               for x in range(max(0, near.x() - reach), min(image.width(), near.x() + reach))
               for y in range(max(0, near.y() - reach), min(image.height(), near.y() + reach)))


def frame(view, qtbot=None):
    """The view as painted now; with ``qtbot``, once its terrain tiles have settled at this
    zoom (a frame paints the tiles it has time for, and shows the others from a stand-in)."""
    view.viewport().repaint()
    if qtbot is not None:
        qtbot.waitUntil(lambda: not view.terrain_item.pending, timeout=5000)
        view.viewport().repaint()
    return view.viewport().grab().toImage()


@pytest.mark.parametrize("zoom", [0.6, 1.0, 2.3, 4.0])
def test_a_counter_in_view_is_drawn_for_the_zoom_and_keeps_its_size_on_the_map(table, zoom):
    view = table.view
    item = view.counters.items[ALONE]
    view.zoom_to(zoom, "B3.03")
    assert item.pixmap().width() == drawn_width(view, zoom)
    # One picture pixel to one screen pixel, and the counter as wide on the map as ever.
    on_screen = view.mapFromScene(item.sceneBoundingRect()).boundingRect()
    assert abs(on_screen.width() - item.pixmap().width()) <= 1
    assert item.sceneBoundingRect().width() == pytest.approx(view.counters.side * (1 + 2 * MARGIN), abs=2 / zoom)


def test_counters_out_of_view_are_drawn_when_a_pan_brings_them_in(table):
    view = table.view
    far = view.counters.items[FAR]
    fitted = view.zoom()  # the zoom its picture was drawn for: face and margin each rounded up to whole pixels
    view.zoom_to(4.0, "B3.03")
    assert far.pixmap().width() != drawn_width(view, 4.0)  # not drawn for a zoom it is not seen at
    assert far.sceneBoundingRect().width() == pytest.approx(view.counters.side * (1 + 2 * MARGIN), abs=(2 + 2 * MARGIN) / fitted)
    view.centerOn(far.pos())
    assert far.pixmap().width() == drawn_width(view, 4.0)


def test_after_a_zoom_out_no_counter_keeps_a_bigger_picture_than_the_zoom_needs(table):
    view = table.view
    far = view.counters.items[FAR]
    view.zoom_to(4.0, "A1.01")
    assert far.pixmap().width() == drawn_width(view, 4.0)
    view.zoom_to(2.0, "B3.03")  # A1.01 is out of view now
    assert max(item.pixmap().width() for item in view.counters.items.values()) <= drawn_width(view, 2.0)
    assert far.pixmap().width() == drawn_width(view, 2.0)


def test_a_counter_put_back_into_view_by_undo_is_drawn_for_the_zoom(table):
    view = table.view
    view.fit_map()
    drag(table, counter_point(table, FAR), hex_point(table, "B5.05"))
    assert table.session.unit(FAR).hex == "B5.05"
    view.zoom_to(4.0, "A1.01")
    QTest.keySequence(table, QKeySequence.Undo)
    assert table.session.unit(FAR).hex == "A1.01"
    assert view.counters.items[FAR].pixmap().width() == drawn_width(view, 4.0)


@pytest.mark.parametrize("zoom", [0.6, 1.0, 4.0])
def test_the_mouse_finds_a_counter_anywhere_on_it(table, zoom):
    view = table.view
    item = view.counters.items[ALONE]
    view.zoom_to(zoom, "B3.03")
    square = view.mapFromScene(item.sceneBoundingRect()).boundingRect()
    for corner in (square.topLeft() + QPoint(2, 2), square.bottomRight() - QPoint(2, 2)):
        assert view.counter_at(corner) is item
    assert view.counter_at(square.topLeft() - QPoint(3, 3)) is None


def test_the_selected_counter_shows_its_ring_and_only_while_selected(table):
    view = table.view
    view.zoom_to(2.0, "B3.03")
    centre = counter_point(table, ALONE)
    reach = round(view.counters.side * 2)
    before = frame(view)
    assert colour_count(before, SELECTED, centre, reach) == 0
    view.counters.select(ALONE)
    assert colour_count(frame(view), SELECTED, centre, reach) > 200
    view.counters.select(None)
    assert frame(view) == before


def test_a_dg_counter_shows_its_tag_at_every_zoom_where_counters_print_text(table):
    view = table.view
    for zoom in (1.0, 4.0):
        view.zoom_to(zoom, "B3.03")
        reach = round(view.counters.side * zoom)
        assert colour_count(frame(view), DG_RED, counter_point(table, ALONE), reach) > 20
    view.zoom_to(1.0, "A2.03")
    reach = round(view.counters.side)
    assert colour_count(frame(view), DG_RED, counter_point(table, "1ID:A/1"), reach) == 0  # not DG


def test_on_a_screen_of_twice_the_pixels_counters_are_drawn_with_twice_as_many(table, monkeypatch):
    view = table.view
    item = view.counters.items[ALONE]
    view.zoom_to(1.5, "B3.03")
    monkeypatch.setattr(view, "devicePixelRatioF", lambda: 2.0)
    QApplication.sendEvent(view, QEvent(QEvent.DevicePixelRatioChange))  # the window moved to such a screen
    assert item.pixmap().width() == drawn_width(view, 1.5, 2.0)
    assert item.sceneBoundingRect().width() == pytest.approx(view.counters.side * (1 + 2 * MARGIN), abs=1)


def test_a_counter_back_at_the_zoom_it_was_drawn_for_is_copied_pixel_for_pixel_again(qtbot, table):
    view = table.view
    far = view.counters.items[FAR]
    view.zoom_to(1.0, "B3.03")
    view.centerOn(far.pos())
    before = frame(view, qtbot)  # the terrain around it whole in both frames, however slow its tiles
    drawn = far.pixmap().cacheKey()
    view.centerOn(view.counters.items[ALONE].pos())
    view.zoom_to(4.0, "B3.03")  # the far counter out of view, scaled meanwhile
    view.zoom_to(1.0, "B3.03")
    view.centerOn(far.pos())
    assert far.pixmap().cacheKey() == drawn  # the picture drawn for this zoom, not drawn again
    # Not smoothed as a scaled picture is: that would cost each frame Qt's slow path.
    assert far.transformationMode() == Qt.FastTransformation
    assert frame(view, qtbot) == before


def test_chips_of_one_formation_share_one_picture_and_show_their_colours(table):
    # Too small for text, a counter shows its nationality and formation colours only.
    view = table.view
    view.zoom_to((SIMPLE_BELOW - 4) / view.counters.side, "A2.03")  # the small map all in view
    items = view.counters.items
    faces = {uid: item.face for uid, item in items.items()}
    assert all(face_pixels(view.counters.side, item.pixels_per_unit) < SIMPLE_BELOW for item in items.values())
    by_chip = {}
    for uid, item in items.items():
        by_chip.setdefault(chip_of(faces[uid]), set()).add(item.pixmap().cacheKey())
    assert all(len(keys) == 1 for keys in by_chip.values())  # one picture per look
    assert len({keys.pop() for keys in by_chip.values()}) == len(by_chip)  # and a look per picture
