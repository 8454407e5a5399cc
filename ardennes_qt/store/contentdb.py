"""Content in SQLite: the map, formations, counters and scenario as tables.

The same tables sit in a built content database, in every saved game (so a save
opens even if the shipped content changes later) and in the editor's files.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Direction, Hexside
from ardennes_qt.core.mapdata import Bridge, EntryArea, HexRecord, HexsideRecord, MapData, Place, RoadLink
from ardennes_qt.core.numbering import numbering_from_text
from ardennes_qt.core.scenario import Arrival, Bounds, Placement, Scenario
from ardennes_qt.core.units import Counter, Formation, Values
from ardennes_qt.store.countertext import parse_sides, sides_text
from ardennes_qt.store.contentcheck import check_rows
from ardennes_qt.store.errors import ContentError

if TYPE_CHECKING:  # the readers take a store.sqlite_rows.RowReader as well
    import sqlite_utils

_SIDE = {"hex": str, "dir": str}
# table -> (columns, primary key)
SCHEMA: dict[str, tuple[dict[str, type], str | tuple[str, ...]]] = {
    "map_hexes": ({"hex": str, "terrain": str, "source": str, "level": int, "floors": int}, "hex"),
    "map_hexsides": ({**_SIDE, "features": str, "name": str, "source": str, "slope": str}, ("hex", "dir")),
    "map_roads": ({**_SIDE, "kind": str, "source": str}, ("hex", "dir")),
    "map_bridges": ({**_SIDE, "built": str, "plunger": str, "source": str}, ("hex", "dir")),
    "map_plungers": ({"id": str, "hex": str}, "id"),
    "map_places": ({"hex": str, "name": str, "vp": int, "source": str}, "hex"),
    "map_entry_areas": ({"letter": str, "side": str, "hexes": str, "source": str}, "letter"),
    "map_edges": ({"edge": str, "side": str}, "edge"),
    "formations": (
        {"code": str, "name": str, "side": str, "nationality": str, "colour": str, "colour_source": str, "independent": int},
        "code",
    ),
    "counters": (
        {
            "id": str,
            "side": str,
            "nationality": str,
            "formation": str,
            "designation": str,
            "unit_type": str,
            "full": str,
            "reduced": str,
            "steps": int,
            "ma_type": str,
            "exploit": int,
            "provenance": str,
            "notes": str,
            "sides": str,
        },
        "id",
    ),
    # A game's own values of its counters and formations (its schema's ``unit_columns``), one
    # row a value: ``unit`` "counter" or "formation", its id, the value's name and the value
    # as JSON.  Names starting "@" are what a game's formations and counters have beside the
    # SCS fields: "@name" (a counter's printed name), "@level", "@parent", "@provenance" (a
    # formation's sources).  The SCS games have no rows.
    "unit_values": ({"unit": str, "id": str, "name": str, "value": str}, ("unit", "id", "name")),
    "placements": (
        {"seq": int, "counter": str, "hex": str, "within": int, "dg": int, "step_loss": int, "note": str},
        "seq",
    ),
    "arrivals": (
        {
            "seq": int,
            "turn": int,
            "side": str,
            "counters": str,
            "areas": str,
            "hexes": str,
            "within": int,
            "edge": str,
            "remove": int,
            "roll": int,
            "step_loss": str,
            "dg": str,
            "note": str,
        },
        "seq",
    ),
}
CONTENT_TABLES = tuple(SCHEMA)
# Content tables a file of an older format may lack (its migration step adds them empty).
EXTENSION_TABLES = ("unit_values",)


def map_levels_step(conn) -> None:
    """A step of a file format from before maps had levels: every hex at level 0 with no building
    levels above ground, no hexside a slope (the columns they have since)."""
    for table, column, kind in (("map_hexes", "level", "INTEGER NOT NULL DEFAULT 0"),
                                ("map_hexes", "floors", "INTEGER NOT NULL DEFAULT 0"),
                                ("map_hexsides", "slope", "TEXT NOT NULL DEFAULT ''")):
        columns = [row[1] for row in conn.execute(f'PRAGMA table_info("{table}")')]
        if columns and column not in columns:  # a file may say it is older than it is
            conn.execute(f'ALTER TABLE "{table}" ADD COLUMN "{column}" {kind}')


def set_meta(db: sqlite_utils.Database, values: dict[str, str]) -> None:
    db["meta"].upsert_all(({"key": k, "value": v} for k, v in values.items()), pk="key")


def get_meta(db: sqlite_utils.Database) -> dict[str, str]:
    if "meta" not in db.table_names():
        return {}
    return {row["key"]: row["value"] for row in db["meta"].rows}


def create_tables(db: sqlite_utils.Database, tables) -> None:
    """(Re)create the named content tables, empty."""
    existing = set(db.table_names())
    for table in tables:
        columns, pk = SCHEMA[table]
        if table in existing:
            db[table].drop()
        db[table].create(columns, pk=pk)


def write_content(db: sqlite_utils.Database, content: Content) -> None:
    """Write every content table (replacing what was there) in the caller's transaction."""
    create_tables(db, CONTENT_TABLES)
    write_map_tables(db, content.map)
    write_unit_tables(db, content.formations, content.counters)
    _write_scenario(db, content)


def write_map_tables(db: sqlite_utils.Database, m: MapData) -> None:
    hid = m.hex_id
    set_meta(
        db,
        {
            "map_id": m.id,
            "map_title": m.title,
            "map_numbering": m.numbering.to_text(),
            "map_source": m.source,
            "map_notes": json.dumps(m.notes),
        },
    )
    db["map_hexes"].insert_all(
        ({"hex": hid(h), "terrain": " ".join(sorted(r.terrain)), "source": r.source, "level": r.level,
          "floors": r.floors} for h, r in m.hexes.items())
    )
    db["map_hexsides"].insert_all(
        (
            dict(zip(("hex", "dir"), m.side_ref(s)), features=" ".join(sorted(r.features)), name=r.name, source=r.source,
                 slope=hid(r.slope) if r.slope is not None else "")
            for s, r in m.hexsides.items()
        )
    )
    db["map_roads"].insert_all(
        (dict(zip(("hex", "dir"), m.side_ref(s)), kind=r.kind, source=r.source) for s, r in m.roads.items())
    )
    db["map_bridges"].insert_all(
        (
            dict(zip(("hex", "dir"), m.side_ref(s)), built=b.built, plunger=b.plunger, source=b.source)
            for s, b in m.bridges.items()
        )
    )
    db["map_plungers"].insert_all(({"id": k, "hex": hid(h)} for k, h in m.plungers.items()))
    db["map_places"].insert_all(
        ({"hex": hid(h), "name": p.name, "vp": p.vp, "source": p.source} for h, p in m.places.items())
    )
    db["map_entry_areas"].insert_all(
        (
            {"letter": a.letter, "side": a.side, "hexes": " ".join(sorted(hid(h) for h in a.hexes)), "source": a.source}
            for a in m.entry_areas.values()
        )
    )
    db["map_edges"].insert_all(({"edge": e, "side": s} for e, s in m.friendly_edges.items()))


def write_unit_tables(db: sqlite_utils.Database, formations: dict[str, Formation], counters: dict[str, Counter]) -> None:
    db["formations"].insert_all(
        (
            {
                "code": f.code,
                "name": f.name,
                "side": f.side,
                "nationality": f.nationality,
                "colour": f.colour,
                "colour_source": f.colour_source,
                "independent": int(f.independent),
            }
            for f in formations.values()
        )
    )
    db["counters"].insert_all(
        (
            {
                "id": c.id,
                "side": c.side,
                "nationality": c.nationality,
                "formation": c.formation,
                "designation": c.designation,
                "unit_type": c.unit_type,
                "full": str(c.full) if c.full is not None else "",
                "reduced": str(c.reduced) if c.reduced else "",
                "steps": c.steps,
                "ma_type": c.ma_type,
                "exploit": int(c.exploit),
                "provenance": json.dumps(c.provenance, sort_keys=True),
                "notes": c.notes,
                "sides": sides_text(c.sides),
            }
            for c in counters.values()
        )
    )
    db["unit_values"].insert_all(unit_value_rows(formations, counters))


def unit_value_rows(formations: dict[str, Formation], counters: dict[str, Counter]):
    """The rows of ``unit_values``: what a game's formations and counters carry of their own."""
    for f in formations.values():
        kept = {"@level": f.level, "@parent": f.parent, "@provenance": f.provenance if f.values or f.level else {}}
        for name, value in {**{k: v for k, v in kept.items() if v}, **f.values}.items():
            yield {"unit": "formation", "id": f.code, "name": name, "value": json.dumps(value)}
    for c in counters.values():
        for name, value in {**({"@name": c.printed_name} if c.printed_name else {}), **c.values}.items():
            yield {"unit": "counter", "id": c.id, "name": name, "value": json.dumps(value)}


def _unit_values(db: sqlite_utils.Database, unit: str) -> dict[str, dict[str, object]]:
    out: dict[str, dict[str, object]] = {}
    for row in db["unit_values"].rows:
        if row["unit"] == unit:
            out.setdefault(row["id"], {})[row["name"]] = json.loads(row["value"])
    return out


def scenario_header(s: Scenario, hid) -> dict:
    """Everything of a scenario but its set-up and arrivals, as JSON-ready values."""
    return {
        "system": s.system,
        "id": s.id,
        "title": s.title,
        "first_turn": s.first_turn,
        "last_turn": s.last_turn,
        "dates": {str(k): v for k, v in s.dates.items()},
        "maps": list(s.maps),
        "bounds": [b.__dict__ for b in s.bounds],
        "dead": list(s.dead),
        "blown_bridges": [hid(h) for h in s.blown_bridges],
        "initial_control": {hid(h): side for h, side in s.initial_control.items()},
        "vp_overrides": {hid(h): vp for h, vp in s.vp_overrides.items()},
        "options": s.options,
        "text": s.text,
        "notes": s.notes,
        **({"extras": s.extras} if s.extras else {}),
    }


def placement_row(seq: int, p: Placement, hid) -> dict:
    return {
        "seq": seq,
        "counter": p.counter,
        "hex": hid(p.hex),
        "within": p.within,
        "dg": int(p.dg),
        "step_loss": int(p.step_loss),
        "note": p.note,
    }


def arrival_row(seq: int, a: Arrival, hid) -> dict:
    return {
        "seq": seq,
        "turn": a.turn,
        "side": a.side,
        "counters": json.dumps(list(a.counters)),
        "areas": " ".join(a.areas),
        "hexes": " ".join(hid(h) for h in a.hexes),
        "within": a.within,
        "edge": a.edge,
        "remove": int(a.remove),
        "roll": a.roll,
        "step_loss": " ".join(a.step_loss),
        "dg": " ".join(a.dg),
        "note": a.note,
    }


def _write_scenario(db: sqlite_utils.Database, content: Content) -> None:
    s = content.scenario
    hid = content.map.hex_id
    set_meta(db, {"scenario": json.dumps(scenario_header(s, hid), sort_keys=True)})
    db["placements"].insert_all(placement_row(i, p, hid) for i, p in enumerate(s.placements))
    db["arrivals"].insert_all(arrival_row(i, a, hid) for i, a in enumerate(s.arrivals))


# --- reading ---------------------------------------------------------------------------


def read_content(db: sqlite_utils.Database, origin: str = "file") -> Content:
    meta = get_meta(db)
    missing = [t for t in CONTENT_TABLES if t not in db.table_names()]
    if missing or "scenario" not in meta or "map_numbering" not in meta:
        raise ContentError(f"the content tables are incomplete (missing: {', '.join(missing) or 'scenario header'})", origin)
    check_rows(db, CONTENT_TABLES, origin)
    try:
        m = read_map_tables(db, meta)
        formations = read_formation_table(db)
        counters = read_counter_table(db)
        scenario = _read_scenario(db, meta, m)
    except (KeyError, ValueError, TypeError, json.JSONDecodeError) as exc:
        raise ContentError(f"the content tables hold a value that cannot be read ({exc})", origin) from None
    return Content(m, formations, counters, scenario)


def read_map_tables(db: sqlite_utils.Database, meta: dict[str, str]) -> MapData:
    m = MapData(
        meta["map_id"],
        meta["map_title"],
        numbering_from_text(meta["map_numbering"]),
        meta.get("map_source", "representative"),
        notes=json.loads(meta.get("map_notes", "[]")),
    )
    # The records are values, and a map repeats a few of them thousands of times (a woods
    # hex, a road link): each is made once and shared, as the same value read again.  The
    # thousands of rows come as plain tuples of the columns read (not as dicts).
    parse, side = m.parse, _side_reader(m)
    hexes = Shared(lambda terrain, source, level, floors: HexRecord(frozenset(terrain.split()), source, int(level or 0),
                                                                    int(floors or 0)))
    for hex_id, terrain, source, level, floors in db.execute("SELECT hex, terrain, source, level, floors FROM map_hexes"):
        m.hexes[parse(hex_id)] = hexes(terrain, source, level, floors)
    sides = Shared(lambda features, name, source, slope: HexsideRecord(frozenset(features.split()), name or "", source,
                                                                       parse(slope) if slope else None))
    for hex_id, direction, features, name, source, slope in db.execute(
            "SELECT hex, dir, features, name, source, slope FROM map_hexsides"):
        m.hexsides[side(hex_id, direction)] = sides(features, name, source, slope)
    links = Shared(RoadLink)
    for hex_id, direction, kind, source in db.execute("SELECT hex, dir, kind, source FROM map_roads"):
        m.roads[side(hex_id, direction)] = links(kind, source)
    for row in db["map_bridges"].rows:
        m.bridges[m.side_from_ref(row["hex"], row["dir"])] = Bridge(row["built"] or "", row["plunger"] or "", row["source"])
    for row in db["map_plungers"].rows:
        m.plungers[row["id"]] = m.parse(row["hex"])
    for row in db["map_places"].rows:
        m.places[m.parse(row["hex"])] = Place(row["name"], int(row["vp"] or 0), row["source"])
    for row in db["map_entry_areas"].rows:
        hexes = frozenset(m.parse(h) for h in row["hexes"].split())
        m.entry_areas[row["letter"]] = EntryArea(row["letter"], row["side"], hexes, row["source"])
    for row in db["map_edges"].rows:
        m.friendly_edges[row["edge"]] = row["side"]
    return m


def _side_reader(m: MapData):
    """``m.side_from_ref`` for a map's thousands of hexsides: the directions as written
    looked up at once; any other spelling (or an error) goes through ``side_from_ref``."""
    written = {d.name: d for d in Direction}  # as ``side_ref`` writes them
    parse, of = m.parse, Hexside.of

    def side(hex_id: str, direction: str) -> Hexside:
        d = written.get(direction)
        return of(parse(hex_id), d) if d is not None else m.side_from_ref(hex_id, direction)

    return side


class Shared:
    """Records made from a table's values, one per distinct set of values."""

    def __init__(self, make) -> None:
        self.make = make
        self.made: dict[tuple, object] = {}

    def __call__(self, *values):
        record = self.made.get(values)
        if record is None:
            record = self.made[values] = self.make(*values)
        return record


def read_formation_table(db: sqlite_utils.Database) -> dict[str, Formation]:
    own = _unit_values(db, "formation")
    out = {}
    for row in db["formations"].rows:
        values = dict(own.get(row["code"], {}))
        level, parent, provenance = values.pop("@level", ""), values.pop("@parent", ""), values.pop("@provenance", {})
        out[row["code"]] = Formation(
            row["code"],
            row["name"],
            row["side"],
            row["nationality"],
            row["colour"],
            row["colour_source"],
            bool(row["independent"]),
            level=str(level),
            parent=str(parent),
            values={k: v for k, v in values.items() if not k.startswith("@")},
            provenance={str(k): str(v) for k, v in provenance.items()},
        )
    return out


def read_counter_table(db: sqlite_utils.Database) -> dict[str, Counter]:
    own = _unit_values(db, "counter")
    out = {}
    for row in db["counters"].rows:
        values = dict(own.get(row["id"], {}))
        printed_name = str(values.pop("@name", ""))
        out[row["id"]] = Counter(
            id=row["id"],
            side=row["side"],
            nationality=row["nationality"],
            formation=row["formation"],
            designation=row["designation"],
            unit_type=row["unit_type"],
            full=Values.parse(row["full"]) if row["full"] or not values else None,
            reduced=Values.parse(row["reduced"]) if row["reduced"] else None,
            steps=int(row["steps"]),
            ma_type=row["ma_type"],
            exploit=bool(row["exploit"]),
            provenance=json.loads(row["provenance"] or "{}"),
            notes=row["notes"] or "",
            sides=parse_sides(row.get("sides") or ""),
            values={k: v for k, v in values.items() if not k.startswith("@")},
            printed_name=printed_name,
        )
    return out


def scenario_from_header(h: dict, parse) -> Scenario:
    """A scenario without set-up or arrivals, from ``scenario_header``'s values."""
    return Scenario(
        system=h["system"],
        id=h["id"],
        title=h["title"],
        first_turn=int(h["first_turn"]),
        last_turn=int(h["last_turn"]),
        dates={int(k): v for k, v in h.get("dates", {}).items()},
        maps=tuple(h.get("maps", ())),
        bounds=tuple(Bounds(**b) for b in h.get("bounds", ())),
        dead=tuple(h.get("dead", ())),
        blown_bridges=tuple(parse(x) for x in h.get("blown_bridges", ())),
        initial_control={parse(k): v for k, v in h.get("initial_control", {}).items()},
        vp_overrides={parse(k): int(v) for k, v in h.get("vp_overrides", {}).items()},
        options=h.get("options", {}),
        text=h.get("text", {}),
        notes=h.get("notes", []),
        extras=h.get("extras", {}),
    )


def placement_from_row(row: dict, parse) -> Placement:
    return Placement(
        row["counter"], parse(row["hex"]), int(row["within"]), bool(row["dg"]), bool(row["step_loss"]), row["note"] or ""
    )


def arrival_from_row(row: dict, parse) -> Arrival:
    return Arrival(
        turn=int(row["turn"]),
        side=row["side"],
        counters=tuple(json.loads(row["counters"])),
        areas=tuple(row["areas"].split()),
        hexes=tuple(parse(h) for h in row["hexes"].split()),
        within=int(row["within"]),
        edge=row["edge"] or "",
        remove=bool(row["remove"]),
        roll=int(row["roll"]),
        step_loss=tuple(row["step_loss"].split()),
        dg=tuple(row["dg"].split()),
        note=row["note"] or "",
    )


def _read_scenario(db: sqlite_utils.Database, meta: dict[str, str], m: MapData) -> Scenario:
    scenario = scenario_from_header(json.loads(meta["scenario"]), m.parse)
    scenario.placements = [placement_from_row(row, m.parse) for row in db["placements"].rows_where(order_by="seq")]
    scenario.arrivals = [arrival_from_row(row, m.parse) for row in db["arrivals"].rows_where(order_by="seq")]
    return scenario
