"""The Ardennes (1994) tables, read from the data files beside this module (``tables/``).

Every table is read through ``table(name)``: the game's own set of tables
(``core.tableset``), where a house rule the content carries replaces the shipped file;
what is worked out from them (``table_cache``) is kept per set.  Movement costs are kept in
half MPs (roads cost 1/2 MP, TEC), so every cost is a whole number; ``None`` stands for
Prohibited (P).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ardennes_qt.core.tableset import SystemTables

TABLES = Path(__file__).with_name("tables")
MECH = "mech"
OTHER = "other"
CLASSES = (MECH, OTHER)

TABLE_SET = SystemTables("ardennes1994", TABLES)
table_cache = TABLE_SET.cached


def table(name: str) -> dict:
    """A rule table as data: the house rule in play for it, or the shipped one."""
    return TABLE_SET.table(name)


def half_mps(value) -> int | None:
    """A TEC cost in half MPs; None for Prohibited."""
    return None if value == "P" else round(float(value) * 2)


@dataclass(frozen=True)
class HexTerrain:
    name: str
    cost: dict[str, int | None]  # half MPs by movement class
    shift: int  # columns left for the attacker (cumulative)
    armor_effect: bool


@dataclass(frozen=True)
class Hexside:
    name: str
    cost: dict[str, int | None]  # half MPs added to cross
    attack_factor: float  # attackers across it are multiplied by this
    no_attack: bool


@dataclass(frozen=True)
class TerrainChart:
    hexes: dict[str, HexTerrain]
    hexsides: dict[str, Hexside]
    roads: dict[str, dict[str, int]]  # road kind -> class -> half MPs
    supply_road: dict[str, int]  # road kind -> half MPs for supply units and supply traces (TEC **)
    stacked_road: int  # half MPs (1.5a)
    traffic_jam_turns: tuple[int, ...]  # 1.5b


@table_cache
def terrain_chart() -> TerrainChart:
    data = table("terrain")
    hexes = {
        name: HexTerrain(name, {c: half_mps(row[c]) for c in CLASSES}, int(row.get("shift", 0)), bool(row.get("armor_effect")))
        for name, row in data["hex"].items()
    }
    hexsides = {
        name: Hexside(name, {c: half_mps(row[c]) for c in CLASSES}, float(row.get("attack_factor", 1)), bool(row.get("no_attack")))
        for name, row in data["hexside"].items()
    }
    roads = {kind: {c: half_mps(row[c]) for c in CLASSES} for kind, row in data["road"].items()}
    supply = {kind: half_mps(row.get("supply", row[MECH])) for kind, row in data["road"].items()}
    other = data["other"]
    return TerrainChart(hexes, hexsides, roads, supply, half_mps(other["stacked_road"]),
                        tuple(int(t) for t in other["traffic_jam_turns"]))


def provisional_reason(name: str, section: str | None = None) -> str:
    """Why a provisional table (or one of its sections) says what it says; "" if it is printed."""
    data = table(name)
    part = data.get(section, {}) if section else data
    if isinstance(part, dict) and part.get("provisional"):
        return " ".join(str(part.get("reason", "")).split())
    return ""
