"""The Ardennes 1944 tables combat reads (``tables/*.toml``): the CRT (7.6) with its bold and red
cells, the attack types (7.3), the Status table (1.4), the Terrain Effects Chart (0.2), the
support markers (1.6, 14), the C3I and SNAFU tables (9.5).

Every table is read through ``table(name)``: the game's own set of tables in use (a house rule
the content carries replaces the shipped file); what is worked out from them is kept per set.
"""

from __future__ import annotations

from pathlib import Path

from ardennes_qt.core.tableset import SystemTables
from ardennes_qt.rules.common.crt import CombatTable

TABLES = Path(__file__).with_name("tables")
TABLE_SET = SystemTables("vv1944", TABLES)
table_cache = TABLE_SET.cached
PROVISIONAL = "provisional"


def table(name: str) -> dict:
    """A rule table as data: the house rule in play for it, or the shipped one."""
    return TABLE_SET.table(name)


@table_cache
def combat_table() -> CombatTable:
    """The Combat Results Table (7.6): columns 1:4 .. 8:1+, rows the modified roll 0 .. 8."""
    return CombatTable.from_data(table("crt"))


@table_cache
def bold_cells() -> dict[tuple[int, str], str]:
    """The Breakthrough cells (7.8) as (row, column) -> source: "printed" for the Q&A's 6:1 roll 3,
    "provisional" for the cells the lost formatting leaves to a reading (crt.toml [bold])."""
    return {(int(c["roll"]), str(c["column"])): str(c.get("source", PROVISIONAL)) for c in table("crt")["bold"]["cells"]}


@table_cache
def red_cells() -> dict[tuple[int, str, str], str]:
    """The red cells (7.6: the side must lose a step before retreating) as (row, column, side) ->
    source, side "attacker" or "defender"; crt.toml [red] (none known: provisional)."""
    out = {}
    for c in table("crt")["red"]["cells"]:
        for side in c.get("sides", ("attacker", "defender")):
            out[(int(c["roll"]), str(c["column"]), str(side))] = str(c.get("source", PROVISIONAL))
    return out


def crt_reading(part: str) -> tuple[str, str] | None:
    """(what is chosen, why) for a part of the CRT whose formatting the text lost ("bold", "red")
    or for the starred end rows ("starred"); None when the part is printed."""
    data = table("crt")
    if part == "starred":
        reading = data.get("starred_reading", {})
        return (str(reading.get("source")), str(reading.get("reason", ""))) if reading.get("source") == PROVISIONAL else None
    section = data[part]
    if section.get("source") != PROVISIONAL:
        return None
    return str(section.get("chosen", "")), f"the CRT's {part} formatting is lost in the rules' text (crt.toml [{part}])"


def attack_type(kind: str) -> dict:
    """One attack type of table 7.3 ("normal" or "prepared")."""
    types = table("attack_types")
    if kind not in types or not isinstance(types[kind], dict):
        raise ValueError(f"'{kind}' is not an attack type (normal or prepared, 7.3)")
    return types[kind]


def status_row(status: str) -> dict:
    """One row of the Status table (1.4)."""
    return table("status")[status]


def terrain_chart() -> dict:
    """The Terrain Effects Chart (0.2): [hex.*], [road], [hexside.*]."""
    return table("terrain")


def marker(kind: str) -> dict:
    """One HQ support marker (1.6.1, 1.6.2) by its support.toml name (nebelwerfer, tank ...)."""
    markers = table("support")["marker"]
    if kind not in markers:
        raise ValueError(f"'{kind}' is not a support marker ({', '.join(markers)})")
    return markers[kind]


def air_support() -> dict:
    """Air support (14.2-14.3): one column a marker, at most two a combat."""
    return table("support")["air"]
