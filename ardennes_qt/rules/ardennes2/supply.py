"""Trace supply (3.7; checklist items 72-73).

A unit is in supply when no more than 5 hexes separate it from a road that runs, contiguous
and unobstructed, to one of its side's supply sources (3.7 A; the sources are in
``supplysources.py``), or, for US units, when it is within 5 hexes of an Air Supply marker
(3.7 B).  The 5-hex path may not enter hexes Prohibited to Leg MA unless it follows a road.
SCS 12.0 is not provided; what this program had to decide is in ``tables/supply.toml``.

Supply is judged for all of a side's hexes at once: two breadth-first searches over integer
arrays, one back along the road net from the sources, one out to 5 hexes from that net.
Rule 3.7 has it checked only in the owner's Supply Phase (``dg.supply_phase``); control of
VP hexes (6.0), Bug Out destinations (3.6) and DG recovery (3.4) ask it at their own moment.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.situation import rules_data
from ardennes_qt.rules.ardennes2.supplysources import (
    closed_links,
    play_area,
    road_net,
    scenario_sources,
    supply_terminals,
)
from ardennes_qt.rules.ardennes2.tables import table, table_cache

TRACE_RULE = "3.7"
SIX = range(6)  # directions as plain ints: the searches index arrays with them
AIR_SUPPLY_RULE = "3.7 Air Supply, 2.2"


@dataclass(frozen=True)
class TraceRules:
    """The trace supply values of 3.7 from supply.toml: hexes from unit to road, Air Supply's reach
    and side, and whether enemy units block a trace."""

    path_hexes: int
    air_supply_hexes: int
    air_supply_side: str
    enemy_units_block: bool


@table_cache
def trace_rules() -> TraceRules:
    data = table("supply")
    trace = data["trace"]
    return TraceRules(
        int(trace["path_hexes"]),
        int(trace["air_supply_hexes"]),
        str(trace["air_supply_side"]),
        bool(data["enemy_units_block"]["value"]),
    )


def air_supply_hexes(state: GameState) -> tuple[Hex, ...]:
    """Hexes holding an Air Supply marker (2.2 Air Supply Allocation)."""
    return tuple(rules_data(state).air_supply)


@dataclass(frozen=True)
class SupplyNet:
    """One side's supply at one moment, over the map's dense hex indices."""

    side: str
    distance: list[int]  # hexes from the supplied road net, -1 if beyond reach
    toward: list[int]  # the next hex on the way to the source, -1 at a source
    terminals: dict[int, str]  # source hexes of the road net, with their words
    air: dict[int, Hex]  # hexes within reach of an Air Supply marker, with the marker


def enemy_occupied(content: Content, state: GameState, side: str) -> set[int]:
    """Dense indices of hexes holding units of the other side."""
    index = content.map.numbering.index
    return {
        index(u.hex) for uid, u in state.units.items() if u.where == "map" and content.counter(uid).side != side
    }


def supply_net(content: Content, state: GameState, side: str) -> SupplyNet:
    rules = trace_rules()
    net, area = road_net(content.map), play_area(content)
    size = len(net.hexes)
    blocked = enemy_occupied(content, state, side) if rules.enemy_units_block else set()
    closed = closed_links(content, state)
    distance, toward = [-1] * size, [-1] * size
    terminals: dict[int, str] = {}
    queue: deque[int] = deque()
    for terminal in supply_terminals(content, state, side):
        if terminal.index not in blocked and distance[terminal.index] < 0:
            distance[terminal.index] = 0
            terminals[terminal.index] = terminal.label
            queue.append(terminal.index)
    _follow_roads(net, area.inside, blocked, closed, distance, toward, queue)
    _reach_out(net, area.inside, blocked, closed, distance, toward, rules.path_hexes)
    air = {}
    if side == rules.air_supply_side:
        numbering = content.map.numbering
        for marker in air_supply_hexes(state):
            for h in marker.within(rules.air_supply_hexes):
                if numbering.contains(h):
                    air.setdefault(numbering.index(h), marker)
    return SupplyNet(side, distance, toward, terminals, air)


def _follow_roads(net, inside, blocked, closed, distance, toward, queue: deque[int]) -> None:
    """3.7 A: the road net that runs contiguously, unobstructed, to a source."""
    neighbours, roads = net.neighbours, net.roads
    while queue:
        h = queue.popleft()
        for d in SIX:
            n = neighbours[h][d]
            if n < 0 or distance[n] >= 0 or not roads[h][d] or not inside[n] or n in blocked:
                continue
            if (h, d) in closed:
                continue
            distance[n] = 0
            toward[n] = h
            queue.append(n)


def _reach_out(net, inside, blocked, closed, distance, toward, limit: int) -> None:
    """3.7: at most ``limit`` hexes from the unit to that road net; no hex or hexside
    Prohibited to Leg MA unless the path follows a road there.

    The search runs from the road outward; each step n -> h is the unit's path entering h.
    """
    neighbours, roads = net.neighbours, net.roads
    side_p, hex_p = net.leg_side_prohibited, net.leg_hex_prohibited
    frontier = [i for i, dist in enumerate(distance) if dist == 0]
    for step in range(1, limit + 1):
        following = []
        for h in frontier:
            for d in SIX:
                n = neighbours[h][d]
                if n < 0 or distance[n] >= 0 or not inside[n] or n in blocked:
                    continue
                on_road = roads[h][d] is not None and (h, d) not in closed
                if not on_road and (side_p[h][d] or hex_p[h]):
                    continue
                distance[n] = step
                toward[n] = h
                following.append(n)
        frontier = following


def supplied_hexes(content: Content, state: GameState, side: str) -> set[Hex]:
    """Every hex where a unit of ``side`` would be in trace supply now (3.7)."""
    hexes = road_net(content.map).hexes
    return {hexes[i] for i in supplied_indices(supply_net(content, state, side))}


def supplied_indices(s: SupplyNet) -> set[int]:
    """The dense indices of every hex where a unit of the net's side is in trace supply."""
    out = {i for i, dist in enumerate(s.distance) if dist >= 0}
    out.update(s.air)
    return out


@dataclass(frozen=True)
class SupplyTrace:
    """Whether a hex is in trace supply, the path that shows it, and why."""

    supplied: bool
    path: tuple[Hex, ...]  # the unit's hex ... road hex ... source hex; empty when not supplied
    reasons: tuple[tuple[str, str], ...]  # (what, rule)


def in_trace_supply(
    content: Content, state: GameState, unit_or_hex: str | Hex, side: str | None = None
) -> tuple[bool, SupplyTrace]:
    """3.7: is this unit (or a unit of ``side`` in this hex) in trace supply now?"""
    if isinstance(unit_or_hex, str):
        u = state.units[unit_or_hex]
        side = side or content.counter(unit_or_hex).side
        if u.where != "map":
            return False, SupplyTrace(False, (), ((f"{unit_or_hex} is not on the map", ""),))
        h = u.hex
    else:
        h = unit_or_hex
        if side is None:
            raise ValueError("a hex needs the side whose supply is traced")
    trace = trace_from(content, supply_net(content, state, side), h)
    return trace.supplied, trace


def trace_from(content: Content, s: SupplyNet, h: Hex) -> SupplyTrace:
    """The path and reasons for hex ``h`` in an already computed ``SupplyNet``."""
    m, net = content.map, road_net(content.map)
    i = m.numbering.index(h) if m.contains(h) else -1
    if i >= 0 and s.distance[i] >= 0:
        path = [i]
        while s.toward[path[-1]] >= 0:
            path.append(s.toward[path[-1]])
        road_at = next(j for j in path if s.distance[j] == 0)
        hexes = tuple(net.hexes[j] for j in path)
        reasons = [(f"{s.distance[i]} hexes to the road at {m.hex_id(net.hexes[road_at])}", TRACE_RULE)]
        reasons.append((f"source: {s.terminals[path[-1]]}", "3.7 A"))
        return SupplyTrace(True, hexes, tuple(reasons))
    if i >= 0 and i in s.air:
        marker = s.air[i]
        reason = f"within {trace_rules().air_supply_hexes} hexes of the Air Supply marker at {m.hex_id(marker)}"
        return SupplyTrace(True, (h, marker), ((reason, AIR_SUPPLY_RULE),))
    return SupplyTrace(False, (), (_why_not(content, s),))


def _why_not(content: Content, s: SupplyNet) -> tuple[str, str]:
    if not s.terminals:
        rule = scenario_sources(content.scenario).rule
        return f"no supply source of the {s.side} side is open and free of enemy units", rule
    limit = trace_rules().path_hexes
    return f"no path of {limit} hexes or fewer to a road running unobstructed to a supply source", TRACE_RULE
