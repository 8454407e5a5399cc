"""The recovery copy of a module, kept current edit by edit.

``ModuleAutosave`` writes the whole module once, then each ``sync`` rewrites only what
changed, in one transaction: a map record at a time for the map's tables (a brush
stroke touches a few rows), whole tables for the rest (none of them is large).  The
file is an ordinary module file (editorfile.py): after a crash it opens as one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

import sqlite_utils

from ardennes_qt.core.hexgrid import Hex, Hexside
from ardennes_qt.core.mapdata import MapData
from ardennes_qt.store.contentdb import SCHEMA, get_meta, set_meta
from ardennes_qt.store.editorfile import TABLE_WRITERS, write_module
from ardennes_qt.store.editormodel import Module
from ardennes_qt.store.errors import ContentError, reading
from ardennes_qt.store.sqlite_rows import RowReader
from ardennes_qt.store.sqlitefile import open_for_reading, remove_database


def _side_pk(m: MapData, side: Hexside) -> dict:
    hex_id, direction = m.side_ref(side)
    return {"hex": hex_id, "dir": direction}


def _map_row(m: MapData, table: str, key):
    """The row of one map record, or None when the record is gone."""
    store = getattr(m, table)
    record = store.get(key)
    if record is None:
        return None
    if table == "hexes":
        return {"hex": m.hex_id(key), "terrain": " ".join(sorted(record.terrain)), "source": record.source,
                "level": record.level, "floors": record.floors}
    if table == "hexsides":
        return {**_side_pk(m, key), "features": " ".join(sorted(record.features)), "name": record.name,
                "source": record.source, "slope": m.hex_id(record.slope) if record.slope is not None else ""}
    if table == "roads":
        return {**_side_pk(m, key), "kind": record.kind, "source": record.source}
    if table == "bridges":
        return {**_side_pk(m, key), "built": record.built, "plunger": record.plunger, "source": record.source}
    if table == "plungers":
        return {"id": key, "hex": m.hex_id(record)}
    if table == "places":
        return {"hex": m.hex_id(key), "name": record.name, "vp": record.vp, "source": record.source}
    if table == "entry_areas":
        hexes = " ".join(sorted(m.hex_id(h) for h in record.hexes))
        return {"letter": record.letter, "side": record.side, "hexes": hexes, "source": record.source}
    return {"edge": key, "side": record}  # friendly_edges


def _map_pk(m: MapData, table: str, key) -> list:
    if isinstance(key, Hexside):
        return list(m.side_ref(key))
    if isinstance(key, Hex):
        return [m.hex_id(key)]
    return [key]


# MapData attribute -> SQLite table, for the tables synced record by record.
MAP_KEYED = {
    "hexes": "map_hexes",
    "hexsides": "map_hexsides",
    "roads": "map_roads",
    "bridges": "map_bridges",
    "plungers": "map_plungers",
    "places": "map_places",
    "entry_areas": "map_entry_areas",
    "friendly_edges": "map_edges",
}


def _sync_map_records(db: sqlite_utils.Database, m: MapData, table: str, keys: Iterable) -> None:
    sql_table = db[MAP_KEYED[table]]
    for key in keys:
        row = _map_row(m, table, key)
        if row is None:
            try:
                sql_table.delete(_map_pk(m, table, key))
            except sqlite_utils.db.NotFoundError:
                pass
        else:
            sql_table.upsert(row, pk=SCHEMA[MAP_KEYED[table]][1])




RECOVERY_OF = "recovery_of"


def recovery_of(path: Path) -> str | None:
    """The module file a recovery copy recovers ("" for a module never saved); None when the
    copy cannot be read or does not say (one written before copies said it)."""
    try:
        with reading(Path(path).name):
            conn = open_for_reading(Path(path), Path(path).name, "an ardennes-qt module")
            try:
                value = get_meta(RowReader(conn)).get(RECOVERY_OF)
            finally:
                conn.close()
    except ContentError:
        return None
    return value if isinstance(value, str) else None


class ModuleAutosave:
    """A recovery copy of the module kept current edit by edit.

    ``sync`` takes what changed since the last sync, by table: for map tables the keys
    of the records that changed, for the rest ``None`` (the table is rewritten; none of
    them is large).  Each sync is one transaction.
    """

    def __init__(self, path: Path, module: Module, of: Path | None = None) -> None:
        """``of``: the module file the copy recovers (None: a module never saved), kept in its
        meta so that a start after a crash can offer it back whatever module it opens."""
        self.path = Path(path)
        write_module(self.path, module)
        self.db = sqlite_utils.Database(self.path)
        with self.db.atomic():
            set_meta(self.db, {RECOVERY_OF: str(Path(of).resolve()) if of else ""})

    def sync(self, module: Module, changed: dict[str, set | None]) -> None:
        with self.db.atomic():
            for table, keys in changed.items():
                if table in MAP_KEYED and keys is None:
                    self.db[MAP_KEYED[table]].delete_where()
                    keys = getattr(module.map, table)
                if table in MAP_KEYED:
                    _sync_map_records(self.db, module.map, table, keys)
                else:
                    TABLE_WRITERS[table](self.db, module)

    def close(self) -> None:
        self.db.close()

    def discard(self) -> None:
        self.close()
        remove_database(self.path)
