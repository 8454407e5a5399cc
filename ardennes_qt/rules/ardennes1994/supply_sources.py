"""Where supply comes from in The Ardennes (1994) (1.13; checklist items 47-50): the Eastern
Zone (2.5a), German Supply Units and captured dumps (2.4, 2.5b, 2.5d), US dumps (3.3, 3.4),
the Liège city hexes (3.3b), and the roads that leave the play area across the US player's
edges (3.4).  What stands in a trace's way is read in ``grid.board``; ``supply.py``
traces.
"""

from __future__ import annotations

from dataclasses import dataclass

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes1994.grid import DIRECTIONS, SIX, Board, grid, road_carries
from ardennes_qt.rules.ardennes1994.phases import GERMAN
from ardennes_qt.rules.ardennes1994.situation import rules_data, supply_unit, units_of
from ardennes_qt.rules.ardennes1994.tables import table
from ardennes_qt.rules.ardennes1994.terrain import EASTERN_ZONE
from ardennes_qt.rules.ardennes1994.victory import controller

SUPPLY_UNIT_RULE = "2.4, 2.5b"
CAPTURED_DUMP_RULE = "2.5d"
US_DUMP_RULE = "3.3, 3.4"


# --- the play area (cached per map and scenario: neither changes during play) ---------------


@dataclass(frozen=True)
class PlayArea:
    """A scenario's play area (5.x Map Bounds), which no trace leaves: its hexes (also as a flag
    per dense index), its Eastern Zone hexes, and the roads crossing its edges, (index,
    direction) of the hex in play each."""

    hexes: frozenset[Hex]
    inside: tuple[bool, ...]
    zone: frozenset[Hex]
    roads_out: tuple[tuple[int, int], ...]


_AREAS: dict[tuple[int, int], tuple[object, object, PlayArea]] = {}


def area_of(content: Content) -> PlayArea:
    key = (id(content.map), id(content.scenario))
    cached = _AREAS.get(key)
    if cached is None or cached[0] is not content.map or cached[1] is not content.scenario:
        g = grid(content.map)
        hexes = content.play_area()
        inside = tuple(h in hexes for h in g.hexes)
        zone = frozenset(h for h in hexes if EASTERN_ZONE in content.map.terrain(h))
        roads_out = tuple((i, d) for i, ok in enumerate(inside) if ok for d in SIX
                          if g.roads[i][d] is not None and (g.neighbours[i][d] < 0 or not inside[g.neighbours[i][d]]))
        if len(_AREAS) > 8:
            _AREAS.clear()
        cached = _AREAS[key] = (content.map, content.scenario, PlayArea(hexes, inside, zone, roads_out))
    return cached[2]


def play_area(content: Content) -> frozenset[Hex]:
    """The hexes in play (5.x Map Bounds): no trace leaves them."""
    return area_of(content).hexes


def eastern_zone(content: Content) -> frozenset[Hex]:
    """2.5a: the Eastern Zone hexes in play (the map's ``eastern_zone`` flag: east of the Our, or
    east of Bxx.10 north of B48.10 inclusive)."""
    return area_of(content).zone


# --- supply heads traced in MP (2.5b, 2.5d, 3.4) ----------------------------------------------


@dataclass(frozen=True)
class Head:
    """A supply head that traces in MP like a Supply Unit: where, what it is, its rule."""

    hex: Hex
    what: str  # "Supply Unit 1", "captured dump", "US dump"
    rule: str


def supply_heads(content: Content, state: GameState, side: str) -> list[Head]:
    """The German Supply Units on the map (2.4, 2.5b) and German-held dumps (2.5d); for the US,
    its dumps, real or dummy alike ("US Dumps can be used if real or dummy", 3.4)."""
    out = []
    if side == GERMAN:
        for uid in units_of(content, state, GERMAN):
            if supply_unit(content, uid):
                what = f"Supply Unit {content.counter(uid).designation}"
                out.append(Head(state.units[uid].hex, what, SUPPLY_UNIT_RULE))
    for h, dump in sorted(rules_data(state).dumps.items(), key=lambda kv: content.map.numbering.index(kv[0])):
        if dump.owner == side and content.map.contains(h):
            out.append(Head(h, "captured dump" if side == GERMAN else "US dump",
                            CAPTURED_DUMP_RULE if side == GERMAN else US_DUMP_RULE))
    return out


# --- supply heads counted in hexes (2.5a, 3.3b) ------------------------------------------------


def liege_heads(content: Content, state: GameState, side: str) -> list[Hex]:
    """3.3b: the city hexes of Liège in play that ``side`` holds: the last side through each
    hex (or occupying it) owns it for supply (``victory.controller``)."""
    name = str(table("supply")["liege"]["city"])
    area = play_area(content)
    hexes = [h for h, place in content.map.places.items() if place.name == name and h in area]
    return sorted((h for h in hexes if controller(content, state, h) == side), key=content.map.numbering.index)


# --- roads off the US player's edges (3.4) ----------------------------------------------------


@dataclass(frozen=True)
class RoadExit:
    """A road leaving the play area from hex ``index`` across its printed ``edge``;
    ``map_edge``: it leaves the map itself, not only the play area."""

    index: int
    edge: str
    map_edge: bool


def edge_crossed(content: Content, h: Hex, beyond: Hex) -> str:
    """The printed edge of the play area a step from ``h`` (in play) to ``beyond`` (not in play)
    leaves by: the map's own edge, else the side of the scenario's bounds it breaks."""
    m = content.map
    if not m.contains(beyond):
        return m.edge_of(beyond)
    numbering = m.numbering
    sheet, column, row = numbering.sheet_column_row(h)
    other, beyond_column, beyond_row = numbering.sheet_column_row(beyond)
    stacked_by_rows = getattr(numbering, "stack", "rows") == "rows"
    if other != sheet:
        later = numbering.sheets.index(other) > numbering.sheets.index(sheet)
        if stacked_by_rows:
            return "north" if later else "south"
        return "east" if later else "west"
    bounds = next((b for b in content.scenario.bounds if b.holds(sheet, column, row)), None)
    if bounds is not None:
        if bounds.min_column is not None and beyond_column < bounds.min_column:
            return "west"
        if bounds.max_column is not None and beyond_column > bounds.max_column:
            return "east"
        if bounds.min_row is not None and beyond_row < bounds.min_row:
            return "south"
    return "north" if beyond_row > row else "south"


def road_exits(content: Content, b: Board, side: str) -> list[RoadExit]:
    """3.4: roads leaving the play area across an edge friendly to ``side`` (the map's printed
    north, east and west edges: the real west, north and south), each one open to a trace.
    An edge of a part-map scenario counts as the map's (``supply.toml [play_area_edges]``)."""
    g = grid(content.map)
    friendly = content.map.friendly_edges
    part_edges = bool(table("supply")["play_area_edges"].get("count", True))
    out = []
    for i, d in area_of(content).roads_out:
        if not road_carries(g, b, i, d):
            continue
        h = g.hexes[i]
        beyond = h.neighbour(DIRECTIONS[d])
        edge = edge_crossed(content, h, beyond)
        on_map_edge = not content.map.contains(beyond)
        if friendly.get(edge) == side and (on_map_edge or part_edges):
            out.append(RoadExit(i, edge, on_map_edge))
    return out


def real_edge(edge: str) -> str:
    """The real direction of a printed edge (the map is printed with north to the right)."""
    return str(table("supply")["us_roads"]["real_edge"].get(edge, edge))

