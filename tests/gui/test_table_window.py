"""The table window around the map: unit panel, files, about box, status bar, zoom."""

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from ardennes_qt.engine.session import Session
from tests.builders import small_content
from tests.gui.mouse import counter_point, drag, hex_point, hover


def test_the_unit_panel_marks_estimated_values_and_says_why(table):
    table.set_session(Session(small_content()))  # played by the Ardennes II rules, which state their estimates
    table.select_unit("1ID:B/1")  # on its reduced side, which no rule prints
    panel = table.unit_panel
    assert panel.values["Showing"].text() == "1-2-10 (reduced side)"
    assert not panel.marks["Reduced side"].isHidden()
    assert not panel.marks["Steps"].isHidden()
    assert panel.marks["Full side"].isHidden()
    assert panel.marks["Name"].isHidden()
    why = panel.marks["Reduced side"].toolTip()
    assert why.startswith("Estimated, not printed:")
    assert "halved" in why  # the stated rule, in the rule system's words


def test_save_and_open_restores_the_game(table, tmp_path):
    drag(table, counter_point(table, "1Pz:I/1"), hex_point(table, "A5.04"))
    assert table.save_game(tmp_path / "game")
    saved = tmp_path / "game.ardennes"
    assert saved.exists() and table.session.file == saved
    table.session.undo()
    assert table.session.unit("1Pz:I/1").hex == "B3.03"
    assert table.open_game(saved)
    assert table.session.unit("1Pz:I/1").hex == "A5.04"
    centre = table.view.terrain.layout.centre(table.session.map.parse("A5.04"))
    assert table.view.counters.items["1Pz:I/1"].scenePos() == QPointF(*centre)
    assert table.history.undo.text() == "Undo move I/1 Pz Bn to A5.04"  # the unit by its name
    assert table.menus.recent_menu.actions()[0].text() == "game.ardennes"


def test_a_broken_file_is_reported_and_the_game_stays(table, tmp_path):
    drag(table, counter_point(table, "1Pz:I/1"), hex_point(table, "A5.04"))
    session = table.session
    broken = tmp_path / "letter.ardennes"
    broken.write_text("Dear general, this is not a game.")
    assert not table.open_game(broken)
    assert table.session is session and session.unit("1Pz:I/1").hex == "A5.04"
    box = table.message_box
    assert box is not None and box.isVisible()
    assert "letter.ardennes could not be opened" in box.text()
    assert "not an ardennes-qt game" in box.informativeText()
    assert "unchanged" in box.informativeText()
    assert broken.read_text() == "Dear general, this is not a game."


def test_the_about_box_says_the_map_is_representative(table):
    table.show_about()
    text = table.about_box.about_label.text()
    assert "representative" in text
    assert "drawn by the program" in text
    assert "<b>Play area:</b> All of Maps A and B." in text


def test_the_about_box_lists_the_keys_from_the_menus_and_what_the_mouse_does(table):
    table.set_session(Session.new("ardennes2/7.4", seed=1))  # a game with overlays, in two menus
    table.show_about()
    keys_table = table.about_box.keys_table
    rows = {keys_table.item(i, 0).text(): keys_table.item(i, 1).text() for i in range(keys_table.rowCount())}
    assert rows["Edit › Undo"] == "Ctrl+Z"
    assert rows["View › Fit Play Area"] == "0" and rows["View › Whole Map"] == "Ctrl+0"
    assert rows["Game › Next Phase ▸"] == "Ctrl+E"
    assert "move its whole stack" in rows["Shift-drag a counter"]
    # Every entry of the menus with a shortcut, once, even one in two menus.
    assert rows["View › Overlays › Allied supply"] and "Plan › Overlays › Allied supply" not in rows
    top = {f"{menu.title().replace('&', '')} › {a.text().replace('&', '')}"
           for menu in (m.menu() for m in table.menuBar().actions()) for a in menu.actions()
           if a.shortcuts() and a.menu() is None}
    assert top <= set(rows)


def test_the_about_box_gives_the_version_and_a_scenario_s_play_area(qtbot):
    from ardennes_qt import __version__
    from ardennes_qt.ui.about_box import about_text

    text = about_text(Session.new("ardennes2/7.5", seed=1).content)
    assert f"ardennes-qt {__version__}</h2>" in text
    assert "<b>Play area:</b> Map A, A33.11 to A40.24" in text and "Map B, B1.11 to B12.24" in text


def test_the_about_box_names_the_counters_with_estimated_values_as_a_player_knows_them(qtbot):
    from ardennes_qt.store.library import load_content
    from ardennes_qt.ui.about_box import estimated_what

    content = load_content("ardennes1994/5.1")
    assert estimated_what(content, "US-Ind:105-1") == "105-1 Arty Grp (Independents)"
    assert estimated_what(content, "1ID") == "1 Inf Div"


def test_hovering_names_the_hex_in_the_status_bar(table):
    hover(table, hex_point(table, "A2.03") + QPoint(0, 14))
    text = table.hover_label.text()
    assert "A2.03" in text and "Woods" in text and "Stream (Test Creek)" in text
    hover(table, hex_point(table, "A3.03") + QPoint(0, 16))
    assert "A3.03 Testville (2 VP)" in table.hover_label.text()
    assert "Road" in table.hover_label.text()
    hover(table, counter_point(table, "1Pz:I/1"))
    assert "Shift-drag" not in table.hover_label.text()  # alone in its hex
    assert table.hover_label.text().startswith("I/1 Pz Bn 5-3-12, DG — drag to move it")


def test_wheel_and_keys_zoom(table):
    view = table.view
    fit = view.zoom()
    centre = QPointF(view.viewport().rect().center())
    wheel = QWheelEvent(centre, QPointF(view.viewport().mapToGlobal(centre.toPoint())), QPoint(), QPoint(0, 240),
                        Qt.NoButton, Qt.NoModifier, Qt.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), wheel)
    assert view.zoom() > fit * 1.3
    QTest.keyClick(table, Qt.Key_0)
    assert abs(view.zoom() - fit) < 1e-6
    QTest.keyClick(table, Qt.Key_Plus)
    assert view.zoom() > fit
    QTest.keyClick(table, Qt.Key_Minus)
    assert abs(view.zoom() - fit) < 1e-6


def test_the_window_layout_is_remembered(qtbot, tmp_path):
    from ardennes_qt.ui.table_window import TableWindow

    first = TableWindow(Session(small_content()), autosave=False)
    qtbot.addWidget(first)
    first.show()
    first.resize(760, 560)  # the offscreen screen is 800x600
    first.docks["dead"].hide()
    qtbot.waitUntil(lambda: first.width() == 760)
    size = first.size()  # as the window's minimum height allows
    first.close()
    second = TableWindow(Session(small_content()), autosave=False)
    qtbot.addWidget(second)
    second.show()
    assert second.size() == size
    assert second.docks["dead"].isHidden()


def test_every_action_is_autosaved(qtbot, free_content):
    from ardennes_qt.ui import game_files
    from ardennes_qt.ui.table_window import TableWindow

    window = TableWindow(Session(free_content), remember_layout=False)
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: game_files.autosave_path().exists())
    window.move_units(("1Pz:I/1",), "B5.05")
    assert Session.load(game_files.autosave_path()).unit("1Pz:I/1").hex == "B5.05"
    window.close()
    assert Path(game_files.autosave_path()).parent.is_dir()


def test_an_unreadable_file_is_reported_too(table, tmp_path):
    locked = tmp_path / "locked.ardennes"
    locked.mkdir()  # a folder where a file should be: not a game, and not readable as one
    session = table.session
    assert not table.open_game(locked)
    assert table.session is session
    assert "locked.ardennes could not be opened" in table.message_box.text()


def test_a_narrow_window_opens_with_narrower_side_docks_and_the_map_fitted_to_its_room(qtbot):
    from ardennes_qt.ui.table_window import SIDE_WIDTHS, TableWindow

    widths = {}
    for size in ((1600, 1000), (1024, 700)):
        window = TableWindow(Session.new("ardennes2/7.1", seed=1), autosave=False, remember_layout=False)
        qtbot.addWidget(window)
        window.resize(*size)
        window.show()
        qtbot.waitExposed(window)
        view = window.view
        widths[size] = (window.docks["vp"].width(), window.docks["unit"].width(), view.viewport().width())
        # The whole map fitted to the room the map has, from the first frame.
        assert view.zoom() == pytest.approx(view.fit_zoom(), rel=0.02)
        window.session.close()
        window.close()
    left, right, _ = widths[(1600, 1000)]
    assert abs(left - SIDE_WIDTHS[Qt.LeftDockWidgetArea]) <= 8 and abs(right - SIDE_WIDTHS[Qt.RightDockWidgetArea]) <= 8
    left, right, map_width = widths[(1024, 700)]
    assert map_width >= 1024 * 0.5  # the map keeps the larger share
    assert left < SIDE_WIDTHS[Qt.LeftDockWidgetArea] * 0.75


@pytest.mark.parametrize("room, size", [((2560, 1400), (1400, 900)), ((1366, 728), (1311, 670)), ((1280, 984), (1229, 900))])
def test_the_window_opens_within_the_screen(qapp, monkeypatch, room, size):
    from types import SimpleNamespace

    from PySide6.QtCore import QRect
    from PySide6.QtGui import QGuiApplication

    from ardennes_qt.ui import table_window

    screen = SimpleNamespace(availableGeometry=lambda: QRect(0, 0, *room))
    monkeypatch.setattr(QGuiApplication, "primaryScreen", staticmethod(lambda: screen))
    assert table_window.opening_size() == size
    window = table_window.TableWindow(Session.new("ardennes2/7.1", seed=1), autosave=False, remember_layout=False)
    assert (window.width(), window.height()) == size
    window.session.close()
    window.deleteLater()


def test_the_about_box_shows_its_version_on_every_tab_and_the_legend_fits_it(table, qtbot):
    from ardennes_qt import __version__
    from ardennes_qt.ui.about_box import AboutBox

    box = AboutBox(table.session.content, table)
    qtbot.addWidget(box)
    box.show()
    qtbot.waitExposed(box)
    assert __version__ in box.windowTitle()  # the Legend tab opened alone still says which version
    legend = box.legend
    legend.parentWidget().parentWidget().setCurrentWidget(legend)
    qtbot.waitUntil(lambda: legend.viewport().width() > 100)
    assert legend.widget().width() <= legend.viewport().width()
    assert not legend.horizontalScrollBar().isVisible()
