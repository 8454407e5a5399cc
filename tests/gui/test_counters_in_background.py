"""With the whole map in view, counters are small coloured chips, and those at rest are
painted into the view's cached background with the map: the table must look exactly as
it does with every counter painted as an item, and every counter must still be picked
up, selected and moved as before."""

import pytest
from PySide6.QtGui import QImage

from ardennes_qt.core.actions import MoveUnits, SendToDeadPile
from ardennes_qt.core.map_markers import BARRAGE_FULL, CONTROL, MapMarker
from ardennes_qt.engine.session import Session
from ardennes_qt.ui.markers_layer import MarkersLayer
from ardennes_qt.ui.move_highlights import ReachTint
from tests.gui.campaign_view import shown_view
from tests.gui.mouse import counter_point, drag, hex_point


@pytest.fixture
def session():
    return Session.new("ardennes2/7.1", seed=1)


@pytest.fixture
def view(qtbot, session):
    view = shown_view(qtbot, session)
    view.fit_map()
    return view


def frame(view, qtbot) -> QImage:
    """The view once its terrain tiles have settled at this zoom."""
    view.viewport().repaint()
    qtbot.waitUntil(lambda: not view.terrain_item.pending, timeout=5000)
    view.viewport().repaint()
    return view.viewport().grab().toImage()


def as_items(view, qtbot) -> QImage:
    """The same view with every counter painted as an item, as closer in."""
    view.counters.set_baking(False)
    view.resetCachedContent()
    view._baking_changed(set())
    image = frame(view, qtbot)
    view.refresh_baking()
    return image


def baked(view) -> set[str]:
    return {uid for uid, item in view.counters.items.items() if item.baked}


def test_the_whole_map_looks_the_same_with_its_chips_in_the_background(qtbot, view):
    assert view.chips_shown() and view.counters.baking
    assert baked(view) == set(view.counters.items)  # all at rest
    shown = frame(view, qtbot)
    assert shown == as_items(view, qtbot)
    assert not view.names_over_chips.isVisible()  # nothing over the background to paint in a frame


def test_closer_in_counters_are_items(view):
    view.zoom_to(1.0, "B20.34")
    assert not view.chips_shown() and not view.counters.baking and not baked(view)
    view.fit_map()
    assert baked(view) == set(view.counters.items)


def test_a_chip_in_the_background_is_still_found_under_the_pointer(view, session):
    uid = session.stack_at("B20.34")[-1].id
    item = view.counters.items[uid]
    assert item.baked
    assert view.counter_at(view.mapFromScene(item.scenePos())) is item


def test_a_selected_stack_is_painted_as_items_and_the_map_looks_the_same(qtbot, view, session):
    stack = [u.id for u in session.stack_at("B20.34")]
    view.counters.select(stack[0])
    assert not baked(view) & set(stack)  # the selected unit's whole stack: its order kept
    assert baked(view) == set(view.counters.items) - set(stack)
    assert frame(view, qtbot) == as_items(view, qtbot)
    view.counters.select(None)
    assert baked(view) == set(view.counters.items)


def test_a_move_at_whole_map_zoom_repaints_the_background_where_the_counter_was_and_is(qtbot, table):
    view = table.view
    view.zoom_to(0.25, "A3.03")
    before = frame(view, qtbot)  # the background painted with the counter where it starts
    table.session.apply(MoveUnits(("1ID:B/1",), "A6.06"))  # the table follows the engine
    assert view.counters.items["1ID:B/1"].baked
    moved = frame(view, qtbot)
    assert moved != before
    assert moved == as_items(view, qtbot)


def test_something_shown_under_the_counters_makes_them_all_items(qtbot, view, session):
    before = frame(view, qtbot)
    tint = ReachTint(view.terrain)
    tint.setZValue(5.0)
    view.scene().addItem(tint)
    tint.show_reach({session.map.parse("B20.34"), session.map.parse("B21.34")})
    assert not view.counters.baking and not baked(view)  # the tint lies under them
    with_tint = frame(view, qtbot)
    tint.hide()
    assert view.counters.baking and baked(view) == set(view.counters.items)
    # Every counter left the background and came back to it, each told at once: as before.
    assert frame(view, qtbot) != with_tint and frame(view, qtbot) == before


def test_markers_over_a_pile_in_the_background_go_there_too(qtbot, view, session):
    occupied = session.map.hex_id(next(iter(session.state.occupied())))
    view.markers.show_markers([MapMarker(CONTROL, occupied, owner="German"),
                               MapMarker(BARRAGE_FULL, occupied, owner="Allied")],
                              {session.map.parse(occupied)})
    # The pile is in the background: the item has nothing to paint in a frame.
    assert view.markers.flags() & MarkersLayer.GraphicsItemFlag.ItemHasNoContents
    assert frame(view, qtbot) == as_items(view, qtbot)
    view.counters.select(session.stack_at(occupied)[0].id)  # now its pile is items: so are its markers
    assert not view.markers.flags() & MarkersLayer.GraphicsItemFlag.ItemHasNoContents
    assert frame(view, qtbot) == as_items(view, qtbot)


def test_a_pan_paints_the_chips_where_a_whole_repaint_puts_them(qtbot, view):
    view.zoom_to(view.zoom() * 1.6, "B20.34")
    assert view.counters.baking
    frame(view, qtbot)
    for step in (37, 41, -13):  # the strips each pan uncovers are painted on their own
        view.horizontalScrollBar().setValue(view.horizontalScrollBar().value() + step)
        view.verticalScrollBar().setValue(view.verticalScrollBar().value() + step)
        frame(view, qtbot)
    panned = frame(view, qtbot)
    view.resetCachedContent()
    assert panned == frame(view, qtbot)


def test_dragging_a_chip_moves_it_and_the_map_shows_it_there(qtbot, table):
    view = table.view
    view.zoom_to(0.25, "A3.03")
    assert view.counters.baking and view.counters.items["1ID:B/1"].baked
    drag(table, counter_point(table, "1ID:B/1"), hex_point(table, "A4.04"))
    assert table.session.unit("1ID:B/1").hex == "A4.04"
    assert not view.counters.lifted
    item = view.counters.items["1ID:B/1"]
    assert view.hex_id_at(item.scenePos().x(), item.scenePos().y()) == "A4.04"
    view.counters.select(None)
    assert item.baked
    assert frame(view, qtbot) == as_items(view, qtbot)


def test_a_picked_up_chip_is_an_item_while_it_is_carried(view, session):
    stack = [u.id for u in session.stack_at("B20.34")]
    view.counters.lift(stack[-1:])
    assert not baked(view) & set(stack)
    view.counters.put_back(tuple(stack[-1:]))
    assert not view.counters.lifted and set(stack) <= baked(view)


def test_another_game_in_the_same_view_leaves_no_chip_of_the_last_one_in_the_background(qtbot, view):
    frame(view, qtbot)
    other = Session.new("ardennes2/7.3", seed=1)  # the northern scenario: fewer counters, elsewhere
    view.counters.show_session(other)
    shown = frame(view, qtbot)
    assert shown == as_items(view, qtbot)


def test_a_counter_taken_off_the_map_leaves_the_background(qtbot, table):
    view = table.view
    view.zoom_to(0.25, "A3.03")
    before = frame(view, qtbot)
    table.session.apply(SendToDeadPile(("1ID:B/1",)))
    assert "1ID:B/1" not in view.counters.items
    after = frame(view, qtbot)
    assert after != before
    assert after == as_items(view, qtbot)
