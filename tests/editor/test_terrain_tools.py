"""Painting hex terrain like a user: brush strokes, fill, selection, eyedropper, undo."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest

from tests.editor.mouse import at_hex, click, stroke


def terrain(window, hex_id):
    m = window.document.module.map
    return set(m.terrain(m.parse(hex_id)))


def test_a_brush_stroke_paints_every_hex_it_crosses_as_one_undo_entry(editor):
    editor.choose_tool("brush")
    editor.toolbox.change(terrain=frozenset({"forest"}), paint_mode="set")
    stroke(editor, [at_hex(editor, "A3.01"), at_hex(editor, "A3.05")])
    assert [terrain(editor, f"A3.0{r}") for r in range(1, 6)] == [{"forest"}] * 5
    stack = editor.document.undo_stack
    assert stack.count() == 1 and stack.undoText() == "Paint forest"
    assert editor.document.dirty and editor.windowTitle().startswith("*")
    QTest.keySequence(editor, QKeySequence.Undo)
    assert terrain(editor, "A3.03") == {"city"} and terrain(editor, "A3.04") == {"open"}
    assert not editor.document.dirty
    QTest.keySequence(editor, QKeySequence.Redo)
    assert terrain(editor, "A3.04") == {"forest"}


def test_a_fast_stroke_leaves_no_gaps(editor):
    editor.choose_tool("brush")
    editor.toolbox.change(terrain=frozenset({"marsh"}), paint_mode="set")
    stroke(editor, [at_hex(editor, "A1.01"), at_hex(editor, "A6.06")], steps=1)
    m = editor.document.module.map
    painted = {h for h in m.all_hexes() if m.terrain(h) == {"marsh"}}
    assert m.parse("A1.01") in painted and m.parse("A6.06") in painted
    start = m.parse("A1.01")
    reached, todo = {start}, [start]
    while todo:
        for n in todo.pop().neighbours():
            if n in painted and n not in reached:
                reached.add(n)
                todo.append(n)
    assert reached == painted


def test_a_hex_can_hold_several_terrain_types(editor):
    editor.choose_tool("brush")
    editor.toolbox.change(terrain=frozenset({"village", "west_wall"}), paint_mode="add")
    click(editor, at_hex(editor, "A2.03"))
    assert terrain(editor, "A2.03") == {"woods", "village", "west_wall"}
    editor.toolbox.change(terrain=frozenset({"woods"}), paint_mode="remove")
    click(editor, at_hex(editor, "A2.03"))
    assert terrain(editor, "A2.03") == {"village", "west_wall"}
    assert editor.document.undo_stack.count() == 2


def test_fill_paints_the_joined_hexes_of_the_same_terrain(editor):
    editor.choose_tool("fill")
    editor.toolbox.change(terrain=frozenset({"marsh"}), paint_mode="set")
    click(editor, at_hex(editor, "A2.03"))  # the only woods hex: open ground around it stays
    assert terrain(editor, "A2.03") == {"marsh"} and terrain(editor, "A1.01") == {"open"}
    click(editor, at_hex(editor, "A1.01"))  # every open hex of the map is joined
    assert terrain(editor, "B6.06") == {"marsh"} and terrain(editor, "A3.03") == {"city"}


def test_the_eyedropper_picks_up_a_hex_for_the_brush(editor):
    editor.choose_tool("eyedropper")
    click(editor, at_hex(editor, "A3.03"))
    assert editor.toolbox.settings.terrain == {"city"}
    assert editor.tool_options._terrain_boxes["city"].isChecked()
    assert "city" in editor.statusBar().currentMessage()


def test_a_rectangle_selection_is_painted_at_once(editor):
    editor.choose_tool("select")
    stroke(editor, [at_hex(editor, "A1.01"), at_hex(editor, "A2.02")])
    m = editor.document.module.map
    assert {m.hex_id(h) for h in editor.toolbox.selection} >= {"A1.01", "A1.02", "A2.01", "A2.02"}
    editor.toolbox.change(terrain=frozenset({"slope"}), paint_mode="set")
    editor.act_on_selection("brush")
    assert terrain(editor, "A2.02") == {"slope"}
    assert editor.document.undo_stack.undoText().startswith("Paint")


def test_a_lasso_adds_to_the_selection_with_shift(editor):
    editor.choose_tool("select")
    editor.toolbox.change(select_shape="lasso")
    click(editor, at_hex(editor, "B3.03"))
    stroke(editor, [at_hex(editor, "A5.05"), at_hex(editor, "A6.05"), at_hex(editor, "A6.06"), at_hex(editor, "A5.06")],
           Qt.ShiftModifier)
    chosen = {editor.document.module.map.hex_id(h) for h in editor.toolbox.selection}
    assert "B3.03" in chosen and len(chosen) >= 2
