"""Ardennes 1944 tables, read from the data files beside this module (``tables/``): the game's
own set (``core.tableset``), where a house rule the content carries replaces a shipped file."""

from __future__ import annotations

from pathlib import Path

from ardennes_qt.core.tableset import SystemTables

TABLES = Path(__file__).with_name("tables")
TABLE_SET = SystemTables("vv1944", TABLES)
table_cache = TABLE_SET.cached


def table(name: str) -> dict:
    """A rule table as data: the house rule in play for it, or the shipped one."""
    return TABLE_SET.table(name)


def doctrine(side: str) -> dict:
    """A side's doctrine (9.2, 9.3): command range and general activation size."""
    return table("doctrine")[side]
