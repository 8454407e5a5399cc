"""A map with hills (Kampfgruppe Peiper) edited like a user: levels painted by the stroke,
building levels and steeples, slopes clicked on their Down-Slope side, walls, hedges,
wire, Crest Lines and Narrow Streets along hexsides, paved and unpaved roads; the hex
under the pointer told in full.  The SCS games' editors keep their tools."""

from PySide6.QtCore import Qt

from ardennes_qt.core.hexgrid import Hexside
from tests.editor.mouse import at_hex, at_point, click, stroke


def hexes(editor, *ids):
    m = editor.document.module.map
    return [m.parse(i) for i in ids]


def near_side(editor, inside: str, beyond: str, depth: float = 0.25):
    """A point inside hex ``inside``, a little way from its side toward ``beyond``."""
    m = editor.document.module.map
    layout = editor.canvas.terrain.layout
    a, b = m.parse(inside), m.parse(beyond)
    mx, my = layout.side_midpoint(Hexside.between(a, b))
    cx, cy = layout.centre(a)
    return at_point(editor, mx + (cx - mx) * depth, my + (cy - my) * depth)


def test_the_hill_tools_are_offered_for_kgp_only(kgp_editor, editor):
    kgp = [a.text() for a in kgp_editor.tool_actions.actions()]
    assert kgp[4:8] == ["Levels", "Building levels", "Hexsides", "Slopes"]
    scs = [a.text() for a in editor.tool_actions.actions()]
    assert scs == ["Brush", "Fill", "Select", "Eyedropper", "Hexsides", "Roads", "Bridges", "Vector layers",
                   "Places", "Entry areas", "Calibrate", "Set-up", "Play area"]
    options = kgp_editor.tool_options
    assert "Pine woods" in [b.text() for b in options._terrain_boxes.values()]
    assert "Pine woods" not in [b.text() for b in editor.tool_options._terrain_boxes.values()]
    features = [options.w_hexside_feature.itemText(i) for i in range(options.w_hexside_feature.count())]
    assert features == ["Crest Line", "Wall", "Hedge", "Barbed-wire fence", "Narrow Street"]
    assert [options.w_road_kind.itemData(i) for i in range(options.w_road_kind.count())] == ["paved", "unpaved"]


def test_a_level_stroke_is_one_undo_entry_and_keeps_the_terrain(kgp_editor):
    editor = kgp_editor
    m = editor.document.module.map
    path = hexes(editor, "StJ20", "StJ21", "StJ22")
    terrain_before = [m.terrain(h) for h in path]
    editor.choose_tool("level")
    editor.tool_options.w_level.setValue(7)
    assert editor.toolbox.settings.level == 7
    stroke(editor, [at_hex(editor, "StJ20"), at_hex(editor, "StJ22")])
    assert [m.level(h) for h in path] == [7, 7, 7]
    assert [m.terrain(h) for h in path] == terrain_before
    assert editor.document.undo_stack.count() == 1 and editor.document.undo_stack.undoText() == "Paint level 7"
    editor.document.undo_stack.undo()
    assert [m.level(h) for h in path] != [7, 7, 7]
    click(editor, at_hex(editor, "StJ19"), Qt.ControlModifier)  # takes the church's level
    assert editor.toolbox.settings.level == m.level(m.parse("StJ19")) == 3
    editor.tool_options.w_level.setValue(-1)
    assert editor.tool_options.w_level.text() == "-1 (stream bed)"
    click(editor, at_hex(editor, "StJ21"))
    assert m.level(m.parse("StJ21")) == -1


def test_building_levels_and_a_steeple_go_on_buildings_only(kgp_editor):
    editor = kgp_editor
    m = editor.document.module.map
    church, field = hexes(editor, "StJ19", "StJ20")
    editor.choose_tool("building")
    editor.tool_options.w_floors.setValue(2)
    editor.tool_options.w_steeple.setChecked(False)
    stroke(editor, [at_hex(editor, "StJ19"), at_hex(editor, "StJ20")])
    assert m.hexes[church].floors == 2 and "steeple" not in m.terrain(church)
    assert m.hexes.get(field) is None or m.hexes[field].floors == 0
    assert "StJ20 is no building" in editor.statusBar().currentMessage()
    editor.tool_options.w_steeple.setChecked(True)
    click(editor, at_hex(editor, "StJ19"))
    assert "steeple" in m.terrain(church) and "stone_building" in m.terrain(church)
    assert editor.document.undo_stack.count() == 2


def test_a_slope_gets_its_marks_on_the_side_clicked_turns_round_and_goes(kgp_editor):
    editor = kgp_editor
    m = editor.document.module.map
    a, b = hexes(editor, "StL20", "StL21")
    side = Hexside.between(a, b)
    assert side not in m.hexsides
    editor.choose_tool("slope")
    click(editor, near_side(editor, "StL20", "StL21"))
    assert m.hexsides[side].slope == a and m.hexsides[side].features == frozenset()
    assert "hash marks in StL20" in editor.statusBar().currentMessage()
    # The hatch is drawn inside the hex with the marks, not astride the side.
    (x1, y1), (x2, y2) = next(p for f, *p in editor.canvas.terrain.index.art[a].sides if f == "slope")
    assert editor.canvas.terrain.layout.hex_at((x1 + x2) / 2, (y1 + y2) / 2) == a
    click(editor, near_side(editor, "StL21", "StL20"))
    assert m.hexsides[side].slope == b
    assert not any(f == "slope" for f, *_ in editor.canvas.terrain.index.art.get(a, type("", (), {"sides": []})).sides)
    click(editor, near_side(editor, "StL21", "StL20"))
    assert side not in m.hexsides
    assert editor.document.undo_stack.count() == 3
    editor.document.undo_stack.undo()
    assert m.hexsides[side].slope == b


def test_a_slope_keeps_a_crest_line_on_its_side(kgp_editor):
    editor = kgp_editor
    m = editor.document.module.map
    side = Hexside.between(*hexes(editor, "StG26", "StH26"))
    assert "crest" in m.hexsides[side].features
    editor.choose_tool("slope")
    click(editor, near_side(editor, "StH26", "StG26"))
    click(editor, near_side(editor, "StH26", "StG26"))
    assert m.hexsides[side].features == frozenset({"crest"}) and m.hexsides[side].slope is None


def test_a_drag_along_hexsides_draws_a_slope_and_a_wall(kgp_editor):
    editor = kgp_editor
    m = editor.document.module.map
    # Along the zigzag between hexrows M and N, the pointer inside M.
    along = [(mh, nh) for mh in ("StM20", "StM21", "StM22") for nh in ("StN19", "StN20", "StN21", "StN22", "StN23")
             if m.parse(nh) in m.parse(mh).neighbours()]
    points = [near_side(editor, mh, nh) for mh, nh in along]
    editor.choose_tool("slope")
    stroke(editor, points)
    slopes = {s for s, r in m.hexsides.items() if r.slope is not None and r.source == "user"}
    assert Hexside.between(*hexes(editor, "StM20", "StN20")) in slopes
    assert Hexside.between(*hexes(editor, "StM22", "StN22")) in slopes
    assert len(slopes) == len(along)
    assert {m.hex_id(m.hexsides[s].slope)[:3] for s in slopes} == {"StM"}
    assert editor.document.undo_stack.count() == 1
    editor.choose_tool("hexside")
    editor.toolbox.change(hexside_feature="wall")
    stroke(editor, points)
    walls = {s for s, r in m.hexsides.items() if "wall" in r.features and r.source == "user"}
    assert walls == slopes and all(m.hexsides[s].slope is not None for s in walls)
    assert editor.document.undo_stack.undoText() == "Draw wall hexsides"


def test_unpaved_roads_are_drawn_hex_to_hex(kgp_editor):
    editor = kgp_editor
    editor.choose_tool("road")
    editor.toolbox.change(road_kind="unpaved")
    stroke(editor, [at_hex(editor, "StL20"), at_hex(editor, "StL22")])
    m = editor.document.module.map
    assert m.road_between(*hexes(editor, "StL20", "StL21")) == "unpaved"


def test_the_hex_under_the_pointer_says_its_level_building_and_sides(kgp_editor):
    editor = kgp_editor
    editor.canvas.hovered.emit("StJ19")
    text = editor.hover_label.text()
    assert "steeple and stone building" in text and "level 3" in text and "1 building level above ground" in text
    editor.canvas.hovered.emit("StG26")
    assert "sides: NE Crest Line, slope, marks here" in editor.hover_label.text()


def test_levels_are_written_in_their_hexes_on_a_map_with_hills_only(kgp_editor, editor):
    numbers = kgp_editor.canvas.level_numbers
    figure = lambda hex_id: numbers.figure(kgp_editor.document.module.map.parse(hex_id))  # noqa: E731
    assert numbers.isVisible() and not editor.canvas.level_numbers.isVisible()
    assert (figure("StJ19"), figure("StAA15"), figure("StB30"), figure("ChLL8")) == ("3+1†", "4+4", "", "−1")
    kgp_editor.choose_tool("level")
    kgp_editor.toolbox.change(level=5)
    click(kgp_editor, at_hex(kgp_editor, "StB30"))
    assert figure("StB30") == "5"
