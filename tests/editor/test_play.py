"""From the editor to the table: paint hexes, draw a river, set a unit up, save; the table
opens the saved module and the unit moves there under the rules."""

import pytest

from ardennes_qt.core.hexgrid import Direction
from ardennes_qt.engine.session import Session
from ardennes_qt.store.editorfile import play_content
from ardennes_qt.store.errors import ContentError
from editor.document import EditorDocument
from tests.editor.modules import shipped_module
from tests.editor.mouse import at_hex, click, double_click
from tests.editor.test_scenarios import drop
from tests.gui.mouse import counter_point, drag, hex_point


def german_unit_and_empty_hex(module):
    s = module.scenarios["7.1"]
    m = module.map
    taken = {p.hex for p in s.placements}
    for p in s.placements:
        counter = module.counters[p.counter]
        if counter.side != "German" or counter.ma_type != "leg":
            continue
        for d in Direction:
            h = p.hex.neighbour(d)
            room = [h.neighbour(Direction.S).neighbour(Direction.S), h.neighbour(Direction.N).neighbour(Direction.N)]
            room += [room[1].neighbour(Direction.NW), room[1].neighbour(Direction.NE).neighbour(Direction.NE)]
            if not all(m.contains(x) for x in [h, *room]):
                continue
            if h not in taken and m.terrain(h) == {"open"} and not m.sides_of(h):
                return counter.id, m.hex_id(h)
    raise AssertionError("no German leg unit with an empty open neighbour")


def into_german_movement(session):
    while session.state.phase != "ge_movement":
        session.apply(next(a for a in session.legal_actions() if a.kind == "end_phase"))


def test_an_edited_module_is_saved_opened_by_the_table_and_played(shipped_editor, qtbot, tmp_path):
    editor = shipped_editor
    module = editor.document.module
    unit, start = german_unit_and_empty_hex(module)
    editor.canvas.zoom_to(0.8, start)
    # Paint a hex two hexes off, draw a river, set the unit up next to its old hex.
    editor.choose_tool("brush")
    editor.toolbox.change(terrain=frozenset({"woods"}), paint_mode="set")
    painted = module.map.hex_id(module.map.parse(start).neighbour(Direction.S).neighbour(Direction.S))
    click(editor, at_hex(editor, painted))
    editor.choose_tool("layer")
    editor.toolbox.change(layer_mode="draw", layer_shape="polyline", layer_feature="stream", layer_label="Test Bach")
    north = module.map.parse(start).neighbour(Direction.N).neighbour(Direction.N)
    click(editor, at_hex(editor, module.map.hex_id(north.neighbour(Direction.NW))))
    double_click(editor, at_hex(editor, module.map.hex_id(north.neighbour(Direction.NE).neighbour(Direction.NE))))
    assert module.layers["stream 1"].output
    drop(editor, [unit], start)
    path = editor.document.save(tmp_path / "bulge.ardmod")

    from ardennes_qt.ui.table_window import TableWindow

    table = TableWindow(Session(play_content(path, "7.1"), seed=1), autosave=False, remember_layout=False)
    qtbot.addWidget(table)
    table.resize(1200, 800)
    table.show()
    qtbot.waitExposed(table)
    session = table.session
    m = session.map
    assert m.terrain(m.parse(painted)) == {"woods"}
    assert any(r.name == "Test Bach" for r in m.hexsides.values())
    assert session.unit(unit).hex == start
    into_german_movement(session)
    target = next(h for h in session.legal_moves([unit]) if h != start and not session.stack_at(h))
    table.view.zoom_to(1.0, start)
    drag(table, counter_point(table, unit), hex_point(table, target))
    assert session.unit(unit).hex == target
    assert table.open_game(path)  # the table's Open takes a module too: a new game of its first scenario
    assert table.session.unit(unit).hex == start


def test_play_this_scenario_opens_the_table_on_the_scenario_as_edited(shipped_editor):
    editor = shipped_editor
    unit, start = german_unit_and_empty_hex(editor.document.module)
    drop(editor, [unit], start)
    editor.show_scenario("7.1")
    editor.play_scenario()
    table = editor.table_windows[-1]
    assert table.session.content.scenario.key == "ardennes2/7.1"
    assert table.session.unit(unit).hex == start
    assert table.session.content.map is not editor.document.module.map


def test_a_module_scenario_that_does_not_exist_is_named(tmp_path):
    document = EditorDocument(shipped_module(), autosave=False)
    path = document.save(tmp_path / "m.ardmod")
    with pytest.raises(ContentError, match="no scenario '9.9'"):
        play_content(path, "9.9")
