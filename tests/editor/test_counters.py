"""The counters tab like a user works it: edit values in the table (marked user), see
each value's provenance, refuse what makes no counter, CSV out and in, new and deleted
counters, formation colours."""

import pytest

from ardennes_qt.core.units import Values
from ardennes_qt.store.editorcounters import COUNTER_FIELDS, edit_counter
from tests.editor.modules import small_module


def cell(tab, counter_id, field):
    column = [f for f, _ in COUNTER_FIELDS].index(field)
    return tab.model.index(tab.model.ids.index(counter_id), column)


@pytest.fixture
def tab(editor):
    editor.show_tab("counters")
    editor.counters_tab.select_formation("1ID")
    return editor.counters_tab


def test_the_table_shows_a_formations_counters_with_their_provenance(tab):
    assert tab.model.ids == ["1ID:A/1", "1ID:B/1", "1ID:DIVARTY"]
    index = cell(tab, "1ID:A/1", "reduced")
    assert index.data() == "1-2-10"
    assert index.data(3).startswith("Estimated")  # the tooltip says why it is marked
    assert cell(tab, "1ID:A/1", "full").data(3) == "As printed in the rules documents"
    assert cell(tab, "1ID:DIVARTY", "range").data() == "7"


def test_editing_a_value_marks_it_user_and_undo_puts_it_back(editor, tab):
    assert tab.model.setData(cell(tab, "1ID:A/1", "reduced"), "2-3-10")
    counter = editor.document.module.counters["1ID:A/1"]
    assert counter.reduced == Values(2, 3, 10) and counter.provenance["reduced"] == "user"
    assert cell(tab, "1ID:A/1", "reduced").data(3) == "Changed in the editor"
    assert editor.document.undo_stack.undoText() == "Reduced side of A/1 Inf Bn"
    editor.document.undo_stack.undo()
    assert editor.document.module.counters["1ID:A/1"].provenance["reduced"] == "estimated"


def test_text_that_makes_no_counter_is_refused_with_the_reason(editor, tab):
    assert not tab.model.setData(cell(tab, "1ID:A/1", "full"), "3-5")
    assert "is not a counter value string" in editor.statusBar().currentMessage()
    assert not tab.model.setData(cell(tab, "1ID:A/1", "range"), "9")
    assert "only artillery has a range" in editor.statusBar().currentMessage()
    assert editor.document.undo_stack.count() == 0


def test_the_artillery_range_edits_both_sides_values(tab, editor):
    assert tab.model.setData(cell(tab, "1ID:DIVARTY", "range"), "11")
    counter = editor.document.module.counters["1ID:DIVARTY"]
    assert str(counter.full) == "[11]-1-16" and counter.provenance["full"] == "user"


def test_a_value_can_be_marked_as_printed_by_hand(tab, editor):
    tab.table.selectRow(0)
    tab.sources.setCurrentRow([tab.sources.item(i).data(0x0100) for i in range(tab.sources.count())].index("steps"))
    tab.set_source("rule")
    assert editor.document.module.counters["1ID:A/1"].provenance["steps"] == "rule"
    assert "Steps: rule" in [tab.sources.item(i).text() for i in range(tab.sources.count())]


def test_a_counter_in_use_is_not_deleted_and_a_new_one_is(tab, editor):
    tab.table.selectRow(0)
    assert not tab.delete_counter()
    assert "test use it" in editor.statusBar().currentMessage()
    assert tab.add_counter("C/1")
    assert tab.model.ids[-1] == "1ID:C/1"
    assert tab.delete_counter()
    assert "1ID:C/1" not in editor.document.module.counters
    editor.document.undo_stack.undo()
    assert list(editor.document.module.counters)[-1] == "1ID:C/1"


def test_counters_go_out_to_csv_and_come_back_in(tab, editor, tmp_path):
    path = tmp_path / "counters.csv"
    assert tab.export_csv(path)
    text = path.read_text()
    assert text.startswith("id,side,nationality,formation") and "1ID:DIVARTY" in text
    path.write_text(text.replace("1ID:B/1,Allied,US,1ID,B/1,Inf Bn,2-4-10", "1ID:B/1,Allied,US,1ID,B/1,Inf Bn,4-4-10"))
    assert tab.import_csv(path)
    assert str(editor.document.module.counters["1ID:B/1"].full) == "4-4-10"
    assert editor.document.undo_stack.undoText() == "Import 5 counters"


def test_a_broken_csv_is_refused_and_nothing_changes(tab, editor, tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("id,side\n1ID:X,Allied\n")
    assert not tab.import_csv(path)
    assert "lacks the column" in editor.message_box.informativeText()
    editor.message_box.close()
    assert editor.document.undo_stack.count() == 0


def test_a_formations_colour_is_the_users(tab, editor):
    tab._edit_formation(colour="#123456")
    f = editor.document.module.formations["1ID"]
    assert (f.colour, f.colour_source) == ("#123456", "user")
    assert tab.f_colour.text() == "#123456"


def test_counter_editing_without_qt():
    counter = small_module().counters["1ID:A/1"]
    one_step = edit_counter(counter, "reduced", "")
    assert (one_step.steps, one_step.reduced, one_step.provenance["steps"]) == (1, None, "user")
    with pytest.raises(ValueError, match="reduced side first"):
        edit_counter(one_step, "steps", "2")
    with pytest.raises(ValueError, match="US, CW, Belgian"):
        edit_counter(counter, "nationality", "SS")
