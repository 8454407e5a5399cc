"""The end of the scenario: it opens by itself when the last turn ends, with the result and
its reasons, each side's losses by formation and the VP chart; the Plan menu opens it at
any time, when it tells the result if play ended now."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from ardennes_qt.engine.losses import losses
from ardennes_qt.engine.session import Session
from ardennes_qt.ui.scenario_end import ScenarioEndDialog, show_scenario_end
from tests.gui.planning_table import no_overlays_remembered, open_table, played  # noqa: F401

pytestmark = pytest.mark.usefixtures("no_overlays_remembered")


@pytest.fixture(scope="module")
def finished() -> Session:
    session = played("ardennes2/7.3", 100_000, seed=2)
    assert session.phase().game_over
    return session


def test_the_summary_opens_when_the_last_turn_ends(qtbot, finished):
    last = finished.history_position - 1
    window = open_table(qtbot, finished.forked(at=last))
    assert window.planning.summary is None
    window.session.apply(finished.history[last])
    dialog = window.planning.summary
    assert isinstance(dialog, ScenarioEndDialog) and dialog.isVisible()
    report = window.session.victory()
    assert report.final and dialog.result.text() == report.result
    assert dialog.windowTitle() == "End of the scenario — Kampfgruppe Peiper"
    assert "after Turn 6 of 6" in dialog.title.text()
    assert dialog.reasons.count() == len(report.reasons) and "(7.3)" in dialog.reasons.item(0).text()
    lost = losses(window.session.content, window.session.state_at(0), window.session.state)
    for side, table in dialog.loss_tables.items():
        rows = lost[side].formations
        assert table.rowCount() == len(rows)
        assert [table.item(r, 0).text() for r in range(table.rowCount())] == [row.name for row in rows]
        assert [table.item(r, 2).text() for r in range(table.rowCount())] == [str(row.units) for row in rows]
    assert [t for t, _ in dialog.chart.track.by_turn] == list(range(2, 7))


def test_the_summary_renders_a_whole_screen_offscreen(qtbot, finished):
    window = open_table(qtbot, finished.forked())
    window.resize(1600, 1000)
    first = show_scenario_end(window)
    dialog = show_scenario_end(window)  # asked twice: one summary stays
    qtbot.waitUntil(lambda: not first.isVisible())
    assert dialog.size().width() == 1600 and dialog.size().height() == 1000
    image = dialog.grab().toImage()
    assert image.width() == 1600 and not image.isNull()
    assert [d for d in window.findChildren(ScenarioEndDialog) if d.isVisible()] == [dialog]


def test_before_the_end_the_summary_tells_the_result_if_play_ended_now(qtbot):
    window = open_table(qtbot, Session.new("ardennes2/7.4", seed=1))
    QTest.keyClick(window, Qt.Key_R, Qt.ControlModifier | Qt.ShiftModifier)
    dialog = window.planning.summary
    assert dialog.windowTitle().startswith("The scenario so far")
    assert dialog.result.text() == "If play ended now: Allied Victory"
    assert "0 German-controlled VP hexes, 3 needed (7.4)" in dialog.standing.text()
    assert all(t.rowCount() == 0 for t in dialog.loss_tables.values())  # set up reduced is no loss
