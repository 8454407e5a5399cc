"""Supply traces of The Ardennes (1994) (1.13, 2.5, 3.3b, 3.4; checklist items 46-51).

German units are in supply when they trace 5 hexes or less into the Eastern Zone (2.5a), or
when a Supply Unit or captured dump traces 10 MP or less to a hex next to them (2.5b,
2.5d); US units when a US dump does so, or when they trace 3 hexes or less to a road that
runs on off the west, south or north edge (3.4); either side within 5 hexes of a Liège
city hex it holds (3.3b).  No trace enters a hex holding enemy units or an unnegated EZOC.
Greif Teams (2.1bE), von der Heydte once dropped (2.2c) and Supply Units themselves are
never out of supply.

A side's supply is worked out for the whole play area at once (``supply_net``): a few
breadth-first counts in hexes and one cheapest-path search in MP from every head, each
remembering the next hex toward its source, so that any hex can say why it is supplied.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes1994.grid import (
    SIX,
    Board,
    board,
    grid,
    major_river_blocks,
    rates,
    road_carries,
    steps_out,
)
from ardennes_qt.rules.ardennes1994.phases import ALLIED, GERMAN
from ardennes_qt.rules.ardennes1994.situation import greif, mech, side_of, supply_unit
from ardennes_qt.rules.ardennes1994.stosser import free_of_supply
from ardennes_qt.rules.ardennes1994.supply_sources import (
    area_of,
    eastern_zone,
    liege_heads,
    real_edge,
    road_exits,
    supply_heads,
)
from ardennes_qt.rules.ardennes1994.tables import provisional_reason, table
from ardennes_qt.rules.common.search import cheapest_routes

OUT_OF_SUPPLY = "out_of_supply"  # the unit status (schema), set and cleared in its side's Supply Phase
ZONE, LIEGE, ROADS, HEADS = "zone", "liege", "roads", "heads"


@dataclass(frozen=True)
class Reach:
    """One way of tracing, worked out over the play area's dense hex indices: for each hex
    reached, its count (hexes, or half MPs for ``HEADS``) and the next hex toward the source;
    each source hex's words and rule."""

    kind: str
    limit: int
    count: dict[int, int]
    toward: dict[int, int]
    sources: dict[int, tuple[str, str]]

    def source_of(self, i: int) -> int:
        while i in self.toward:
            i = self.toward[i]
        return i


@dataclass(frozen=True)
class SupplyNet:
    """One side's supply on one position: each way it may trace, in the order they are tried."""

    side: str
    reaches: tuple[Reach, ...]
    board: Board


@dataclass(frozen=True)
class SupplyTrace:
    """Whether a unit (or a unit of a side in a hex) is in supply, and why, (what, rule) each."""

    supplied: bool
    reasons: tuple[tuple[str, str], ...]
    exempt: bool = False  # never affected by supply (2.1bE, 2.2c, 2.4)


# --- the searches -------------------------------------------------------------------------------


def _count_hexes(content: Content, b: Board, kind: str, sources: dict[int, tuple[str, str]], limit: int) -> Reach:
    """Hexes within ``limit`` hexes of a source, by a path free of enemy units and unnegated
    EZOCs (terrain and MP ignored, 2.5a).  A hex in an EZOC with no friendly unit in it is
    reached but not passed through: a unit standing there would negate it for itself."""
    g, inside = grid(content.map), area_of(content).inside
    count: dict[int, int] = {}
    toward: dict[int, int] = {}
    frontier = []
    for i in sources:
        if inside[i] and i not in b.enemy:
            count[i] = 0
            if i not in b.ezoc:
                frontier.append(i)
    for step in range(1, limit + 1):
        following = []
        for i in frontier:
            around = g.neighbours[i]
            for d in SIX:
                n = around[d]
                if n < 0 or n in count or not inside[n] or n in b.enemy or major_river_blocks(g, b, i, d):
                    continue
                count[n] = step
                toward[n] = i
                if n not in b.ezoc:
                    following.append(n)
        frontier = following
    return Reach(kind, limit, count, toward, {i: w for i, w in sources.items() if i in count})


def _trace_mp(content: Content, b: Board, sources: dict[int, tuple[str, str]], limit: int) -> Reach:
    """2.5b: the cheapest path in half MPs from any head to every hex within ``limit``, at Mech
    costs with the supply rate of Secondary Roads (TEC **), stacked hexes and Map Traffic Jams
    (1.5), never into enemy units or unnegated EZOCs.  German-built bridges carry German traces
    only (2.3d: the Allies cannot use them; ``grid.board``).  Of two equally cheap ways,
    the one through the lower hex index is kept."""
    g, inside = grid(content.map), area_of(content).inside
    heads = [i for i in sources if inside[i] and not b.blocks(i)]
    reached = cheapest_routes(heads, limit, steps_out(g, b, rates(), inside, b.enemy | b.ezoc, {}),
                              order=range(len(g.hexes)))
    return Reach(HEADS, limit, reached.cost, reached.parent, {i: w for i, w in sources.items() if i in reached.cost})


def _road_net(content: Content, b: Board, side: str) -> dict[int, str]:
    """3.4: every road hex from which the road runs on, hex after hex, off a US edge, free of
    enemy units and unnegated EZOCs; with the words of the edge it reaches."""
    g, inside = grid(content.map), area_of(content).inside
    hex_id = content.map.hex_id
    net: dict[int, str] = {}
    queue = []
    for ex in road_exits(content, b, side):
        if ex.index not in net and not b.blocks(ex.index):
            where = "map" if ex.map_edge else "play area"
            net[ex.index] = f"off the real {real_edge(ex.edge)} {where} edge at {hex_id(g.hexes[ex.index])}"
            queue.append(ex.index)
    while queue:
        i = queue.pop()
        for d in SIX:
            n = g.neighbours[i][d]
            if n < 0 or n in net or not inside[n] or b.blocks(n) or not road_carries(g, b, i, d):
                continue
            net[n] = net[i]
            queue.append(n)
    return net


def supply_net(content: Content, state: GameState, side: str) -> SupplyNet:
    """Every way ``side`` traces supply now, worked out over the whole play area."""
    data = table("supply")
    b = board(content, state, side)
    index, hex_id = content.map.numbering.index, content.map.hex_id
    reaches = []
    if side == GERMAN:
        zone = {index(h): (f"the Eastern Zone at {hex_id(h)}", "2.5a") for h in eastern_zone(content)}
        reaches.append(_count_hexes(content, b, ZONE, zone, int(data["eastern_zone"]["hexes"])))
    heads = {index(head.hex): (f"the {head.what} at {hex_id(head.hex)}", head.rule)
             for head in supply_heads(content, state, side)}
    reaches.append(_trace_mp(content, b, heads, 2 * int(data["supply_units"]["mp"])))
    if side == ALLIED:
        g = grid(content.map)
        roads = {i: (f"the road at {hex_id(g.hexes[i])}, running {words}", "3.4")
                 for i, words in _road_net(content, b, side).items()}
        reaches.append(_count_hexes(content, b, ROADS, roads, int(data["us_roads"]["hexes"])))
    holder = "US" if side == ALLIED else "German"
    liege = {index(h): (f"Liège at {hex_id(h)}, held by the {holder} side", "3.3b")
             for h in liege_heads(content, state, side)}
    reaches.append(_count_hexes(content, b, LIEGE, liege, int(data["liege"]["hexes"])))
    return SupplyNet(side, tuple(reaches), b)


# --- one hex, one unit ---------------------------------------------------------------------------


def _mp(half: int) -> str:
    return f"{half // 2}½" if half % 2 else str(half // 2)


def trace(content: Content, net: SupplyNet, h: Hex) -> SupplyTrace:
    """Would a unit of the net's side standing in ``h`` be in supply, and why (or why not)."""
    i = content.map.numbering.index(h)
    for reach in net.reaches:
        found = head_trace(content, reach, i) if reach.kind == HEADS else counted_trace(reach, i)
        if found:
            return SupplyTrace(True, (*found, *_provisional(found)))
    why_not = _why_not(net)
    return SupplyTrace(False, (*why_not, *_provisional(why_not)))


def counted_trace(reach: Reach, i: int) -> tuple[tuple[str, str], ...]:
    """2.5a, 3.3b, 3.4: hex ``i`` within the reach's count of hexes of a source."""
    if i not in reach.count:
        return ()
    n = reach.count[i]
    source, rule = reach.sources[reach.source_of(i)]
    if n == 0:
        return ((f"{'on' if reach.kind == ROADS else 'in'} {source}", rule),)
    return ((f"{n} hex{'es' if n != 1 else ''} to {source}", rule),)


def head_trace(content: Content, reach: Reach, i: int) -> tuple[tuple[str, str], ...]:
    """2.5b: the cheapest head reaching hex ``i`` or a hex next to it ("need only get to a hex
    adjacent to the unit ... regardless of terrain")."""
    g = grid(content.map)
    reached = [(reach.count[n], n) for n in (i, *g.neighbours[i]) if n in reach.count]
    if not reached:
        return ()
    cost, at = min(reached)
    source, rule = reach.sources[reach.source_of(at)]
    if cost == 0 and at == i:
        return ((f"with {source}", rule),)
    where = "to it" if at == i else f"to {content.map.hex_id(g.hexes[at])}, next to it"
    return ((f"{source[0].upper()}{source[1:]} traces {_mp(cost)} MP {where}", rule),)


def _why_not(net: SupplyNet) -> tuple[tuple[str, str], ...]:
    data = table("supply")
    out = []
    if net.side == GERMAN:
        out.append((f"no path of {data['eastern_zone']['hexes']} hexes or less into the Eastern Zone free of "
                    "enemy units and unnegated EZOCs", "2.5a"))
        out.append((f"no Supply Unit or captured dump within {data['supply_units']['mp']} MP of a hex next to it",
                    "2.5b, 2.5d"))
    else:
        out.append((f"no US dump within {data['supply_units']['mp']} MP of a hex next to it", "3.4"))
        out.append((f"no path of {data['us_roads']['hexes']} hexes or less to a road running unbroken off the "
                    "west, south or north edge, free of enemy units and unnegated EZOCs", "3.4"))
    out.append((f"not within {data['liege']['hexes']} hexes of a Liège city hex it holds", "3.3b"))
    return tuple(out)


def _provisional(reasons: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """The provisional readings a trace rests on, marked for the player."""
    out = []
    if provisional_reason("series", "zoc"):
        out.append(("≈ enemy ZOCs and their negation follow SCS practice (series rules not provided): provisional",
                    "SCS series rules, provisional"))
    if any("play area edge" in what for what, _ in reasons) and provisional_reason("supply", "play_area_edges"):
        out.append(("≈ the play area's edge taken as a map edge: provisional", "3.4, provisional"))
    return tuple(out)


def exemption(content: Content, state: GameState, unit_id: str) -> tuple[str, str] | None:
    """Why a unit is never affected by supply, if it is not: Greif Teams (2.1bE), the von der
    Heydte KG once dropped (2.2c), Supply Units (2.4, they
    are the supply)."""
    if greif(content, unit_id):
        return "Greif Teams are never affected by supply", "2.1bE"
    if free_of_supply(content, state, unit_id):
        return "von der Heydte, dropped, is free from supply concerns", "2.2c"
    if supply_unit(content, unit_id):
        return "a Supply Unit is never out of supply", "2.4, 2.5b"
    return None


def unit_supply(content: Content, state: GameState, unit_id: str, net: SupplyNet | None = None) -> SupplyTrace:
    """1.13: is this unit in supply now, and why (``net``: its side's, if already worked out)."""
    exempt = exemption(content, state, unit_id)
    if exempt is not None:
        return SupplyTrace(True, (exempt,), exempt=True)
    u = state.units[unit_id]
    if u.where != "map":
        return SupplyTrace(True, (("not on the map", ""),), exempt=True)
    side = side_of(content, unit_id)
    return trace(content, net if net is not None and net.side == side else supply_net(content, state, side), u.hex)


# --- what other rules ask (1.14) -------------------------------------------------------------------


def out_of_supply(state: GameState, unit_id: str) -> bool:
    """1.14: the unit was found out of supply in its side's last Supply Phase (2.5c, 3.4)."""
    return state.units[unit_id].has(OUT_OF_SUPPLY)


USES = ("attack", "defense", "barrage", "movement")


def out_of_supply_effect(content: Content, state: GameState, unit_id: str,
                         use: str) -> tuple[Fraction, str, str] | None:
    """1.14: what being out of supply does to a unit's ``use`` ("attack" x1/4, "defense" and
    "barrage" x1/2, "movement" x1/4 Mech, x1/2 others), as (factor, reason, rule); None when
    the unit is in supply.  (Nor may it be placed in Reserve: ask ``out_of_supply``.)"""
    if use not in USES:
        raise ValueError(f"no out-of-supply effect on '{use}' (1.14: {', '.join(USES)})")
    if not out_of_supply(state, unit_id):
        return None
    effects = table("supply")["out_of_supply"]
    key = use
    if use == "movement":
        key = "movement_mech" if mech(content, unit_id) else "movement_other"
    factor = Fraction(str(effects[key])).limit_denominator(8)
    whose = {"movement_mech": "Mech movement", "movement_other": "movement"}.get(key, use)
    return factor, f"out of supply: {whose} x{factor}", "1.14"
