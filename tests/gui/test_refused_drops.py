"""A drop the rules refuse says why where the player looks: a note beside the hex it was
dropped on and the status bar (its words seen, not hidden under the hover words); while
counters are carried over such a hex the pointer says not-allowed."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWidget

from ardennes_qt.engine.session import Session
from ardennes_qt.rules.ardennes2.actions import EndPhase
from ardennes_qt.ui.rules_assistance import ENFORCE
from tests.gui.mouse import counter_point, hex_point

SEED = 43  # a game of its own: its rules assistance setting is kept apart from other tests'


def message_seen(window) -> bool:
    """The status bar's message has room to be read: no widget of the bar sits over it."""
    bar = window.statusBar()
    text = bar.currentMessage()
    needed = min(bar.fontMetrics().horizontalAdvance(text), bar.width() // 2)
    shown = [w for w in bar.findChildren(QWidget, options=Qt.FindDirectChildrenOnly) if w.isVisible()]
    return bool(text) and all(w.geometry().left() >= needed for w in shown)


def test_a_message_is_seen_and_the_hover_words_come_back_after_it(table):
    table.show_message("Not allowed: the stack would be over the stacking limit (1.4)")
    assert message_seen(table)
    table.statusBar().clearMessage()
    assert table.hover_label.isVisible()


@pytest.fixture(scope="module")
def campaign_content():
    return Session.new("ardennes2/7.1", seed=SEED).content


@pytest.fixture
def moving(qtbot, campaign_content):
    """The campaign's table in the German Movement Phase of Turn 1, rules enforced."""
    from ardennes_qt.ui.table_window import TableWindow

    session = Session(campaign_content, seed=SEED)
    session.apply(EndPhase())
    window = TableWindow(session, autosave=False, remember_layout=False)
    qtbot.addWidget(window)
    window.resize(1300, 850)
    window.show()
    qtbot.waitExposed(window)
    window.play.assistance.set_mode(ENFORCE)
    return window


def a_german_and_two_hexes(session):
    """A German unit alone in its hex, a hex next to it that it can reach and one beside
    that it cannot."""
    for u in session.units():
        if u.side != "German" or not u.hex or len(session.stack_at(u.hex)) != 1:
            continue
        reach = session.legal_moves([u.id])
        here = session.map.parse(u.hex)
        near = [h for h in reach if h != u.hex and not session.stack_at(h) and session.map.parse(h).distance(here) == 1]
        far = [session.map.hex_id(h) for h in session.map.all_hexes()
               if session.map.hex_id(h) not in reach and h.distance(here) == 3]
        if near and far:
            return u, near[0], far[0]
    raise AssertionError("no German unit to move")


def carry(window, unit_id: str, *hexes: str) -> None:
    """Pick a counter up and carry it over each hex in turn, without dropping it."""
    viewport = window.view.viewport()
    start = counter_point(window, unit_id)
    QTest.mousePress(viewport, Qt.LeftButton, Qt.NoModifier, start)
    for hex_id in hexes:
        end = hex_point(window, hex_id)
        for i in range(1, 5):
            p = start + (end - start) * (i / 4)
            QTest.mouseMove(viewport, QPoint(round(p.x()), round(p.y())))
        QTest.mouseMove(viewport, end + QPoint(1, 1))  # a last nudge within the hex
        start = end


def test_a_refused_drop_says_why_beside_the_hex_and_in_the_status_bar(moving):
    session = moving.session
    unit, near, far = a_german_and_two_hexes(session)
    moving.view.zoom_to(1.0, unit.hex)
    carry(moving, unit.id, far)
    QTest.mouseRelease(moving.view.viewport(), Qt.LeftButton, Qt.NoModifier, hex_point(moving, far))
    assert session.unit(unit.id).hex == unit.hex
    message = moving.statusBar().currentMessage()
    assert message.startswith("Not allowed: ") and message_seen(moving)
    reason = message.removeprefix("Not allowed: ")
    note = moving.play.moves.notes.note
    assert note.isVisible()
    assert note.text() == f"<b>Not allowed</b><br>{reason[:1].upper()}{reason[1:]}"  # the rules' words, as a sentence
    # Beside the hex the counter was dropped on.
    drop = hex_point(moving, far)
    assert (note.geometry().topLeft() - drop).manhattanLength() < 120
    assert note.geometry().left() > drop.x()
    # Gone when a counter is picked up again.
    carry(moving, unit.id, near)
    assert not note.isVisible()
    QTest.mouseRelease(moving.view.viewport(), Qt.LeftButton, Qt.NoModifier, hex_point(moving, near))


def test_the_pointer_says_not_allowed_over_a_hex_out_of_reach(moving):
    unit, near, far = a_german_and_two_hexes(moving.session)
    moving.view.zoom_to(1.0, unit.hex)
    viewport = moving.view.viewport()
    carry(moving, unit.id, near)
    assert viewport.cursor().shape() == Qt.ClosedHandCursor
    QTest.mouseMove(viewport, hex_point(moving, far))
    assert viewport.cursor().shape() == Qt.ForbiddenCursor
    QTest.mouseMove(viewport, hex_point(moving, far) + QPoint(1, 0))  # and it stays so within the hex
    assert viewport.cursor().shape() == Qt.ForbiddenCursor
    back = hex_point(moving, near)
    QTest.mouseMove(viewport, back)
    assert viewport.cursor().shape() == Qt.ClosedHandCursor
    QTest.mouseRelease(viewport, Qt.LeftButton, Qt.NoModifier, back)
    assert moving.session.unit(unit.id).hex == near
