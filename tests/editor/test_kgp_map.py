"""Kampfgruppe Peiper's own map checks (its editor plug-in), a scan of a board calibrated
by two far hex centres, and the map with hills through a save, a reopen and the text form."""

import tomllib
from dataclasses import replace
from importlib import import_module
from pathlib import Path

import pytest

from ardennes_qt.core.hexgrid import Hexside
from ardennes_qt.core.mapdata import HexRecord, HexsideRecord
from ardennes_qt.store.contenttext import module_from_folder
from ardennes_qt.store.library import scenarios_root
from editor import files, plugins
from editor.systems.asl_kgp import PLUGIN
from editor.validation import ERROR, WARNING, check_module
from tests.editor.mouse import at_hex, click, stroke
from tests.editor.test_backdrop import scan
from tests.editor.test_hill_tools import near_side

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def kgp_checks(monkeypatch):
    """The plug-in as the installed program finds it, by its entry point."""
    monkeypatch.setitem(plugins._LOADED, "asl_kgp", PLUGIN)


def test_the_plug_in_is_registered_as_the_other_games_are():
    with open(ROOT / "pyproject.toml", "rb") as f:
        entry = tomllib.load(f)["project"]["entry-points"][plugins.GROUP]["asl_kgp"]
    module, name = entry.split(":")
    assert getattr(import_module(module), name) is PLUGIN


def test_slopes_steeples_and_building_levels_are_checked(kgp_checks):
    module = module_from_folder(scenarios_root() / "asl_kgp")
    m = module.map
    shipped = [p for p in check_module(module) if p.severity == ERROR and "ntry area" not in p.message]
    assert shipped == []
    assert not any("lettered" in p.message for p in check_module(module))  # KGP letters no entry areas
    field, house, beyond = m.parse("StJ20"), m.parse("StR19"), m.parse("StL25")
    m.hexes[field] = HexRecord(frozenset({"open", "steeple"}), "user", 3, 2)
    m.hexes[house] = replace(m.hexes[house], floors=2)
    m.hexes[m.parse("StL20")] = HexRecord(frozenset({"open"}), "user", -1)
    m.hexsides[Hexside.between(m.parse("StL20"), m.parse("StL21"))] = HexsideRecord(frozenset(), slope=beyond)
    found = {(p.severity, p.hex, p.message) for p in check_module(module)}
    assert (ERROR, "StJ20", "StJ20 has a steeple but no building (P5.2).") in found
    assert (ERROR, "StJ20", "StJ20 has building levels but no building.") in found
    assert (WARNING, "StR19", "StR19 is a Two-Story House with 2 levels above ground; it has one, its 1st level "
                              "(P5.3).") in found
    assert (WARNING, "StL20", "StL20 is below level 0 but no stream (a stream bed, P4.1).") in found
    assert any(p.severity == ERROR and "hash marks outside its two hexes" in p.message for p in check_module(module))


def test_a_board_scan_is_calibrated_by_two_far_hex_centres(kgp_editor, tmp_path):
    editor = kgp_editor
    assert editor.map_panel.import_file(str(scan(tmp_path / "board.png", 1200, 1500)))
    editor.canvas.fit_map()
    editor.choose_tool("calibrate")
    assert editor.tool_options.calibration_rows[0][1].placeholderText() == "hex id, e.g. StA57"
    for row, hex_id in enumerate(("StA1", "StTT56")):
        click(editor, at_hex(editor, hex_id))
        editor.tool_options.calibration_rows[row][1].textEdited.emit(hex_id)
    editor.toolbox.change(calibration_row=0)
    editor.apply_calibration()
    b = editor.document.module.backdrop["backdrop"]
    assert [h for _, _, h in b.calibration][:2] == ["StA1", "StTT56"] and len(b.calibration) == 3
    m = editor.document.module.map
    item = editor.canvas.backdrop
    for px, py, hex_id in b.calibration:  # the clicked pixels and the one worked out lie on their hex centres
        x, y = item.image_point(*editor.canvas.terrain.layout.centre(m.parse(hex_id)))
        assert abs(x - px) < 1e-6 and abs(y - py) < 1e-6
    assert editor.document.undo_stack.undoText() == "Calibrate the backdrop"


def test_one_clicked_point_or_one_hex_twice_does_not_calibrate(kgp_editor, tmp_path):
    editor = kgp_editor
    editor.map_panel.import_file(str(scan(tmp_path / "board.png")))
    editor.toolbox.change(calibration=[(10.0, 10.0), None, None], calibration_hexes=["StA1", "", ""])
    editor.apply_calibration()
    assert "click two or three hex centres" in editor.statusBar().currentMessage()
    editor.toolbox.change(calibration=[(10.0, 10.0), (90.0, 80.0), None], calibration_hexes=["StA1", "sta1", ""])
    editor.apply_calibration()
    assert "StA1 is given twice" in editor.statusBar().currentMessage()
    assert editor.document.module.backdrop["backdrop"].calibration == ()


def test_a_map_with_hills_keeps_every_edit_through_a_save_a_reopen_and_the_text_form(kgp_editor, tmp_path):
    editor = kgp_editor
    editor.choose_tool("level")
    editor.toolbox.change(level=6)
    stroke(editor, [at_hex(editor, "StL20"), at_hex(editor, "StL22")])
    editor.choose_tool("building")
    editor.toolbox.change(floors=2, steeple=True)
    click(editor, at_hex(editor, "StR19"))
    editor.choose_tool("slope")
    click(editor, near_side(editor, "StL20", "StM20"))
    editor.choose_tool("hexside")
    for feature in ("wall", "hedge", "wire", "narrow_street"):
        editor.toolbox.change(hexside_feature=feature)
        click(editor, near_side(editor, "StL21", "StM21" if feature != "hedge" else "StL22"))
    editor.choose_tool("road")
    editor.toolbox.change(road_kind="paved")
    stroke(editor, [at_hex(editor, "StK20"), at_hex(editor, "StK22")])
    edited = editor.document.module.map
    path = editor.document.save(tmp_path / "kgp.ardmod")
    assert editor.open_path(path)
    m = editor.document.module.map
    assert m.level(m.parse("StL21")) == 6 and m.hexes[m.parse("StR19")].floors == 2
    assert "steeple" in m.terrain(m.parse("StR19"))
    assert m.hexsides[Hexside.between(m.parse("StL20"), m.parse("StM20"))].slope == m.parse("StL20")
    assert {"wall", "wire", "narrow_street"} <= m.hexsides[Hexside.between(m.parse("StL21"), m.parse("StM21"))].features
    assert (m.hexes, m.hexsides, m.roads) == (edited.hexes, edited.hexsides, edited.roads)
    assert files.export_to(editor, tmp_path / "asl_kgp")
    back = module_from_folder(tmp_path / "asl_kgp").map
    assert (back.hexes, back.hexsides, back.roads, back.bridges) == (m.hexes, m.hexsides, m.roads, m.bridges)


def test_the_shipped_kgp_map_goes_through_the_editor_unchanged(kgp_editor, tmp_path):
    editor = kgp_editor
    editor.choose_tool("level")
    click(editor, at_hex(editor, "StL20"))
    assert editor.document.dirty
    editor.document.undo_stack.undo()
    path = editor.document.save(tmp_path / "kgp.ardmod")
    assert editor.open_path(path)
    assert files.export_to(editor, tmp_path / "asl_kgp")
    shipped = scenarios_root() / "asl_kgp" / "map" / "map.txt"
    assert (tmp_path / "asl_kgp" / "map" / "map.txt").read_bytes() == shipped.read_bytes()
