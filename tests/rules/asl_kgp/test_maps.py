"""The shipped Kampfgruppe Peiper maps: the generator's output is the text shipped, and every hex,
level and feature the rules print is on them (seed 001)."""

from pathlib import Path

import pytest

from ardennes_qt.core.hexgrid import Hexside
from ardennes_qt.core.mapgen import generate, read_source
from ardennes_qt.store.maptext import format_map, parse_map, read_map

MAP_DIR = Path(__file__).resolve().parents[3] / "scenarios" / "asl_kgp" / "map"
LEVEL_8_CREST = ["TT28", "OO31", "MM30", "JJ31", "JJ32", "II33", "II34", "HH34", "HH37", "GG38", "GG40", "HH40",
                 "HH47", "II48", "II54", "JJ54", "JJ56"]


@pytest.fixture(scope="module")
def kgp():
    return read_map(MAP_DIR / "map.txt")


def test_the_shipped_text_is_what_the_source_generates():
    assert format_map(generate(read_source(MAP_DIR / "source.toml"))) == (MAP_DIR / "map.txt").read_text()


def test_the_text_reads_back_to_itself(kgp):
    assert format_map(parse_map(format_map(kgp))) == format_map(kgp)


def test_three_map_groups_of_hexrows_a_to_tt(kgp):
    assert kgp.numbering.sheets == ("St", "Ch", "Lg")
    for hex_id in ("StTT28", "StN56", "ChHH0", "LgN25", "LgS55"):
        assert kgp.hex_id(kgp.parse(hex_id)) == hex_id


@pytest.mark.parametrize("hex_id", LEVEL_8_CREST)
def test_the_level_8_crest_line_of_st(kgp, hex_id):
    h = kgp.parse(f"St{hex_id}")
    assert kgp.level(h) == 8
    assert any(kgp.level(n) < 8 and "crest" in kgp.side_features(h, n) for n in h.neighbours() if kgp.contains(n))


def test_the_level_3_crest_line_in_m49_m50_n50(kgp):
    for hex_id in ("StM49", "StM50", "StN50"):
        h = kgp.parse(hex_id)
        assert kgp.level(h) == 3
        assert any("crest" in kgp.side_features(h, n) for n in h.neighbours() if kgp.contains(n))


@pytest.mark.parametrize("marks, across, crest", [("StJ6", "StK6", True), ("StF8", "StG9", False),
                                                  ("ChY4", "ChX3", True)])
def test_the_printed_slopes_with_their_marks(kgp, marks, across, crest):
    a, b = kgp.parse(marks), kgp.parse(across)
    record = kgp.hexsides[Hexside.between(a, b)]
    assert record.slope == a
    assert ("crest" in record.features) == crest


@pytest.mark.parametrize("hex_id, floors, words", [
    ("StJ19", 1, {"stone_building", "steeple"}),  # P5.2: a 2nd-level Steeple Location
    ("ChAA10", 0, {"stone_building", "steeple"}),  # P5.2: a 1st-level Steeple Location
    ("StAA15", 4, {"stone_building"}),  # the sanatorium: ten Locations in two hexes (8.2 EX)
    ("LgI20", 1, {"two_story_house"}),  # P5.3
    ("StKK13", 0, {"pine_woods"}), ("StLL12", 0, {"woods"}),  # P1.1
    ("StMM5", 0, {"stream", "pine_woods"}), ("StMM6", 0, {"stream", "woods"}),  # P4.1
    ("StMM11", 0, {"stream", "brush"}), ("StLL14", 0, {"stream", "orchard"}),
    ("StMM10", 0, {"stream", "ford"}),  # P4.3
    ("ChLL7", 0, {"stream", "culvert"}), ("LgL5", 0, {"stream", "culvert"}),  # P4.2
    ("ChNN6", 0, {"bridge"}), ("LgR46", 0, {"bridge"}), ("ChHH0", 0, {"bridge"}),
])
def test_the_printed_hexes(kgp, hex_id, floors, words):
    h = kgp.parse(hex_id)
    assert words <= kgp.terrain(h)
    assert kgp.hexes[h].floors == floors


@pytest.mark.parametrize("a, b, feature", [("StC20", "StD20", "wire"), ("ChB3", "ChB4", "wire"),
                                           ("StN17", "StO17", "narrow_street"), ("StS17", "StT16", "wall"),
                                           ("StX32", "StY32", "hedge"), ("ChK2", "ChK3", "hedge")])
def test_the_printed_hexsides(kgp, a, b, feature):
    assert feature in kgp.side_features(kgp.parse(a), kgp.parse(b))


def test_hillside_walls_and_hedges_lie_between_levels(kgp):
    for a, b in (("StS17", "StT16"), ("StX32", "StY32"), ("ChK2", "ChK3")):
        assert kgp.level(kgp.parse(a)) != kgp.level(kgp.parse(b)), (a, b)


@pytest.mark.parametrize("letter", ["StGG1", "StN56", "StTT19", "ChA10", "ChHH0", "LgV56"])
def test_entry_areas_nine_hexes_wide_on_their_own_board(kgp, letter):
    area = kgp.entry_areas[letter]
    assert len(area.hexes) == 9 and kgp.parse(letter) in area.hexes
    assert {kgp.numbering.sheet_column_row(h)[0] for h in area.hexes} == {letter[:2]}


def test_the_maps_are_representative(kgp):
    assert kgp.source == "representative" and any("representative" in note for note in kgp.notes)
