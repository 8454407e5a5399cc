"""Where supply comes from (3.7 A; 1.3 Friendly Map Edges; 7.3-7.6 Supply Sources): the
road net as integer arrays, the play area and the roads that leave it, the bridges that
carry no road (3.8), and each scenario's sources read from ``tables/supply_sources.toml``.

The arrays are built once per map (and the play area once per scenario) so a supply trace
over the whole map is a few breadth-first steps over integers (DESIGN: performance shape).
Maps are not edited in place during play; the editor builds a new content for the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Direction, Hex, Hexside
from ardennes_qt.core.mapdata import MapData
from ardennes_qt.core.numbering import Numbering
from ardennes_qt.core.scenario import Scenario
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.bridges import bridges_down
from ardennes_qt.rules.ardennes2.tables import table, table_cache
from ardennes_qt.rules.ardennes2.terrain import hex_entry_cost, hexside_crossing_cost

DIRECTIONS = tuple(Direction)
ROAD = "road"  # the capital-R Road feature (1.3 "Road vs. road")
SOURCE_KINDS = ("map_edges", "area_edge", "hexes")


# --- the road net ------------------------------------------------------------------------


@dataclass(frozen=True)
class RoadNet:
    """A map as arrays over its dense hex indices (``Numbering.index``)."""

    hexes: tuple[Hex, ...]
    neighbours: tuple[tuple[int, ...], ...]  # per hex, per Direction: index, or -1 off the map
    roads: tuple[tuple[str | None, ...], ...]  # per hex, per Direction: "road", "track" or None
    leg_side_prohibited: tuple[tuple[bool, ...], ...]  # hexside Prohibited to Leg MA (TEC)
    leg_hex_prohibited: tuple[bool, ...]  # hex terrain Prohibited to Leg MA (TEC)


_NETS: dict[int, tuple[MapData, RoadNet]] = {}


@lru_cache(maxsize=4)
def _grid(numbering: Numbering) -> tuple[tuple[Hex, ...], tuple[tuple[int, ...], ...]]:
    """Every hex of a numbering and its neighbours' indices: the same for every map on it."""
    hexes = tuple(numbering.hex_at(i) for i in range(numbering.size))
    index, contains = numbering.index, numbering.contains
    neighbours = tuple(
        tuple(index(n) if contains(n) else -1 for n in (h.neighbour(d) for d in DIRECTIONS)) for h in hexes
    )
    return hexes, neighbours


def road_net(m: MapData) -> RoadNet:
    cached = _NETS.get(id(m))
    if cached is not None and cached[0] is m:
        return cached[1]
    numbering = m.numbering
    hexes, neighbours = _grid(numbering)
    roads = [[None] * 6 for _ in hexes]
    sides = [[False] * 6 for _ in hexes]
    for side, link in m.roads.items():
        for h, d in _ends(numbering, side):
            roads[numbering.index(h)][d] = link.kind
    for side, record in m.hexsides.items():
        if hexside_crossing_cost(record.features, "leg")[0] is None:
            for h, d in _ends(numbering, side):
                sides[numbering.index(h)][d] = True
    blocked = [False] * len(hexes)
    for h, record in m.hexes.items():
        if numbering.contains(h):
            blocked[numbering.index(h)] = hex_entry_cost(record.terrain, "leg")[0] is None
    net = RoadNet(hexes, neighbours, tuple(map(tuple, roads)), tuple(map(tuple, sides)), tuple(blocked))
    if len(_NETS) > 8:
        _NETS.clear()
    _NETS[id(m)] = (m, net)
    return net


def _ends(numbering: Numbering, side: Hexside):
    """Both hexes of a hexside that are on the map, each with the direction it is seen in."""
    a, b = side.hexes
    if numbering.contains(a):
        yield a, int(side.direction)
    if numbering.contains(b):
        yield b, int(side.direction.opposite)


# --- bridges (3.8) -----------------------------------------------------------------------


def closed_links(content: Content, state: GameState) -> frozenset[tuple[int, int]]:
    """Road links (hex index, direction), both ways, whose bridge carries no road this turn:
    a German bridge before its day, a Blown one (3.8, 1.3a; ``bridges.bridges_down``)."""
    numbering = content.map.numbering
    return frozenset(
        (numbering.index(h), d) for side in bridges_down(content, state) for h, d in _ends(numbering, side)
    )


# --- the play area and its edges ---------------------------------------------------------


@dataclass(frozen=True)
class RoadExit:
    """A road leaving the play area: from hex ``index`` in ``direction`` across ``edge``."""

    index: int
    direction: int
    kind: str
    edge: str
    map_edge: bool  # it also leaves the map itself, not only the play area


@dataclass(frozen=True)
class PlayArea:
    """A scenario's play area over the road net's dense indices: the hexes in it, the roads that
    leave it and its hexes along each edge."""

    inside: tuple[bool, ...]  # per dense index
    exits: tuple[RoadExit, ...]
    edge_hexes: dict[str, frozenset[int]]  # edge -> hexes of the area with a neighbour beyond it


_AREAS: dict[tuple[int, int], tuple[MapData, Scenario, PlayArea]] = {}


def play_area(content: Content) -> PlayArea:
    m, scenario = content.map, content.scenario
    key = (id(m), id(scenario))
    cached = _AREAS.get(key)
    if cached is not None and cached[0] is m and cached[1] is scenario:
        return cached[2]
    area = _build_area(m, scenario, road_net(m))
    if len(_AREAS) > 8:
        _AREAS.clear()
    _AREAS[key] = (m, scenario, area)
    return area


def _build_area(m: MapData, scenario: Scenario, net: RoadNet) -> PlayArea:
    numbering = m.numbering
    inside = tuple(scenario.in_play_area(*numbering.sheet_column_row(h)) for h in net.hexes)
    columns_in_play = {numbering.offset(h)[0] for h, ok in zip(net.hexes, inside) if ok}
    exits, edge_hexes = [], {edge: set() for edge in ("north", "east", "south", "west")}
    for i, h in enumerate(net.hexes):
        if not inside[i]:
            continue
        for d in DIRECTIONS:
            n = net.neighbours[i][d]
            if n >= 0 and inside[n]:
                continue
            edge = _edge_crossed(d, numbering.offset(h.neighbour(d))[0], columns_in_play)
            edge_hexes[edge].add(i)
            kind = net.roads[i][d]
            if kind:
                exits.append(RoadExit(i, int(d), kind, edge, n < 0))
    return PlayArea(inside, tuple(exits), {e: frozenset(s) for e, s in edge_hexes.items()})


def _edge_crossed(direction: Direction, beyond_column: int, columns_in_play: set[int]) -> str:
    """Which edge of the play area a step in ``direction`` leaves it by.

    North and south hexsides cross a row boundary.  A slanting hexside crosses the east or
    west edge unless the hex beyond still stands in a column of the play area, in which
    case it is the north or south edge it crosses (a corner hex of a rectangle).
    """
    if direction == Direction.N:
        return "north"
    if direction == Direction.S:
        return "south"
    if beyond_column in columns_in_play:
        return "north" if direction in (Direction.NE, Direction.NW) else "south"
    return "east" if direction in (Direction.NE, Direction.SE) else "west"


def area_edge_hexes(content: Content, edge: str) -> frozenset[Hex]:
    """Hexes of the play area on its ``edge`` (a neighbour lies beyond it)."""
    net = road_net(content.map)
    return frozenset(net.hexes[i] for i in play_area(content).edge_hexes[edge])


# --- each scenario's sources -------------------------------------------------------------


@dataclass(frozen=True)
class SupplySource:
    """One supply source of a side (3.7 A): roads leaving a friendly map edge (1.3) or an edge of
    the play area, or listed hexes, with the limits the scenario prints."""

    kind: str
    edge: str = ""
    roads: str = "any"
    sheet: str = ""
    min_column: int | None = None
    max_column: int | None = None
    min_row: int | None = None
    max_row: int | None = None
    hexes: tuple[str, ...] = ()
    after_arrival: bool = False
    rule: str = ""


@dataclass(frozen=True)
class ScenarioSources:
    """A scenario's supply sources for each side, with the rule that prints them, or the reason
    where the rules do not say."""

    rule: str
    sides: dict[str, tuple[SupplySource, ...]]
    provisional: bool = False
    reason: str = ""


@table_cache
def _source_table() -> dict[str, ScenarioSources]:
    data = table("supply_sources")
    out = {}
    for scenario_id, entry in data.items():
        rule = entry.get("rule", "")
        sides = {}
        for side in ("Allied", "German"):
            sources = []
            for row in entry.get(side, ()):
                if row.get("kind") not in SOURCE_KINDS:
                    raise ValueError(f"supply_sources.toml [{scenario_id}] {side}: unknown kind {row.get('kind')!r}")
                fields = {k: (tuple(v) if isinstance(v, list) else v) for k, v in row.items()}
                try:
                    sources.append(SupplySource(**{"rule": rule, **fields}))
                except TypeError as exc:
                    raise ValueError(f"supply_sources.toml [{scenario_id}] {side}: {exc}") from None
            sides[side] = tuple(sources)
        out[scenario_id] = ScenarioSources(rule, sides, bool(entry.get("provisional")), entry.get("reason", ""))
    return out


def scenario_sources(scenario: Scenario) -> ScenarioSources:
    """The scenario's own supply sources (7.3-7.6), or 1.3's friendly map edges."""
    table = _source_table()
    return table.get(scenario.id, table["default"])


def _reinforcements_arrived(content: Content, state: GameState, side: str) -> bool:
    """7.5 'When the Allied reinforcements arrive': a counter of the side's arrivals is no longer waiting."""
    for arrival in content.scenario.arrivals:
        if arrival.side == side and not arrival.remove:
            if any(state.units.get(c) and state.units[c].where != "scheduled" for c in arrival.counters):
                return True
    return False


@dataclass(frozen=True)
class Terminal:
    """A hex where the road net meets a supply source, with the words for it."""

    index: int
    label: str


def supply_terminals(content: Content, state: GameState, side: str) -> list[Terminal]:
    """Every hex a supply path may end at for ``side`` now (before enemy units are considered)."""
    m, net, area = content.map, road_net(content.map), play_area(content)
    closed = closed_links(content, state)
    out = []
    for source in scenario_sources(content.scenario).sides.get(side, ()):
        if source.after_arrival and not _reinforcements_arrived(content, state, side):
            continue
        if source.kind == "hexes":
            for text in source.hexes:
                i = m.numbering.index(m.parse(text))
                if area.inside[i]:
                    out.append(Terminal(i, f"supply source hex {text} ({source.rule})"))
            continue
        for ex in area.exits:
            if (ex.index, ex.direction) in closed or not _exit_matches(content, source, ex, side):
                continue
            word = "Road" if ex.kind == ROAD else "Track"
            at = m.hex_id(net.hexes[ex.index])
            out.append(Terminal(ex.index, f"{word} off the {ex.edge} edge at {at} ({source.rule})"))
    return out


def _exit_matches(content: Content, source: SupplySource, ex: RoadExit, side: str) -> bool:
    if source.roads == "Road" and ex.kind != ROAD:
        return False
    if source.kind == "map_edges":
        if not ex.map_edge or content.map.friendly_edges.get(ex.edge) != side:
            return False
    elif ex.edge != source.edge:
        return False
    sheet, column, row = content.map.numbering.sheet_column_row(road_net(content.map).hexes[ex.index])
    return (
        (not source.sheet or sheet == source.sheet)
        and (source.min_column is None or column >= source.min_column)
        and (source.max_column is None or column <= source.max_column)
        and (source.min_row is None or row >= source.min_row)
        and (source.max_row is None or row <= source.max_row)
    )
