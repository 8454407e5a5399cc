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

from ardennes_qt.core.hexgrid import Hex, Hexside
from ardennes_qt.core.mapdata import MapData
from ardennes_qt.core.scenario import Scenario
from ardennes_qt.rules.ardennes2.movecosts import terrain_step

Edges = list[tuple[tuple[int, int], ...]]
# Bridge sets whose patched arrays are kept; a game moves through a handful.
_PATCHED_KEPT = 8


@dataclass
class MapIndex:
    map_ref: weakref.ref  # the map, weakly: the cache must not keep a closed game's map alive
    hexes: list[Hex]  # index -> hex, for every hex of the numbering
    neighbours: list[tuple[int, ...]]  # on-map neighbours of each hex
    city: bytearray  # 1.2: no ZOC Post in a City hex
    traffic_jam: bytearray  # 3.1 Traffic Jam hexes
    jam_hexes: tuple[int, ...]  # the same, listed
    our_crossings: dict[int, tuple[int, ...]]  # 4.2: hexes across a hexside of the Our River
    _edges: dict[str, Edges] = field(default_factory=dict)
    _patched: dict[tuple[str, frozenset[Hexside]], Edges] = field(default_factory=dict)
    _play_areas: dict[str, bytearray] = field(default_factory=dict)

    @property
    def map(self) -> MapData:
        return self.map_ref()

    @property
    def size(self) -> int:
        return len(self.hexes)

    def index(self, h: Hex) -> int:
        return self.map.numbering.index(h)

    def edges(self, ma_type: str, down: Mapping[Hexside, tuple[str, str]] = {}) -> Edges:
        """Steps out of every hex for ``ma_type`` with the bridges in ``down`` carrying no road."""
        base = self._edges.get(ma_type)
        if base is None:
            base = self._edges[ma_type] = [self._steps_from(i, ma_type, {}) for i in range(self.size)]
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

    def _steps_from(self, i: int, ma_type: str, down) -> tuple[tuple[int, int], ...]:
        a = self.hexes[i]
        out = []
        for j in self.neighbours[i]:
            cost = terrain_step(self.map, a, self.hexes[j], ma_type, down).half
            if cost is not None:
                out.append((j, cost))
        return tuple(out)

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
    neighbours = [
        tuple(numbering.index(n) for n in h.neighbours() if numbering.contains(n)) for h in hexes
    ]
    terrain = [game_map.terrain(h) for h in hexes]
    our: dict[int, list[int]] = {}
    for side, record in game_map.hexsides.items():
        a, b = side.hexes
        if record.name == "Our" and game_map.contains(a) and game_map.contains(b):
            our.setdefault(numbering.index(a), []).append(numbering.index(b))
            our.setdefault(numbering.index(b), []).append(numbering.index(a))
    return MapIndex(
        map_ref=weakref.ref(game_map),
        hexes=hexes,
        neighbours=neighbours,
        city=bytearray(1 if "city" in t else 0 for t in terrain),
        traffic_jam=bytearray(1 if "traffic_jam" in t else 0 for t in terrain),
        jam_hexes=tuple(i for i, t in enumerate(terrain) if "traffic_jam" in t),
        our_crossings={i: tuple(sorted(js)) for i, js in our.items()},
    )


_CACHE: dict[int, tuple[weakref.ref, MapIndex]] = {}


def map_index(game_map: MapData) -> MapIndex:
    """The index of a map, built on first use."""
    entry = _CACHE.get(id(game_map))
    if entry is not None and entry[0]() is game_map:
        return entry[1]
    index = _build(game_map)
    key = id(game_map)
    _CACHE[key] = (weakref.ref(game_map, lambda _ref, key=key: _CACHE.pop(key, None)), index)
    return index


def forget(game_map: MapData) -> None:
    """Drop a map's index after the map was edited in place."""
    _CACHE.pop(id(game_map), None)

