"""The map and one position as integer arrays, for the supply and movement searches of The
Ardennes (1994).

A side's supply is traced over the whole play area in every Supply Phase and for every
planning overlay, a few thousand steps each, and a unit's legal moves are searched each time
the table asks about it; asked hex by hex through ``terrain.step_cost`` either took most of
a second.  Here the map is read once (per map: neighbours, roads, rivers, bridges, Map
Traffic Jam hexes, TEC rows) and the position once per search (``ground``: friendly stacks,
bridges down or German-built, Traffic Jams in effect; ``board`` adds what blocks a trace:
enemy units and unnegated EZOCs), and ``step_price`` prices a step as ``terrain.step_cost``
does, for a supply trace (Mech, the supply rate of roads) or a moving unit's class
(``rates``), which tests hold it to; ``steps_out`` gives a search the steps out of a hex.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter
from typing import AbstractSet, Callable, Mapping, Sequence

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
    axial_rank: tuple[int, ...]  # each hex's place in the order of its axial (q, r) coordinates


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
    rank = [0] * len(hexes)
    for place, i in enumerate(sorted(range(len(hexes)), key=lambda i: (hexes[i].q, hexes[i].r))):
        rank[i] = place
    g = Grid(hexes, tuple(neighbours), tuple(roads), tuple(water), tuple(bridges),
             tuple(hex_kind(m.terrain(h)) for h in hexes), tuple(TRAFFIC_JAM in m.terrain(h) for h in hexes),
             tuple(rank))
    if len(_GRIDS) > 4:
        _GRIDS.clear()
    _GRIDS[id(m)] = (m, g)
    return g


def _water(m: MapData, side: Hexside) -> str:
    record = m.hexsides.get(side)
    features = record.features if record is not None else frozenset()
    return MAJOR_RIVER if MAJOR_RIVER in features else RIVER if RIVER in features else ""


@dataclass(frozen=True)
class Ground:
    """What on one position changes the price of a step for one side: the hexes holding its
    units that count for 1.5a (not Greif Teams); the hexsides (hex, direction) whose bridge
    is down (3.1) or German-built (2.3); whether Map Traffic Jams negate roads this turn (1.5b)."""

    stacked: frozenset[int]
    down: frozenset[tuple[int, int]]
    built: frozenset[tuple[int, int]]
    jams: bool


def ground(content: Content, state: GameState, side: str) -> Ground:
    index = content.map.numbering.index
    stacked = frozenset(index(h) for h, ids in state.occupied().items()
                        if any(side_of(content, u) == side and not greif(content, u) for u in ids))
    down = _both_ways(content, (s for s in content.map.bridges if s in rules_data(state).blown))
    built = _both_ways(content, german_bridges(content, state)) if side == GERMAN else frozenset()
    return Ground(stacked, down, built, state.turn in terrain_chart().traffic_jam_turns)


@dataclass(frozen=True)
class Board(Ground):
    """One side's position for its traces: its ground, and the hexes holding enemy units (not
    Hidden Greif Teams, 2.1bB, 3.4) or in an unnegated EZOC, which no trace enters."""

    enemy: frozenset[int] = frozenset()
    ezoc: frozenset[int] = frozenset()

    def blocks(self, i: int) -> bool:
        return i in self.enemy or i in self.ezoc


def board(content: Content, state: GameState, side: str) -> Board:
    index = content.map.numbering.index
    enemy = frozenset(index(h) for h in enemy_hexes(content, state, side))
    ezoc = frozenset(index(h) for h in unnegated_enemy_zoc(content, state, side))
    return Board(**vars(ground(content, state, side)), enemy=enemy, ezoc=ezoc)


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


def bridge_standing(g: Grid, b: Ground, i: int, d: int) -> bool:
    """A map bridge on the hexside that is not down (3.1)."""
    return g.bridges[i][d] and (i, d) not in b.down


def major_river_blocks(g: Grid, b: Ground, i: int, d: int) -> bool:
    """The Major River without a standing bridge: a trace counted in hexes does not cross it
    (``supply.toml [hex_count]``, provisional)."""
    return g.water[i][d] == MAJOR_RIVER and not bridge_standing(g, b, i, d) and \
        bool(table("supply")["hex_count"].get("major_river_blocks", True))


def road_carries(g: Grid, b: Ground, i: int, d: int) -> bool:
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
    """The TEC in half MPs for one movement class (1.6): hex costs by row, the road rate paid
    (for Supply Units and supply traces the supply rate of Secondary Roads, TEC **), the
    class's own road rate (what a negated road would have cost, 1.5a against 1.5b), the
    hexside costs, the stacked-road +1 (1.5a)."""

    hex: dict[str, int | None]
    road: dict[str, int]
    road_tec: dict[str, int]
    river: int
    bridge: int
    german_bridge: int
    stacked: int


def rates(cls: str = MECH, supply_rate: bool = True) -> Rates:
    """The rates of ``cls``; ``supply_rate``: roads at the supply rate (a supply trace is
    counted at Mech costs so, TEC **)."""
    chart = terrain_chart()
    roads = {k: v[cls] for k, v in chart.roads.items()}
    sides = chart.hexsides
    return Rates({k: row.cost[cls] for k, row in chart.hexes.items()}, dict(chart.supply_road) if supply_rate else roads,
                 roads, sides["river"].cost[cls], sides["bridge"].cost[cls], sides["german_bridge"].cost[cls],
                 chart.stacked_road)


def step_price(g: Grid, b: Ground, r: Rates, i: int, d: int) -> int | None:
    """Half MPs to step from hex ``i`` in direction ``d`` (None: Prohibited), as
    ``terrain.step_cost`` prices it for the class and road rate of ``r``."""
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
        cost = max(cost, r.road_tec[jammed_road] + r.stacked)
    return cost + crossing


def steps_out(g: Grid, b: Ground, r: Rates, inside: Sequence[bool], closed: AbstractSet[int],
              extra: Mapping[int, int]) -> Callable[[int], list[tuple[int, int]]]:
    """The steps out of a hex as a search asks for them (``common.search``): into every
    neighbour in play and not ``closed``, at its price and the ``extra`` half MPs of entering
    it, cheapest first."""

    def out_of(i: int) -> list[tuple[int, int]]:
        around = g.neighbours[i]
        steps = []
        for d in SIX:
            n = around[d]
            if n < 0 or not inside[n] or n in closed:
                continue
            cost = step_price(g, b, r, i, d)
            if cost is not None:
                steps.append((n, cost + extra.get(n, 0)))
        steps.sort(key=itemgetter(1))
        return steps

    return out_of
