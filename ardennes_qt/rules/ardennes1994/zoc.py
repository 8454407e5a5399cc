"""Zones of Control (SCS series rules, not in the seed: provisional, ``series.toml [zoc]``;
checklist items 25, 31): which units exert one, where it reaches, what entering one costs,
and where a friendly unit negates the enemy's for supply traces (2.5, 3.4).
"""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex, Hexside
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes1994.situation import artillery, is_combat_unit, rules_data, side_of
from ardennes_qt.rules.ardennes1994.tables import table, table_cache
from ardennes_qt.rules.ardennes1994.terrain import MAJOR_RIVER, bridge_up

PANZER_BRIGADE_150 = "150Pz"


@table_cache
def zoc_rules() -> dict:
    return dict(table("series")["zoc"])


def exerts_zoc(content: Content, state: GameState, unit_id: str) -> bool:
    """A combat unit on the map that is not DG (1.11a), not artillery (SCS), not a Supply Unit,
    Hidden Greif Team or emplaced bridge (2.1bB, 2.3d, 2.4)."""
    u = state.units[unit_id]
    if u.where != "map" or u.dg or not is_combat_unit(content, state, unit_id):
        return False
    return zoc_rules().get("artillery_exerts", False) or not artillery(content, unit_id)


def reaches(content: Content, state: GameState, a: Hex, b: Hex) -> bool:
    """A ZOC reaches the neighbour unless the Major River lies between (bridged or not: SCS)."""
    record = content.map.hexsides.get(Hexside.between(a, b))
    return not (record is not None and MAJOR_RIVER in record.features and not bridge_up(content, state, Hexside.between(a, b)))


def zoc_of(content: Content, state: GameState, side: str) -> set[Hex]:
    """Every hex in the ZOC of ``side``'s units (the hexes they stand in included)."""
    out = set()
    contains = content.map.contains
    for h, ids in state.occupied().items():
        if any(side_of(content, uid) == side and exerts_zoc(content, state, uid) for uid in ids):
            out.add(h)
            out.update(n for n in h.neighbours() if contains(n) and reaches(content, state, h, n))
    return out


def enemy_zoc(content: Content, state: GameState, side: str) -> set[Hex]:
    return zoc_of(content, state, "Allied" if side == "German" else "German")


def ignores_zoc_cost(content: Content, state: GameState, unit_id: str) -> bool:
    """2.1a: the 150 Pz Bde pays no EZOC cost; 2.1bA: nor do Greif Teams."""
    counter = content.counter(unit_id)
    return counter.formation == PANZER_BRIGADE_150 or counter.unit_type == "Greif Team"


def zoc_entry_cost() -> int:
    """Half MPs added to enter an enemy ZOC hex (series.toml, provisional)."""
    return int(zoc_rules()["enter_cost"]) * 2


def unnegated_enemy_zoc(content: Content, state: GameState, side: str) -> set[Hex]:
    """Enemy ZOC hexes not negated by a unit of ``side`` standing in them (supply traces, 2.5, 3.4)."""
    zoc = enemy_zoc(content, state, side)
    if not zoc_rules().get("negated_by_friendly_unit", True):
        return zoc
    friendly = {h for h, ids in state.occupied().items() if any(side_of(content, u) == side for u in ids)}
    return zoc - friendly


def reserve_marked(state: GameState, unit_id: str) -> bool:
    return unit_id in rules_data(state).reserves
