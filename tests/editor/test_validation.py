"""The validation panel as a map maker meets it: draw and paint, or open a module made
elsewhere, and the message appears by itself; a click on it brings the map to the hex and
marks it; doing what it says clears it."""

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from ardennes_qt.core.hexgrid import Hexside
from ardennes_qt.core.mapdata import Bridge
from ardennes_qt.store.editorfile import write_module
from editor import files
from editor.panels.validation_panel import CHECK_AFTER_MS
from tests.editor.modules import small_module
from tests.editor.mouse import at_hex, stroke


def message_about(editor, qtbot, words: str):
    """The panel's row whose message has these words, once the panel has looked again."""
    panel = editor.validation
    qtbot.waitUntil(lambda: any(words in p.message for p in panel.problems), timeout=CHECK_AFTER_MS * 10)
    row = next(i for i, p in enumerate(panel.problems) if words in p.message)
    return panel.problems[row], panel.list.item(row)


def click_item(editor, item) -> None:
    panel = editor.validation
    panel.list.scrollToItem(item)
    QTest.mouseClick(panel.list.viewport(), Qt.LeftButton, Qt.NoModifier, panel.list.visualItemRect(item).center())


def in_view(editor, hex_id: str) -> bool:
    canvas = editor.canvas
    return canvas.viewport().rect().contains(canvas.mapFromScene(canvas.hex_point(hex_id)))


def look_elsewhere(editor, hex_id: str) -> None:
    editor.tabs.setCurrentIndex(editor.tabs.count() - 1)
    editor.canvas.zoom_to(3.0, "B6.06")
    assert not in_view(editor, hex_id)


def assert_map_on(editor, hex_id: str) -> None:
    canvas = editor.canvas
    assert editor.tabs.currentWidget() is canvas
    centre = canvas.mapFromScene(canvas.hex_point(hex_id)) - canvas.viewport().rect().center()
    assert abs(centre.x()) < 150 and abs(centre.y()) < 150  # in the middle, whatever the map's size allows
    assert canvas.overlay.marked == [editor.document.module.map.parse(hex_id)]


def test_a_road_ending_in_forest_is_warned_about_and_the_message_leads_there(editor, qtbot):
    editor.choose_tool("road")
    editor.toolbox.change(road_kind="road", road_erase=False)
    stroke(editor, [at_hex(editor, "A5.01"), at_hex(editor, "A5.04")])
    editor.choose_tool("brush")
    editor.toolbox.change(terrain=frozenset({"forest"}), paint_mode="set")
    stroke(editor, [at_hex(editor, "A5.04"), at_hex(editor, "A5.04")])
    problem, item = message_about(editor, qtbot, "A road ends at A5.04")
    assert problem.severity == "warning"
    assert problem.message == "A road ends at A5.04 in forest, which Mech units may not enter."
    # The small test module has two errors of its own (a turn without a date, an entry area
    # missing); one warning is said as one.
    assert editor.validation.summary.text() == "2 errors, 1 warning"
    look_elsewhere(editor, "A5.04")
    click_item(editor, item)
    assert_map_on(editor, "A5.04")


def test_a_bridge_with_no_crossing_in_an_opened_module_is_an_error_the_road_tool_clears(editor, qtbot, tmp_path):
    """The tools keep bridges on crossings; a module written elsewhere (a hand-edited map.txt
    read in) may not."""
    module = small_module()
    m = module.map
    lone = Hexside.between(m.parse("A3.02"), m.parse("A3.03"))  # a road, no water
    m.bridges[lone] = Bridge()
    write_module(tmp_path / "elsewhere.ardmod", module)
    assert files.open_path(editor, tmp_path / "elsewhere.ardmod")
    problem, item = message_about(editor, qtbot, "has no crossing")
    assert problem.severity == "error"
    assert problem.message == ("The bridge between A3.02 and A3.03 has no crossing: the road there crosses no river "
                               "or stream. Draw the water along that hexside, or erase the road across it to take "
                               "the bridge away.")
    look_elsewhere(editor, "A3.02")
    click_item(editor, item)
    assert_map_on(editor, "A3.02")
    editor.choose_tool("road")
    editor.toolbox.change(road_kind="road", road_erase=True)  # as the message says
    stroke(editor, [at_hex(editor, "A3.02"), at_hex(editor, "A3.03")])
    assert lone not in editor.document.module.map.bridges
    qtbot.waitUntil(lambda: not any("has no crossing" in p.message for p in editor.validation.problems),
                    timeout=CHECK_AFTER_MS * 10)
