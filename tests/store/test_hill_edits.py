"""The edits of a map with hills, worked out without drawing: a level keeps the terrain, a
building's levels and steeple go on buildings only, a slope's marks are in one of its two
hexes and its other features stay."""

import pytest

from ardennes_qt.core.hexgrid import Hexside
from ardennes_qt.core.mapdata import HexRecord, HexsideRecord, MapData
from ardennes_qt.core.numbering import AslBoard
from ardennes_qt.store.editoredits import set_building, set_level, set_slope


@pytest.fixture
def board() -> MapData:
    m = MapData("t", "test board", AslBoard(columns=10, first_row=1, last_row=10, sheets=("St",)))
    m.hexes[m.parse("StC3")] = HexRecord(frozenset({"stone_building"}), level=2, floors=1)
    m.hexes[m.parse("StC4")] = HexRecord(frozenset({"woods"}), level=2)
    return m


def test_a_level_keeps_terrain_and_building_levels_and_changes_only_what_differs(board):
    m = board
    church, woods, field = m.parse("StC3"), m.parse("StC4"), m.parse("StC5")
    edits = set_level(m, [church, woods, field], 2)
    assert list(edits["hexes"]) == [field]
    edits = set_level(m, [church], -1)
    assert edits["hexes"][church] == HexRecord(frozenset({"stone_building"}), "user", -1, 1)
    with pytest.raises(ValueError):
        set_level(m, [church], -2)


def test_building_levels_and_steeples_go_on_buildings_only(board):
    m = board
    church, woods = m.parse("StC3"), m.parse("StC4")
    edits = set_building(m, [church, woods], 2, steeple=True)
    assert edits == {"hexes": {church: HexRecord(frozenset({"stone_building", "steeple"}), "user", 2, 2)}}
    assert set_building(m, [church], 1, steeple=False) == {}


def test_a_slope_has_its_marks_in_one_of_its_hexes_and_keeps_the_sides_features(board):
    m = board
    a, b = m.parse("StC3"), m.parse("StC4")
    side = Hexside.between(a, b)
    assert set_slope(m, [side], b) == {"hexsides": {side: HexsideRecord(frozenset(), "", "user", b)}}
    with pytest.raises(ValueError):
        set_slope(m, [side], m.parse("StE5"))
    m.hexsides[side] = HexsideRecord(frozenset({"crest"}), slope=a)
    assert set_slope(m, [side], None)["hexsides"][side] == HexsideRecord(frozenset({"crest"}), "", "user", None)
    m.hexsides[side] = HexsideRecord(frozenset(), slope=a)
    assert set_slope(m, [side], None) == {"hexsides": {side: None}}
    assert set_slope(m, [side], a) == {}
