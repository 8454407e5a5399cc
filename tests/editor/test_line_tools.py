"""Drawing along the grid like a user: rivers along hexsides, roads hex to hex with their
bridges, German-built days and plungers, places and entry areas."""

from ardennes_qt.core.hexgrid import Hexside
from tests.editor.mouse import at_hex, at_point, click, stroke


def side(editor, a, b):
    m = editor.document.module.map
    return Hexside.between(m.parse(a), m.parse(b))


def side_point(editor, a, b):
    x, y = editor.canvas.terrain.layout.side_midpoint(side(editor, a, b))
    return at_point(editor, x, y)


def test_a_drag_along_hexsides_draws_a_river_and_starting_on_it_erases(editor):
    editor.choose_tool("hexside")
    editor.toolbox.change(hexside_feature="river", hexside_name="Sûre")
    points = [side_point(editor, "A4.02", "A4.03"), side_point(editor, "A5.02", "A5.03")]
    stroke(editor, points)
    m = editor.document.module.map
    drawn = [s for s, r in m.hexsides.items() if "river" in r.features]
    assert side(editor, "A4.02", "A4.03") in drawn and side(editor, "A5.02", "A5.03") in drawn
    assert all(m.hexsides[s].name == "Sûre" for s in drawn)
    assert editor.document.undo_stack.count() == 1
    stroke(editor, points)
    assert not any("river" in r.features for r in m.hexsides.values())
    assert editor.document.undo_stack.undoText() == "Erase river hexsides"


def test_a_road_drawn_across_a_stream_gets_a_bridge_and_loses_it_when_erased(editor):
    editor.choose_tool("road")
    editor.toolbox.change(road_kind="track", road_erase=False)
    stroke(editor, [at_hex(editor, "A2.02"), at_hex(editor, "A2.05")])  # crosses Test Creek (A2.03/A2.04)
    m = editor.document.module.map
    creek = side(editor, "A2.03", "A2.04")
    assert m.roads[creek].kind == "track" and creek in m.bridges
    assert m.road_between(m.parse("A2.02"), m.parse("A2.03")) == "track"
    editor.toolbox.change(road_erase=True)
    stroke(editor, [at_hex(editor, "A2.03"), at_hex(editor, "A2.04")])
    assert creek not in m.roads and creek not in m.bridges
    editor.document.undo_stack.undo()
    assert creek in m.bridges


def test_a_plunger_governs_the_bridges_clicked_after_it(editor):
    editor.choose_tool("road")
    stroke(editor, [at_hex(editor, "A2.02"), at_hex(editor, "A2.05")])
    editor.choose_tool("bridge")
    editor.toolbox.change(bridge_mode="plunger")
    click(editor, at_hex(editor, "A1.03"))
    m = editor.document.module.map
    assert m.plungers == {"A1.03": m.parse("A1.03")}
    assert editor.toolbox.settings.bridge_plunger == "A1.03" and editor.toolbox.settings.bridge_mode == "bridge"
    editor.toolbox.change(bridge_built="20 Dec 44")
    click(editor, side_point(editor, "A2.03", "A2.04"))
    bridge = m.bridges[side(editor, "A2.03", "A2.04")]
    assert (bridge.built, bridge.plunger, bridge.source) == ("1944-12-20", "A1.03", "user")
    assert "German-built from 20 Dec 44, plunger A1.03" in editor.statusBar().currentMessage()


def test_a_click_away_from_bridges_says_why_nothing_happened(editor):
    editor.choose_tool("bridge")
    click(editor, side_point(editor, "A5.03", "A5.04"))
    assert "there is no bridge" in editor.statusBar().currentMessage()
    assert editor.document.undo_stack.count() == 0


def test_places_get_names_and_victory_points(editor):
    editor.choose_tool("place")
    editor.toolbox.change(place_name="Neuville", place_vp=2)
    click(editor, at_hex(editor, "B2.02"))
    m = editor.document.module.map
    assert m.places[m.parse("B2.02")].name == "Neuville" and m.places[m.parse("B2.02")].vp == 2
    editor.toolbox.change(place_name="")
    click(editor, at_hex(editor, "A3.03"))
    assert m.parse("A3.03") not in m.places


def test_entry_areas_are_painted_on_edge_hexes_and_checked(editor):
    editor.choose_tool("entry")
    editor.toolbox.change(entry_letter="B", entry_side="German")
    stroke(editor, [at_hex(editor, "B6.02"), at_hex(editor, "B6.04")])
    m = editor.document.module.map
    assert {m.hex_id(h) for h in m.entry_areas["B"].hexes} == {"B6.02", "B6.03", "B6.04"}
    assert editor.document.undo_stack.count() == 1
    click(editor, at_hex(editor, "B3.03"))  # inland: allowed, but the validation panel says so
    editor.validation.check()
    messages = [p.message for p in editor.validation.problems]
    assert any("Entry area B is off the edge: B3.03" in text for text in messages)


def test_a_validation_message_jumps_to_its_hex(editor):
    editor.choose_tool("road")
    stroke(editor, [at_hex(editor, "A2.02"), at_hex(editor, "A2.05")])
    m = editor.document.module.map
    del m.bridges[side(editor, "A2.03", "A2.04")]  # as a file from elsewhere might have it
    editor.validation.check()
    row = next(i for i, p in enumerate(editor.validation.problems) if "with no bridge" in p.message)
    editor.validation.list.itemClicked.emit(editor.validation.list.item(row))
    assert editor.canvas.overlay.marked == [m.parse("A2.03")]
