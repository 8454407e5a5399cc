"""Scenarios like a user edits them: counters dragged from the order of battle onto the
map, moved, given DG and a step loss, taken off; reinforcements typed in the printed
wording; turns and dates; the play area drawn on the map; rule options."""

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from ardennes_qt.ui.unit_mime import units_to_mime
from tests.editor.mouse import at_hex, stroke


def drop(editor, counter_ids, hex_id):
    """What a drag from the order of battle ends with: a drop on the map's viewport."""
    mime = units_to_mime(tuple(counter_ids))
    point = at_hex(editor, hex_id)
    viewport = editor.canvas.viewport()
    QApplication.sendEvent(viewport, QDragEnterEvent(point, Qt.MoveAction, mime, Qt.LeftButton, Qt.NoModifier))
    QApplication.sendEvent(viewport, QDropEvent(QPointF(point), Qt.MoveAction, mime, Qt.LeftButton, Qt.NoModifier))


def placement(editor, counter_id):
    s = editor.document.module.scenarios["test"]
    return next((p for p in s.placements if p.counter == counter_id), None)


def test_the_scenario_is_on_the_map_as_counters(editor):
    assert editor.scenario_id == "test"
    assert set(editor.canvas.setup.items) == {"1ID:A/1", "1ID:B/1", "1ID:DIVARTY", "1Pz:I/1"}
    assert editor.canvas.setup.items["1Pz:I/1"].face.dg
    assert editor.canvas.setup.items["1ID:B/1"].face.reduced


def test_a_counter_dragged_from_the_order_of_battle_sets_up_where_it_is_dropped(editor):
    editor.document.module.scenarios["test"].arrivals.clear()
    drop(editor, ["1Pz:II/1"], "B4.04")
    m = editor.document.module.map
    assert placement(editor, "1Pz:II/1").hex == m.parse("B4.04")
    assert "1Pz:II/1" in editor.canvas.setup.items
    assert editor.document.module.provenance["test/setup/1Pz:II/1"] == "user"
    assert editor.document.undo_stack.undoText() == "Set up II/1 Pz Bn at B4.04"
    assert editor.oob.picked == "1Pz:II/1"


def test_a_counter_that_arrives_later_is_not_also_set_up(editor):
    drop(editor, ["1Pz:II/1"], "B4.04")
    assert placement(editor, "1Pz:II/1") is None
    assert "arrives on turn 2" in editor.statusBar().currentMessage()


def test_a_set_up_counter_is_dragged_to_another_hex_and_given_statuses(editor):
    editor.choose_tool("setup")
    stroke(editor, [at_hex(editor, "A1.01"), at_hex(editor, "A4.02")])
    m = editor.document.module.map
    assert placement(editor, "1ID:DIVARTY").hex == m.parse("A4.02")
    assert editor.oob.picked == "1ID:DIVARTY"
    editor.oob.dg.setChecked(True)
    assert placement(editor, "1ID:DIVARTY").dg and editor.canvas.setup.items["1ID:DIVARTY"].face.dg
    assert not editor.oob.step_loss.isEnabled()  # one step: no step loss
    editor.oob.take_off()
    assert placement(editor, "1ID:DIVARTY") is None and "1ID:DIVARTY" not in editor.canvas.setup.items
    for _ in range(3):
        editor.document.undo_stack.undo()
    assert placement(editor, "1ID:DIVARTY").hex == m.parse("A1.01")


def test_the_play_area_is_drawn_on_the_map(editor):
    editor.choose_tool("play_area")
    stroke(editor, [at_hex(editor, "B1.04"), at_hex(editor, "B4.06")])
    s = editor.document.module.scenarios["test"]
    assert [(b.sheet, b.min_column, b.max_column, b.min_row, b.max_row) for b in s.bounds] == [("B", None, 4, 4, None)]
    m = editor.document.module.map
    assert m.parse("B5.05") in editor.canvas.play_area.outside
    assert m.parse("B2.05") not in editor.canvas.play_area.outside
    editor.validation.check()
    assert any("I/1 Pz Bn sets up at B3.03, outside the play area" in p.message for p in editor.validation.problems)


def test_reinforcements_are_typed_as_the_orders_of_arrival_print_them(editor):
    tab = editor.scenario_tab
    editor.show_tab("scenarios")
    model = tab.arrivals
    where = model.index(0, 3)
    assert where.data() == "A"
    assert model.setData(where, "A or B")
    a = editor.document.module.scenarios["test"].arrivals[0]
    assert a.areas == ("A", "B")
    assert model.setData(where, "w/i 1 of B5.03")
    a = editor.document.module.scenarios["test"].arrivals[0]
    assert (a.areas, editor.document.module.map.hex_id(a.hexes[0]), a.within) == ((), "B5.03", 1)
    assert model.setData(model.index(0, 4), "5+")
    assert editor.document.module.scenarios["test"].arrivals[0].roll == 5
    assert model.setData(where, "Remove")
    assert editor.document.module.scenarios["test"].arrivals[0].remove
    assert not model.setData(where, "Z")
    assert "not an entry place" in editor.statusBar().currentMessage()
    assert editor.document.module.provenance["test/arrival/1Pz:II/1"] == "user"


def test_turns_dates_and_rule_options(editor):
    tab = editor.scenario_tab
    tab.last_turn.setValue(5)
    tab.first_date.setText("18 Dec 44")
    tab._turns()
    s = editor.document.module.scenarios["test"]
    assert (s.first_turn, s.last_turn, s.dates[1], s.dates[5]) == (1, 5, "18 Dec 44", "22 Dec 44")
    tab.first_date.setText("the 18th")
    tab._turns()
    assert "is not a date like 16 Dec 44" in editor.statusBar().currentMessage()
    box = tab.option_boxes["barrage_removal"]
    box.setCurrentIndex(box.findData("pre_turn"))
    tab._option("barrage_removal")
    assert editor.document.module.scenarios["test"].options["barrage_removal"] == "pre_turn"


def test_a_new_scenario_and_its_deletion(editor):
    assert editor.scenario_bar.add("7.9", "Test")
    assert editor.scenario_id == "7.9" and not editor.canvas.setup.items
    editor.scenario_bar.delete()
    assert "7.9" not in editor.document.module.scenarios and editor.scenario_id == "test"


def test_printed_text_is_kept_as_it_is_typed(editor, qtbot):
    tab = editor.scenario_tab
    tab.texts["victory"].setPlainText("The Germans win by holding Testville.")
    qtbot.waitUntil(lambda: editor.document.module.scenarios["test"].text.get("victory", "").endswith("Testville."),
                    timeout=3000)
    assert editor.document.undo_stack.undoText() == "Printed text (test)"


def test_the_main_orders_of_arrival_are_edited_once_for_every_scenario_that_plays_them(shipped_editor, tmp_path):
    from ardennes_qt.store.contenttext import module_from_folder
    from editor import files

    editor = shipped_editor
    module = editor.document.module
    editor.show_scenario("7.2")
    tab = editor.scenario_tab
    model = tab.arrivals
    assert model.uses_ooa and model.editable and model.rowCount() == len(module.ooa) == 82
    assert "played by 7.1, 7.2" in tab.arrivals_note.text()
    row = next(i for i, a in enumerate(module.ooa) if a.turn == 3 and a.side == "German")
    entry = module.ooa[row]
    assert model.setData(model.index(row, 4), "4+")
    assert module.ooa[row].roll == 4 and module.ooa[row].counters == entry.counters
    for sid in ("7.1", "7.2"):  # each keeps the entries of its turns, with the change
        s = module.scenarios[sid]
        assert s.arrivals == [a for a in module.ooa if s.first_turn <= a.turn <= s.last_turn]
        assert any(a.roll == 4 and a.counters == entry.counters for a in s.arrivals)
    assert [a.side for a in module.ooa] == sorted((a.side for a in module.ooa), key=["Allied", "German"].index)
    assert files.export_to(editor, tmp_path / "ardennes2")
    back = module_from_folder(tmp_path / "ardennes2")
    assert back.ooa == module.ooa and back.scenarios["7.1"].options["reinforcements"] == "ooa"
    assert back.scenarios["7.2"].arrivals == module.scenarios["7.2"].arrivals
    editor.document.undo_stack.undo()
    assert module.ooa[row] == entry and module.scenarios["7.1"].arrivals[0] == module.ooa[0]


def test_vp_hexes_held_and_bridges_blown_at_the_start_are_typed_as_printed(shipped_editor, tmp_path):
    from ardennes_qt.store.contenttext import module_from_folder
    from editor import files

    editor = shipped_editor
    m = editor.document.module.map
    editor.show_scenario("7.5")
    tab = editor.scenario_tab
    assert tab.control.text() == "B1.16 Allied" and tab.blown.text() == "A37.23, B11.14"
    editor.show_scenario("7.6")
    assert tab.control.text() == "A17.26 German, A34.27 German"
    tab.control.setText("A17.26 German, B1.16 german")
    tab.control.editingFinished.emit()
    assert editor.document.module.scenarios["7.6"].initial_control == {
        m.parse("A17.26"): "German", m.parse("B1.16"): "German"}
    tab.control.setText("B2.16 Allied")
    tab.control.editingFinished.emit()
    assert "B2.16 is not a VP hex" in editor.statusBar().currentMessage()
    assert tab.control.text() == "A17.26 German, B1.16 German"  # as it was
    tab.blown.setText("B2.16")
    tab.blown.editingFinished.emit()
    assert "B2.16 has no bridge and no plunger" in editor.statusBar().currentMessage()
    tab.blown.setText("A37.23")
    tab.blown.editingFinished.emit()
    assert editor.document.module.scenarios["7.6"].blown_bridges == (m.parse("A37.23"),)
    assert files.export_to(editor, tmp_path / "ardennes2")
    back = module_from_folder(tmp_path / "ardennes2").scenarios["7.6"]
    assert back.initial_control == editor.document.module.scenarios["7.6"].initial_control
    assert back.blown_bridges == (m.parse("A37.23"),)
