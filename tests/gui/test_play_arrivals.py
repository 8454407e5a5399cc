"""Reinforcements on the campaign: the arrivals panel lists the Order of Arrival by turn and
entry place, the units due now are dragged onto the map (where they may go lights up),
or placed from the keyboard; the markers layer shows who controls each VP hex."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QDrag, QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from ardennes_qt.core.map_markers import CONTROL
from ardennes_qt.engine.session import Session
from ardennes_qt.rules.ardennes2.actions import EndPhase
from ardennes_qt.ui.unit_mime import units_to_mime
from tests.gui.mouse import click, hex_point

SEED = 47


@pytest.fixture(scope="module")
def campaign_content():
    return Session.new("ardennes2/7.1", seed=SEED).content


@pytest.fixture
def reinforcing(qtbot, campaign_content):
    """The campaign's table in the Reinforcement Placement phase of Turn 2."""
    from ardennes_qt.ui.table_window import TableWindow

    session = Session(campaign_content, seed=SEED)
    while not (session.state.turn == 2 and session.state.phase == "reinforcements"):
        session.apply(session.legal_actions()[0] if session.phase().pending else EndPhase())
    window = TableWindow(session, autosave=False, remember_layout=False)
    qtbot.addWidget(window)
    window.resize(1300, 850)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.play.arrivals.due_units() != [])
    return window


def drag_in(window, units, hex_id: str, drop: bool = True) -> None:
    """A Qt drag from a dock onto the map, as Qt delivers it: enter, move, and drop."""
    mime = units_to_mime(tuple(units))
    target = hex_point(window, hex_id)
    viewport = window.view.viewport()
    events = [QDragEnterEvent(target, Qt.MoveAction, mime, Qt.LeftButton, Qt.NoModifier),
              QDragMoveEvent(target, Qt.MoveAction, mime, Qt.LeftButton, Qt.NoModifier)]
    if drop:
        events.append(QDropEvent(QPointF(target), Qt.MoveAction, mime, Qt.LeftButton, Qt.NoModifier))
    for event in events:
        QApplication.sendEvent(viewport, event)


def test_the_panel_lists_this_turns_units_to_place_and_the_turns_to_come(reinforcing):
    panel = reinforcing.play.arrivals
    due = set(reinforcing.session.phase().due_reinforcements)
    assert set(panel.due_units()) == due
    turns = [panel.topLevelItem(i).text(0) for i in range(panel.topLevelItemCount())]
    assert turns[0] == "Turn 2 (17 Dec 44)" and panel.topLevelItem(0).text(1) == "this turn"
    assert panel.topLevelItem(0).isExpanded() and panel.topLevelItem(1).text(1) == "next turn"
    group = panel.topLevelItem(0).child(0)
    assert group.text(0).startswith(("Allied: ", "German: "))
    assert {group.child(k).text(1) for k in range(group.childCount())} == {"place now"}


def unit_rows(turn_item):
    return [group.child(k) for g in range(turn_item.childCount()) for group in [turn_item.child(g)]
            for k in range(group.childCount())]


def test_each_unit_shows_its_counter_once_its_turn_is_unfolded(reinforcing):
    panel = reinforcing.play.arrivals
    now, later = panel.topLevelItem(0), panel.topLevelItem(1)
    assert now.isExpanded() and not later.isExpanded()
    assert all(not row.icon(0).isNull() for row in unit_rows(now))
    # A folded turn's counters are drawn when the player unfolds it, not before.
    assert all(row.icon(0).isNull() for row in unit_rows(later))
    later.setExpanded(True)
    rows = unit_rows(later)
    assert rows and all(not row.icon(0).isNull() for row in rows)
    # The same counter for the same face: the row shows the unit's own counter.
    unit = reinforcing.session.unit(rows[0].toolTip(0).rpartition("(")[2].rstrip(")"))
    expected = reinforcing.view.counters.face(unit)
    assert panel._icons[expected].cacheKey() == rows[0].icon(0).cacheKey()


def test_a_unit_dragged_from_the_panel_shows_where_it_may_go_and_is_placed(reinforcing):
    session = reinforcing.session
    unit = reinforcing.play.arrivals.due_units()[0]
    allowed = session.placements([unit])
    reinforcing.view.zoom_to(1.0, allowed[0])
    drag_in(reinforcing, [unit], allowed[0], drop=False)
    preview = reinforcing.play.preview
    assert preview.placing and set(preview.reach) == set(allowed) and preview.tint.isVisible()
    assert reinforcing.statusBar().currentMessage() == f"Place here: {allowed[0]}"
    mime = units_to_mime((unit,))  # kept alive while the event refers to it
    drop = QDropEvent(QPointF(hex_point(reinforcing, allowed[0])), Qt.MoveAction, mime, Qt.LeftButton, Qt.NoModifier)
    QApplication.sendEvent(reinforcing.view.viewport(), drop)
    assert session.unit(unit).hex == allowed[0]
    assert not preview.tint.isVisible()
    assert unit not in reinforcing.play.arrivals.due_units()


def test_a_drop_where_the_unit_may_not_go_is_refused_with_the_reason(reinforcing):
    session = reinforcing.session
    unit = reinforcing.play.arrivals.due_units()[0]
    allowed = set(session.placements([unit]))
    elsewhere = next(session.map.hex_id(h) for h in session.map.all_hexes() if session.map.hex_id(h) not in allowed)
    reinforcing.view.zoom_to(0.5, elsewhere)
    drag_in(reinforcing, [unit], elsewhere)
    assert session.unit(unit).where == "scheduled"
    assert reinforcing.statusBar().currentMessage().startswith(f"Not allowed: {session.content.counter(unit).name}")


def carried_by_its_picture(monkeypatch, window, hex_id: str) -> None:
    """Qt's drags, as a player makes them: the counter's picture, hanging where the drag puts
    it about the pointer, is carried over the map and let go with its middle on ``hex_id``."""
    def exec_(drag, *_actions):
        picture = drag.pixmap()
        ratio = picture.devicePixelRatio() or 1.0
        middle = QPoint(round(picture.width() / ratio / 2), round(picture.height() / ratio / 2))
        pointer = hex_point(window, hex_id) - (middle - drag.hotSpot())
        mime, viewport = drag.mimeData(), window.view.viewport()
        for event in (QDragEnterEvent(pointer, Qt.MoveAction, mime, Qt.LeftButton, Qt.NoModifier),
                      QDragMoveEvent(pointer, Qt.MoveAction, mime, Qt.LeftButton, Qt.NoModifier),
                      QDropEvent(QPointF(pointer), Qt.MoveAction, mime, Qt.LeftButton, Qt.NoModifier)):
            QApplication.sendEvent(viewport, event)
        return Qt.MoveAction

    monkeypatch.setattr(QDrag, "exec", exec_)


def drag_from_panel(panel, unit: str) -> None:
    """Press on the unit's row in the arrivals panel and pull it away, as a hand does."""
    item = next(panel.topLevelItem(0).child(g).child(k) for g in range(panel.topLevelItem(0).childCount())
                for k in range(panel.topLevelItem(0).child(g).childCount())
                if panel.topLevelItem(0).child(g).child(k).data(0, Qt.UserRole + 1) == unit)
    panel.scrollToItem(item)
    start = panel.visualItemRect(item).center()
    QTest.mousePress(panel.viewport(), Qt.LeftButton, Qt.NoModifier, start)
    for step in range(1, 5):
        QTest.mouseMove(panel.viewport(), start + QPoint(12 * step, 0))
    QTest.mouseRelease(panel.viewport(), Qt.LeftButton, Qt.NoModifier, start + QPoint(48, 0))


def test_a_unit_dragged_from_the_panel_lands_where_its_counter_is_let_go(reinforcing, monkeypatch):
    session = reinforcing.session
    panel = reinforcing.play.arrivals
    unit = panel.due_units()[0]
    target = session.placements([unit])[len(session.placements([unit])) // 2]
    terrain = reinforcing.view.terrain
    reinforcing.view.zoom_to(24 / terrain.size, target)  # hexes some 40 pixels across: the picture is wider
    carried_by_its_picture(monkeypatch, reinforcing, target)
    drag_from_panel(panel, unit)
    assert session.unit(unit).hex == target
    assert unit not in panel.due_units()


def test_a_unit_dragged_from_the_panel_where_it_may_not_go_says_why_beside_the_hex(reinforcing, monkeypatch):
    session = reinforcing.session
    panel = reinforcing.play.arrivals
    unit = panel.due_units()[0]
    allowed = set(session.placements([unit]))
    here = session.map.parse(sorted(allowed)[0])
    elsewhere = next(session.map.hex_id(h) for h in session.map.all_hexes()
                     if session.map.hex_id(h) not in allowed and h.distance(here) == 4)
    reinforcing.view.zoom_to(1.0, elsewhere)
    carried_by_its_picture(monkeypatch, reinforcing, elsewhere)
    drag_from_panel(panel, unit)
    assert session.unit(unit).where == "scheduled"
    note = reinforcing.play.moves.notes.note
    assert note.isVisible() and note.text().startswith("<b>Not allowed</b>") and elsewhere in note.text()
    assert reinforcing.statusBar().currentMessage().startswith(f"Not allowed: {session.content.counter(unit).name}")


def test_enter_in_the_panel_then_a_click_places_the_unit(reinforcing):
    session = reinforcing.session
    panel = reinforcing.play.arrivals
    unit = panel.due_units()[0]
    item = next(panel.topLevelItem(0).child(g).child(k) for g in range(panel.topLevelItem(0).childCount())
                for k in range(panel.topLevelItem(0).child(g).childCount())
                if panel.topLevelItem(0).child(g).child(k).data(0, Qt.UserRole + 1) == unit)
    panel.setCurrentItem(item)
    QTest.keyClick(panel, Qt.Key_Return)
    preview = reinforcing.play.preview
    assert preview.move_mode and preview.placing
    target = session.placements([unit])[-1]
    reinforcing.view.zoom_to(1.0, target)
    click(reinforcing, hex_point(reinforcing, target))
    assert session.unit(unit).hex == target


def test_every_vp_hex_flies_its_controllers_flag(reinforcing):
    layer = reinforcing.play.markers
    flags = {m.hex: m.owner for m in layer.markers if m.kind == CONTROL}
    assert flags == {m.hex: m.owner for m in reinforcing.session.map_markers() if m.kind == CONTROL}
    assert flags["B1.16"] == "Allied"


def test_a_barrage_marker_appears_when_the_engine_places_it(reinforcing):
    from ardennes_qt.core.map_markers import BARRAGE_FULL

    session = reinforcing.session
    while session.state.phase != "ge_movement":
        reinforcing.phase_bar.end_phase.trigger()
    artillery = next(u for u in session.units() if u.side == "German" and u.hex and u.artillery
                     and session.barrage_targets(u.id))
    target = session.barrage_targets(artillery.id)[0]
    before = session.state.draws
    reinforcing.apply(next(a for a in session.legal_actions() if a.kind == "barrage"
                           and getattr(a, "artillery", None) == artillery.id and getattr(a, "target", None) == target))
    assert session.state.draws > before
    drawn = {(m.kind, m.hex) for m in reinforcing.play.markers.markers}
    placed = {(m.kind, m.hex) for m in session.map_markers() if m.kind.startswith("barrage")}
    assert placed <= drawn
    assert all(kind in (BARRAGE_FULL, "barrage_half") for kind, _ in placed)


def test_next_phase_reconciles_the_half_barrage_markers_and_says_so(reinforcing):
    session = reinforcing.session
    while session.state.phase != "ge_movement":
        reinforcing.phase_bar.end_phase.trigger()

    def barrage_markers():
        return sorted((m.kind, m.hex) for m in session.map_markers() if m.kind.startswith("barrage"))

    while not any(kind == "barrage_half" for kind, _ in barrage_markers()):
        fire = next(a for a in session.legal_actions() if a.kind == "barrage")  # the guns fire until a Half falls
        reinforcing.apply(fire)
    reinforcing.phase_bar.end_phase.trigger()
    report = reinforcing.play.report
    assert report.isVisible() and "Half Reconciliation" in report.body.text()
    assert not any(kind == "barrage_half" for kind, _ in barrage_markers())  # each Half made Full or gone (3.5)
    assert sorted((m.kind, m.hex) for m in reinforcing.play.markers.markers if m.kind.startswith("barrage")) \
        == barrage_markers()
