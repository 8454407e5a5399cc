"""The rasterizer on small, hand-checked cases.

Odd global columns (A1, A3...) stand half a hex north of even ones, so a hex's NE and SE
neighbours are, for A5.11: A6.12 and A6.11; for A4.12: A5.12 and A5.11.  Hexsides are
written as "<hex> <direction>" from the hex on their west side.
"""

import pytest
from shapely.geometry import LineString, Polygon

from ardennes_qt.core.hexgrid import Direction, Hexside
from ardennes_qt.core.mapdata import HexsideRecord, MapData, RoadLink
from ardennes_qt.core.numbering import ScsSheets
from ardennes_qt.core.rasterize import (
    MapPlane,
    bridge_sites,
    hex_corners,
    hexes_along,
    hexes_covered,
    hexside_path,
    road_links,
    side_corners,
    sides_near,
)

SHEETS = ScsSheets()


@pytest.fixture(scope="module")
def plane():
    return MapPlane(SHEETS)


def centre(plane, hex_id):
    return plane.centre(SHEETS.parse(hex_id))


def line(plane, *points):
    """A line through hex centres; ("west", "A1.20") is a point three sizes beyond the west edge."""
    coords = []
    for p in points:
        if isinstance(p, tuple):
            x, y = centre(plane, p[1])
            coords.append((x - 3.0, y))
        else:
            coords.append(centre(plane, p))
    return LineString(coords)


def ids(hexes):
    return [SHEETS.format(h) for h in hexes]


def side(text):
    hex_id, direction = text.split()
    return Hexside.of(SHEETS.parse(hex_id), Direction[direction])


def sides(texts):
    return [side(t) for t in texts.split(",")]


def assert_contiguous(path):
    for a, b in zip(path, path[1:]):
        assert set(side_corners(a)) & set(side_corners(b)), f"{a} and {b} do not meet"


# --- areas -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "share, expected",
    [
        # The square's edges run through the centres of its border hexes: those are half
        # covered and come in; its corner hexes are only about a quarter covered.
        (0.5, {5: [11, 12, 13], 6: [11, 12, 13, 14], 7: [10, 11, 12, 13, 14], 8: [11, 12, 13, 14], 9: [11, 12, 13]}),
        (1.0, {6: [11, 12, 13, 14], 7: [11, 12, 13], 8: [11, 12, 13, 14]}),
    ],
)
def test_a_square_takes_the_hexes_it_covers(plane, share, expected):
    square = Polygon([centre(plane, h) for h in ("A5.10", "A9.10", "A9.14", "A5.14")])
    wanted = [f"A{col}.{row}" for col, rows in expected.items() for row in rows]
    assert ids(hexes_covered(plane, square, share)) == wanted


def test_an_area_off_the_map_covers_nothing(plane):
    x, y = centre(plane, "A1.20")
    assert hexes_covered(plane, Polygon([(x - 9, y), (x - 5, y), (x - 5, y + 4), (x - 9, y + 4)])) == []


# --- roads and bands -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "points, expected",
    [
        (("A5.10", "A5.14"), "A5.10 A5.11 A5.12 A5.13 A5.14"),  # straight up a column
        (("A5.10", "A9.12"), "A5.10 A6.11 A7.11 A8.12 A9.12"),  # the north-east diagonal
        ((("west", "A1.20"), "A4.20"), "A1.20 A2.20 A3.20 A4.20"),  # the off-map part is dropped
        (("A5.10", "A5.13", "A5.11", "A5.14"), "A5.10 A5.11 A5.12 A5.13 A5.14"),  # doubling back is cut out
    ],
)
def test_hexes_along_a_line(plane, points, expected):
    assert ids(hexes_along(plane, line(plane, *points))) == expected.split()


def test_a_road_running_off_the_map_gets_its_exit_link(plane):
    links = road_links(plane, line(plane, "A3.10", ("west", "A1.10")))
    assert links == sides("A2.11 SE,A1.10 NE,A1.10 NW")
    m = MapData("t", "t", SHEETS, roads={link: RoadLink("road") for link in links})
    assert [(SHEETS.format(h), edge) for h, _, _, edge in m.road_exits()] == [("A1.10", "west")]


def test_a_road_coming_onto_the_map_gets_its_entry_link(plane):
    links = road_links(plane, line(plane, ("west", "A1.20"), "A4.20"))
    assert links[0] == Hexside.of(SHEETS.parse("A1.20"), Direction.SW)
    assert not SHEETS.contains(links[0].other(SHEETS.parse("A1.20")))


def test_road_links_join_adjacent_hexes_in_order(plane):
    links = road_links(plane, line(plane, "A2.40", "A12.44", "A20.36"))
    for a, b in zip(links, links[1:]):
        assert set(a.hexes) & set(b.hexes)
    assert SHEETS.parse("A12.44") in {h for link in links for h in link.hexes}


# --- rivers along hexsides -------------------------------------------------------------------


def test_a_river_up_a_column_runs_along_one_bank(plane):
    path = hexside_path(plane, line(plane, "A5.10", "A5.14"))
    # The west sides of A5.11, A5.12 and A5.13, from A5.10's corner to A5.14's.
    assert path == sides("A4.11 NE,A4.12 SE,A4.12 NE,A4.13 SE,A4.13 NE,A4.14 SE")


def test_a_diagonal_river_zigzags_along_the_line(plane):
    path = hexside_path(plane, line(plane, "A5.10", "A9.12"))
    # Along the south-east sides of A6.11, A7.11 and A8.12, the hexes the line crosses.
    assert path == sides("A5.10 NE,A6.10 N,A6.11 SE,A7.10 N,A7.11 SE,A8.11 N,A8.12 SE")
    assert_contiguous(path)


def test_a_river_bending_at_a_town_passes_along_the_town(plane):
    town = SHEETS.parse("A8.13")
    path = hexside_path(plane, line(plane, "A5.10", "A8.13", "A5.16"))
    assert_contiguous(path)
    assert {Hexside.of(town, d) for d in Direction} & set(path), "the river cut across the bend"


def test_a_river_leaving_the_map_runs_to_the_edge(plane):
    path = hexside_path(plane, line(plane, "A4.20", ("west", "A1.20")))
    assert_contiguous(path)
    last_corners = set(side_corners(path[-1]))
    edge_hex = SHEETS.parse("A1.19")
    on_outline = {hex_corners(edge_hex)[k] for k in (3, 4)}  # its NW side faces off the map
    assert last_corners & on_outline


def test_a_tributary_ends_on_its_river(plane):
    river = hexside_path(plane, line(plane, "A5.10", "A5.14"))
    tributary = hexside_path(plane, line(plane, "A9.12", "A5.12"), joins=river)
    assert_contiguous(tributary)
    river_corners = {c for s in river for c in side_corners(s)}
    assert set(side_corners(tributary[-1])) & river_corners


def test_the_rasterizer_is_deterministic():
    first, second = MapPlane(SHEETS), MapPlane(SHEETS)
    shape = ("A2.40", "A12.44", "A20.36", "A30.50")
    assert hexside_path(first, line(first, *shape)) == hexside_path(second, line(second, *shape))
    assert road_links(first, line(first, *shape)) == road_links(second, line(second, *shape))


# --- bridges ------------------------------------------------------------------------------------


def test_a_road_crossing_a_river_is_a_bridge_site(plane):
    river = hexside_path(plane, line(plane, "A5.10", "A5.14"))
    road = road_links(plane, line(plane, "A3.12", "A7.12"), water=river)
    assert road == sides("A3.12 NE,A4.13 SE,A5.12 NE,A6.13 SE")
    m = MapData("t", "t", SHEETS)
    m.hexsides = {s: HexsideRecord(frozenset({"river"})) for s in river}
    m.roads = {s: RoadLink("road") for s in road}
    assert bridge_sites(m) == [side("A4.13 SE")]


def test_a_road_beside_a_border_is_no_bridge_site():
    link = side("A4.13 SE")
    m = MapData("t", "t", SHEETS, roads={link: RoadLink("track")})
    m.hexsides = {link: HexsideRecord(frozenset({"border"}))}
    assert bridge_sites(m) == []


@pytest.mark.parametrize(
    "reach, expected", [(0, "A4.13 SE"), (1, "A4.13 SE,A6.13 SE"), (2, "A2.13 SE,A4.13 SE,A6.13 SE")]
)
def test_sides_near_a_plunger(reach, expected):
    candidates = sides("A2.13 SE,A4.13 SE,A6.13 SE")
    assert sides_near(candidates, SHEETS.parse("A5.12"), reach) == sorted(sides(expected))
