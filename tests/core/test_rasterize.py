"""The rasterizer on small, hand-checked cases.

Even global columns (A2, A4...) stand half a hex north of odd ones, so a hex's NE and SE
neighbours are, for A5.11: A6.11 and A6.10; for A4.12: A5.13 and A5.12.  Hexsides are
written as "<hex> <direction>" from the hex that owns them (its N, NE or SE side), or
from the map hex when the other one is off the map.

Where the geometry leaves a true tie (two corners or two hexes equally near the line),
the lower one wins: the more westerly corner, else the more northerly; the hex with
the lower axial coordinates, which for two hexes of one column is the northern one.
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
        # The square's edges run through the centres of its border hexes in the odd
        # columns (A5 and A9 west and east, A7.10 and A7.14 south and north): those are
        # half covered and come in; its corner hexes are only about a quarter covered.
        # The even columns stand half a hex north, so rows 10-13 of A6 and A8 fit whole
        # between the south and north edges, their flat sides on them.
        (0.5, {5: [11, 12, 13], 6: [10, 11, 12, 13], 7: [10, 11, 12, 13, 14], 8: [10, 11, 12, 13], 9: [11, 12, 13]}),
        (1.0, {6: [10, 11, 12, 13], 7: [11, 12, 13], 8: [10, 11, 12, 13]}),
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
        (("A5.10", "A9.12"), "A5.10 A6.10 A7.11 A8.11 A9.12"),  # the north-east diagonal, NE step by NE step
        ((("west", "A1.20"), "A4.20"), "A1.20 A2.20 A3.20 A4.20"),  # the off-map part is dropped
        (("A5.10", "A5.13", "A5.11", "A5.14"), "A5.10 A5.11 A5.12 A5.13 A5.14"),  # doubling back is cut out
    ],
)
def test_hexes_along_a_line(plane, points, expected):
    assert ids(hexes_along(plane, line(plane, *points))) == expected.split()


def test_a_road_running_off_the_map_gets_its_exit_link(plane):
    # Due west along row 10 of the odd columns: A2.10 and A2.09 are equally near the line
    # and the northern one wins, as does the off-map hex beyond A1.10's north-west side
    # (the line leaves through A1.10's west corner, between its NW and SW sides).
    links = road_links(plane, line(plane, "A3.10", ("west", "A1.10")))
    assert links == sides("A2.10 SE,A1.10 NE,A1.10 NW")
    m = MapData("t", "t", SHEETS, roads={link: RoadLink("road") for link in links})
    assert [(SHEETS.format(h), edge) for h, _, _, edge in m.road_exits()] == [("A1.10", "west")]


def test_a_road_coming_onto_the_map_gets_its_entry_link(plane):
    # A4.20 stands half a hex north of A1.20, so the line climbs gently eastward and
    # comes onto the map through A1.20's north-west side, just above its west corner.
    links = road_links(plane, line(plane, ("west", "A1.20"), "A4.20"))
    assert links == sides("A1.20 NW,A1.20 NE,A2.20 SE,A3.20 NE")
    assert not SHEETS.contains(links[0].other(SHEETS.parse("A1.20")))


def test_road_links_join_adjacent_hexes_in_order(plane):
    links = road_links(plane, line(plane, "A2.40", "A12.44", "A20.36"))
    for a, b in zip(links, links[1:]):
        assert set(a.hexes) & set(b.hexes)
    assert SHEETS.parse("A12.44") in {h for link in links for h in link.hexes}


# --- rivers along hexsides -------------------------------------------------------------------


def test_a_river_up_a_column_runs_along_one_bank(plane):
    path = hexside_path(plane, line(plane, "A5.10", "A5.14"))
    # The west sides (SW, NW) of A5.11, A5.12 and A5.13, from A5.10's north-west corner
    # to A5.14's south-west one; their neighbours on that bank are A4.10 to A4.13.
    assert path == sides("A4.10 NE,A4.11 SE,A4.11 NE,A4.12 SE,A4.12 NE,A4.13 SE")


def test_a_diagonal_river_zigzags_along_the_line(plane):
    path = hexside_path(plane, line(plane, "A5.10", "A9.12"))
    # The line runs NE through the centres of A6.10, A7.11 and A8.11; the chain follows
    # their north-west and north sides, half a hex size off the line, from A5.10's
    # north-east corner to A9.12's west corner, never crossing the line.
    assert path == sides("A5.11 SE,A6.10 N,A6.11 SE,A7.11 N,A7.12 SE,A8.11 N")
    assert_contiguous(path)


def test_a_river_bending_at_a_town_passes_along_the_town(plane):
    town = SHEETS.parse("A8.13")
    path = hexside_path(plane, line(plane, "A5.10", "A8.13", "A5.16"))
    assert_contiguous(path)
    assert {Hexside.of(town, d) for d in Direction} & set(path), "the river cut across the bend"
    # It rounds the town on the inside of the bend: along its south-west and north-west sides.
    assert set(sides("A7.13 NE,A7.14 SE")) <= set(path)


def test_a_river_leaving_the_map_runs_to_the_edge(plane):
    # The line dips gently westward (A1.20 stands half a hex south of A4.20) and leaves
    # the map through A1.20's north-west side; the chain zigzags along it to that side's
    # north end (its west end is no corner of any two map hexes).
    path = hexside_path(plane, line(plane, "A4.20", ("west", "A1.20")))
    assert path == sides("A3.20 N,A2.20 SE,A2.19 N,A1.20 NE,A1.20 N")
    edge_hex = SHEETS.parse("A1.20")
    on_outline = {hex_corners(edge_hex)[k] for k in (3, 4)}  # its NW side faces off the map
    assert set(side_corners(path[-1])) & on_outline


def test_a_tributary_ends_on_its_river(plane):
    river = hexside_path(plane, line(plane, "A5.10", "A5.14"))
    tributary = hexside_path(plane, line(plane, "A9.12", "A5.12"), joins=river)
    assert_contiguous(tributary)
    river_corners = {c for s in river for c in side_corners(s)}
    assert set(side_corners(tributary[-1])) & river_corners
    # It comes from the east and meets the river (on A5.12's west sides) at one of A5.12's
    # western corners on its own bank, not running round to the far one along the river.
    town = hex_corners(SHEETS.parse("A5.12"))
    assert set(side_corners(tributary[-1])) & river_corners <= {town[2], town[4]}
    assert not set(tributary) & set(river)


def test_the_rasterizer_is_deterministic():
    first, second = MapPlane(SHEETS), MapPlane(SHEETS)
    shape = ("A2.40", "A12.44", "A20.36", "A30.50")
    assert hexside_path(first, line(first, *shape)) == hexside_path(second, line(second, *shape))
    assert road_links(first, line(first, *shape)) == road_links(second, line(second, *shape))


# --- bridges ------------------------------------------------------------------------------------


def test_a_road_crossing_a_river_is_a_bridge_site(plane):
    river = hexside_path(plane, line(plane, "A5.10", "A5.14"))
    # Due east along row 12 of the odd columns, zigzagging through the even-column hexes
    # just north of the line (A4.12, A6.12: ties go north), across the river once.
    road = road_links(plane, line(plane, "A3.12", "A7.12"), water=river)
    assert road == sides("A3.12 NE,A4.12 SE,A5.12 NE,A6.12 SE")
    m = MapData("t", "t", SHEETS)
    m.hexsides = {s: HexsideRecord(frozenset({"river"})) for s in river}
    m.roads = {s: RoadLink("road") for s in road}
    assert bridge_sites(m) == [side("A4.12 SE")]


def test_a_road_beside_a_border_is_no_bridge_site():
    link = side("A4.12 SE")
    m = MapData("t", "t", SHEETS, roads={link: RoadLink("track")})
    m.hexsides = {link: HexsideRecord(frozenset({"border"}))}
    assert bridge_sites(m) == []


@pytest.mark.parametrize(
    "reach, expected", [(0, "A4.12 SE"), (1, "A4.12 SE,A6.12 SE"), (2, "A2.12 SE,A4.12 SE,A6.12 SE")]
)
def test_sides_near_a_plunger(reach, expected):
    # The road's SE links above and the one that would bring it from A2.12: from A5.12
    # the first is one of its own sides, the second has A6.12 (its NE neighbour), the
    # third has A3.12, two hexes off.
    candidates = sides("A2.12 SE,A4.12 SE,A6.12 SE")
    assert sides_near(candidates, SHEETS.parse("A5.12"), reach) == sorted(sides(expected))
