"""The VP track dock: the total now, the greatest and the level it means, the chart of VPs
by turn, following the game; scenarios won by holding hexes say how many are held."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from ardennes_qt.engine.session import Session
from ardennes_qt.rules.ardennes2.vp_track import vp_track
from ardennes_qt.rules.ardennes2.actions import EndPhase
from ardennes_qt.ui.vp_chart import GREATEST, LINE, paint_vp_chart, turn_label_spans
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
    assert panel.provisional.toolTip().startswith("the victory table, control: 7.1 and 7.2 do not say")


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


def overlapping(spans: dict[int, tuple[float, float]]) -> list[tuple[int, int]]:
    ordered = sorted(spans.items())
    return [(a, b) for (a, (_, a_end)), (b, (b_start, _)) in zip(ordered, ordered[1:]) if a_end > b_start]


@pytest.mark.parametrize("width", [120, 240, 400, 640, 800, 1600])
def test_the_turns_named_under_the_axis_never_overlap_and_name_the_first_and_last(width):
    turns = list(range(1, 17))  # the campaign's 16 turns, each named with its date ("31 Dec") under it
    left, right = 30.0, float(width)

    def x(turn):
        return left + (turn - 1) / 15 * (right - 10 - left)

    spans = turn_label_spans(turns, x, dict.fromkeys(turns, 38.0), 0.0, right, gap=6.0)
    assert overlapping(spans) == []
    assert 16 in spans and (1 in spans or width < 100)
    assert all(0.0 <= start and end <= right for start, end in spans.values())
    if width >= 1600:
        assert sorted(spans) == turns  # room for all
    else:
        assert len(spans) < 16


def test_the_last_turn_kept_inside_the_chart_drops_the_name_it_would_cover():
    # The last tick is nearer the edge than half its name: pushed in, it would meet turn 15's.
    turns = list(range(1, 17))
    spans = turn_label_spans(turns, lambda t: 40.0 + (t - 1) * 50.0, dict.fromkeys(turns, 44.0), 0.0, 800.0, gap=4.0)
    assert spans[16] == (756.0, 800.0)
    assert 15 not in spans and 14 in spans
    assert overlapping(spans) == []
