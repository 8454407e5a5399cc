"""What the planning overlays of The Ardennes (1994) show, asked of its rules on one position:
each side's supply (2.5, 3.3b, 3.4) and its supply heads with their reach, each side's ZOC
(SCS, provisional), the Eastern Zone (2.5a), the victory cities and who holds them (4.2),
and the DG and Reserve stacks (1.8, 1.11).

Every answer is a plain value in printed hex ids, so it can be worked out away from the
window on a snapshot of the game; ``overlays.py`` turns them into the shapes the table draws.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ardennes_qt.core.content import Content
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes1994.grid import grid
from ardennes_qt.rules.ardennes1994.phases import ALLIED, GERMAN, SIDE_WORDS
from ardennes_qt.rules.ardennes1994.situation import rules_data, side_of, units_of
from ardennes_qt.rules.ardennes1994.supply import (
    HEADS,
    LIEGE,
    OUT_OF_SUPPLY,
    SupplyNet,
    counted_trace,
    head_trace,
    supply_net,
    trace,
    unit_supply,
)
from ardennes_qt.rules.ardennes1994.supply_sources import area_of, eastern_zone, liege_heads, supply_heads
from ardennes_qt.rules.ardennes1994.victory import city_hexes, city_values, controller
from ardennes_qt.rules.ardennes1994.zoc import exerts_zoc, zoc_of

SIDES = (GERMAN, ALLIED)


# --- supply -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SupplyPicture:
    """One side's supply now: every hex where a unit of the side would be in supply, the hexes
    of its units that would not be (their ids too), those still marked out of supply from the
    last Supply Phase, and the hexes the enemy holds (no trace enters them)."""

    side: str
    supplied: frozenset[str]
    cut_off: tuple[str, ...]
    units_cut_off: tuple[str, ...]
    marked: tuple[str, ...]  # hexes of units carrying the out-of-supply status (1.14)
    enemy_held: frozenset[str]
    net: SupplyNet | None = field(default=None, compare=False, repr=False)


def supplied_indices(content: Content, net: SupplyNet) -> set[int]:
    """Every hex (dense index) where a unit of the net's side would be in supply: within a
    count of hexes of a source, or next to a hex a head reaches in MP (2.5b), never a hex
    holding enemy units."""
    g, inside = grid(content.map), area_of(content).inside
    out: set[int] = set()
    for reach in net.reaches:
        out.update(reach.count)
        if reach.kind == HEADS:
            out.update(n for i in reach.count for n in g.neighbours[i] if n >= 0 and inside[n])
    return out - net.board.enemy


def supply_picture(content: Content, state: GameState, side: str) -> SupplyPicture:
    net = supply_net(content, state, side)
    g, hex_id = grid(content.map), content.map.hex_id
    cut, marked = [], set()
    for uid in units_of(content, state, side):
        if not unit_supply(content, state, uid, net).supplied:
            cut.append(uid)
        if state.units[uid].has(OUT_OF_SUPPLY):
            marked.add(hex_id(state.units[uid].hex))
    return SupplyPicture(
        side,
        frozenset(hex_id(g.hexes[i]) for i in supplied_indices(content, net)),
        tuple(sorted({hex_id(state.units[u].hex) for u in cut})),
        tuple(cut),
        tuple(sorted(marked)),
        frozenset(hex_id(g.hexes[i]) for i in net.board.enemy),
        net,
    )


def supply_reasons(content: Content, picture: SupplyPicture, hex_id: str) -> tuple[bool, tuple[str, ...]]:
    """Would a unit of the picture's side in this hex be in supply, and why (each with its rule)."""
    found = trace(content, picture.net, content.map.parse(hex_id))
    return found.supplied, tuple(f"{what} ({rule})" if rule else what for what, rule in found.reasons)


# --- supply heads and their reach ---------------------------------------------------------------


@dataclass(frozen=True)
class HeadsPicture:
    """Each side's supply heads: Supply Units and dumps (2.4, 2.5b, 2.5d, 3.3) and Liège hexes
    (3.3b), (hex, side, words) each, and the hexes their traces reach, by side."""

    heads: tuple[tuple[str, str, str], ...]
    reach: dict[str, frozenset[str]]
    nets: dict[str, SupplyNet] = field(default_factory=dict, compare=False, repr=False)


def heads_picture(content: Content, state: GameState) -> HeadsPicture:
    g, hex_id, inside = grid(content.map), content.map.hex_id, area_of(content).inside
    heads, reach, nets = [], {}, {}
    for side in SIDES:
        net = nets[side] = supply_net(content, state, side)
        owner = "" if side == ALLIED else f"{SIDE_WORDS[side]} "  # "US dump" names its owner already
        heads += [(hex_id(h.hex), side, f"{owner}{h.what} ({h.rule})") for h in supply_heads(content, state, side)]
        heads += [(hex_id(h), side, f"Liège city hex held by the {SIDE_WORDS[side]} side (3.3b)")
                  for h in liege_heads(content, state, side)]
        hexes = set()
        for r in net.reaches:
            if r.kind in (HEADS, LIEGE):
                hexes.update(r.count)
            if r.kind == HEADS:
                hexes.update(n for i in r.count for n in g.neighbours[i] if n >= 0 and inside[n])
        reach[side] = frozenset(hex_id(g.hexes[i]) for i in hexes - net.board.enemy)
    return HeadsPicture(tuple(heads), reach, nets)


def head_reasons(content: Content, picture: HeadsPicture, hex_id: str) -> tuple[str, ...]:
    """Which side's heads reach a unit in this hex, and how (2.5b, 3.3b, 3.4)."""
    i = content.map.numbering.index(content.map.parse(hex_id))
    out = []
    for side, net in picture.nets.items():
        for r in net.reaches:
            found = head_trace(content, r, i) if r.kind == HEADS else counted_trace(r, i) if r.kind == LIEGE else ()
            out += [f"{SIDE_WORDS[side]}: {what} ({rule})" for what, rule in found]
    return tuple(out)


# --- ZOC, the Eastern Zone -----------------------------------------------------------------------


@dataclass(frozen=True)
class ZocPicture:
    """One side's ZOC (SCS, provisional): its hexes, and the hexes of the units exerting it."""

    side: str
    hexes: frozenset[str]
    exerted_from: tuple[str, ...]


def zoc_picture(content: Content, state: GameState, side: str) -> ZocPicture:
    hex_id = content.map.hex_id
    sources = sorted({hex_id(u.hex) for uid, u in state.units.items()
                      if u.where == "map" and side_of(content, uid) == side and exerts_zoc(content, state, uid)})
    return ZocPicture(side, frozenset(hex_id(h) for h in zoc_of(content, state, side)), tuple(sources))


def zone_hexes(content: Content) -> frozenset[str]:
    """2.5a: the Eastern Zone hexes in play."""
    return frozenset(content.map.hex_id(h) for h in eastern_zone(content))


# --- victory cities -----------------------------------------------------------------------------


@dataclass(frozen=True)
class CityHex:
    """A victory city hex (4.2): its city, the city's VP and hex count, who controls the hex."""

    hex: str
    name: str
    vp: int
    hexes_in_city: int
    controller: str


def city_picture(content: Content, state: GameState) -> tuple[CityHex, ...]:
    values, cities = city_values(content), city_hexes(content)
    size = {name: sum(1 for n in cities.values() if n == name) for name in set(cities.values())}
    inside = area_of(content).hexes
    in_order = sorted(cities.items(), key=lambda kv: content.map.numbering.index(kv[0]))
    return tuple(CityHex(content.map.hex_id(h), name, values[name], size[name], controller(content, state, h))
                 for h, name in in_order if h in inside)


# --- DG and Reserve -----------------------------------------------------------------------------


@dataclass(frozen=True)
class MarkerPicture:
    """Stacks with DG units (1.11) and Reserve markers (1.8): (hex, units marked, units there)."""

    dg: tuple[tuple[str, int, int], ...]
    reserve: tuple[tuple[str, int, int], ...]


def marker_picture(content: Content, state: GameState) -> MarkerPicture:
    reserves = rules_data(state).reserves
    dg, reserve = [], []
    for h, ids in sorted(state.occupied().items(), key=lambda kv: content.map.numbering.index(kv[0])):
        n_dg = sum(1 for u in ids if state.units[u].dg)
        n_reserve = sum(1 for u in ids if u in reserves)
        if n_dg:
            dg.append((content.map.hex_id(h), n_dg, len(ids)))
        if n_reserve:
            reserve.append((content.map.hex_id(h), n_reserve, len(ids)))
    return MarkerPicture(tuple(dg), tuple(reserve))
