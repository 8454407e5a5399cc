"""A map turned into integer arrays for fast searches, built once per map and cached.

Hexes are numbered densely by the map's numbering (``ScsSheets.index``).  For each MA
type, ``edges(ma)[i]`` lists the steps out of hex ``i`` as ``(j, half MPs)`` pairs,
Prohibited steps left out; the costs come from ``movecosts.terrain_step``, so a search
over the arrays and a step explained with its reasons can never disagree.  Bridges that
carry no road this turn (``bridges.bridges_down``) are patched into a copy, cached by the
set of such bridges (it changes a few times a game).

The index belongs to one ``MapData`` object; an editor that changes a map in place
calls ``forget`` before searching it again.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import Mapping

from ardennes_qt.core.hexgrid import Direction, Hex, Hexside
from ardennes_qt.core.mapdata import MapData
from ardennes_qt.core.scenario import Scenario
from ardennes_qt.rules.ardennes2.movecosts import ALL_BRIDGES_UP, BRIDGED_FEATURES, hex_cost, terrain_step
from ardennes_qt.rules.ardennes2.tables import TABLE_SET

Edges = list[tuple[tuple[int, int], ...]]
# Bridge sets whose patched arrays are kept; a game moves through a handful.
_PATCHED_KEPT = 8


@dataclass
class MapIndex:
    """One map as integer arrays for the movement searches: hexes by dense index, their neighbours,
    City and Traffic Jam hexes, Our crossings and roads, and the cached steps per MA type."""

    map_ref: weakref.ref  # the map, weakly: the cache must not keep a closed game's map alive
    hexes: list[Hex]  # index -> hex, for every hex of the numbering
    hex_ids: list[str]  # index -> printed id
    neighbours: list[tuple[int, ...]]  # on-map neighbours of each hex
    city: bytearray  # 1.2: no ZOC Post in a City hex
    traffic_jam: bytearray  # 3.1 Traffic Jam hexes
    jam_hexes: tuple[int, ...]  # the same, listed
    our_crossings: dict[int, tuple[int, ...]]  # 4.2: hexes across a hexside of the Our River
    roads: list[dict[int, Hexside | None]]  # neighbours joined by a road; the hexside where a bridge must carry it
    special: list[frozenset[int]]  # neighbours across a hexside feature or a road
    _edges: dict[str, Edges] = field(default_factory=dict)
    _patched: dict[tuple[str, frozenset[Hexside]], Edges] = field(default_factory=dict)
    _road_edges: dict[tuple[str, frozenset[Hexside]], Edges] = field(default_factory=dict)
    _plain: dict[str, list[int | None]] = field(default_factory=dict)
    _play_areas: dict[str, bytearray] = field(default_factory=dict)

    @property
    def map(self) -> MapData:
        return self.map_ref()

    @property
    def size(self) -> int:
        return len(self.hexes)

    def index(self, h: Hex) -> int:
        return self.map.numbering.index(h)

    def edges(self, ma_type: str, down: Mapping[Hexside, tuple[str, str]] = ALL_BRIDGES_UP) -> Edges:
        """Steps out of every hex for ``ma_type`` with the bridges in ``down`` carrying no road."""
        base = self._edges.get(ma_type)
        if base is None:
            base = self._edges[ma_type] = [self._steps_from(i, ma_type, ALL_BRIDGES_UP) for i in range(self.size)]
        if not down:
            return base
        key = (ma_type, frozenset(down))
        patched = self._patched.get(key)
        if patched is None:
            patched = list(base)
            for side in down:
                for h in side.hexes:
                    if self.map.contains(h):
                        i = self.index(h)
                        patched[i] = self._steps_from(i, ma_type, down)
            if len(self._patched) >= _PATCHED_KEPT:
                self._patched.pop(next(iter(self._patched)))
            self._patched[key] = patched
        return patched

    def follows_road(self, i: int, j: int, down) -> bool:
        """A road joins the two hexes and carries across any water (1.3a; 3.8)."""
        if j not in self.roads[i]:
            return False
        side = self.roads[i][j]
        return side is None or (side in self.map.bridges and side not in down)

    def road_edges(self, ma_type: str, down: Mapping[Hexside, tuple[str, str]] = ALL_BRIDGES_UP) -> Edges:
        """The steps of ``edges`` that follow a road (3.3 Overruns, TEC note 2)."""
        key = (ma_type, frozenset(down))
        found = self._road_edges.get(key)
        if found is None:
            found = [
                tuple((j, c) for j, c in steps if self.follows_road(i, j, down))
                for i, steps in enumerate(self.edges(ma_type, down))
            ]
            if len(self._road_edges) >= _PATCHED_KEPT:
                self._road_edges.pop(next(iter(self._road_edges)))
            self._road_edges[key] = found
        return found

    def _steps_from(self, i: int, ma_type: str, down) -> tuple[tuple[int, int], ...]:
        a = self.hexes[i]
        plain = self._hex_costs(ma_type)
        special = self.special[i]
        out = []
        for j in self.neighbours[i]:
            # Without a hexside feature or a road, a step costs the far hex's terrain, as
            # terrain_step would say; the others ask it.
            cost = terrain_step(self.map, a, self.hexes[j], ma_type, down).half if j in special else plain[j]
            if cost is not None:
                out.append((j, cost))
        return tuple(out)

    def _hex_costs(self, ma_type: str) -> list[int | None]:
        found = self._plain.get(ma_type)
        if found is None:
            game_map = self.map
            found = self._plain[ma_type] = [hex_cost(game_map.terrain(h), ma_type)[0] for h in self.hexes]
        return found

    def play_area(self, scenario: Scenario) -> bytearray:
        """1 for each hex inside the scenario's maps and bounds (7.x play areas)."""
        area = self._play_areas.get(scenario.key)
        if area is None:
            numbering = self.map.numbering
            area = bytearray(
                1 if scenario.in_play_area(*numbering.sheet_column_row(h)) else 0 for h in self.hexes
            )
            self._play_areas[scenario.key] = area
        return area


def _build(game_map: MapData) -> MapIndex:
    numbering = game_map.numbering
    hexes = [numbering.hex_at(i) for i in range(numbering.size)]
    at = {(h.q, h.r): i for i, h in enumerate(hexes)}
    deltas = [d.delta for d in Direction]
    neighbours = [
        tuple(at[key] for dq, dr in deltas if (key := (h.q + dq, h.r + dr)) in at) for h in hexes
    ]
    terrain = [game_map.terrain(h) for h in hexes]
    our: dict[int, list[int]] = {}
    for side, record in game_map.hexsides.items():
        a, b = side.hexes
        if record.name == "Our" and game_map.contains(a) and game_map.contains(b):
            our.setdefault(numbering.index(a), []).append(numbering.index(b))
            our.setdefault(numbering.index(b), []).append(numbering.index(a))
    roads: list[dict[int, Hexside | None]] = [{} for _ in hexes]
    for side in game_map.roads:
        a, b = side.hexes
        if game_map.contains(a) and game_map.contains(b):
            record = game_map.hexsides.get(side)
            needs_bridge = side if record is not None and record.features & BRIDGED_FEATURES else None
            roads[numbering.index(a)][numbering.index(b)] = needs_bridge
            roads[numbering.index(b)][numbering.index(a)] = needs_bridge
    special: list[set[int]] = [set() for _ in hexes]
    for side in (*game_map.hexsides, *game_map.roads):
        a, b = side.hexes
        if game_map.contains(a) and game_map.contains(b):
            special[numbering.index(a)].add(numbering.index(b))
            special[numbering.index(b)].add(numbering.index(a))
    return MapIndex(
        map_ref=weakref.ref(game_map),
        hexes=hexes,
        hex_ids=[numbering.format(h) for h in hexes],
        neighbours=neighbours,
        city=bytearray(1 if "city" in t else 0 for t in terrain),
        traffic_jam=bytearray(1 if "traffic_jam" in t else 0 for t in terrain),
        jam_hexes=tuple(i for i, t in enumerate(terrain) if "traffic_jam" in t),
        our_crossings={i: tuple(sorted(js)) for i, js in our.items()},
        roads=roads,
        special=[frozenset(x) for x in special],
    )


# By map and by set of tables (its costs come from the terrain chart, which a house rule may change).
_CACHE: dict[tuple[int, int], tuple[weakref.ref, weakref.ref, MapIndex]] = {}


def map_index(game_map: MapData) -> MapIndex:
    """The index of a map, built on first use for the tables in use."""
    tables = TABLE_SET.current()
    key = (id(game_map), id(tables))
    entry = _CACHE.get(key)
    if entry is not None and entry[0]() is game_map and entry[1]() is tables:
        return entry[2]
    index = _build(game_map)

    def gone(_ref, key=key) -> None:
        _CACHE.pop(key, None)

    _CACHE[key] = (weakref.ref(game_map, gone), weakref.ref(tables, gone), index)
    return index


def forget(game_map: MapData) -> None:
    """Drop a map's indexes after the map was edited in place."""
    for key in [k for k in _CACHE if k[0] == id(game_map)]:
        _CACHE.pop(key, None)

