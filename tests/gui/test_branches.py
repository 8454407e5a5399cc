"""What-if lines on the table: fork, name, play on, compare, return, keep, discard,
save and open again, with the mouse and the keyboard."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit

from ardennes_qt.engine.autoplay import RandomPlayer
from ardennes_qt.engine.branches import MAIN_LINE
from ardennes_qt.engine.session import Session
from ardennes_qt.ui.line_compare_dialog import LineCompareDialog
from tests.gui.planning_table import no_overlays_remembered, open_table, played  # noqa: F401

pytestmark = pytest.mark.usefixtures("no_overlays_remembered")


@pytest.fixture(scope="module")
def opening() -> Session:
    return played("ardennes2/7.4", 30)


@pytest.fixture
def table(qtbot, opening):
    window = open_table(qtbot, opening.forked())
    window.docks["branches"].raise_()
    return window


def entries(window) -> list[str]:
    panel = window.planning.branches
    return [panel.list.item(i).text().split("\n")[0] for i in range(panel.list.count())]


def choose(window, name: str) -> None:
    panel = window.planning.branches
    for i in range(panel.list.count()):
        if panel.list.item(i).data(Qt.UserRole) == name:
            panel.list.setCurrentRow(i)


def fork_and_name(qtbot, window, name: str) -> Session:
    main = window.session
    QTest.keyClick(window, Qt.Key_B, Qt.ControlModifier | Qt.ShiftModifier)
    assert window.session is not main
    def name_editor():
        return window.planning.branches.list.findChild(QLineEdit)

    qtbot.waitUntil(lambda: name_editor() is not None and name_editor().hasFocus())
    editor = name_editor()
    editor.selectAll()
    QTest.keyClicks(editor, name)
    QTest.keyClick(editor, Qt.Key_Return)
    panel = window.planning.branches
    qtbot.waitUntil(lambda: any(panel.list.item(i).toolTip().startswith(f"{name}:") for i in range(panel.list.count())))
    return window.session


def test_fork_here_puts_a_named_branch_on_the_table(qtbot, table):
    main = table.session
    branch = fork_and_name(qtbot, table, "Push to Vielsalm")
    lines = branch.lines
    assert lines.names() == [MAIN_LINE, "Push to Vielsalm"] and lines.current == "Push to Vielsalm"
    assert branch.state_hash() == main.state_hash() and branch.action_log() == main.action_log()
    qtbot.waitUntil(lambda: entries(table) == ["★ Main line", "Push to Vielsalm"])
    assert table.planning.branches.list.item(1).font().bold()
    assert "Push to Vielsalm" in table.planning.branches.list.item(1).toolTip()


def test_a_branch_plays_on_and_the_main_line_comes_back_as_it_was(qtbot, table):
    main = table.session
    table.view.zoom_to(1.2, "B20.34")
    zoom, height = table.view.zoom(), table.view.height()
    branch = fork_and_name(qtbot, table, "Night march")
    RandomPlayer(random.Random(4)).play(branch, max_actions=25)
    assert branch.state_hash() != main.state_hash()
    branch.undo()  # undo in a branch is the branch's own
    assert table.planning.return_to_main.isEnabled()
    QTest.keyClick(table, Qt.Key_M, Qt.ControlModifier | Qt.ShiftModifier)
    assert table.session is main and main.lines.current == MAIN_LINE
    assert abs(table.view.zoom() - zoom) < 1e-9  # the map stays where it was looked at
    assert table.view.height() == height  # and as large, at once: the docks stay as they were
    for unit in main.units():
        item = table.view.counters.items.get(unit.id)
        assert (item is not None) == (unit.where == "map")
    assert not table.planning.return_to_main.isEnabled()


def test_compare_sets_the_lines_side_by_side_and_shows_a_unit(qtbot, table):
    main = table.session
    branch = fork_and_name(qtbot, table, "Probe")
    RandomPlayer(random.Random(8)).play(branch, max_actions=30)
    table.planning.play_line(MAIN_LINE)
    choose(table, "Probe")
    table.planning.branches.compare.trigger()
    dialog = table.planning.compare_dialog
    assert isinstance(dialog, LineCompareDialog) and dialog.isVisible()
    rows = {dialog.summary.item(r, 0).text(): (dialog.summary.item(r, 1).text(), dialog.summary.item(r, 2).text())
            for r in range(dialog.summary.rowCount())}
    assert rows["Actions since the lines parted"] == ("30", "0")
    assert rows["German VP now"] == (str(branch.victory().current_vp), str(main.victory().current_vp))
    assert dialog.units.rowCount() == len(dialog.comparison.differences) > 0
    on_map = next(r for r in range(dialog.units.rowCount())
                  if main.unit(dialog.units.item(r, 0).data(Qt.UserRole)).hex)
    unit_id = dialog.units.item(on_map, 0).data(Qt.UserRole)
    dialog.units.scrollToItem(dialog.units.item(on_map, 0))
    rect = dialog.units.visualItemRect(dialog.units.item(on_map, 0))
    QTest.mouseClick(dialog.units.viewport(), Qt.LeftButton, Qt.NoModifier, rect.center())  # as a real double-click begins
    QTest.mouseDClick(dialog.units.viewport(), Qt.LeftButton, Qt.NoModifier, rect.center())
    assert table.unit_panel.unit_id == unit_id


def test_keep_makes_a_branch_the_main_line_and_discard_drops_one(qtbot, table):
    fork_and_name(qtbot, table, "Keeper")
    table.planning.play_line(MAIN_LINE)
    table.planning.branches.fork.trigger()  # a second branch, left with its given name
    qtbot.waitUntil(lambda: isinstance(QApplication.focusWidget(), QLineEdit))
    QTest.keyClick(QApplication.focusWidget(), Qt.Key_Escape)
    table.planning.play_line(MAIN_LINE)
    choose(table, "Keeper")
    table.planning.branches.keep.trigger()
    lines = table.session.lines
    assert lines.main == "Keeper"
    qtbot.waitUntil(lambda: entries(table)[0] == "★ Keeper")
    assert "Former main line" in lines.names()
    choose(table, "Branch 2")
    table.planning.branches.list.setFocus()
    QTest.keyClick(table.planning.branches.list, Qt.Key_Delete)
    assert "Branch 2" not in lines.names()
    assert entries(table) == ["★ Keeper", "Former main line"]


def test_lines_are_saved_with_the_game_and_open_again(qtbot, table, tmp_path):
    branch = fork_and_name(qtbot, table, "Saved what-if")
    RandomPlayer(random.Random(2)).play(branch, max_actions=10)
    assert table.save_game(tmp_path / "whatif")
    table.planning.play_line(MAIN_LINE)
    assert table.open_game(tmp_path / "whatif.ardennes")
    lines = table.session.lines
    assert lines.current == "Saved what-if" and table.session.state_hash() == branch.state_hash()
    assert entries(table) == ["★ Main line", "Saved what-if"]


def test_forking_with_the_vp_track_in_front_brings_the_lines_forward_to_name_the_branch(qtbot, table):
    def in_sight() -> bool:  # a tab behind another is "visible" to Qt, and shows nothing
        return not table.planning.branches.list.visibleRegion().isEmpty()

    table.docks["vp"].raise_()
    qtbot.waitUntil(lambda: not in_sight())
    fork_and_name(qtbot, table, "Seen")  # the name is typed into the list's editor
    assert in_sight()
    assert entries(table) == ["★ Main line", "Seen"]


def test_the_line_on_the_table_is_named_in_the_title_and_the_phase_bar(qtbot, table):
    badge = table.planning.line_badge
    assert "line" not in table.windowTitle().lower() and not badge.action.isVisible()
    fork_and_name(qtbot, table, "Night march")
    qtbot.waitUntil(lambda: "Night march" in table.windowTitle())
    assert table.windowTitle().startswith(f"{table.session.content.scenario.title} — Night march — ")
    assert badge.action.isVisible() and badge.label.text() == "What-if: Night march"
    table.planning.play_line(MAIN_LINE)
    assert " — Main line — " in table.windowTitle() and badge.label.text() == "★ Main line"
    choose(table, "Night march")
    table.planning.branches.discard.trigger()  # one line again: nothing to tell apart
    assert "Main line" not in table.windowTitle() and not badge.action.isVisible()


def test_the_docks_compare_sets_the_branch_on_the_table_beside_the_main_line_saying_whose_phase(qtbot):
    from ardennes_qt.rules.ardennes2.actions import EndPhase

    def play_to(session, phase: str) -> None:
        while session.state.phase != phase:
            session.apply(session.legal_actions()[0] if session.phase().pending else EndPhase())

    main = Session.new("ardennes2/7.4", seed=3)
    play_to(main, "ge_combat")
    window = open_table(qtbot, main)
    window.docks["branches"].raise_()
    branch = fork_and_name(qtbot, window, "Wait for the US")
    play_to(branch, "us_combat")
    window.planning.compare_main.trigger()  # Plan > Compare with the Main Line
    dialog = window.planning.compare_dialog
    where = dialog.summary.item(0, 1).text(), dialog.summary.item(0, 2).text()
    turn = main.state.turn
    assert where == (f"Turn {turn}, German Player Turn: Combat", f"Turn {turn}, US Player Turn: Combat")
    dialog.close()
    compare = window.planning.branches.compare  # the dock's button does the same
    assert compare.isEnabled()
    compare.trigger()
    dialog = window.planning.compare_dialog
    assert dialog.isVisible() and dialog.windowTitle() == f"Compare {MAIN_LINE} and Wait for the US"
    dialog.close()
