"""The Ardennes II tables, read from the data files beside this module.

Movement costs are kept in half MPs (a Mech unit pays 1/2 MP per Road hex, TEC), so
every cost and allowance is a whole number.  ``None`` stands for Prohibited (P).

Every table is read through ``table(name)``: the game's own set of tables
(``core.tableset``), in which a house rule the content carries replaces the shipped
``tables/<name>.toml``; what is worked out from the tables (``table_cache``) is kept
per set, so games with and without house rules never see each other's.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ardennes_qt.core.tableset import SystemTables

TABLES = Path(__file__).with_name("tables")
MA_TYPES = ("leg", "mech")
OTHER_TERRAIN = "ot"

TABLE_SET = SystemTables("ardennes2", TABLES)
table_cache = TABLE_SET.cached


def shipped_table(name: str) -> dict:
    """``tables/<name>.toml`` as shipped."""
    return TABLE_SET.shipped.table(name)


def shipped_table_names() -> list[str]:
    return TABLE_SET.shipped.names()


def table(name: str) -> dict:
    """A rule table as data: the house rule in play for it, or the shipped one."""
    return TABLE_SET.table(name)


def _half_mps(value) -> int | None | str:
    if value == "P":
        return None
    if value == OTHER_TERRAIN:
        return OTHER_TERRAIN
    return round(float(value) * 2)


@dataclass(frozen=True)
class HexTerrain:
    name: str
    cost: dict[str, int | None | str]  # half MPs by MA type, None = P, "ot" = other terrain
    shift: int
    shift_only_for: str
    barrage_half: tuple[int, int] | None
    barrage_full: tuple[int, int] | None


@dataclass(frozen=True)
class HexsideTerrain:
    name: str
    cost: dict[str, int | None]  # half MPs added to cross, None = P
    shift: int


@dataclass(frozen=True)
class TerrainChart:
    hexes: dict[str, HexTerrain]
    hexsides: dict[str, HexsideTerrain]
    roads: dict[str, dict[str, int]]  # road kind -> MA type -> half MPs
    other: dict[str, int]  # half MPs: enemy_zoc_bond, moving_adjacently, barrage costs


def _range(value) -> tuple[int, int] | None:
    return (int(value[0]), int(value[1])) if value else None


@table_cache
def terrain_chart() -> TerrainChart:
    data = table("terrain")
    hexes = {
        name: HexTerrain(
            name,
            {ma: _half_mps(row[ma]) for ma in MA_TYPES},
            int(row.get("shift", 0)),
            row.get("shift_only_for", ""),
            _range(row.get("barrage_half")),
            _range(row.get("barrage_full")),
        )
        for name, row in data["hex"].items()
    }
    hexsides = {
        name: HexsideTerrain(name, {ma: _half_mps(row[ma]) for ma in MA_TYPES}, int(row.get("shift", 0)))
        for name, row in data["hexside"].items()
    }
    roads = {kind: {ma: _half_mps(row[ma]) for ma in MA_TYPES} for kind, row in data["road"].items()}
    other = {key: int(value) * 2 for key, value in data["other"].items()}
    return TerrainChart(hexes, hexsides, roads, other)


@dataclass(frozen=True)
class CombatTable:
    columns: tuple[str, ...]
    rows: dict[int, tuple[str, ...]]  # two-dice total -> result per column

    def result(self, column: str, dice: int) -> str:
        return self.rows[dice][self.columns.index(column)]


@table_cache
def combat_table() -> CombatTable:
    data = table("crt")
    columns = tuple(data["columns"])
    rows = {int(k): tuple(v) for k, v in data["rows"].items()}
    for total, results in rows.items():
        if len(results) != len(columns):
            raise ValueError(f"crt.toml: row {total} has {len(results)} results for {len(columns)} columns")
    return CombatTable(columns, rows)
