"""The editor's file (``.ardmod``): a module in SQLite.

The map, formations and counters sit in the content tables of contentdb.py (the same
tables a saved game holds), beside what the editor adds: several scenarios, the main
Orders of Arrival, vector layers, the backdrop image as a blob, house-rule tables, the
provenance of values without a field of their own, and the text files the module was
read from.  ``meta`` holds the format, the schema version and the rule system.

Saving builds a complete new file next to the target and renames it over the old one,
so the file on disk is always the old module or the whole new one; the recovery copy
kept edit by edit is editorautosave.py's.  Files of an older schema are migrated in
memory when read (the file itself is left as it was until it is saved).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from ardennes_qt.core.content import Content
from ardennes_qt.store.atomic import write_sqlite_atomic
from ardennes_qt.store.contentdb import (
    SCHEMA,
    arrival_from_row,
    arrival_row,
    create_tables,
    get_meta,
    map_levels_step,
    placement_from_row,
    placement_row,
    read_counter_table,
    read_formation_table,
    read_map_tables,
    scenario_from_header,
    scenario_header,
    set_meta,
    write_map_tables,
    write_unit_tables,
)
from ardennes_qt.store.countertext import SeedFormation
from ardennes_qt.store.editormodel import FORMAT, Backdrop, Module, VectorLayer
from ardennes_qt.store.contentcheck import check_rows
from ardennes_qt.store.errors import ContentError, NotASaveFile, reading
from ardennes_qt.store.migrations import FileFormat, add_unit_values
from ardennes_qt.store.modulecheck import check_module
from ardennes_qt.store.sqlitefile import open_for_reading
from ardennes_qt.store.sqlite_rows import RowReader

if TYPE_CHECKING:
    import sqlite_utils

SCHEMA_VERSION = 3
# Upgrades of an older file (migrations.py): a change to the tables below takes the
# version up and adds the step from the one before.  Release 0.1 wrote version 1; version 2
# has the table of a game's own counter and formation values; version 3 gives the map's hexes
# levels and its hexsides slopes.


def _module_2(conn: sqlite3.Connection) -> None:
    """1 -> 2: the content table of a game's own counter and formation values, empty."""
    add_unit_values(conn)


FILE_FORMAT = FileFormat(FORMAT, "module", current=SCHEMA_VERSION, oldest=1, steps={1: _module_2, 2: map_levels_step})

MAP_TABLES = ("map_hexes", "map_hexsides", "map_roads", "map_bridges", "map_plungers", "map_places",
              "map_entry_areas", "map_edges")
_ARRIVAL_COLUMNS = {k: v for k, v in SCHEMA["arrivals"][0].items() if k != "seq"}
_PLACEMENT_COLUMNS = {k: v for k, v in SCHEMA["placements"][0].items() if k != "seq"}
EDITOR_SCHEMA: dict[str, tuple[dict[str, type], str | tuple[str, ...]]] = {
    "formation_aliases": ({"code": str, "aliases": str}, "code"),
    "scenarios": ({"seq": int, "id": str, "header": str}, "id"),
    "scenario_placements": ({"scenario": str, "seq": int, **_PLACEMENT_COLUMNS}, ("scenario", "seq")),
    "scenario_arrivals": ({"scenario": str, "seq": int, **_ARRIVAL_COLUMNS}, ("scenario", "seq")),
    "ooa": ({"seq": int, **_ARRIVAL_COLUMNS}, "seq"),
    "vector_layers": (
        {"seq": int, "name": str, "shape": str, "feature": str, "points": str, "share": float, "label": str,
         "visible": int, "output": str},
        "name",
    ),
    "backdrop": (
        {"key": str, "name": str, "data": bytes, "width": int, "height": int, "calibration": str, "opacity": float,
         "visible": int},
        "key",
    ),
    "house_rules": ({"scope": str, "table_name": str, "text": str}, ("scope", "table_name")),
    "provenance": ({"item": str, "source": str}, "item"),
    "sources": ({"path": str, "text": str}, "path"),
}


# --- writing -------------------------------------------------------------------------------


def write_module(path: Path, module: Module) -> None:
    """Write the whole module atomically: the file is the old one or the complete new one."""
    write_sqlite_atomic(path, lambda db: _write_all(db, module))


def _write_all(db: sqlite_utils.Database, module: Module) -> None:
    set_meta(db, {"format": FORMAT, "schema": str(SCHEMA_VERSION), "system": module.system})
    create_tables(db, MAP_TABLES + ("formations", "counters", "unit_values"))
    for table, (columns, pk) in EDITOR_SCHEMA.items():
        if table in db.table_names():
            db[table].drop()
        db[table].create(columns, pk=pk)
    write_map_tables(db, module.map)
    for write in dict.fromkeys(TABLE_WRITERS.values()):
        write(db, module)


def _write_units(db: sqlite_utils.Database, module: Module) -> None:
    db["formations"].delete_where()
    db["counters"].delete_where()
    db["unit_values"].delete_where()
    db["formation_aliases"].delete_where()
    write_unit_tables(db, module.formations, module.counters)
    db["formation_aliases"].insert_all(
        {"code": f.code, "aliases": "|".join(f.aliases)} for f in module.formations.values() if getattr(f, "aliases", ())
    )


def _write_scenarios(db: sqlite_utils.Database, module: Module) -> None:
    hid = module.map.hex_id
    for table in ("scenarios", "scenario_placements", "scenario_arrivals"):
        db[table].delete_where()
    for seq, (sid, s) in enumerate(module.scenarios.items()):
        db["scenarios"].insert({"seq": seq, "id": sid, "header": json.dumps(scenario_header(s, hid), sort_keys=True)})
        db["scenario_placements"].insert_all({"scenario": sid, **placement_row(i, p, hid)} for i, p in enumerate(s.placements))
        db["scenario_arrivals"].insert_all({"scenario": sid, **arrival_row(i, a, hid)} for i, a in enumerate(s.arrivals))


def _write_ooa(db: sqlite_utils.Database, module: Module) -> None:
    db["ooa"].delete_where()
    db["ooa"].insert_all(arrival_row(i, a, module.map.hex_id) for i, a in enumerate(module.ooa))
    set_meta(db, {"ooa_notes": json.dumps(list(module.ooa_notes))})


def _write_layers(db: sqlite_utils.Database, module: Module) -> None:
    db["vector_layers"].delete_where()
    db["vector_layers"].insert_all(
        {
            "seq": i,
            "name": layer.name,
            "shape": layer.shape,
            "feature": layer.feature,
            "points": json.dumps([list(p) for p in layer.points]),
            "share": layer.share,
            "label": layer.label,
            "visible": int(layer.visible),
            "output": json.dumps(list(layer.output)),
        }
        for i, layer in enumerate(module.layers.values())
    )


def _write_backdrop(db: sqlite_utils.Database, module: Module) -> None:
    db["backdrop"].delete_where()
    db["backdrop"].insert_all(
        {
            "key": key,
            "name": b.name,
            "data": b.data,
            "width": b.width,
            "height": b.height,
            "calibration": json.dumps([list(c) for c in b.calibration]),
            "opacity": b.opacity,
            "visible": int(b.visible),
        }
        for key, b in module.backdrop.items()
    )


def _write_house_rules(db: sqlite_utils.Database, module: Module) -> None:
    db["house_rules"].delete_where()
    db["house_rules"].insert_all(
        {"scope": scope, "table_name": table, "text": text} for (scope, table), text in module.house_rules.items()
    )


def _write_provenance(db: sqlite_utils.Database, module: Module) -> None:
    db["provenance"].delete_where()
    db["provenance"].insert_all({"item": k, "source": v} for k, v in module.provenance.items())


def _write_sources(db: sqlite_utils.Database, module: Module) -> None:
    db["sources"].delete_where()
    db["sources"].insert_all({"path": k, "text": v} for k, v in module.sources.items())


def _write_map_info(db: sqlite_utils.Database, module: Module) -> None:
    m = module.map
    set_meta(db, {"map_id": m.id, "map_title": m.title, "map_source": m.source, "map_notes": json.dumps(m.notes)})


# The module's tables other than the map's records, as the editor names them, and how
# each is written whole.
TABLE_WRITERS: dict[str, Callable[[sqlite_utils.Database, Module], None]] = {
    "map_info": _write_map_info,
    "formations": _write_units,
    "counters": _write_units,
    "scenarios": _write_scenarios,
    "ooa": _write_ooa,
    "layers": _write_layers,
    "backdrop": _write_backdrop,
    "house_rules": _write_house_rules,
    "provenance": _write_provenance,
    "sources": _write_sources,
}


# --- reading -------------------------------------------------------------------------------


def is_module_file(path: Path) -> bool:
    """Whether ``path`` is an editor file (and not, say, a saved game)."""
    try:
        conn = open_for_reading(Path(path), Path(path).name, "an ardennes-qt module")
    except ContentError:
        return False
    try:
        return get_meta(RowReader(conn)).get("format") == FORMAT
    except sqlite3.DatabaseError:
        return False
    finally:
        conn.close()


def read_module(path: Path) -> Module:
    """Read a module, or raise NotASaveFile / ContentError with a message for the user,
    whatever the file holds (``errors.reading``).

    The file is opened read-only (a write to it cut short by a crash finished first, see
    sqlitefile.py); an older schema is migrated in a copy in memory.
    """
    path = Path(path)
    name = path.name
    with reading(name, "the module"):
        conn = open_for_reading(path, name, "an ardennes-qt module")
        try:
            import sqlite_utils  # loaded when a module is opened, not with the table

            meta = get_meta(RowReader(conn))
            if meta.get("format") != FORMAT:
                raise NotASaveFile("this database is not an ardennes-qt module", name)
            current = FILE_FORMAT.opened(conn, meta.get("schema"), name)
            try:
                module = _read_all(sqlite_utils.Database(current), name)
            finally:
                if current is not conn:
                    current.close()
        finally:
            conn.close()
        check_module(module, name)
        return module


def _read_all(db: sqlite_utils.Database, name: str) -> Module:
    meta = get_meta(db)
    tables = MAP_TABLES + ("formations", "counters", "unit_values", *EDITOR_SCHEMA)
    missing = [t for t in tables if t not in db.table_names()]
    if missing:
        raise ContentError(f"the module lacks the table(s) {', '.join(missing)}", name)
    check_rows(db, tables, name)
    m = read_map_tables(db, meta)
    aliases = {row["code"]: tuple(row["aliases"].split("|")) for row in db["formation_aliases"].rows}
    formations = {
        code: SeedFormation(**f.__dict__, aliases=aliases.get(code, ())) for code, f in read_formation_table(db).items()
    }
    scenarios = {}
    for row in db["scenarios"].rows_where(order_by="seq"):
        s = scenario_from_header(json.loads(row["header"]), m.parse)
        where = "scenario = ?"
        s.placements = [placement_from_row(r, m.parse)
                        for r in db["scenario_placements"].rows_where(where, [row["id"]], order_by="seq")]
        s.arrivals = [arrival_from_row(r, m.parse)
                      for r in db["scenario_arrivals"].rows_where(where, [row["id"]], order_by="seq")]
        scenarios[row["id"]] = s
    layers = {
        row["name"]: VectorLayer(
            name=row["name"],
            shape=row["shape"],
            feature=row["feature"],
            points=tuple(tuple(p) for p in json.loads(row["points"])),
            share=float(row["share"]),
            label=row["label"] or "",
            visible=bool(row["visible"]),
            output=tuple(json.loads(row["output"])),
        )
        for row in db["vector_layers"].rows_where(order_by="seq")
    }
    backdrop = {
        row["key"]: Backdrop(
            name=row["name"],
            data=bytes(row["data"]),
            width=int(row["width"]),
            height=int(row["height"]),
            calibration=tuple((float(x), float(y), str(h)) for x, y, h in json.loads(row["calibration"])),
            opacity=float(row["opacity"]),
            visible=bool(row["visible"]),
        )
        for row in db["backdrop"].rows
    }
    return Module(
        system=meta["system"],
        map=m,
        formations=formations,
        counters=read_counter_table(db),
        scenarios=scenarios,
        ooa=tuple(arrival_from_row(r, m.parse) for r in db["ooa"].rows_where(order_by="seq")),
        ooa_notes=tuple(json.loads(meta.get("ooa_notes", "[]"))),
        layers=layers,
        backdrop=backdrop,
        house_rules={(r["scope"], r["table_name"]): r["text"] for r in db["house_rules"].rows},
        provenance={r["item"]: r["source"] for r in db["provenance"].rows},
        sources={r["path"]: r["text"] for r in db["sources"].rows},
    )


def play_content(path: Path, scenario_id: str | None = None) -> Content:
    """A scenario of a module file as the table plays it (the module's first scenario if
    none is named), with the module's house rules; ContentError with a message otherwise."""
    module = read_module(path)
    name = Path(path).name
    if not module.scenarios:
        raise ContentError("the module has no scenario to play", name)
    scenario_id = scenario_id or next(iter(module.scenarios))
    if scenario_id not in module.scenarios:
        raise ContentError(f"the module has no scenario '{scenario_id}' (it has {', '.join(module.scenarios)})", name)
    return module.play_content(scenario_id)
