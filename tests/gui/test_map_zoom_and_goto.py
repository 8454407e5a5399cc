"""Zooming keeps the map under the pointer where it is; Go to Hex and Centre on Selection
bring a hex to the middle of the view."""

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from ardennes_qt.engine.session import Session
from ardennes_qt.ui.go_to_hex import GoToHexDialog, hex_from_text
from tests.gui.campaign_view import shown_view

ST_VITH = "B20.34"


@pytest.fixture(scope="module")
def session():
    return Session.new("ardennes2/7.1", seed=1)


@pytest.fixture
def view(qtbot, session):
    return shown_view(qtbot, session)


def centre_of(view, hex_id: str) -> QPointF:
    return QPointF(*view.terrain.layout.centre(view.terrain.map.parse(hex_id)))


def on_screen(view, hex_id: str) -> QPointF:
    return view.viewportTransform().map(centre_of(view, hex_id))


def wheel(view, at: QPoint, notches: int = 1) -> None:
    event = QWheelEvent(QPointF(at), QPointF(view.viewport().mapToGlobal(at)), QPoint(), QPoint(0, 120 * notches),
                        Qt.NoButton, Qt.NoModifier, Qt.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), event)


def test_a_wheel_notch_keeps_the_hex_under_the_pointer_under_it(view):
    view.zoom_to(1.0, "B18.30")
    at = on_screen(view, ST_VITH).toPoint()
    assert view.viewport().rect().contains(at) and at != view.viewport().rect().center()
    for notches in (1, 1, -1, 2):
        before = view.zoom()
        wheel(view, at, notches)
        assert view.zoom() != before
        after = on_screen(view, ST_VITH)
        assert abs(after.x() - at.x()) <= 1.5 and abs(after.y() - at.y()) <= 1.5
        assert view.hex_id_at(*(lambda p: (p.x(), p.y()))(view.mapToScene(at))) == ST_VITH


def test_keyboard_zoom_with_the_pointer_away_from_the_map_keeps_the_middle_of_the_view(view):
    view.zoom_to(1.0, ST_VITH)
    middle = QPointF(view.viewport().rect().center())
    anchor = view.mapToScene(view.viewport().rect().center())
    view.zoom_by(1.25, middle)
    after = view.viewportTransform().map(QPointF(anchor))
    assert abs(after.x() - middle.x()) <= 1.5 and abs(after.y() - middle.y()) <= 1.5


def test_go_to_hex_centres_on_it_and_marks_it(qtbot, view):
    view.zoom_to(2.0, "A5.10")
    dialog = GoToHexDialog(view.terrain.map, view.centre_on_hex, view)
    dialog.field.setText("b20.19")
    dialog.accept()
    assert dialog.result() == GoToHexDialog.Accepted
    middle = QPointF(view.viewport().rect().center())
    there = on_screen(view, "B20.19")
    assert abs(there.x() - middle.x()) <= 2 and abs(there.y() - middle.y()) <= 2
    assert view.flash.isVisible() and view.flash.polygon().boundingRect().contains(centre_of(view, "B20.19"))
    qtbot.waitUntil(lambda: not view.flash.isVisible() and not view.flash.blinking, timeout=15000)  # slow on a busy machine


@pytest.mark.parametrize("text, reason", [
    ("B99.19", "column 99"),
    ("C1.01", "no map sheet C"),
    ("St. Vith", "not a hex id"),
    ("", "Type a hex id"),
])
def test_a_bad_hex_id_is_refused_with_the_reason(view, text, reason):
    with pytest.raises(ValueError, match=reason):
        hex_from_text(view.terrain.map, text)
    went = []
    dialog = GoToHexDialog(view.terrain.map, went.append, view)
    dialog.show()
    dialog.field.setText(text)
    dialog.accept()
    assert went == [] and dialog.isVisible()
    assert reason in dialog.reason.text() and not dialog.reason.isHidden()
    dialog.close()


def test_centre_on_selection_brings_the_selected_counter_to_the_middle(view, session):
    unit = session.stack_at(ST_VITH)[-1]
    view.zoom_to(2.0, "A5.10")
    assert not view.centre_on_selection()  # nothing selected
    view.counters.select(unit.id)
    assert view.centre_on_selection()
    middle = QPointF(view.viewport().rect().center())
    there = on_screen(view, ST_VITH)
    assert abs(there.x() - middle.x()) <= 2 and abs(there.y() - middle.y()) <= 2


def test_the_view_menu_has_go_to_hex_on_ctrl_g_and_centre_on_selection(qtbot, table):
    qtbot.waitUntil(lambda: any(a.text() == "&Go to Hex…" for a in table.menu("&View").actions()), timeout=5000)
    actions = {a.text(): a for a in table.menu("&View").actions()}
    assert actions["&Go to Hex…"].shortcut().toString() == "Ctrl+G"
    assert "&Centre on Selection" in actions
    actions["&Go to Hex…"].trigger()
    dialog = table.findChild(GoToHexDialog)
    assert dialog is not None and dialog.isVisible()
    dialog.close()


def test_after_the_wheel_stops_the_counters_in_view_are_drawn_for_the_new_zoom(qtbot, view):
    from ardennes_qt.ui.counter_item import view_pixels_per_unit

    view.zoom_to(1.0, ST_VITH)
    qtbot.waitUntil(lambda: not view.terrain_item.pending, timeout=5000)
    at = on_screen(view, ST_VITH).toPoint()
    wheel(view, at)
    wheel(view, at)
    in_view = [i for i in view.counters.items.values()
               if view.viewport().rect().contains(view.mapFromScene(i.scenePos()))]
    assert in_view and view.terrain_item.pending  # the steps' frames show the pictures there were
    qtbot.waitUntil(lambda: not view.terrain_item.pending, timeout=8000)
    qtbot.waitUntil(lambda: all(i.pixels_per_unit == view_pixels_per_unit(view) for i in in_view), timeout=3000)
