"""What to draw in each hex, gathered once per map.

The map keeps hexside features and road links keyed by canonical hexside; a painter
wants them by hex, so that painting a region only visits the hexes in it.  This index
walks the map's sparse tables once (a few tens of milliseconds for a two-sheet map)
and hands each feature to the hex that draws it: a hexside to its owner, or to its
on-map hex when the owner lies off the map; a road to both hexes, each drawing its
half from its centre to the hexside.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

from ardennes_qt.core.geometry import HexLayout
from ardennes_qt.core.hexgrid import OWNED_DIRECTIONS, Direction, Hex, Hexside
from ardennes_qt.core.mapdata import MapData
from ardennes_qt.core.numbering import offset_to_axial
from ardennes_qt.ui import map_style as style

Point = tuple[float, float]
SLOPE_INSET = 0.12  # of the way from a side to the hex centre: a slope's hatch (0.10 wide) clears the side


@dataclass
class HexArt:
    """What one hex draws: its fill, terrain symbols and marks, the hexside features it owns, its
    halves of road links and its bridges."""

    fill: str = "open"
    symbols: tuple[str, ...] = ()  # slope, trees, forest_trees, marsh, city, village, west_wall
    marks: tuple[str, ...] = ()  # traffic_jam, poi, plunger
    sides: list[tuple[str, Point, Point]] = field(default_factory=list)  # (feature, from, to)
    roads: dict[str, list[Point]] = field(default_factory=dict)  # kind -> ends of its half-links
    bridges: list[tuple[Point, Point, bool]] = field(default_factory=list)  # (midpoint, along, German-built)


@lru_cache(maxsize=None)
def _look(terrain: frozenset[str]) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """Fill, symbols and marks of a set of hex terrains; a map has only a few such sets."""
    fill = next((t for t in style.BASE_FILL_ORDER if t in terrain), "open")
    marks = tuple(m for m in ("traffic_jam", "poi") if m in terrain)
    return fill, _symbols(terrain), marks


def _symbols(terrain: frozenset[str]) -> tuple[str, ...]:
    out = []
    if "slope" in terrain:
        out.append("slope")
    if "city" in terrain:
        out.append("city")
    elif "forest" in terrain:
        out.append("forest_trees")
    elif "woods" in terrain:
        out.append("trees")
    if "marsh" in terrain:
        out.append("marsh")
    if "village" in terrain and "city" not in terrain:
        out.append("village")
    if "west_wall" in terrain:
        out.append("west_wall")
    return tuple(out)


class TerrainIndex:
    def __init__(self, map_data: MapData, layout: HexLayout) -> None:
        self.map = map_data
        self.layout = layout
        self.art: dict[Hex, HexArt] = {}
        # Each direction's side as two corners relative to the hex centre: every side of
        # the map is then two additions, not two rounds of trigonometry.
        origin = Hex(0, 0)
        self._side_offsets = {d: layout.side_segment(Hexside(origin, d)) for d in OWNED_DIRECTIONS}
        self._index_hexes()
        self._index_hexsides()
        self._index_roads()

    def _art(self, h: Hex) -> HexArt:
        art = self.art.get(h)
        if art is None:
            art = self.art[h] = HexArt()
        return art

    def _index_hexes(self) -> None:
        for h, record in self.map.hexes.items():
            self._add_terrain(h, record.terrain)
        for h in self.map.plungers.values():
            self._add_plunger(h)

    def _add_terrain(self, h: Hex, terrain: frozenset[str]) -> None:
        if terrain == {"open"} or not self.map.contains(h):
            return
        art = self._art(h)
        art.fill, art.symbols, art.marks = _look(terrain)

    def _add_plunger(self, h: Hex) -> None:
        if self.map.contains(h):
            art = self._art(h)
            art.marks = art.marks + ("plunger",)

    def _segment(self, side: Hexside) -> tuple[Point, Point]:
        cx, cy = self.layout.centre(side.hex)
        (x1, y1), (x2, y2) = self._side_offsets[side.direction]
        return (cx + x1, cy + y1), (cx + x2, cy + y2)

    def _midpoint(self, side: Hexside) -> Point:
        (x1, y1), (x2, y2) = self._segment(side)
        return (x1 + x2) / 2.0, (y1 + y2) / 2.0

    def _drawing_hex(self, side: Hexside) -> Hex | None:
        a, b = side.hexes
        if self.map.contains(a):
            return a
        return b if self.map.contains(b) else None

    def _index_hexsides(self) -> None:
        for side in self.map.hexsides:
            self._add_hexside(side)
            self._add_slope(side)
        for side in self.map.bridges:
            self._add_bridge(side)

    def _add_hexside(self, side: Hexside) -> None:
        h = self._drawing_hex(side)
        if h is None:
            return
        p1, p2 = self._segment(side)
        art = self._art(h)
        for feature in self.map.hexsides[side].features:
            art.sides.append((feature, p1, p2))

    def _add_slope(self, side: Hexside) -> None:
        """ASL: a slope's hash marks, drawn just inside the hex they are printed in (P2.2)."""
        h = self.map.hexsides[side].slope
        if h is not None and self.map.contains(h):
            self._art(h).sides.append(("slope", *self._inset(h, *self._segment(side))))

    def _inset(self, h: Hex, p1: Point, p2: Point) -> tuple[Point, Point]:
        """A side of ``h`` moved a little toward its centre, so a line along it lies in ``h``."""
        cx, cy = self.layout.centre(h)
        return tuple((x + (cx - x) * SLOPE_INSET, y + (cy - y) * SLOPE_INSET) for x, y in (p1, p2))

    def _add_bridge(self, side: Hexside) -> None:
        h = self._drawing_hex(side)
        if h is None:
            return
        a, b = side.hexes
        (ax, ay), (bx, by) = self.layout.centre(a), self.layout.centre(b)
        self._art(h).bridges.append((self._midpoint(side), (bx - ax, by - ay), bool(self.map.bridges[side].built)))

    def _index_roads(self) -> None:
        for side in self.map.roads:
            for h in side.hexes:
                self._add_road_half(side, h)

    def _add_road_half(self, side: Hexside, h: Hex) -> None:
        if not self.map.contains(h):
            return
        mx, my = self._midpoint(side)
        other = side.other(h)
        end = (mx, my)
        if not self.map.contains(other):
            # A road leaving the map runs on into the margin, so its exit is obvious.
            cx, cy = self.layout.centre(h)
            end = (cx + (mx - cx) * 1.9, cy + (my - cy) * 1.9)
        self._art(h).roads.setdefault(self.map.roads[side].kind, []).append(end)

    def reindex(self, hexes) -> None:
        """Gather again what these hexes draw, after the map changed in them (the editor)."""
        wanted = {h for h in hexes if self.map.contains(h)}
        for h in wanted:
            self.art.pop(h, None)
            self._add_terrain(h, self.map.terrain(h))
        for h in self.map.plungers.values():
            if h in wanted:
                self._add_plunger(h)
        for h in wanted:
            for direction in Direction:
                side = Hexside.of(h, direction)
                if side in self.map.hexsides and self._drawing_hex(side) == h:
                    self._add_hexside(side)
                if side in self.map.hexsides and self.map.hexsides[side].slope == h:
                    self._add_slope(side)
                if side in self.map.bridges and self._drawing_hex(side) == h:
                    self._add_bridge(side)
                if side in self.map.roads:
                    self._add_road_half(side, h)

    def hexes_in(self, left: float, top: float, right: float, bottom: float) -> list[Hex]:
        """The map's hexes that touch the rectangle, column by column."""
        numbering = self.map.numbering
        s = self.layout.size
        h = self.layout.height
        first_column = max(1, math.floor((left - s) / (1.5 * s)))
        last_column = min(numbering.total_columns, math.ceil((right + s) / (1.5 * s)))
        out = []
        for column in range(first_column, last_column + 1):
            # Rows grow northward, one hex height each, from the column's row 0.
            _, y0 = self.layout.centre(offset_to_axial(column, 0))
            first_row = max(numbering.first_row, math.floor((y0 - bottom) / h) - 1)
            last_row = min(numbering.top_row, math.ceil((y0 - top) / h) + 1)
            out.extend(offset_to_axial(column, row) for row in range(first_row, last_row + 1))
        return out
