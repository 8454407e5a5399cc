"""A scenario's own VP values typed in the scenario tab: undone and redone as one edit,
refused with the reason, kept by a save, and played by the table."""

from ardennes_qt.rules.ardennes2.control import vp_hexes
from editor import files

TYPED = "B1.16 7, A17.26 0, B2.16 2"


def type_into(field, text: str) -> None:
    field.setText(text)
    field.editingFinished.emit()


def named_vp(editor, name: str) -> int | None:
    """The VP the editor's map names a town with, at a zoom where only VP towns are named
    (hexes 12 px across), None if unnamed."""
    names = editor.canvas.labels.names
    shown = {place.name: place.vp for place, _, _ in names.placed(12 / names.terrain.size)}
    return shown.get(name)


def test_vp_values_are_typed_undone_saved_reopened_and_played(shipped_editor, tmp_path):
    editor = shipped_editor
    m = editor.document.module.map
    editor.show_scenario("7.1")
    tab = editor.scenario_tab
    assert tab.vp_values.text() == "" and tab.vp_values.styleSheet() == ""
    type_into(tab.vp_values, TYPED)
    values = {m.parse("B1.16"): 7, m.parse("A17.26"): 0, m.parse("B2.16"): 2}
    assert editor.document.module.scenarios["7.1"].vp_overrides == values
    assert tab.vp_values.text() == "A17.26 0, B1.16 7, B2.16 2"  # in map order
    assert "background" in tab.vp_values.styleSheet()  # tinted: the user's values, not the map's
    assert m.places[m.parse("B1.16")].vp == 5  # the map itself keeps its own
    assert named_vp(editor, "Bastogne") == 7  # the map tab names the towns with the scenario's values
    assert named_vp(editor, "Rochefort") is None  # no VP here: named only closer in

    editor.document.undo_stack.undo()
    assert editor.document.module.scenarios["7.1"].vp_overrides == {} and tab.vp_values.text() == ""
    assert named_vp(editor, "Bastogne") == 5 and named_vp(editor, "Rochefort") == 2
    editor.document.undo_stack.redo()
    assert editor.document.module.scenarios["7.1"].vp_overrides == values

    # The hexes held at the start follow the scenario's VP hexes, not the map's.
    type_into(tab.control, "B2.16 German")
    assert editor.document.module.scenarios["7.1"].initial_control == {m.parse("B2.16"): "German"}
    type_into(tab.control, "A17.26 German")
    assert "A17.26 is not a VP hex" in editor.statusBar().currentMessage()

    path = editor.document.save(tmp_path / "bulge.ardmod")
    assert files.open_path(editor, path)
    editor.show_scenario("7.1")
    assert editor.scenario_tab.vp_values.text() == "A17.26 0, B1.16 7, B2.16 2"
    assert named_vp(editor, "Bastogne") == 7

    editor.play_scenario()
    content = editor.table_windows[-1].session.content
    places = vp_hexes(content)
    assert places[m.parse("B1.16")].vp == 7 and places[m.parse("B2.16")].vp == 2
    assert m.parse("A17.26") not in places
    assert editor.table_windows[-1].session.hex_info("B1.16")["vp"] == 7


def test_what_does_not_read_is_refused_with_the_reason(shipped_editor):
    editor = shipped_editor
    editor.show_scenario("7.1")
    tab = editor.scenario_tab
    type_into(tab.vp_values, "B1.16 7")
    for typed, reason in (("B1.16 -2", "a VP value is 0 or more"), ("B1.16 seven", "is not a hex and a VP value"),
                          ("B99.16 3", "column 99 is outside")):
        type_into(tab.vp_values, typed)
        message = editor.statusBar().currentMessage()
        assert message.startswith("VP values:") and reason in message and "Nothing changed" in message
        assert tab.vp_values.text() == "B1.16 7"  # as it was
    assert editor.document.undo_stack.count() == 1


def test_a_town_worth_0_is_no_longer_held_at_the_start(shipped_editor):
    editor = shipped_editor
    m = editor.document.module.map
    editor.show_scenario("7.6")
    tab = editor.scenario_tab
    assert tab.control.text() == "A17.26 German, A34.27 German"
    type_into(tab.vp_values, "A17.26 0")
    assert editor.document.module.scenarios["7.6"].initial_control == {m.parse("A34.27"): "German"}
    assert tab.control.text() == "A34.27 German"
    editor.document.undo_stack.undo()  # one edit: both come back
    assert tab.control.text() == "A17.26 German, A34.27 German" and tab.vp_values.text() == ""
