"""Vector layers like a user draws them: a river as a polyline, a forest as a polygon,
reshaped by dragging a point, each rasterized by the map generator's rasterizer."""

from shapely.geometry import LineString, Polygon

from ardennes_qt.core.rasterize import MapPlane, hexes_covered, hexside_path
from tests.editor.mouse import at_hex, click, double_click, stroke

RIVER = ("A1.05", "A3.04", "A5.05", "B1.04")


def draw(editor, shape, feature, hex_ids, **settings):
    editor.choose_tool("layer")
    editor.toolbox.change(layer_mode="draw", layer_shape=shape, layer_feature=feature, **settings)
    for hex_id in hex_ids[:-1]:
        click(editor, at_hex(editor, hex_id))
    double_click(editor, at_hex(editor, hex_ids[-1]))


def river_sides(m):
    return {s for s, r in m.hexsides.items() if "river" in r.features}


def test_a_polyline_becomes_the_hexsides_the_rasterizer_finds(editor):
    draw(editor, "polyline", "river", RIVER, layer_label="Ourthe")
    module = editor.document.module
    layer = module.layers["river 1"]
    assert len(layer.points) == 4
    expected = hexside_path(MapPlane(module.map.numbering), LineString(layer.points))
    assert river_sides(module.map) == set(expected) and len(expected) >= 8
    assert {module.map.hexsides[s].name for s in expected} == {"Ourthe"}
    assert editor.document.undo_stack.undoText() == "Draw river 1"
    assert editor.layers_panel.list.count() == 1


def test_dragging_a_point_rasterizes_again_as_one_undo_entry(editor):
    draw(editor, "polyline", "river", RIVER)
    module = editor.document.module
    before = river_sides(module.map)
    editor.toolbox.change(layer_mode="edit")
    stroke(editor, [at_hex(editor, "A3.04"), at_hex(editor, "A3.02")])
    layer = module.layers["river 1"]
    assert river_sides(module.map) == set(hexside_path(MapPlane(module.map.numbering), LineString(layer.points)))
    assert river_sides(module.map) != before
    assert editor.document.undo_stack.count() == 2
    editor.document.undo_stack.undo()
    assert river_sides(module.map) == before


def test_a_polygon_becomes_hex_terrain_on_the_hexes_it_covers(editor):
    draw(editor, "polygon", "forest", ("A4.02", "A6.02", "A6.05", "A4.05"), layer_share=0.5)
    module = editor.document.module
    layer = module.layers["forest 1"]
    covered = hexes_covered(MapPlane(module.map.numbering), Polygon(layer.points), 0.5)
    assert {h for h in module.map.all_hexes() if "forest" in module.map.terrain(h)} == set(covered)
    editor.layers_panel.remove()
    assert not any("forest" in module.map.terrain(h) for h in module.map.all_hexes())
    assert "forest 1" not in module.layers


def test_changing_what_a_layer_becomes_moves_its_output(editor):
    draw(editor, "polyline", "river", RIVER)
    module = editor.document.module
    editor.layers_panel._set(feature="stream")
    assert not river_sides(module.map)
    assert {s for s, r in module.map.hexsides.items() if "stream" in r.features} >= set(
        module.map.side_from_ref(*k.split()) for k in module.layers["river 1"].output)


def test_escape_throws_a_drawing_away(editor):
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    editor.choose_tool("layer")
    editor.toolbox.change(layer_mode="draw", layer_shape="polyline", layer_feature="road")
    click(editor, at_hex(editor, "A1.01"))
    click(editor, at_hex(editor, "A3.01"))
    QTest.keyClick(editor.canvas, Qt.Key_Escape)
    editor.tools["layer"].finish()
    assert not editor.document.module.layers and editor.document.undo_stack.count() == 0
