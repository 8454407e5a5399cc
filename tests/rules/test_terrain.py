"""TEC clauses: which terrain applies for movement, combat and barrage (1.3, 3.5)."""

import pytest

from ardennes_qt.rules.ardennes2.tables import combat_table, terrain_chart
from ardennes_qt.rules.ardennes2.terrain import (
    barrage_success_roll,
    defender_hex_shift,
    hex_entry_cost,
    hexside_attack_shift,
    hexside_crossing_cost,
)


@pytest.mark.parametrize(
    "terrain, ma, half_mps, because",
    [
        ({"open"}, "leg", 4, "open"),
        ({"open"}, "mech", 6, "open"),
        ({"woods"}, "mech", 12, "woods"),
        ({"forest"}, "mech", None, "forest"),
        ({"forest"}, "leg", 6, "forest"),
        ({"city"}, "mech", 4, "city"),
        ({"city", "woods"}, "mech", 12, "woods"),  # 1.3a: the greatest single cost
        ({"village"}, "mech", 6, "open"),  # village is "other terrain"
        ({"village", "woods"}, "leg", 4, "woods"),
        ({"west_wall", "forest"}, "mech", None, "forest"),
        ({"slope", "open"}, "leg", 6, "slope"),
    ],
)
def test_hex_entry_cost(terrain, ma, half_mps, because):
    assert hex_entry_cost(terrain, ma) == (half_mps, because)


@pytest.mark.parametrize(
    "features, ma, expected",
    [
        (set(), "mech", (0, "")),
        ({"stream"}, "leg", (2, "stream")),
        ({"stream"}, "mech", (4, "stream")),
        ({"river"}, "leg", (4, "river")),
        ({"river"}, "mech", (None, "river")),
        ({"meuse"}, "leg", (None, "meuse")),
        ({"river", "border"}, "leg", (4, "river")),
    ],
)
def test_hexside_crossing_cost(features, ma, expected):
    assert hexside_crossing_cost(features, ma) == expected


@pytest.mark.parametrize(
    "terrain, side, expected",
    [
        ({"open"}, "Allied", (0, "")),
        ({"city", "woods"}, "Allied", (2, "city")),  # 1.3 example: only the City counts
        ({"west_wall"}, "German", (1, "west_wall")),
        ({"west_wall"}, "Allied", (0, "")),  # West Wall hexes help German units only
        ({"marsh", "village"}, "Allied", (1, "marsh")),
    ],
)
def test_defender_hex_shift(terrain, side, expected):
    assert defender_hex_shift(terrain, side) == expected


def test_hexside_shifts():
    assert hexside_attack_shift({"stream"}) == (1, "stream")
    assert hexside_attack_shift({"meuse"}) == (2, "meuse")
    assert hexside_attack_shift({"border"}) == (0, "")


@pytest.mark.parametrize(
    "terrain, half, full, name",
    [
        ({"open"}, (3, 4), (5, 6), "open"),
        ({"woods", "open"}, (4, 4), (5, 6), "woods"),
        ({"city", "woods"}, (5, 5), (6, 6), "city"),
        ({"slope", "woods"}, (4, 5), (6, 6), "slope"),
        ({"village"}, (4, 4), (5, 6), "village"),
    ],
)
def test_barrage_uses_the_hardest_success_roll(terrain, half, full, name):
    assert barrage_success_roll(terrain) == (half, full, name)


def test_mech_road_is_half_an_mp():
    assert terrain_chart().roads["road"] == {"leg": 2, "mech": 1}
    assert terrain_chart().roads["track"] == {"leg": 2, "mech": 4}


@pytest.mark.parametrize(
    "column, dice, result",
    [("1:4", 2, "A2"), ("1:1", 6, "-"), ("3:1", 8, "D1r1"), ("7:1", 12, "D2r6"), ("6:1", 3, "A1D1"), ("2:1", 9, "D2r1")],
)
def test_combat_table(column, dice, result):
    assert combat_table().result(column, dice) == result
