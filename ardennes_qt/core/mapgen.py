"""The map generator: a hand-written vector source (TOML) in, a representative map out.

The command that writes the map's text form is ``scenarios/ardennes2/map/generate.py``
(the text form belongs to ``ardennes_qt.store``, a layer above this one).

Points in the source are hex ids, so towns sit exactly on their hexes: ``"A2.32"`` is a
hex centre, ``"B22.15/B23.16"`` the point midway between two hexes (a river passing
between them), ``"off-map west of A1.46"`` a point two hexes beyond that edge hex (a
road or river leaving the map).  Every generated feature is ``representative``.

A map with hills (ASL) adds: ``[[level]]`` outlines or hex lists giving hexes their base
level (drawn in order, the last over a hex wins; a ``[[band]]`` with ``depth`` lies that
many levels below them: a stream's bed), ``[[hex]]`` entries for single hexes (a
church with its steeple, a building's levels), ``[[fence]]`` lines of walls, hedges or
barbed wire along hexsides, and ``[[side]]`` lists of hexsides (``"StJ6/StK6"``) with a
feature, or ``slope`` with its hash marks in the first hex named.  ``[[slope]]`` lines put
slopes along the hexsides they follow, their marks on the side given (``marks = "south"``:
in the hex of each pair further south).  A map with levels has a Crest Line on every
hexside between two hexes of different levels (water hexes aside).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Callable

from shapely.geometry import LineString, Polygon

from ardennes_qt.core.geometry import HexLayout
from ardennes_qt.core.hexgrid import Hex, Hexside
from ardennes_qt.core.mapdata import (
    HEX_TERRAIN,
    REPRESENTATIVE,
    ROAD_KINDS,
    Bridge,
    EntryArea,
    HexRecord,
    HexsideRecord,
    MapData,
    Place,
    RoadLink,
)
from ardennes_qt.core.numbering import HexIdError, Numbering, numbering_from_text
from ardennes_qt.core.rasterize import (
    WATER,
    MapPlane,
    bridge_sites,
    hexes_along,
    hexes_covered,
    hexside_path,
    road_links,
    sides_near,
)

COVER = ("open", "woods", "forest", "marsh", "rough", "pine_woods", "brush", "orchard")  # one per hex; the last area drawn wins
WATER_HEXES = ("stream", "river")  # hexes of water: a Crest Line is not drawn around them
SIDE_FEATURES = ("wall", "hedge", "wire", "narrow_street", "crest")  # what [[fence]] and [[side]] draw
MARKS = {"north": (0, -1), "south": (0, 1), "east": (1, 0), "west": (-1, 0)}
MINOR_ROADS = ("track", "secondary")  # where two roads share a link, any other kind outranks these
_OFF_MAP = re.compile(r"^off-map (north|south|east|west) of (\S+)$")


class MapSourceError(ValueError):
    """A vector source that cannot be turned into a map; the message names the entry."""


def read_source(path: Path) -> dict:
    with open(path, "rb") as f:
        return tomllib.load(f)


def generate(source: dict, layout: HexLayout = HexLayout()) -> MapData:
    """The map the source describes."""
    head = source["map"]
    m = MapData(head["id"], head["title"], numbering_from_text(head["numbering"]), REPRESENTATIVE)
    m.notes = list(head.get("notes", []))
    m.friendly_edges = dict(source.get("edges", {}))
    draw = _Drawing(m, MapPlane(m.numbering, layout))
    draw.terrain(source)
    draw.levels(source.get("level", []), source.get("hex", []))
    for water in source.get("water", []):
        draw.water(water)
    for border in source.get("border", []):
        draw.border(border)
    for zone in source.get("zone", []):
        draw.zone(zone)
    for road in source.get("road", []):
        draw.road(road)
    draw.bridges(source.get("german_bridge", []), source.get("plunger", []))
    for entry in source.get("entry", []):
        draw.entry_area(entry)
    for fence in source.get("fence", []):
        draw.fence(fence)
    for slope in source.get("slope", []):
        draw.slope_line(slope)
    for sides in source.get("side", []):
        draw.side_list(sides)
    if source.get("level"):
        draw.crest_lines()
    return m


class _Drawing:
    """One generator run: the map being filled and the plane its shapes are drawn on."""

    def __init__(self, m: MapData, plane: MapPlane) -> None:
        self.m = m
        self.plane = plane
        self.courses: dict[str, list[Hexside]] = {}  # each named water's hexsides
        self.sunken: list[tuple[int, list[Hex]]] = []  # bands whose hexes lie below the ground around them

    # --- points and lines ---------------------------------------------------------------

    def hex(self, text: str, what: str) -> Hex:
        try:
            return self.m.parse(text)
        except HexIdError as exc:
            raise MapSourceError(f"{what}: {exc}") from None

    def point(self, text: str, what: str) -> tuple[float, float]:
        off_map = _OFF_MAP.match(text)
        if off_map:
            edge, h = off_map.group(1), self.hex(off_map.group(2), what)
            if edge not in self.edges_of(h):
                raise MapSourceError(f"{what}: {off_map.group(2)} is not on the {edge} edge")
            x, y = self.plane.centre(h)
            step = 2 * self.plane.layout.height
            dx, dy = {"north": (0, -step), "south": (0, step), "east": (step, 0), "west": (-step, 0)}[edge]
            return x + dx, y + dy
        ends = [self.plane.centre(self.hex(part, what)) for part in text.split("/")]
        return sum(x for x, _ in ends) / len(ends), sum(y for _, y in ends) / len(ends)

    def line(self, texts: list[str], what: str) -> LineString:
        if len(texts) < 2:
            raise MapSourceError(f"{what}: a line needs at least two points")
        return LineString([self.point(t, what) for t in texts])

    # --- hex terrain --------------------------------------------------------------------

    def terrain(self, source: dict) -> None:
        """Areas give each hex its cover; bands, places and special hexes add to it (1.3)."""
        cover: dict[Hex, str] = {}
        extra: dict[Hex, set[str]] = {}
        for area in source.get("area", []):
            what = f"area {area['name']!r}"
            if area["terrain"] not in COVER:
                raise MapSourceError(f"{what}: an area is one of {', '.join(COVER)}")
            outline = Polygon([self.point(t, what) for t in area["outline"]])
            if not outline.is_valid:
                raise MapSourceError(f"{what}: the outline crosses itself")
            for h in hexes_covered(self.plane, outline):
                cover[h] = area["terrain"]
        for band in source.get("band", []):
            what = f"band {band['name']!r}"
            along = self.line(band["along"], what)
            drawn = _drawn(what, lambda: hexes_along(self.plane, along))
            for h in drawn:
                extra.setdefault(h, set()).update(_known_terrain([band["terrain"]], what))
            if band.get("depth"):
                self.sunken.append((int(band["depth"]), drawn))
        for h_text in source.get("special", {}).get("traffic_jams", []):
            extra.setdefault(self.hex(h_text, "traffic jam"), set()).add("traffic_jam")
        places = source.get("places", {})
        for place in places.get("vp", []) + places.get("other", []):
            what = f"place {place['name']!r}"
            h = self.hex(place["hex"], what)
            self.m.places[h] = Place(place["name"], place.get("vp", 0))
            extra.setdefault(h, set()).update(_known_terrain(place.get("terrain", ["village"]), what))
        for h in sorted(set(cover) | set(extra)):
            self.m.hexes[h] = HexRecord(_hex_terrain(cover.get(h, "open"), extra.get(h, set())))

    # --- hills: levels, single hexes, Crest Lines ----------------------------------------------

    def levels(self, levels: list[dict], hexes: list[dict]) -> None:
        """Each hex's base level from the outlines and lists (the last over a hex wins), then
        the single hexes: their terrain added (or put in place of the cover, ``replace``),
        their level and building levels set."""
        found: dict[Hex, int] = {}
        for entry in levels:
            what = f"level {entry.get('name', entry['level'])!r}"
            if not isinstance(entry["level"], int):
                raise MapSourceError(f"{what}: a level is a whole number")
            covered: list[Hex] = [self.hex(t, what) for t in entry.get("hexes", [])]
            if "outline" in entry:
                outline = Polygon([self.point(t, what) for t in entry["outline"]])
                if not outline.is_valid:
                    raise MapSourceError(f"{what}: the outline crosses itself")
                covered += hexes_covered(self.plane, outline)
            for h in covered:
                found[h] = entry["level"]
        for h, level in found.items():
            self.m.hexes[h] = replace(self.m.hexes.get(h, HexRecord()), level=level)
        for band in self.sunken:  # a stream's bed below the ground it cuts through
            for h in band[1]:
                self.m.hexes[h] = replace(self.m.hexes[h], level=self.m.level(h) - band[0])
        for entry in hexes:
            what = f"hex {entry['hex']!r}"
            h = self.hex(entry["hex"], what)
            old = self.m.hexes.get(h, HexRecord())
            terrain = set(_known_terrain(entry.get("terrain", []), what))
            if not entry.get("replace", False):
                terrain |= old.terrain
            if len(terrain) > 1:
                terrain.discard("open")
            self.m.hexes[h] = HexRecord(frozenset(terrain or {"open"}), old.source, entry.get("level", old.level),
                                        entry.get("floors", old.floors))

    def crest_lines(self) -> None:
        """A Crest Line wherever two hexes of the map differ in level, water hexes aside."""
        for h in self.m.all_hexes():
            for n in h.neighbours():
                if not self.m.contains(n) or (h.q, h.r) > (n.q, n.r) or self.m.level(h) == self.m.level(n):
                    continue
                if any(not self.m.terrain(x).isdisjoint(WATER_HEXES) for x in (h, n)):
                    continue
                self.add_feature(Hexside.between(h, n), "crest")

    # --- walls, hedges, wire, slopes ---------------------------------------------------------

    def add_feature(self, side: Hexside, feature: str, slope: Hex | None = None) -> None:
        old = self.m.hexsides.get(side, HexsideRecord(frozenset()))
        features = old.features | {feature} if feature else old.features
        self.m.hexsides[side] = HexsideRecord(features, old.name, old.source, slope if slope is not None else old.slope)

    def fence(self, fence: dict) -> None:
        what = f"fence {fence['name']!r}"
        if fence["feature"] not in SIDE_FEATURES:
            raise MapSourceError(f"{what}: the feature is one of {', '.join(SIDE_FEATURES)}")
        for side in self.path(fence["course"], None, what):
            if all(self.m.contains(h) for h in side.hexes):
                self.add_feature(side, fence["feature"])

    def slope_line(self, slope: dict) -> None:
        what = f"slope {slope['name']!r}"
        if slope["marks"] not in MARKS:
            raise MapSourceError(f"{what}: the marks are on the {', '.join(MARKS)} side")
        dx, dy = MARKS[slope["marks"]]
        for side in self.path(slope["course"], None, what):
            a, b = side.hexes
            if not (self.m.contains(a) and self.m.contains(b)):
                continue
            (ax, ay), (bx, by) = self.plane.centre(a), self.plane.centre(b)
            self.add_feature(side, "", a if (ax - bx) * dx + (ay - by) * dy > 0 else b)

    def side_list(self, entry: dict) -> None:
        feature = entry["feature"]
        what = f"sides {entry.get('name', feature)!r}"
        if feature not in SIDE_FEATURES + ("slope",):
            raise MapSourceError(f"{what}: the feature is slope or one of {', '.join(SIDE_FEATURES)}")
        for text in entry["sides"]:
            first, _, second = text.partition("/")
            a, b = self.hex(first, what), self.hex(second, what)
            if a.distance(b) != 1:
                raise MapSourceError(f"{what}: {text} are not two hexes side by side")
            if feature == "slope":
                self.add_feature(Hexside.between(a, b), "", a)
            else:
                self.add_feature(Hexside.between(a, b), feature)

    # --- hexsides: rivers, streams, the Meuse, the border ---------------------------------

    def water(self, water: dict) -> None:
        what = f"water {water['name']!r}"
        if water["feature"] not in WATER:
            raise MapSourceError(f"{what}: the feature is one of {', '.join(WATER)}")
        course = self.path(water["course"], water.get("joins"), what)
        self.courses.setdefault(water["name"], []).extend(course)
        for side in course:
            self.add_side(side, water["feature"], water["name"])
        if "border_from" in water:
            start = self.hex(water["border_from"], what)
            first = min(range(len(course)), key=lambda i: (min(start.distance(h) for h in course[i].hexes), i))
            for side in course[first:]:
                self.add_side(side, "border", "")

    def border(self, border: dict) -> None:
        for side in self.path(border["course"], border.get("joins"), f"border {border['name']!r}"):
            self.add_side(side, "border", "")

    def path(self, course: list[str], joins: str | None, what: str) -> list[Hexside]:
        if joins is not None and joins not in self.courses:
            raise MapSourceError(f"{what}: it joins {joins!r}, which is not drawn before it")
        drawn = self.line(course, what)
        return _drawn(what, lambda: hexside_path(self.plane, drawn, self.courses.get(joins, ())))

    def add_side(self, side: Hexside, feature: str, name: str) -> None:
        """A hexside keeps its largest water (a tributary's mouth may run along its river
        for a side or two) and that water's name; the border goes with any of them."""
        old = self.m.hexsides.get(side, HexsideRecord(frozenset()))
        old_water = min((f for f in old.features if f in WATER), key=WATER.index, default=None)
        if feature == "border":
            self.m.hexsides[side] = HexsideRecord(old.features | {"border"}, old.name)
        elif old_water is None or WATER.index(feature) < WATER.index(old_water):
            self.m.hexsides[side] = HexsideRecord(old.features - set(WATER) | {feature}, name)

    # --- zones: a flag on a block of hexes ------------------------------------------------

    def zone(self, zone: dict) -> None:
        """A hex flag (The Ardennes 2.5a: the Eastern Zone) on every hex within printed sheet
        columns and rows; with ``from``, only on those reached from that hex without crossing
        the hexsides of the waters named in ``walls`` ("every hex east of the Our")."""
        what = f"zone {zone['name']!r}"
        flag = _known_terrain([zone["terrain"]], what)[0]
        first_column, last_column = zone.get("columns", [1, self.m.numbering.total_columns])
        first_row, last_row = zone.get("rows", [0, self.m.numbering.total_rows])

        def inside(h: Hex) -> bool:
            sheet, column, row = self.m.numbering.sheet_column_row(h)
            in_block = first_column <= column <= last_column and first_row <= row <= last_row
            return in_block and zone.get("sheet", sheet) == sheet

        hexes = {h for h in self.m.all_hexes() if inside(h)}
        if "from" in zone:
            unknown = [w for w in zone.get("walls", []) if w not in self.courses]
            if unknown:
                raise MapSourceError(f"{what}: no water named {', '.join(unknown)} is drawn")
            walls = {side for w in zone.get("walls", []) for side in self.courses[w]}
            start = self.hex(zone["from"], what)
            if start not in hexes:
                raise MapSourceError(f"{what}: {zone['from']} lies outside the zone's columns and rows")
            reached, todo = {start}, [start]
            while todo:
                h = todo.pop()
                for n in h.neighbours():
                    if n in hexes and n not in reached and Hexside.between(h, n) not in walls:
                        reached.add(n)
                        todo.append(n)
            hexes = reached
        for h in hexes:
            self.m.hexes[h] = HexRecord(self.m.hexes.get(h, HexRecord()).terrain | {flag})

    # --- roads and bridges ------------------------------------------------------------------

    def road(self, road: dict) -> None:
        what = f"road {road['name']!r}"
        if road["kind"] not in ROAD_KINDS:
            raise MapSourceError(f"{what}: the kind is road or track (The Ardennes 1994: primary or secondary)")
        water = [s for s, r in self.m.hexsides.items() if not r.features.isdisjoint(WATER)]
        drawn = self.line(road["route"], what)
        for link in _drawn(what, lambda: road_links(self.plane, drawn, water)):
            if self.m.roads.get(link, RoadLink("track")).kind in MINOR_ROADS:  # a Road outranks a Track
                self.m.roads[link] = RoadLink(road["kind"])

    def bridges(self, german_bridges: list[dict], plungers: list[dict]) -> None:
        """A bridge wherever a road crosses water; German-built ones carry their date and
        plungers prime the others for US demolition (3.8)."""
        sites = bridge_sites(self.m)
        built: dict[Hexside, str] = {}
        for entry in german_bridges:
            what = f"German bridge {entry['name']!r}"
            river = [s for s in sites if self.m.hexsides[s].name == entry["river"]]
            found = sides_near(river, self.hex(entry["near"], what), entry.get("reach", 1))
            if not found:
                raise MapSourceError(f"{what}: no road crosses the {entry['river']} there")
            built.update(dict.fromkeys(found, entry["built"]))
        primed: dict[Hexside, str] = {}
        for entry in plungers:
            h = self.hex(entry["hex"], "plunger")
            found = sides_near([s for s in sites if s not in built], h, entry.get("reach", 1))
            if not found:
                raise MapSourceError(f"plunger {entry['hex']}: no bridge within reach")
            self.m.plungers[entry["hex"]] = h
            primed.update(dict.fromkeys(found, entry["hex"]))
        for side in sites:
            self.m.bridges[side] = Bridge(built.get(side, ""), primed.get(side, ""))

    # --- entry areas ---------------------------------------------------------------------

    def entry_area(self, entry: dict) -> None:
        """The edge hexes from one hex to another along one map edge (TEC: Reinforcement Areas),
        or, with ``hexes``, the hexes listed (Vae Victis 16.1: entry hexes printed on the map,
        not all of them on an edge)."""
        what = f"entry area {entry['letter']}"
        if "hexes" in entry:
            listed = frozenset(self.hex(t, what) for t in entry["hexes"])
            if not listed:
                raise MapSourceError(f"{what}: it lists no hexes")
            self.m.entry_areas[entry["letter"]] = EntryArea(entry["letter"], entry["side"], listed)
            return
        first, last = (self.hex(entry[k], what) for k in ("from", "to"))
        board = self.board_of(first)
        on_edge = [h for h in self.m.all_hexes() if entry["edge"] in self.edges_of(h) and self.board_of(h) == board]
        along = 1 if entry["edge"] in ("east", "west") else 0  # rows along east/west, columns along north/south
        span = sorted(self.m.numbering.offset(h)[along] for h in (first, last))
        if first not in on_edge or last not in on_edge:
            raise MapSourceError(f"{what}: {entry['from']} and {entry['to']} must both lie on the {entry['edge']} edge")
        hexes = frozenset(h for h in on_edge if span[0] <= self.m.numbering.offset(h)[along] <= span[1])
        self.m.entry_areas[entry["letter"]] = EntryArea(entry["letter"], entry["side"], hexes)

    def board_of(self, h: Hex) -> str:
        """The ASL board (map group) a hex is on; "" on a map whose sheets make one map."""
        return self.m.numbering.sheet_column_row(h)[0] if self.m.numbering.name == "asl" else ""

    def edges_of(self, h: Hex) -> set[str]:
        """The map edges a hex lies on; on ASL boards set side by side (map groups: separate maps,
        where SCS sheets make one seamless map), the edges of its own board."""
        board, out = self.board_of(h), set()
        for n in h.neighbours():
            if not self.m.contains(n):
                out.add(self.m.edge_of(n))
            elif self.board_of(n) != board:
                out.add("west" if n.q < h.q else "east")
        return out


def _drawn(what: str, draw: Callable[[], list]) -> list:
    """What the rasterizer drew for a source entry; its complaints, and a shape that
    misses the map altogether, come back naming the entry."""
    try:
        drawn = draw()
    except MapSourceError:
        raise
    except ValueError as exc:
        raise MapSourceError(f"{what}: {exc}") from None
    if not drawn:
        raise MapSourceError(f"{what}: it does not cross the map")
    return drawn


def _known_terrain(names: list[str], what: str) -> list[str]:
    unknown = [t for t in names if t not in HEX_TERRAIN]
    if unknown:
        raise MapSourceError(f"{what}: unknown terrain {', '.join(unknown)} (known: {', '.join(HEX_TERRAIN)})")
    return names


def _hex_terrain(cover: str, extra: set[str]) -> frozenset[str]:
    """A city is built up whatever lies around it; a village, the West Wall, a traffic
    jam or a point of interest sits on other terrain (TEC "OT"); a slope replaces open."""
    if "city" in extra:
        return frozenset({"city"})
    terrain = {cover} | extra
    if "slope" in terrain:
        terrain.discard("open")
    return frozenset(terrain)
