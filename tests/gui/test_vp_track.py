"""The VP track dock: the total now, the greatest and the level it means, the chart of VPs
by turn, following the game; scenarios won by holding hexes say how many are held."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from ardennes_qt.engine.session import Session
from ardennes_qt.engine.vp_history import vp_track
from ardennes_qt.rules.ardennes2.actions import EndPhase
from ardennes_qt.ui.vp_chart import GREATEST, LINE, paint_vp_chart
from tests.gui.planning_table import no_overlays_remembered, open_table  # noqa: F401

pytestmark = pytest.mark.usefixtures("no_overlays_remembered")


def next_turn(session: Session) -> None:
    turn = session.state.turn
    while session.state.turn == turn:
        session.apply(session.legal_actions()[0] if session.phase().pending else EndPhase())


@pytest.fixture(scope="module")
def campaign() -> Session:
    session = Session.new("ardennes2/7.1", seed=5)
    next_turn(session)
    next_turn(session)
    return session


def test_the_dock_shows_the_total_the_greatest_and_the_level(qtbot, campaign):
    window = open_table(qtbot, campaign.forked())
    panel = window.planning.vp_track
    report = window.session.victory()
    assert panel.current.text().startswith(f"<b>German VP now: {report.current_vp}</b>")
    assert "(Turn 3 of 16)" in panel.current.text()
    assert panel.standing.text().startswith(f"Greatest: {report.vp} VP at the end of Turn {report.vp_turn} — {report.result}")
    assert panel.result.text() == f"If play ended now: {report.result}"
    assert "(6.0)" in panel.result.toolTip()
    assert [t for t, _ in panel.chart.track.by_turn] == [1, 2]
    assert panel.chart.dates[1] == "16 Dec 44"


def test_the_track_follows_the_game(qtbot, campaign):
    played_on = campaign.forked()
    next_turn(played_on)
    last = played_on.history_position - 1  # the action that ends Turn 3
    window = open_table(qtbot, played_on.forked(at=last))
    panel = window.planning.vp_track
    assert [t for t, _ in panel.chart.track.by_turn] == [1, 2]
    window.session.apply(played_on.history[last])
    assert [t for t, _ in panel.chart.track.by_turn] == [1, 2, 3]
    assert "(Turn 4 of 16)" in panel.current.text()
    window.session.undo()
    assert [t for t, _ in panel.chart.track.by_turn] == [1, 2]


def test_hexes_held_decide_where_the_scenario_says_so(qtbot):
    window = open_table(qtbot, Session.new("ardennes2/7.4", seed=1))
    panel = window.planning.vp_track
    assert panel.standing.text() == "0 German-controlled VP hexes, 3 needed (7.4)"
    assert panel.result.text() == "If play ended now: Allied Victory"
    assert "St. Vith B20.34: Allied-controlled (7.4)" in panel.result.toolTip()
    assert panel.provisional.text() == "≈ control of VP hexes nobody has occupied is provisional"
    assert panel.provisional.toolTip().startswith("victory.toml [control]: M10")


def test_a_rule_system_without_a_track_says_so(table):
    assert table.planning.vp_track.current.text() == "This game's rule system keeps no VP track."
    assert not table.planning.vp_track.chart.isVisibleTo(table.planning.vp_track)


def test_the_chart_draws_the_turns_and_rings_the_greatest(qapp, campaign):
    track = vp_track(campaign.content, campaign.state)
    image = QImage(640, 320, QImage.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    paint_vp_chart(painter, QRectF(0, 0, 640, 320), track, dict(campaign.content.scenario.dates))
    painter.end()
    colours = {image.pixelColor(x, y).name() for x in range(0, 640, 2) for y in range(0, 320, 2)}
    assert LINE.name() in colours and GREATEST.name() in colours
