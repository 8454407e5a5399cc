"""What the planning overlays show, asked of the Ardennes II rules on one state: trace supply
(3.7), ZOC Bonds and the Posts that make them (1.2), barrage, Air Supply and DG markers
(3.4, 3.5, 2.2) and the VP hexes with who controls them (6.0).

Every answer is a plain value of hex ids, so it can be worked out away from the window on
a snapshot of the game; ``overlays.py`` turns them into the shapes the table draws.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ardennes_qt.core.content import Content
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2 import control, markers, supply, zoc
from ardennes_qt.rules.ardennes2.mapindex import map_index
from ardennes_qt.rules.ardennes2.situation import rules_data

@dataclass(frozen=True)
class SupplyPicture:
    """One side's trace supply (3.7): every hex where its units would be supplied, its units and
    hexes cut off, and the hexes the enemy holds."""

    side: str
    supplied: frozenset[str]  # every hex where a unit of the side would be in trace supply
    cut_off: tuple[str, ...]  # hexes holding the side's units out of trace supply
    units_cut_off: tuple[str, ...]
    enemy_held: frozenset[str]  # hexes of the other side's units: supply is never traced into them
    net: supply.SupplyNet | None = field(default=None, compare=False, repr=False)  # to trace any hex from


def supply_picture(content: Content, state: GameState, side: str) -> SupplyPicture:
    """3.7: the side's supplied hexes now, and where its units are out of supply."""
    hex_id = content.map.hex_id
    net = supply.supply_net(content, state, side)
    supplied = supply.supplied_indices(net)
    at, contains, printed = content.map.numbering.index, content.map.contains, map_index(content.map).hex_ids
    cut = sorted(
        uid for uid, u in state.units.items()
        if u.where == "map" and content.counter(uid).side == side and not (contains(u.hex) and at(u.hex) in supplied)
    )
    hexes = sorted({hex_id(state.units[uid].hex) for uid in cut})
    enemy = frozenset(hex_id(h) for h, ids in state.occupied().items() if content.counter(ids[0]).side != side)
    return SupplyPicture(side, frozenset(printed[i] for i in supplied), tuple(hexes), tuple(cut), enemy, net)


def supply_reasons(content: Content, picture: SupplyPicture, hex_id: str) -> tuple[bool, tuple[str, ...]]:
    """3.7: would a unit of the picture's side in this hex be in trace supply, and why (each
    with its rule), traced in the supply net the picture was drawn from."""
    trace = supply.trace_from(content, picture.net, content.map.parse(hex_id))
    return trace.supplied, tuple(f"{what} ({rule})" if rule else what for what, rule in trace.reasons)


@dataclass(frozen=True)
class ZocPicture:
    """One side's ZOC Posts and ZOC Bonds (1.2), each Bond with the two Posts that make it."""

    side: str
    posts: tuple[str, ...]  # hexes holding a ZOC Post
    bonds: tuple[str, ...]  # the ZOC Bond hexes
    links: tuple[tuple[str, str, str], ...]  # (post, bond, post): the two Posts two hexes apart that bond it


def zoc_picture(content: Content, state: GameState, side: str) -> ZocPicture:
    """1.2: the side's ZOC Posts, the Bond hexes they make, and which Posts bond each."""
    occupied = state.occupied()
    posts = zoc.zoc_posts(content, state, side, occupied)
    bonds = zoc.zoc_bonds(content, state, side, occupied)
    hex_id = content.map.hex_id
    links = []
    for bond in bonds:
        around = sorted(p for p in bond.neighbours() if p in posts)
        for i, a in enumerate(around):
            for b in around[i + 1:]:
                if a.distance(b) == 2 and bond in zoc.hexes_between(a, b):
                    links.append((hex_id(a), hex_id(bond), hex_id(b)))
    return ZocPicture(side, tuple(sorted(map(hex_id, posts))), tuple(sorted(map(hex_id, bonds))), tuple(sorted(links)))


@dataclass(frozen=True)
class MarkerPicture:
    """The markers on the map: barrage markers by owner and strength (3.5), Air Supply (2.2) and DG
    units by hex (3.4)."""

    barrage: tuple[tuple[str, str, str], ...]  # (hex, owner side, "full" or "half")
    air_supply: tuple[str, ...]  # hexes with an Air Supply marker (2.2)
    dg: tuple[tuple[str, int, int], ...]  # (hex, DG units, units in the stack)


def marker_picture(content: Content, state: GameState) -> MarkerPicture:
    """3.5 barrage markers, 2.2 Air Supply markers and 3.4 DG units, hex by hex."""
    hex_id = content.map.hex_id
    barrage = sorted((hex_id(h), owner, size) for h in state.markers for owner, size in markers.markers_in(state, h))
    dg = []
    for h, ids in state.occupied().items():
        n = sum(1 for uid in ids if state.units[uid].dg)
        if n:
            dg.append((hex_id(h), n, len(ids)))
    air = sorted(hex_id(h) for h in rules_data(state).air_supply)
    return MarkerPicture(tuple(barrage), tuple(air), tuple(sorted(dg)))


@dataclass(frozen=True)
class VpHex:
    """A VP hex (6.0): its name, its VP and who controls it now."""

    hex: str
    name: str
    vp: int
    controller: str  # "German" or "Allied"


def vp_hexes(content: Content, state: GameState) -> tuple[VpHex, ...]:
    """6.0: every VP hex of the play area with its value and who controls it now."""
    hex_id = content.map.hex_id
    return tuple(
        VpHex(hex_id(h), place.name, place.vp, control.controller(content, state, h))
        for h, place in control.vp_hexes(content).items()
    )
