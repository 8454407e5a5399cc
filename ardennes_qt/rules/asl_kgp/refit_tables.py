"""Reading the Kampfgruppe Peiper Refit Phase tables (``tables/*.toml``, rules 8.51-8.625).

Only what reading the data needs: loading a file, finding the row of a die table for a Final roll,
and the CPP replenishment arithmetic of 8.616/8.6162.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

TABLES = Path(__file__).with_name("tables")
FILES = ("escape", "shift", "leaders", "equipment", "ammunition", "weather", "purchase",
         "initiative", "campaigns", "rg_charts", "campaign_game")


def load(name: str) -> dict:
    """The parsed TOML of ``tables/<name>.toml``."""
    with open(TABLES / f"{name}.toml", "rb") as f:
        return tomllib.load(f)


def row_for(table: dict, final: int) -> dict:
    """The row of a die table holding a Final roll, open ends (<= / >=) included."""
    for row in table["rows"]:
        low = row.get("low")
        high = row.get("high")
        if (row.get("open_low") or final >= low) and (row.get("open_high") or final <= high):
            return row
    raise ValueError(f"{final} is outside the printed range of {table.get('title', table['rule'])}")


def cpp_replenished(base: int, dr: int, halved: bool = False) -> int:
    """8.616: CPP Base # minus a Secret DR (halved, FRD, under the 8.31 balance)."""
    return base - (dr // 2 if halved else dr)


def cpp_total(base: int, dr: int, left: int, halved: bool = False) -> int:
    """8.6162: the preceding CG Date's "Left" plus this CG Date's "Repl"."""
    return left + cpp_replenished(base, dr, halved)
