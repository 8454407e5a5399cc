"""Moving counters with the mouse: every drop goes through the engine."""

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from ardennes_qt.core.actions import SendToDeadPile
from ardennes_qt.core.outcome import Refused
from ardennes_qt.ui.unit_mime import units_to_mime
from tests.gui.mouse import click, counter_point, drag, hex_point


def test_dragging_a_counter_moves_it_to_the_hex(table):
    session = table.session
    assert [u.id for u in session.stack_at("A2.03")] == ["1ID:A/1", "1ID:B/1"]
    drag(table, counter_point(table, "1ID:B/1"), hex_point(table, "A4.04"))
    assert session.unit("1ID:B/1").hex == "A4.04"
    assert session.unit("1ID:A/1").hex == "A2.03"
    item = table.view.counters.items["1ID:B/1"]
    assert table.view.hex_id_at(item.scenePos().x(), item.scenePos().y()) == "A4.04"


def test_shift_drag_moves_the_whole_stack(table):
    drag(table, counter_point(table, "1ID:B/1"), hex_point(table, "B2.02"), Qt.ShiftModifier)
    assert [u.id for u in table.session.stack_at("B2.02")] == ["1ID:A/1", "1ID:B/1"]
    assert table.session.stack_at("A2.03") == []


def test_one_drag_is_one_undo_entry_and_undo_puts_it_back(table):
    drag(table, counter_point(table, "1ID:B/1"), hex_point(table, "A4.04"), Qt.ShiftModifier)
    assert table.history.undo.text() == "Undo move A/1 Inf Bn, B/1 Inf Bn to A4.04"
    QTest.keySequence(table, QKeySequence.Undo)
    assert table.session.unit("1ID:A/1").hex == "A2.03" and table.session.unit("1ID:B/1").hex == "A2.03"
    assert not table.session.can_undo
    assert table.history.redo.text() == "Redo move A/1 Inf Bn, B/1 Inf Bn to A4.04"
    QTest.keySequence(table, QKeySequence("Ctrl+Shift+Z"))
    assert table.session.unit("1ID:B/1").hex == "A4.04"
    QTest.keySequence(table, QKeySequence.Undo)
    QTest.keySequence(table, QKeySequence("Ctrl+Y"))
    assert table.session.unit("1ID:A/1").hex == "A4.04"


def test_a_drop_off_the_map_leaves_the_counter_where_it_was(table):
    before = table.view.counters.items["1Pz:I/1"].pos()
    margin = table.view.mapFromScene(QPointF(table.view.terrain.map_rect().right() + 30, 0))
    drag(table, counter_point(table, "1Pz:I/1"), margin)
    assert table.session.unit("1Pz:I/1").hex == "B3.03"
    assert table.view.counters.items["1Pz:I/1"].pos() == before
    assert not table.session.can_undo
    assert "No hex there" in table.statusBar().currentMessage()


def test_a_move_the_rules_refuse_puts_the_counter_back_with_the_reason(table, monkeypatch):
    def refuse(content, state, action):
        raise Refused("the stack would be over the stacking limit", "1.4")

    monkeypatch.setattr(table.session.ruleset, "apply", refuse)
    before = table.view.counters.items["1Pz:I/1"].pos()
    drag(table, counter_point(table, "1Pz:I/1"), hex_point(table, "B5.05"))
    assert table.session.unit("1Pz:I/1").hex == "B3.03"
    assert table.view.counters.items["1Pz:I/1"].pos() == before
    assert table.statusBar().currentMessage() == "Not allowed: the stack would be over the stacking limit (1.4)"


def test_dropping_on_the_dead_pile_and_dragging_back(table, qtbot):
    pile = table.dead_pile
    over_pile = table.view.viewport().mapFromGlobal(pile.mapToGlobal(pile.rect().center()))
    assert not table.view.viewport().rect().contains(over_pile)
    drag(table, counter_point(table, "1Pz:I/1"), over_pile)
    assert table.session.unit("1Pz:I/1").where == "dead"
    assert "1Pz:I/1" not in table.view.counters.items
    assert pile.unit_ids() == ["1Pz:I/1"]
    assert table.history.undo.text() == "Undo send I/1 Pz Bn to the dead pile"

    # Back onto the map, as Qt delivers the dead pile's drag: enter, move, drop.
    mime = units_to_mime(("1Pz:I/1",))
    target = hex_point(table, "B4.04")
    viewport = table.view.viewport()
    for event in (
        QDragEnterEvent(target, Qt.MoveAction, mime, Qt.LeftButton, Qt.NoModifier),
        QDragMoveEvent(target, Qt.MoveAction, mime, Qt.LeftButton, Qt.NoModifier),
        QDropEvent(QPointF(target), Qt.MoveAction, mime, Qt.LeftButton, Qt.NoModifier),
    ):
        QApplication.sendEvent(viewport, event)
        assert event.isAccepted()
    assert table.session.unit("1Pz:I/1").hex == "B4.04"
    assert pile.unit_ids() == []
    assert "1Pz:I/1" in table.view.counters.items


def test_a_click_fans_the_stack_out_and_lists_it(table):
    click(table, counter_point(table, "1ID:B/1"))
    counters = table.view.counters
    assert counters.fanned == table.session.map.parse("A2.03")
    a, b = counters.items["1ID:A/1"].pos(), counters.items["1ID:B/1"].pos()
    assert abs(a.x() - b.x()) >= counters.side  # side by side, not piled
    assert table.stack_inspector.unit_ids() == ["1ID:B/1", "1ID:A/1"]  # top first
    assert table.unit_panel.unit_id == "1ID:B/1"
    # Each fanned counter can now be picked up on its own.
    drag(table, counter_point(table, "1ID:A/1"), hex_point(table, "A5.05"))
    assert table.session.unit("1ID:A/1").hex == "A5.05"
    assert table.session.unit("1ID:B/1").hex == "A2.03"


def test_nothing_moves_when_a_click_does_not_travel(table):
    start = counter_point(table, "1Pz:I/1")
    drag(table, start, start + QPoint(3, 2))
    assert table.session.unit("1Pz:I/1").hex == "B3.03"
    assert not table.session.can_undo


def test_undoing_a_death_brings_the_counter_back(table):
    table.apply(SendToDeadPile(("1Pz:I/1",)), ("1Pz:I/1",))
    assert table.dead_pile.unit_ids() == ["1Pz:I/1"]
    table.history.undo.trigger()
    assert table.dead_pile.unit_ids() == []
    assert table.session.unit("1Pz:I/1").hex == "B3.03" and "1Pz:I/1" in table.view.counters.items


def test_the_stack_inspector_follows_its_hex(table):
    click(table, counter_point(table, "1ID:B/1"))
    assert table.stack_inspector.unit_ids() == ["1ID:B/1", "1ID:A/1"]
    drag(table, counter_point(table, "1ID:DIVARTY"), hex_point(table, "A2.03"))
    assert table.stack_inspector.unit_ids() == ["1ID:DIVARTY", "1ID:B/1", "1ID:A/1"]


def test_a_stack_on_the_map_edge_fans_out_inward_and_one_inland_about_its_hex(qtbot):
    from ardennes_qt.engine.session import Session
    from tests.gui.planning_table import open_table

    window = open_table(qtbot, Session.new("ardennes2/7.1", seed=1))
    session, counters, layout = window.session, window.view.counters, window.view.terrain.layout
    west, _, east, _ = window.view.terrain.edges.bounds

    def fanned(hex_id: str) -> tuple[list[float], float]:
        h = session.map.parse(hex_id)
        stack = session.state.units_at(h)
        assert len(stack) > 1, hex_id
        counters.fan_out(h)
        return sorted(counters.items[u].pos().x() for u in stack), layout.centre(h)[0]

    xs, cx = fanned("B40.43")  # 150 Pz Bde's three KGs, on the east edge
    assert west <= xs[0] - counters.side / 2 and xs[-1] + counters.side / 2 <= east
    assert xs[-1] < cx + counters.side  # shifted west, still over its hex
    inland = next(u.hex for u in session.units() if u.hex and len(session.stack_at(u.hex)) > 1
                  and 5 <= int(u.hex.split(".")[0][1:]) <= 35)
    xs, cx = fanned(inland)
    assert (xs[0] + xs[-1]) / 2 == pytest.approx(cx)  # centred on its hex
    session.close()
