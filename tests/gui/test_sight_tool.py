"""The line-of-sight tool on the table, for a game whose rules offer line of sight: shown only
then; two hexes picked give the rules' verdict and every step in the dock and the line on the
map; a hex of several Locations asks which; the viewshed shades what the rules say is seen;
Esc clears it all."""

from __future__ import annotations

import threading

import pytest
import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from ardennes_qt.engine.session import Session
from ardennes_qt.ui import sight_job
from tests.gui.fake_sight import BUILDING, CLEAR_TARGET, HINDERED_TARGET, PROVISIONAL_RULE, with_fake_sight
from tests.gui.mouse import click, hex_point, hover
from tests.gui.planning_table import open_table

VIEWER, TARGET = "A10.16", "A16.19"


def orchard_and_woods(table) -> tuple[str, str]:
    """Where the fake's line from VIEWER to TARGET is hindered, and where it is blocked."""
    crossed = table.fake.crossed(VIEWER, TARGET)
    return crossed[1], crossed[len(crossed) // 2]


@pytest.fixture
def fake_table(qtbot, monkeypatch):
    session = Session.new("ardennes2/7.1", seed=1)
    fake = with_fake_sight(session, monkeypatch)
    table = open_table(qtbot, session)
    table.fake = fake
    return table


def menu_texts(table) -> list[str]:
    return [a.text() for title in ("&View", "&Game", "&Plan") for a in table.menu(title).actions() if a.isVisible()]


def context_texts(table, hex_id: str) -> list[str]:
    return [a.text() for a in table.context_menu.build(hex_id, "").actions()]


def picked(qtbot, table, viewer: str = VIEWER, target: str = TARGET) -> None:
    QTest.keyClick(table, Qt.Key_L)
    click(table, hex_point(table, viewer))
    click(table, hex_point(table, target))


def test_a_game_without_line_of_sight_has_no_such_entry(qtbot):
    table = open_table(qtbot, Session.new("ardennes2/7.1", seed=1))
    assert not any("Line of Sight" in text or "Sees" in text for text in menu_texts(table))
    assert not any("Line of Sight" in text or "Sees" in text for text in context_texts(table, VIEWER))
    QTest.keyClick(table, Qt.Key_L)
    assert table.sight.mode is None and table.view.hex_click_filter is None
    assert table.sight.dock.isHidden()


def test_the_entries_appear_for_a_game_with_line_of_sight(fake_table):
    texts = menu_texts(fake_table)
    assert "Line of &Sight…" in texts and "Show What a Location S&ees…" in texts
    assert "Line of sight" in texts  # the dock's own entry
    entries = context_texts(fake_table, VIEWER)
    assert "Line of Sight from Here…" in entries and "Show What This Location Sees" in entries


def test_two_hexes_picked_show_the_verdict_every_step_and_the_line(qtbot, fake_table):
    picked(qtbot, fake_table)
    tool = fake_table.sight
    assert fake_table.fake.asked[-1] == (VIEWER, TARGET, 0, 0)
    panel = tool.panel
    assert not tool.dock.isHidden()
    orchard, woods = orchard_and_woods(fake_table)
    assert panel.verdict.text().startswith(f"Blocked at {woods} by pine woods")
    assert panel.verdict.text().endswith("≈")  # the answer rests on a provisional rule
    assert panel.locations.text() == f"From {VIEWER}, ground level to {TARGET}, ground level"
    assert not panel.provisional.isHidden()
    assert "the rulebook's line-of-sight rules are not in the documents" in panel.provisional.text()
    assert panel.step_words() == [
        ("≈", orchard, "orchard", "hinders +1", PROVISIONAL_RULE),
        ("", woods, "pine woods, top at level 2", "blocks", "woods block a line below their top"),
    ]
    drawing = tool.drawing
    assert drawing.kind == "blocked" and drawing.blocked_at == woods
    scene = fake_table.view.scene()
    assert all(item.scene() is scene for item in drawing.items())
    assert drawing.seen_part.isVisible() and drawing.seen_part.pen().style() == Qt.SolidLine
    assert drawing.beyond.isVisible() and drawing.beyond.pen().style() == Qt.DashLine
    assert drawing.block_mark.isVisible()
    centre = fake_table.view.terrain.layout.centre(fake_table.session.map.parse(woods))
    assert (drawing.seen_part.line().p2().x(), drawing.seen_part.line().p2().y()) == pytest.approx(centre)
    assert set(drawing.crossed.hexes) == set(fake_table.fake.crossed(VIEWER, TARGET))


def test_another_click_looks_from_the_same_viewer_clear_or_hindered_without_dashes(qtbot, fake_table):
    QTest.keyClick(fake_table, Qt.Key_L)
    click(fake_table, hex_point(fake_table, BUILDING))
    tool = fake_table.sight
    next(a for a in tool.question.actions() if a.text() == "Ground level").trigger()
    colours = set()
    for target, kind, verdict in ((CLEAR_TARGET, "clear", "Clear"), (HINDERED_TARGET, "hindered", "Seen, hindered +1 ≈")):
        click(fake_table, hex_point(fake_table, target))
        assert fake_table.fake.asked[-1] == (BUILDING, target, 0, 0)
        assert tool.panel.verdict.text() == verdict
        assert tool.drawing.kind == kind
        assert not tool.drawing.beyond.isVisible() and not tool.drawing.block_mark.isVisible()
        colours.add(tool.drawing.seen_part.pen().color().name())
    assert len(colours) == 2


def test_the_line_to_the_hex_under_the_pointer_is_previewed(qtbot, fake_table):
    QTest.keyClick(fake_table, Qt.Key_L)
    click(fake_table, hex_point(fake_table, VIEWER))
    hover(fake_table, hex_point(fake_table, TARGET))
    tool = fake_table.sight
    assert tool.preview.kind == "blocked" and tool.preview.seen_part.isVisible()
    assert f"Line of sight: blocked at {orchard_and_woods(fake_table)[1]}" in fake_table.hover_label.text()
    assert tool.panel.line is None  # the dock shows a line picked, not one previewed


def test_a_hex_of_several_locations_asks_which(qtbot, fake_table):
    QTest.keyClick(fake_table, Qt.Key_L)
    click(fake_table, hex_point(fake_table, BUILDING))
    tool = fake_table.sight
    question = tool.question
    assert question is not None and question.isVisible()
    answers = [a.text() for a in question.actions() if not a.isSeparator()]
    assert answers == ["Ground level", "Building, upper level"]
    next(a for a in question.actions() if a.text() == "Building, upper level").trigger()
    assert tool.viewer == (BUILDING, 1)
    assert tool.panel.verdict.text() == f"From {BUILDING}, building, upper level"
    click(fake_table, hex_point(fake_table, "A16.13"))
    assert fake_table.fake.asked[-1] == (BUILDING, "A16.13", 1, 0)
    assert tool.panel.locations.text().startswith(f"From {BUILDING}, building, upper level")


def test_the_right_click_menu_offers_each_location_of_the_hex(qtbot, fake_table):
    menu = fake_table.context_menu.build(BUILDING, "")
    entry = next(a for a in menu.actions() if a.text() == "Line of Sight from Here")
    levels = [a.text() for a in entry.menu().actions()]
    assert levels == ["Ground level", "Building, upper level"]
    entry.menu().actions()[1].trigger()
    assert fake_table.sight.viewer == (BUILDING, 1)
    click(fake_table, hex_point(fake_table, CLEAR_TARGET))
    assert fake_table.sight.panel.verdict.text() == "Clear"


def test_esc_clears_the_line_and_the_picking(qtbot, fake_table):
    picked(qtbot, fake_table)
    tool = fake_table.sight
    QTest.keyClick(fake_table, Qt.Key_Escape)
    assert tool.mode is None and tool.viewer is None and tool.line is None
    assert fake_table.view.hex_click_filter is None
    assert not any(item.isVisible() for item in tool.drawing.items())
    assert tool.panel.line is None and tool.panel.step_words() == []


def test_the_viewshed_shades_the_hexes_seen(qtbot, fake_table):
    tool = fake_table.sight
    QTest.keyClick(fake_table, Qt.Key_L, Qt.ShiftModifier)
    click(fake_table, hex_point(fake_table, VIEWER))
    qtbot.waitUntil(lambda: not tool.busy, timeout=5000)
    shade = tool.shade
    assert shade.isVisible() and shade.scene() is fake_table.view.scene()
    assert shade.seen == fake_table.fake.viewshed(None, None, VIEWER)
    assert not shade._clear.isEmpty() and not shade._hindered.isEmpty()
    assert tool.view.hex_click_filter is None  # picking the Location ends with it
    assert "sees 37 hexes: 19 clear (shaded blue), 18 hindered (shaded amber)" in tool.panel.seen.text()
    hindered = next(h for h, hindrance in shade.seen.items() if hindrance)
    hover(fake_table, hex_point(fake_table, hindered))
    assert f"Seen from {VIEWER}, ground level, Hindrance +1" in fake_table.hover_label.text()
    QTest.keyClick(fake_table, Qt.Key_Escape)
    assert not shade.isVisible() and shade.seen == {}
    qtbot.waitUntil(lambda: sight_job.running() == 0, timeout=5000)


def test_the_line_and_the_viewshed_show_together_and_the_dock_sits_with_the_log(qtbot, fake_table):
    picked(qtbot, fake_table)
    tool = fake_table.sight
    tool.show_viewshed(VIEWER, 0)
    qtbot.waitUntil(lambda: not tool.busy, timeout=5000)
    assert tool.drawing.seen_part.isVisible() and tool.shade.isVisible()
    QTest.keyClick(fake_table, Qt.Key_L)  # a new line: the shading stays, the old line goes
    assert not tool.drawing.seen_part.isVisible() and tool.shade.isVisible()
    assert tool.dock in fake_table.tabifiedDockWidgets(fake_table.docks["log"])


def test_deleting_the_window_while_a_viewshed_is_worked_out(qtbot, monkeypatch, request):
    from ardennes_qt.ui.table_window import TableWindow

    session = Session.new("ardennes2/7.1", seed=1)
    fake = with_fake_sight(session, monkeypatch)
    answer = fake.viewshed
    # The job is held at work until the window has gone (a viewshed cannot be cut short).
    gone = threading.Event()
    request.addfinalizer(gone.set)
    monkeypatch.setattr(fake, "viewshed", lambda *args: (gone.wait(20), answer(*args))[1])
    table = TableWindow(session, autosave=False, remember_layout=False)  # deleted here, not by qtbot
    table.show()
    qtbot.waitExposed(table)
    tool = table.sight
    tool.show_viewshed(VIEWER, 0)
    job = tool._job
    assert sight_job.running() == 1
    heard = tool._changed
    table.deleteLater()  # without closing it first
    qtbot.waitUntil(lambda: not shiboken6.isValid(table), timeout=5000)
    assert sight_job.running() == 1  # still at work
    gone.set()
    assert job.stopped  # its answer goes nowhere; its thread is not destroyed at work
    qtbot.waitUntil(lambda: sight_job.running() == 0, timeout=5000)
    qtbot.wait(50)
    assert heard not in session._listeners  # the game lives on, unheard by the tool gone


def test_the_dock_asked_for_from_the_view_menu_takes_its_place_beside_the_log(fake_table):
    fake_table.sight.dock_action.trigger()
    assert fake_table.sight.dock.isVisible() and not fake_table.sight.dock.isFloating()
    assert fake_table.sight.dock in fake_table.tabifiedDockWidgets(fake_table.docks["log"])


def test_a_slow_line_is_not_previewed_again(qtbot, fake_table, monkeypatch):
    from ardennes_qt.ui import sight_tool

    monkeypatch.setattr(sight_tool, "PREVIEW_LIMIT_S", 0.0)
    QTest.keyClick(fake_table, Qt.Key_L)
    click(fake_table, hex_point(fake_table, VIEWER))
    hover(fake_table, hex_point(fake_table, TARGET))
    asked = len(fake_table.fake.asked)
    hover(fake_table, hex_point(fake_table, CLEAR_TARGET))
    assert len(fake_table.fake.asked) == asked and not fake_table.sight.preview.seen_part.isVisible()


def test_another_game_on_the_table_without_line_of_sight_takes_the_tool_away(qtbot, fake_table):
    picked(qtbot, fake_table)
    fake_table.set_session(Session.new("ardennes2/7.1", seed=2))
    assert not any("Line of Sight" in text or "Sees" in text for text in menu_texts(fake_table))
    assert fake_table.sight.dock.isHidden() and fake_table.sight.line is None
