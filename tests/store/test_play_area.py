"""Maps in Play (7.x): which hexes a scenario plays on, as the rules, the table, the editor
and the setup sheet read them."""

from __future__ import annotations

import pytest

from ardennes_qt.store.library import load_content


@pytest.fixture(scope="module")
def bastogne():
    return load_content("ardennes2/7.5")


def test_the_campaign_plays_on_the_whole_of_both_maps():
    content = load_content("ardennes2/7.1")
    assert content.whole_map_in_play()
    assert content.play_area() == frozenset(content.map.all_hexes())
    assert len(content.play_area()) == 2 * 40 * 55


@pytest.mark.parametrize("hex_id, inside", [
    ("A33.11", True), ("A40.24", True), ("B1.16", True), ("B12.24", True), ("B12.11", True),
    ("A32.11", False), ("A33.10", False), ("A33.25", False), ("B13.24", False), ("B1.25", False), ("B40.54", False),
])
def test_bastogne_plays_south_of_xx24_north_of_xx11_east_of_33xx_and_west_of_12xx(bastogne, hex_id, inside):
    assert bastogne.in_play_area(bastogne.map.parse(hex_id)) is inside


def test_bastogne_s_play_area_is_twenty_columns_by_fourteen_rows(bastogne):
    assert not bastogne.whole_map_in_play()
    area = bastogne.play_area()
    assert len(area) == (8 + 12) * 14
    assert all(bastogne.in_play_area(h) for h in area)


def test_a_scenario_on_one_map_plays_on_that_map_only():
    content = load_content("ardennes2/7.3")  # Map B, rows 36 and north
    assert not content.whole_map_in_play()
    ids = {content.map.hex_id(h) for h in content.play_area()}
    assert "B1.36" in ids and "B40.54" in ids
    assert not any(i.startswith("A") for i in ids) and "B1.35" not in ids
