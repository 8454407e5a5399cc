"""Turn flow on the campaign: Next Phase (Ctrl+E) plays the automatic phases and says what
they did; the phase bar shows the weather and what is left to do; the log panel lists
every action with its lines, reasons and dice, filters them, and follows undo and redo."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QPushButton

from ardennes_qt.engine.session import Session
from ardennes_qt.ui.player_words import unit_name

SEED = 43


@pytest.fixture(scope="module")
def campaign_content():
    return Session.new("ardennes2/7.1", seed=SEED).content


@pytest.fixture
def table(qtbot, campaign_content):
    from ardennes_qt.ui.table_window import TableWindow

    window = TableWindow(Session(campaign_content, seed=SEED), autosave=False, remember_layout=False)
    qtbot.addWidget(window)
    window.resize(1300, 850)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitActive(window)
    return window


def test_next_phase_reports_what_the_automatic_phases_did(table, qtbot):
    QTest.keySequence(table, QKeySequence("Ctrl+E"))
    session = table.session
    assert session.state.phase == "ge_movement"
    report = table.play.report
    assert report.isVisible()
    assert report.title.text() == "Now Turn 1, German: Movement & Barrage"
    body = report.body.text()
    assert "Weather Determination" in body and "Weather: " in body
    assert "2.2" in report.body.toolTip()  # each step's reasons with their rules
    assert "Air Strike" in body  # the Air Strike availability roll of the Pre-Turn
    bar = table.phase_bar
    qtbot.waitUntil(lambda: bar.todo.text().startswith("To do: "))
    assert "units may move" in bar.todo.text()
    assert bar.conditions.text().startswith("Weather: ")
    assert bar.side_chip.text().strip() == "German"
    QTest.keyClick(table, Qt.Key_Escape)
    assert not report.isVisible()


def test_the_log_lists_each_action_with_its_lines_reasons_and_dice(table):
    table.phase_bar.end_phase.trigger()
    log = table.play.log_panel
    model = log.model
    assert model.rowCount() == 1
    entry = model.index(0, 0)
    assert entry.data() == "Turn 1 · Weather Determination: end the phase"
    dice = model.index(0, 1).data()
    assert int(dice) == table.session.state.draws
    lines = [model.index(r, 0, entry).data() for r in range(model.rowCount(entry))]
    assert lines == [line.text for line in table.session.log()]
    first_with_reason = next(i for i, line in enumerate(table.session.log()) if line.reasons)
    line_index = model.index(first_with_reason, 0, entry)
    assert model.index(0, 0, line_index).data() == table.session.log()[first_with_reason].reasons[0]


def test_the_log_follows_undo_and_redo(table):
    table.phase_bar.end_phase.trigger()
    log = table.play.log_panel
    rolled = log.model.index(0, 1).data()
    table.history.undo.trigger()
    assert log.model.rowCount() == 0
    table.history.redo.trigger()
    assert log.model.rowCount() == 1 and log.model.index(0, 1).data() == rolled  # the same roll comes again


def test_the_log_can_be_searched_and_kept_to_the_rolls(table):
    session = table.session
    table.phase_bar.end_phase.trigger()
    unit = next(u for u in session.units() if u.side == "German" and u.hex and len(session.legal_moves([u.id])) > 2)
    to = next(h for h in session.legal_moves([unit.id]) if h != unit.hex)
    table.play.moves.drop((unit.id,), to)
    log = table.play.log_panel
    assert log.filter.rowCount() == 2
    log.rolls.setChecked(True)
    assert log.filter.rowCount() == 1  # the move rolled no die
    log.rolls.setChecked(False)
    log.search.setText(to)
    assert log.filter.rowCount() == 1
    assert log.filter.index(0, 0).data().endswith(f"move {unit_name(session, unit.id)} to {to}")  # as on its counter
    log.search.setText("no such words anywhere")
    assert log.filter.rowCount() == 0


def test_the_phase_bar_keeps_next_phase_in_place_and_the_to_do_in_sight(table, qtbot):
    bar = table.phase_bar
    button = bar.next_button
    before = button.geometry().x()
    short = bar.label.text()
    table.phase_bar.end_phase.trigger()  # to the German Movement: a longer phase and a long To-do
    qtbot.waitUntil(lambda: bar.todo.text().startswith("To do: "))
    assert bar.label.text() != short
    assert button.geometry().x() == before

    for width in (1300, 1000):
        table.resize(width, 850)
        qtbot.waitUntil(lambda: bar.todo.geometry().right() <= bar.width())
        todo = bar.todo
        assert todo.isVisible() and todo.width() >= 100
        assert todo.shown().startswith("To do: ")
        assert todo.fontMetrics().horizontalAdvance(todo.shown()) <= todo.contentsRect().width()  # none of it cut off
        words = todo.toolTip()
        assert "units may move" in words and "guns may barrage" in words  # the whole list on hover
        assert bar.conditions.shown() == "Weather: Clear"


def test_a_short_report_is_a_small_note(table):
    from ardennes_qt.core.outcome import LogLine

    report = table.play.report
    table.phase_bar.end_phase.trigger()  # a long report first
    long_height = report.height()
    report.show_report((LogLine("Turn 1, German: Movement"),), "Now Turn 1, German: Movement")
    assert report.isVisible()
    assert report.height() < long_height / 2
    line = report.body.fontMetrics().height()
    assert report.height() <= report.title.height() + line + report.findChildren(QPushButton)[0].height() + 40
    assert report.width() <= 430
