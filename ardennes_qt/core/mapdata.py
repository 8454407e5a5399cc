"""A hex map as data: terrain per hex, features per hexside, road links, bridges,
named places, entry areas and map edges.

Terrain and feature names are plain strings here; a rule system says what they cost
(for Ardennes II see ``ardennes_qt/rules/ardennes2/terrain.toml``).  Every record
carries its ``source``: ``representative`` for the generated map that ships with the
program, ``user`` for what a user drew in the editor, or a rule reference.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator

from ardennes_qt.core.hexgrid import Direction, Hex, Hexside
from ardennes_qt.core.numbering import Numbering

REPRESENTATIVE = "representative"

# Every game's words in one list each, the order the text form writes them in: the map reader
# checks a word against these (a game's schema says which of them its own maps use).
HEX_TERRAIN = ("open", "woods", "forest", "marsh", "slope", "city", "village", "west_wall", "traffic_jam", "poi",
               "eastern_zone", "rough", "west_of_meuse",  # Vae Victis Ardennes 1944: Rough (TEC), the British side (16.2)
               # ASL (Kampfgruppe Peiper): vegetation, buildings, a church's steeple (P5.2), streams and railway
               "pine_woods", "brush", "orchard", "stone_building", "wooden_building", "two_story_house", "steeple",
               "stream", "river", "ford", "bridge", "culvert", "railway")
HEXSIDE_FEATURES = ("meuse", "river", "stream", "sea", "border",
                    # ASL: walls, hedges, barbed-wire fences (P3), Crest Lines and Narrow Streets (P5.1)
                    "wall", "hedge", "wire", "crest", "narrow_street")
ROAD_KINDS = ("road", "track", "primary", "secondary",  # Ardennes II: Road, Track; The Ardennes (1994): Primary, Secondary
              "paved", "unpaved")  # ASL: paved and unpaved roads
EDGES = ("north", "east", "south", "west")


@dataclass(frozen=True)
class HexRecord:
    """One hex's terrain, and where it comes from; on a map with hills, its base level (below
    0 for a stream bed) and a building's levels above its ground level."""

    terrain: frozenset[str] = frozenset({"open"})
    source: str = REPRESENTATIVE
    level: int = 0
    floors: int = 0  # a building's Locations above ground level (a steeple stands above them: P5.2)


@dataclass(frozen=True)
class HexsideRecord:
    """The features of one hexside (Meuse, river, stream, sea, border), the river's name, and where
    they come from."""

    features: frozenset[str]
    name: str = ""  # the river's or stream's name, where the rules need it (the Our, 4.2)
    source: str = REPRESENTATIVE
    slope: Hex | None = None  # a slope hexside: the hex its hash marks are drawn in (Down-Slope there, ASL P2.2)


@dataclass(frozen=True)
class RoadLink:
    """A Road or Track joining two hex centres across a hexside (or leaving the map)."""

    kind: str
    source: str = REPRESENTATIVE


@dataclass(frozen=True)
class Bridge:
    """A bridge where a road crosses a river or stream hexside (3.8).

    ``built`` is the date a German-built bridge appears (it does not exist before);
    ``plunger`` names the plunger that primes it for US demolition.
    """

    built: str = ""
    plunger: str = ""
    source: str = REPRESENTATIVE


@dataclass(frozen=True)
class Place:
    """A named place on the map and its VP (0: not a VP hex)."""

    name: str
    vp: int = 0
    source: str = REPRESENTATIVE


@dataclass(frozen=True)
class EntryArea:
    """An entry area for reinforcements: its letter, its side and its hexes."""

    letter: str
    side: str
    hexes: frozenset[Hex]
    source: str = REPRESENTATIVE


@dataclass
class MapData:
    """One map: its hex numbering, terrain, hexside features, roads, bridges and plungers, named
    places, entry areas and friendly edges."""

    id: str
    title: str
    numbering: Numbering
    source: str = REPRESENTATIVE
    hexes: dict[Hex, HexRecord] = field(default_factory=dict)
    hexsides: dict[Hexside, HexsideRecord] = field(default_factory=dict)
    roads: dict[Hexside, RoadLink] = field(default_factory=dict)
    bridges: dict[Hexside, Bridge] = field(default_factory=dict)
    plungers: dict[str, Hex] = field(default_factory=dict)
    places: dict[Hex, Place] = field(default_factory=dict)
    entry_areas: dict[str, EntryArea] = field(default_factory=dict)
    friendly_edges: dict[str, str] = field(default_factory=dict)  # edge -> side
    notes: list[str] = field(default_factory=list)

    # --- hexes -------------------------------------------------------------------------

    def contains(self, h: Hex) -> bool:
        return self.numbering.contains(h)

    def hex_id(self, h: Hex) -> str:
        return self.numbering.format(h)

    def parse(self, text: str) -> Hex:
        return self.numbering.parse(text)

    def terrain(self, h: Hex) -> frozenset[str]:
        record = self.hexes.get(h)
        return record.terrain if record else frozenset({"open"})

    def level(self, h: Hex) -> int:
        record = self.hexes.get(h)
        return record.level if record else 0

    def all_hexes(self) -> Iterator[Hex]:
        return self.numbering.hexes()

    # --- hexsides and roads ------------------------------------------------------------

    def side_features(self, a: Hex, b: Hex) -> frozenset[str]:
        record = self.hexsides.get(Hexside.between(a, b))
        return record.features if record else frozenset()

    def road_between(self, a: Hex, b: Hex) -> str | None:
        link = self.roads.get(Hexside.between(a, b))
        return link.kind if link else None

    def roads_of(self, h: Hex) -> dict[Direction, str]:
        out = {}
        for direction in Direction:
            link = self.roads.get(Hexside.of(h, direction))
            if link:
                out[direction] = link.kind
        return out

    def sides_of(self, h: Hex) -> dict[Direction, HexsideRecord]:
        out = {}
        for direction in Direction:
            record = self.hexsides.get(Hexside.of(h, direction))
            if record:
                out[direction] = record
        return out

    def edge_of(self, off_map: Hex) -> str:
        """Which map edge an off-map neighbour lies beyond."""
        column, row = self.numbering.offset(off_map)
        if column < 1:
            return "west"
        if column > self.numbering.total_columns:
            return "east"
        return "north" if row > self.numbering.top_row else "south"

    def road_exits(self) -> Iterator[tuple[Hex, Direction, str, str]]:
        """Roads leaving the map: (edge hex, direction, road kind, edge)."""
        for side, link in self.roads.items():
            a, b = side.hexes
            if self.contains(a) and not self.contains(b):
                yield a, side.direction, link.kind, self.edge_of(b)
            elif self.contains(b) and not self.contains(a):
                yield b, side.direction.opposite, link.kind, self.edge_of(a)

    def side_ref(self, side: Hexside) -> tuple[str, str]:
        """A hexside named from an on-map hex: (hex id, direction) - road exits have one off-map hex."""
        a, b = side.hexes
        if self.contains(a):
            return self.hex_id(a), side.direction.name
        return self.hex_id(b), side.direction.opposite.name

    def side_from_ref(self, hex_text: str, direction: str) -> Hexside:
        return Hexside.of(self.parse(hex_text), Direction[direction.upper()])

    def entry_area_of(self, h: Hex) -> EntryArea | None:
        for area in self.entry_areas.values():
            if h in area.hexes:
                return area
        return None

    def place_named(self, name: str) -> Hex | None:
        wanted = name.casefold()
        for h, place in self.places.items():
            if place.name.casefold() == wanted:
                return h
        return None
