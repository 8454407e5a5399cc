"""The Kampfgruppe Peiper tables, read from the data files beside this module (``tables/``): the
line-of-sight table and the Refit Phase tables, as one game's set so that house rules replace them."""

from __future__ import annotations

from pathlib import Path

from ardennes_qt.core.tableset import SystemTables

TABLES = Path(__file__).with_name("tables")
TABLE_SET = SystemTables("asl_kgp", TABLES)
