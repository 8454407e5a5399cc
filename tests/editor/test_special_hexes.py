"""Traffic jams and points of interest painted with the brush like any terrain, and the
table playing them: the jam hex is in the game's map and DGs German units on Turns 1-2 (3.1)."""

from ardennes_qt.rules.ardennes2.movecontext import active_traffic_jam
from ardennes_qt.rules.ardennes2.phases import ALLIED, GERMAN
from tests.editor.mouse import at_hex, click


def tick_only(editor, label: str) -> None:
    """Tick the brush's terrain box with this label and untick the others, as a user would."""
    boxes = editor.tool_options._terrain_boxes.values()
    for box in sorted(boxes, key=lambda b: b.text() != label):  # the wanted one first: never none ticked
        if box.isChecked() != (box.text() == label):
            box.click()


def test_a_traffic_jam_and_a_point_of_interest_are_painted_and_played(editor):
    editor.choose_tool("brush")
    editor.toolbox.change(paint_mode="add")
    tick_only(editor, "Traffic jam")
    assert editor.toolbox.settings.terrain == frozenset({"traffic_jam"})
    click(editor, at_hex(editor, "B4.03"))
    tick_only(editor, "Point of interest")
    click(editor, at_hex(editor, "A3.03"))  # Testville: a city that is also a point of interest
    m = editor.document.module.map
    jam, poi = m.parse("B4.03"), m.parse("A3.03")
    assert m.terrain(jam) == {"traffic_jam"} and m.hexes[jam].source == "user"  # open country under it (1.3)
    assert m.terrain(poi) == {"city", "poi"}
    assert [editor.document.undo_stack.text(i) for i in range(2)] == ["Add traffic jam", "Add point of interest"]

    editor.play_autosave = False
    editor.show_scenario("test")
    editor.play_scenario()
    table = editor.table_windows[-1]
    try:
        session = table.session
        assert "traffic_jam" in session.hex_info("B4.03")["terrain"]
        assert {"city", "poi"} <= set(session.hex_info("A3.03")["terrain"])
        content, state = session.content, session.state
        assert state.turn == 1
        assert active_traffic_jam(content, state, jam, GERMAN)  # 3.1: German units only, Turns 1-2
        assert not active_traffic_jam(content, state, jam, ALLIED)
        assert not active_traffic_jam(content, state, poi, GERMAN)
    finally:
        table.close()
        table.deleteLater()
