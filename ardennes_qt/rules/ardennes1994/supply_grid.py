"""The map and one position as integer arrays, for the supply searches of The Ardennes (1994).

A side's supply is traced over the whole play area in every Supply Phase and for every
planning overlay, a few thousand steps each; asked hex by hex through ``terrain.step_cost``
it took most of a second.  Here the map is read once (per map: neighbours, roads, rivers,
bridges, Map Traffic Jam hexes, TEC rows) and the position once per search (enemy units,
unnegated EZOCs, friendly stacks, bridges down or German-built), and ``supply_step`` prices
a step of a supply trace as ``terrain.step_cost`` does (``supply_trace=True``, Mech), which
a test holds it to.
"""

from __future__ import annotations

from dataclasses import dataclass

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Direction, Hexside
from ardennes_qt.core.mapdata import MapData
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes1994.phases import GERMAN
from ardennes_qt.rules.ardennes1994.situation import enemy_hexes, greif, rules_data, side_of
from ardennes_qt.rules.ardennes1994.tables import MECH, table, terrain_chart
from ardennes_qt.rules.ardennes1994.terrain import MAJOR_RIVER, RIVER, TRAFFIC_JAM, german_bridges, hex_kind
from ardennes_qt.rules.ardennes1994.zoc import unnegated_enemy_zoc

DIRECTIONS = tuple(Direction)
SIX = range(6)


@dataclass(frozen=True)
class Grid:
    """A map over its dense hex indices (``Numbering.index``); per hex and Direction: the
    neighbour (-1 off the map), the road kind, the water ("river", "meuse" or ""), a map
    bridge; per hex: its TEC row and whether it is a Map Traffic Jam hex."""

    hexes: tuple
    neighbours: tuple[tuple[int, ...], ...]
    roads: tuple[tuple[str | None, ...], ...]
    water: tuple[tuple[str, ...], ...]
    bridges: tuple[tuple[bool, ...], ...]
    kind: tuple[str, ...]
    jam: tuple[bool, ...]


_GRIDS: dict[int, tuple[MapData, Grid]] = {}


def grid(m: MapData) -> Grid:
    cached = _GRIDS.get(id(m))
    if cached is not None and cached[0] is m:
        return cached[1]
    numbering = m.numbering
    hexes = tuple(numbering.hex_at(i) for i in range(numbering.size))
    neighbours, roads, water, bridges = [], [], [], []
    for h in hexes:
        around = [h.neighbour(d) for d in DIRECTIONS]
        neighbours.append(tuple(numbering.index(n) if numbering.contains(n) else -1 for n in around))
        sides = [Hexside.of(h, d) for d in DIRECTIONS]
        roads.append(tuple(link.kind if (link := m.roads.get(s)) else None for s in sides))
        water.append(tuple(_water(m, s) for s in sides))
        bridges.append(tuple(s in m.bridges for s in sides))
    g = Grid(hexes, tuple(neighbours), tuple(roads), tuple(water), tuple(bridges),
             tuple(hex_kind(m.terrain(h)) for h in hexes), tuple(TRAFFIC_JAM in m.terrain(h) for h in hexes))
    if len(_GRIDS) > 4:
        _GRIDS.clear()
    _GRIDS[id(m)] = (m, g)
    return g


def _water(m: MapData, side: Hexside) -> str:
    record = m.hexsides.get(side)
    features = record.features if record is not None else frozenset()
    return MAJOR_RIVER if MAJOR_RIVER in features else RIVER if RIVER in features else ""


@dataclass(frozen=True)
class Board:
    """One side's position for its traces: hexes holding enemy units (not Hidden Greif Teams,
    2.1bB, 3.4), in an unnegated EZOC, holding friendly units that count for 1.5a (not Greif
    Teams); hexsides (hex, direction) whose bridge is down (3.1) or German-built (2.3); and
    whether Map Traffic Jams negate roads this turn (1.5b)."""

    enemy: frozenset[int]
    ezoc: frozenset[int]
    stacked: frozenset[int]
    down: frozenset[tuple[int, int]]
    built: frozenset[tuple[int, int]]
    jams: bool

    def blocks(self, i: int) -> bool:
        return i in self.enemy or i in self.ezoc


def board(content: Content, state: GameState, side: str) -> Board:
    index = content.map.numbering.index
    enemy = frozenset(index(h) for h in enemy_hexes(content, state, side))
    stacked = frozenset(index(h) for h, ids in state.occupied().items()
                        if any(side_of(content, u) == side and not greif(content, u) for u in ids))
    down = _both_ways(content, (s for s in content.map.bridges if s in rules_data(state).blown))
    built = _both_ways(content, german_bridges(content, state)) if side == GERMAN else frozenset()
    ezoc = frozenset(index(h) for h in unnegated_enemy_zoc(content, state, side))
    return Board(enemy, ezoc, stacked, down, built,
                 state.turn in terrain_chart().traffic_jam_turns)


def _both_ways(content: Content, sides) -> frozenset[tuple[int, int]]:
    numbering = content.map.numbering
    out = set()
    for side in sides:
        a, b = side.hexes
        if numbering.contains(a):
            out.add((numbering.index(a), int(side.direction)))
        if numbering.contains(b):
            out.add((numbering.index(b), int(side.direction.opposite)))
    return frozenset(out)


def bridge_standing(g: Grid, b: Board, i: int, d: int) -> bool:
    """A map bridge on the hexside that is not down (3.1)."""
    return g.bridges[i][d] and (i, d) not in b.down


def major_river_blocks(g: Grid, b: Board, i: int, d: int) -> bool:
    """The Major River without a standing bridge: a trace counted in hexes does not cross it
    (``supply.toml [hex_count]``, provisional)."""
    return g.water[i][d] == MAJOR_RIVER and not bridge_standing(g, b, i, d) and \
        bool(table("supply")["hex_count"].get("major_river_blocks", True))


def road_carries(g: Grid, b: Board, i: int, d: int) -> bool:
    """3.4: a road leaves hex ``i`` in direction ``d`` and a trace may follow it: not over a
    river whose bridge is down (3.1), not out of a Map Traffic Jam hex or into one on Turns
    1-2 (1.5b: their roads are negated, also for supply traces)."""
    if g.roads[i][d] is None:
        return False
    if g.water[i][d] and not bridge_standing(g, b, i, d):
        return False
    n = g.neighbours[i][d]
    return not (b.jams and (g.jam[i] or (n >= 0 and g.jam[n])))


@dataclass(frozen=True)
class Rates:
    """The TEC as a supply trace pays it, in half MPs: Mech hex costs by row, Secondary Roads at
    their supply rate (TEC **), the hexside costs, the stacked-road +1 (1.5a)."""

    hex: dict[str, int | None]
    road: dict[str, int]
    road_mech: dict[str, int]
    river: int
    bridge: int
    german_bridge: int
    stacked: int


def rates() -> Rates:
    chart = terrain_chart()
    return Rates({k: row.cost[MECH] for k, row in chart.hexes.items()}, dict(chart.supply_road),
                 {k: v[MECH] for k, v in chart.roads.items()}, chart.hexsides["river"].cost[MECH],
                 chart.hexsides["bridge"].cost[MECH], chart.hexsides["german_bridge"].cost[MECH], chart.stacked_road)


def supply_step(g: Grid, b: Board, r: Rates, i: int, d: int) -> int | None:
    """Half MPs for a supply trace to step from hex ``i`` in direction ``d`` (None: Prohibited),
    as ``terrain.step_cost(..., supply_trace=True, cls=MECH)`` prices it."""
    n = g.neighbours[i][d]
    road = g.roads[i][d]
    jammed_road = None
    if road is not None and b.jams and (g.jam[i] or g.jam[n]):
        road, jammed_road = None, road
    water = g.water[i][d]
    standing = bridge_standing(g, b, i, d)
    if not water:
        crossing = 0
    elif standing:
        crossing = r.bridge
    elif (i, d) in b.built:
        crossing = r.german_bridge
    elif water == MAJOR_RIVER:
        return None
    else:
        crossing = r.river
    if road is not None and (crossing == 0 or standing):
        return r.road[road] + crossing + (r.stacked if n in b.stacked else 0)
    cost = r.hex[g.kind[n]]
    if cost is None:
        return None
    if jammed_road is not None and n in b.stacked:
        # 1.5a and 1.5b are never both applied: the one that hinders more
        cost = max(cost, r.road_mech[jammed_road] + r.stacked)
    return cost + crossing
