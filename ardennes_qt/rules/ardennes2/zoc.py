"""ZOC Posts and ZOC Bonds (1.2 "Zones of Control"; checklist items 43-46).

There is no traditional ZOC (item 43).  Two friendly ZOC Posts exactly two hexes apart
make the single hex between them a ZOC Bond.  A bond costs the enemy +4 MP to enter
(TEC, item 32) and stops a retreat with a step loss (3.2, item 52); it cannot be
attacked, ignores barrage markers and cannot be negated (item 45).  The values and the
choices the rule leaves open are in ``tables/zoc.toml``.
"""

from __future__ import annotations

from collections import Counter as Tally
from dataclasses import dataclass

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex, Hexside
from ardennes_qt.core.state import GameState
from ardennes_qt.core.units import Counter
from ardennes_qt.rules.ardennes2.estimates import has_type_word
from ardennes_qt.rules.ardennes2.movecosts import hex_cost, side_cost
from ardennes_qt.rules.ardennes2.situation import side_of
from ardennes_qt.rules.ardennes2.tables import TABLE_SET, table, table_cache


@dataclass(frozen=True)
class ZocTable:
    """The values of 1.2 from zoc.toml: the infantry steps a ZOC Post needs and the words that count
    as infantry, Bonds per Post, and the choices the rule leaves open."""

    min_infantry_steps: int
    max_bonds: int
    infantry_words: frozenset[str]
    excluded_words: frozenset[str]
    prohibited_for: str
    hexsides_count: bool
    nearest_enemy_first: bool


@table_cache
def zoc_table() -> ZocTable:
    data = table("zoc")
    post, bond = data["post"], data["bond"]
    return ZocTable(
        int(post["min_infantry_steps"]),
        int(post["max_bonds"]),
        frozenset(post["infantry_words"]),
        frozenset(post["excluded_words"]),
        bond["prohibited_for"],
        bool(bond["hexsides_count"]),
        bool(bond["nearest_enemy_first"]),
    )


def is_post_infantry(counter: Counter) -> bool:
    """1.2: Plain (any motorisation), Mechanized, Airborne or Glider Infantry; never Bicycle,
    Penal, Erz, Ost, MG or Pioneer units."""
    table = zoc_table()
    return has_type_word(counter.unit_type, table.infantry_words) and not has_type_word(counter.unit_type, table.excluded_words)


def is_zoc_post(content: Content, state: GameState, h: Hex, unit_ids) -> bool:
    """1.2 ZOC Posts: at least 2 steps of infantry, and not in a City hex."""
    if "city" in content.map.terrain(h):
        return False
    steps = sum(state.units[u].steps for u in unit_ids if is_post_infantry(content.counter(u)))
    return steps >= zoc_table().min_infantry_steps


def zoc_posts(content: Content, state: GameState, side: str, occupied: dict | None = None) -> set[Hex]:
    """Every hex holding a ZOC Post of ``side`` (``occupied``: ``state.occupied()`` if known)."""
    stacks = state.occupied() if occupied is None else occupied
    return {h for h, ids in stacks.items() if side_of(content, ids[0]) == side and is_zoc_post(content, state, h, ids)}


def hexes_between(a: Hex, b: Hex) -> list[Hex]:
    """The hexes adjacent to both of two hexes two apart: one on a straight line, else two."""
    return sorted(set(a.neighbours()) & set(b.neighbours()))


def is_bond_hex_open(content: Content, occupied, post: Hex, h: Hex) -> bool:
    """1.2: the Bond hex holds no units of either side and no Prohibited terrain (judged
    for ``prohibited_for`` MA, with the hexside to the post when ``hexsides_count``)."""
    game_map = content.map
    if not game_map.contains(h) or h in occupied:
        return False
    table = zoc_table()
    if hex_cost(game_map.terrain(h), table.prohibited_for)[0] is None:
        return False
    if table.hexsides_count:
        record = game_map.hexsides.get(Hexside.between(post, h))
        if record is not None and side_cost(record.features, table.prohibited_for)[0] is None:
            return False
    return True


# The last few answers of zoc_bonds, by what they rest on (held, so that no id is reused): a
# position's Bonds are asked for its ZOC overlay and again for the enemy's reach.
_BONDS: list[tuple[tuple, tuple, frozenset[Hex]]] = []
_BONDS_KEPT = 4


def zoc_bonds(content: Content, state: GameState, side: str, occupied: dict | None = None) -> set[Hex]:
    """The ZOC Bond hexes created by ``side``'s ZOC Posts (1.2): worked out once for the
    same units on the same map with the same tables (``_zoc_bonds``)."""
    held = (content, state.units, TABLE_SET.current())
    key = tuple(map(id, held)) + (side,)
    for known, _, bonds in _BONDS:
        if known == key:
            return set(bonds)
    bonds = frozenset(_zoc_bonds(content, state, side, occupied))
    _BONDS.insert(0, (key, held, bonds))
    del _BONDS[_BONDS_KEPT:]
    return set(bonds)


def _zoc_bonds(content: Content, state: GameState, side: str, occupied: dict | None = None) -> set[Hex]:
    """The ZOC Bond hexes created by ``side``'s ZOC Posts (1.2).

    Each pair of posts two hexes apart bonds through an open hex between them; of two open
    hexes the one further from the nearest enemy unit is used (ties: map order).  A post
    supports at most two bonds; where more pairs qualify, the bonds nearest the enemy are
    kept first (``tables/zoc.toml``).  ``occupied``: ``state.occupied()`` if known.
    """
    occupied = state.occupied() if occupied is None else occupied
    posts = zoc_posts(content, state, side, occupied)
    enemies = [(h.q, h.r) for h, ids in occupied.items() if side_of(content, ids[0]) != side]
    index = content.map.numbering.index
    distances: dict[Hex, int] = {}

    def to_enemy(h: Hex) -> int:
        if h not in distances:
            distances[h] = min(((abs(h.q - q) + abs(h.r - r) + abs(h.q - q + h.r - r)) // 2 for q, r in enemies), default=0)
        return distances[h]

    pairs: list[tuple[Hex, Hex, Hex]] = []
    for a in posts:
        for b in a.ring(2):
            if b not in posts or index(b) < index(a):
                continue
            open_hexes = [
                h for h in hexes_between(a, b)
                if is_bond_hex_open(content, occupied, a, h) and is_bond_hex_open(content, occupied, b, h)
            ]
            if open_hexes:
                bond = max(open_hexes, key=lambda h: (to_enemy(h), -index(h))) if len(open_hexes) > 1 else open_hexes[0]
                pairs.append((bond, a, b))
    table = zoc_table()
    per_post = Tally(p for _, a, b in pairs for p in (a, b))
    crowded = any(n > table.max_bonds for n in per_post.values())

    def order(pair: tuple[Hex, Hex, Hex]):
        bond, a, b = pair
        first = to_enemy(bond) if crowded and table.nearest_enemy_first else 0
        return first, index(bond), index(a), index(b)

    bonds: set[Hex] = set()
    supported: Tally = Tally()
    for bond, a, b in sorted(pairs, key=order):
        if bond in bonds or supported[a] >= table.max_bonds or supported[b] >= table.max_bonds:
            continue
        bonds.add(bond)
        supported[a] += 1
        supported[b] += 1
    return bonds
