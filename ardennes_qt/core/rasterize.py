"""Drawn shapes to hex map features: the rasterizer shared by the map generator and the
editor's vector tools.

An area (woods, forest, marsh) takes every hex it covers at least half of.  A river,
stream or border runs along hexsides: a contiguous chain of hexsides hugging the drawn
line.  A road or track joins hex centres, each link between adjacent hexes, and leaves
the map where its line does.  Shapes are in the map units of a ``HexLayout`` (y grows
south).  Results are deterministic: ties are broken by position, never by hash order,
and distances and costs are compared to a millionth of a hex size, so two choices
that the geometry makes equal are equal here too (not split by rounding noise).
"""

from __future__ import annotations

import heapq
import math
from typing import Callable, Collection, Hashable, Iterable, Iterator

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.strtree import STRtree

from ardennes_qt.core.geometry import HexLayout
from ardennes_qt.core.hexgrid import OWNED_DIRECTIONS, Direction, Hex, Hexside
from ardennes_qt.core.mapdata import MapData
from ardennes_qt.core.numbering import ScsSheets

WATER = ("meuse", "river", "stream")  # hexside features a road crosses only by a bridge (3.8)

# A corner on the hex lattice: x in half sizes, y in half hex heights.  Every hex
# computes a shared corner from the same integers, so shapes meet exactly.
Corner = tuple[int, int]
_CORNER_STEPS = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))  # corner k, as in geometry
_SIDE_CORNERS = {Direction.N: (4, 5), Direction.NE: (5, 0), Direction.SE: (0, 1)}  # the sides a hex owns

# A drawn line keeps the hexes and hexsides within this many hex sizes of it in play.
_CORRIDOR = 2.0
# Cost of a hexside (river) or hex (road) grows with its distance from the line, so
# the chain hugs the line instead of cutting corners.
_STRAYING = 4.0
# A road crosses a river as seldom as it can: once, at a bridge, rather than weaving.
_CROSSING = 4.0
# Distances (in hex sizes) and path costs are compared in whole millionths.
_GRAIN = 1_000_000


class MapPlane:
    """The map's hexes and hexsides laid on the plane, with spatial indexes."""

    def __init__(self, numbering: ScsSheets, layout: HexLayout = HexLayout()) -> None:
        self.numbering = numbering
        self.layout = layout
        self.hexes = tuple(numbering.hexes())
        self.hex_shapes = shapely.polygons([[self.point(c) for c in hex_corners(h)] for h in self.hexes])
        self.hex_tree = STRtree(self.hex_shapes)
        self.hex_area = float(shapely.area(self.hex_shapes[0]))
        self.outline = shapely.coverage_union_all(self.hex_shapes)
        # Rivers run between two map hexes; a side on the outline separates nothing.
        self.sides = tuple(
            Hexside(h, d) for h in self.hexes for d in OWNED_DIRECTIONS if numbering.contains(h.neighbour(d))
        )
        self.side_ends = tuple(side_corners(s) for s in self.sides)
        self.side_shapes = shapely.linestrings([[self.point(c) for c in ends] for ends in self.side_ends])
        # The river search weighs hundreds of nearby sides at each redraw: their middles
        # are made once, and measured against the line in one call.
        self.side_middles = shapely.centroid(self.side_shapes)
        self.side_tree = STRtree(self.side_shapes)

    def point(self, corner: Corner) -> tuple[float, float]:
        return corner[0] * self.layout.size / 2.0, corner[1] * self.layout.height / 2.0

    def centre(self, h: Hex) -> tuple[float, float]:
        return self.layout.centre(h)

    def contains(self, h: Hex) -> bool:
        return self.numbering.contains(h)

    def pieces(self, line: LineString) -> list[LineString]:
        """The parts of a line that lie on the map, in the line's own order."""
        inside = line.intersection(self.outline)
        parts = [g for g in getattr(inside, "geoms", [inside]) if isinstance(g, LineString) and not g.is_empty]
        return sorted(parts, key=lambda part: line.project(Point(part.coords[0])))


def hex_corners(h: Hex) -> list[Corner]:
    x, y = 3 * h.q, 2 * h.r + h.q
    return [(x + dx, y + dy) for dx, dy in _CORNER_STEPS]


def side_corners(side: Hexside) -> tuple[Corner, Corner]:
    corners = hex_corners(side.hex)
    a, b = _SIDE_CORNERS[side.direction]
    return corners[a], corners[b]


# --- areas -------------------------------------------------------------------------------


def hexes_covered(plane: MapPlane, area: Polygon, share: float = 0.5) -> list[Hex]:
    """The hexes an area covers at least ``share`` of, in numbering order.

    A hex is centrally symmetric, so an outline drawn straight through a hex centre
    covers exactly half of it: an area outlined through hex centres takes those hexes in.
    """
    candidates = np.sort(plane.hex_tree.query(area, predicate="intersects"))
    covered = shapely.area(shapely.intersection(plane.hex_shapes[candidates], area)) / plane.hex_area
    return [plane.hexes[i] for i in candidates[covered >= share - 1e-9]]


# --- roads and bands of hexes --------------------------------------------------------------


def hexes_along(plane: MapPlane, line: LineString) -> list[Hex]:
    """The chain of adjacent map hexes that follows a line, first to last (off-map parts dropped)."""
    chain: list[Hex] = []
    for piece in plane.pieces(line):
        chain += _follow(plane, piece, crossing=frozenset())
    return _without_loops(chain)


def road_links(plane: MapPlane, line: LineString, water: Collection[Hexside] = ()) -> list[Hexside]:
    """The road links of a road or track drawn as a line, hex centre to hex centre.

    Where the line runs off the map the road gets its exit link to the hex beyond the
    edge: supply traces along a road "leading off a friendly map edge" (3.7).  The road
    crosses the ``water`` hexsides as seldom as it can.
    """
    links: list[Hexside] = []
    for piece in plane.pieces(line):
        chain = _follow(plane, piece, crossing=frozenset(water))
        if _leaves_map(line, piece, at_start=True):
            at = line.project(Point(piece.coords[0])) - plane.layout.size
            chain.insert(0, _beyond_edge(plane, line, chain[0], at))
        if _leaves_map(line, piece, at_start=False):
            at = line.project(Point(piece.coords[-1])) + plane.layout.size
            chain.append(_beyond_edge(plane, line, chain[-1], at))
        links += [Hexside.between(a, b) for a, b in zip(chain, chain[1:])]
    return list(dict.fromkeys(links))


def _follow(plane: MapPlane, piece: LineString, crossing: frozenset[Hexside]) -> list[Hex]:
    """Hexes along an on-map line, leg by leg between its vertices."""
    points = [Point(p) for p in piece.coords]
    ends = [_hex_inside(plane, piece, 0.0)]
    ends += [plane.layout.hex_at(p.x, p.y) for p in points[1:-1]]
    ends.append(_hex_inside(plane, piece, piece.length))
    segments = shapely.linestrings([[a.coords[0], b.coords[0]] for a, b in zip(points, points[1:])])
    near = plane.hex_tree.query(segments, predicate="dwithin", distance=_CORRIDOR * plane.layout.size)
    chain = [ends[0]]
    for leg, segment in enumerate(segments):
        corridor = {plane.hexes[i] for i in near[1][near[0] == leg]} | {ends[leg], ends[leg + 1]}
        chain += _leg(plane, segment, ends[leg], ends[leg + 1], corridor, crossing)[1:]
    return _without_loops(chain)


def _leg(
    plane: MapPlane, segment, start: Hex, goal: Hex, corridor: set[Hex], crossing: frozenset[Hexside]
) -> list[Hex]:
    """The cheapest chain from one vertex's hex to the next, hugging the segment between them."""
    size = plane.layout.size

    def steps(h: Hex) -> Iterator[tuple[Hex, float]]:
        for n in h.neighbours():
            if n in corridor:
                cost = 1.0 + _STRAYING * segment.distance(Point(plane.centre(n))) / size
                yield n, cost + (_CROSSING if Hexside.between(h, n) in crossing else 0.0)

    return _cheapest_path(start, goal, steps)


def _hex_inside(plane: MapPlane, piece: LineString, at: float) -> Hex:
    """The map hex under a point of an on-map line, nudged inward off the map's outline."""
    nudge = min(1e-3 * plane.layout.size, piece.length / 2)
    p = piece.interpolate(min(max(at, nudge), piece.length - nudge))
    h = plane.layout.hex_at(p.x, p.y)
    if not plane.contains(h):
        raise ValueError(f"point {p.x:.2f},{p.y:.2f} is not inside a map hex")
    return h


def _beyond_edge(plane: MapPlane, line: LineString, edge_hex: Hex, at: float) -> Hex:
    """The off-map neighbour of an edge hex that the line heads for as it leaves the map."""
    target = line.interpolate(min(max(at, 0.0), line.length))
    outside = [n for n in edge_hex.neighbours() if not plane.contains(n)]
    return min(outside, key=lambda n: (_grains(plane, Point(plane.centre(n)).distance(target)), n))


def _without_loops(chain: list[Hex]) -> list[Hex]:
    """Cut out any detour that comes back to a hex already on the chain."""
    out: list[Hex] = []
    seen: dict[Hex, int] = {}
    for h in chain:
        if h in seen:
            for dropped in out[seen[h] + 1 :]:
                del seen[dropped]
            del out[seen[h] + 1 :]
            continue
        seen[h] = len(out)
        out.append(h)
    return out


# --- rivers, streams and borders along hexsides -----------------------------------------------


def hexside_path(plane: MapPlane, line: LineString, joins: Collection[Hexside] = ()) -> list[Hexside]:
    """The contiguous chain of hexsides a river, stream or border drawn as ``line`` runs along.

    The chain hugs the line, so a river drawn through a town's hex centre passes the
    town on one bank, along its hexsides.  A line that leaves the map runs to the edge.
    With ``joins``, the chain ends on those hexsides (a tributary meeting its river).
    """
    path: list[Hexside] = []
    for piece in plane.pieces(line):
        path += _piece_path(plane, line, piece, joins)
    return list(dict.fromkeys(path))


def _piece_path(plane: MapPlane, line: LineString, piece: LineString, joins: Collection[Hexside]) -> list[Hexside]:
    """Dijkstra over (leg, corner): each leg of the line weighs the hexsides near it by
    their distance from it, and the chain moves on to the next leg only at a corner
    within a hex size of the vertex between them, so it cannot cut across a bend (the
    river reaches every town drawn on it)."""
    size = plane.layout.size
    coords = list(piece.coords)
    segments = shapely.linestrings(list(zip(coords, coords[1:])))
    legs: list[dict[Corner, list[tuple[Corner, float]]]] = [{} for _ in coords[1:]]
    side_between: dict[frozenset[Corner], Hexside] = {}
    near_legs, near_sides = plane.side_tree.query(segments, predicate="dwithin", distance=_CORRIDOR * size)
    distances = shapely.distance(segments[near_legs], plane.side_middles[near_sides]).tolist()
    for leg, i, distance in zip(near_legs.tolist(), near_sides.tolist(), distances):
        a, b = plane.side_ends[i]
        side_between[frozenset((a, b))] = plane.sides[i]
        cost = 1.0 + _STRAYING * (distance / size) ** 2
        legs[leg].setdefault(a, []).append((b, cost))
        legs[leg].setdefault(b, []).append((a, cost))
    last = len(legs) - 1
    start = _end_corner(plane, legs[0], line, piece, at_start=True)
    goal = _end_corner(plane, legs[last], line, piece, at_start=False)
    if joins and not _leaves_map(line, piece, at_start=False):
        goal = _joining_corner(plane, legs[last], piece, joins)

    def steps(state: tuple[int, Corner]) -> Iterator[tuple[tuple[int, Corner], float]]:
        leg, corner = state
        for nxt, cost in legs[leg].get(corner, ()):
            yield (leg, nxt), cost
        # Plain arithmetic for point-to-point distances: this runs for every corner visited.
        if leg < last and math.dist(plane.point(corner), coords[leg + 1]) <= size * (1 + 1e-9):
            yield (leg + 1, corner), 0.0

    corners = [corner for _, corner in _cheapest_path((0, start), (last, goal), steps)]
    return [side_between[frozenset(pair)] for pair in zip(corners, corners[1:]) if pair[0] != pair[1]]


def _end_corner(
    plane: MapPlane, graph: Collection[Corner], line: LineString, piece: LineString, at_start: bool
) -> Corner:
    """Where the chain starts or ends: at the map edge where the line crosses it, else at
    the corner nearest the line a little way in (a hex centre has six equally near corners)."""
    end = Point(piece.coords[0] if at_start else piece.coords[-1])
    if not _leaves_map(line, piece, at_start):
        step = min(0.5 * plane.layout.size, piece.length / 2)
        end = piece.interpolate(step if at_start else piece.length - step)
    return min(graph, key=lambda c: (_grains(plane, math.dist((end.x, end.y), plane.point(c))), c))


def _leaves_map(line: LineString, piece: LineString, at_start: bool) -> bool:
    """Whether the line goes on beyond this end of its on-map piece."""
    end = piece.coords[0] if at_start else piece.coords[-1]
    return Point(end).distance(Point(line.coords[0] if at_start else line.coords[-1])) > 1e-9


def _joining_corner(
    plane: MapPlane, graph: Collection[Corner], piece: LineString, joins: Collection[Hexside]
) -> Corner:
    """Where a tributary meets its river: the river's corner nearest the tributary a
    little way before its end, so on the bank it comes from (the line may end on a hex
    centre, which has several river corners equally near)."""
    end = piece.interpolate(piece.length - min(0.5 * plane.layout.size, piece.length / 2))
    reachable = [c for side in joins for c in side_corners(side) if c in graph]
    if not reachable:
        raise ValueError("the line does not end near the hexsides it joins")
    return min(reachable, key=lambda c: (_grains(plane, end.distance(Point(plane.point(c)))), c))


# --- bridges --------------------------------------------------------------------------------


def bridge_sites(m: MapData) -> list[Hexside]:
    """Hexsides where a road link crosses the Meuse, a river or a stream: where bridges go (3.8)."""
    return sorted(
        side for side in m.roads if side in m.hexsides and not m.hexsides[side].features.isdisjoint(WATER)
    )


def sides_near(sides: Iterable[Hexside], h: Hex, reach: int) -> list[Hexside]:
    """The hexsides that have a hex within ``reach`` of ``h`` (a plunger's bridges, 3.8)."""
    return sorted(s for s in sides if min(h.distance(x) for x in s.hexes) <= reach)


# --- search ------------------------------------------------------------------------------------

Node = Hashable


def _grains(plane: MapPlane, distance: float) -> int:
    """A distance in whole millionths of a hex size: equal distances compare equal."""
    return round(distance / plane.layout.size * _GRAIN)


def _cheapest_path(start: Node, goal: Node, steps: Callable[[Node], Iterable[tuple[Node, float]]]) -> list:
    """Dijkstra from ``start`` to ``goal``.  Step costs count in whole millionths, so
    equally cheap chains cost exactly the same; of those, the lower nodes are settled
    first and keep their claim, so the result is deterministic."""
    best = {start: 0}
    came_from: dict = {}
    queue = [(0, start)]
    while queue:
        cost, node = heapq.heappop(queue)
        if node == goal:
            path = [node]
            while path[-1] != start:
                path.append(came_from[path[-1]])
            return path[::-1]
        if cost > best[node]:
            continue
        for nxt, step in steps(node):
            total = cost + round(step * _GRAIN)
            if total < best.get(nxt, math.inf):
                best[nxt] = total
                came_from[nxt] = node
                heapq.heappush(queue, (total, nxt))
    raise ValueError("no chain of hexes or hexsides follows the line (is it on the map?)")
