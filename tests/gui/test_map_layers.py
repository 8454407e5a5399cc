"""What lies on the map and what lies over the counters: names, entry letters and markers
in empty hexes are part of the view's cached background, as on a printed board; markers
the counters would hide are painted over them, and so are the names the small chips of
the whole-map view would hide."""

import pytest
from PySide6.QtCore import QEvent, QPointF
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QGraphicsSceneHoverEvent

from ardennes_qt.core.map_markers import BARRAGE_FULL, CONTROL, MapMarker
from ardennes_qt.engine.session import Session
from ardennes_qt.ui.markers_layer import MarkersLayer
from tests.gui.campaign_view import shown_view

EMPTY = "B1.16"  # Bastogne: nobody there at the start of 7.1


@pytest.fixture(scope="module")
def session():
    return Session.new("ardennes2/7.1", seed=1)


@pytest.fixture
def view(qtbot, session):
    return shown_view(qtbot, session)


def frame(view, qtbot=None) -> QImage:
    """The view as painted now; with ``qtbot``, once its terrain tiles have settled at this zoom."""
    view.viewport().repaint()
    if qtbot is not None:
        qtbot.waitUntil(lambda: not view.terrain_item.pending, timeout=5000)
        view.viewport().repaint()
    return view.viewport().grab().toImage()


def changed_pixels(a: QImage, b: QImage, centre, reach: int) -> int:
    x0, y0 = round(centre.x()), round(centre.y())
    return sum(a.pixel(x, y) != b.pixel(x, y)
               for x in range(max(0, x0 - reach), min(a.width(), x0 + reach))
               for y in range(max(0, y0 - reach), min(a.height(), y0 + reach)))


def on_screen(view, hex_id: str):
    return view.mapFromScene(QPointF(*view.terrain.layout.centre(view.terrain.map.parse(hex_id))))


def occupied_hex(view, session) -> str:
    return session.map.hex_id(next(iter(session.state.occupied())))


def test_a_marker_in_an_empty_hex_lies_in_the_background_and_shows_as_soon_as_it_is_placed(qtbot, view):
    view.zoom_to(1.0, EMPTY)
    before = frame(view, qtbot)
    view.markers.show_markers([MapMarker(BARRAGE_FULL, EMPTY, owner="German", detail="Full barrage (3.5)")], set())
    after = frame(view)
    assert changed_pixels(before, after, on_screen(view, EMPTY), 30) > 200
    assert view.markers.flags() & MarkersLayer.GraphicsItemFlag.ItemHasNoContents  # nothing painted over the counters
    view.markers.show_markers([], set())
    assert changed_pixels(before, frame(view), on_screen(view, EMPTY), 30) == 0  # taken off again


def test_a_marker_in_a_hex_with_counters_is_painted_over_them(qtbot, view, session):
    hex_id = occupied_hex(view, session)
    view.zoom_to(1.0, hex_id)
    before = frame(view, qtbot)
    flag = MapMarker(CONTROL, hex_id, owner="German", detail="German-controlled (6.0)")
    view.markers.show_markers([flag], {session.map.parse(hex_id)})
    assert not view.markers.flags() & MarkersLayer.GraphicsItemFlag.ItemHasNoContents
    assert changed_pixels(before, frame(view), on_screen(view, hex_id), 40) > 100


def test_hovering_a_marker_tells_what_it_does(view):
    view.markers.show_markers([MapMarker(BARRAGE_FULL, EMPTY, owner="German", detail="Full barrage (3.5)")], set())
    hover = QGraphicsSceneHoverEvent(QEvent.GraphicsSceneHoverMove)
    hover.setPos(QPointF(*view.terrain.layout.centre(view.terrain.map.parse(EMPTY))))
    view.markers.hoverMoveEvent(hover)
    assert view.markers.toolTip() == "Full barrage (3.5)"


def test_a_pan_paints_names_and_markers_where_a_whole_repaint_puts_them(view):
    view.terrain_item.paint_terrain = lambda painter, rect: None  # only what lies over the terrain
    view.markers.show_markers([MapMarker(BARRAGE_FULL, "B2.17", owner="Allied"),
                               MapMarker(CONTROL, EMPTY, owner="German")], set())
    view.zoom_to(1.0, "A39.16")  # Bastogne, Senochamps and Longvilly named
    frame(view)
    for step in (37, 41, -13):  # the strips each pan uncovers are painted on their own
        view.horizontalScrollBar().setValue(view.horizontalScrollBar().value() + step)
        view.verticalScrollBar().setValue(view.verticalScrollBar().value() + step)
        frame(view)
    panned = frame(view)
    view.resetCachedContent()
    assert panned == frame(view)


def test_names_go_over_the_chips_of_the_whole_map_and_under_counters_closer_in(view, session):
    view.fit_map()
    frame(view)
    over = view.names_over_chips
    # The chips at rest are painted into the background, and the names they touch over them there.
    assert view.counters.baking and not over.isVisible()
    touched = over._touched[True][1]
    assert touched and len(touched) < len(view.names.stamps(view.zoom()))  # only the names a chip touches
    # A selected stack is painted as items: the names its chips touch go over them as an item.
    view.counters.select(sorted(view.counters.items)[0])
    assert over.isVisible()
    frame(view)
    assert len(over._touched[False][1]) < len(touched)
    view.zoom_to(1.0, "B20.34")
    assert not over.isVisible()


def test_the_map_covers_its_whole_viewport_with_nothing_painted_under_it(view):
    # The view's own viewport (made by the view, not by Qt): no palette fill before the map,
    # which is opaque and covers every pixel - the corners show the off-map colour.
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QWidget

    from ardennes_qt.ui import map_style

    viewport = view.viewport()
    assert type(viewport) is QWidget and viewport.parent() is view
    assert not viewport.autoFillBackground() and viewport.testAttribute(Qt.WA_OpaquePaintEvent)
    view.zoom_to(0.5, "B1.16")
    image = frame(view)
    assert image.size() == viewport.size()
    view.fit_map()
    image = frame(view)
    assert image.pixelColor(0, 0) == map_style.OFF_MAP or image.pixelColor(image.width() - 1, image.height() - 1) == \
        map_style.OFF_MAP
