"""What an edit of the map changes, worked out without drawing anything.

Every function returns ``Edits``: for each of the map's tables (``hexes``, ``hexsides``,
``roads``, ``bridges``...) the records to put in place, ``None`` for a record to take
out.  Only records that really change are listed, so an edit that changes nothing
is empty (and leaves no undo entry).  What the user draws is marked ``user``.

Bridges follow the roads: a road link that crosses the Meuse, a river or a stream has
a bridge (3.8), so drawing the link adds one and erasing the link takes it away.
Vector layers are rasterized here through ``ardennes_qt.core.rasterize``, the code the
map generator uses.
"""

from __future__ import annotations

import math
from datetime import date, datetime
from typing import Iterable

from shapely.geometry import LineString, Point, Polygon

from ardennes_qt.core.geometry import HexLayout
from ardennes_qt.core.hexgrid import Direction, Hex, Hexside
from ardennes_qt.core.mapdata import (
    HEX_TERRAIN,
    HEXSIDE_FEATURES,
    ROAD_KINDS,
    Bridge,
    HexRecord,
    HexsideRecord,
    MapData,
    RoadLink,
)
from ardennes_qt.core.rasterize import WATER, MapPlane, hexes_along, hexes_covered, hexside_path, road_links
from ardennes_qt.store.editormodel import POLYGON, VectorLayer

USER = "user"
OPEN = frozenset({"open"})
Edits = dict[str, dict]

PAINT_MODES = ("set", "add", "remove")  # the brush: make the hex exactly this, add it, take it away


def merged(*edits: Edits) -> Edits:
    """Several edits as one, later ones winning for the same record."""
    out: Edits = {}
    for e in edits:
        for table, values in e.items():
            out.setdefault(table, {}).update(values)
    return {table: values for table, values in out.items() if values}


# --- hex terrain ---------------------------------------------------------------------------


def terrain_after(terrain: frozenset[str], chosen: frozenset[str], mode: str) -> frozenset[str]:
    """A hex's terrain after the brush: "open" only stands alone, and nothing is open."""
    if mode == "set":
        result = set(chosen)
    elif mode == "add":
        result = set(terrain) | chosen
    else:
        result = set(terrain) - chosen
    if len(result) > 1:
        result.discard("open")
    return frozenset(result) or OPEN


def paint_terrain(m: MapData, hexes: Iterable[Hex], chosen: frozenset[str], mode: str = "set") -> Edits:
    unknown = chosen - set(HEX_TERRAIN)
    if unknown or mode not in PAINT_MODES:
        raise ValueError(f"cannot paint {', '.join(sorted(unknown)) or mode}")
    out = {}
    for h in hexes:
        if not m.contains(h):
            continue
        before = m.terrain(h)
        after = terrain_after(before, chosen, mode)
        if after != before:  # painting terrain keeps the hex's level
            record = m.hexes.get(h, HexRecord())
            out[h] = HexRecord(after, USER, record.level, record.floors)
    return {"hexes": out} if out else {}


def flood(m: MapData, start: Hex) -> list[Hex]:
    """The hexes joined to ``start`` through hexes of exactly its terrain."""
    if not m.contains(start):
        return []
    wanted = m.terrain(start)
    seen = {start}
    todo = [start]
    while todo:
        h = todo.pop()
        for n in h.neighbours():
            if n not in seen and m.contains(n) and m.terrain(n) == wanted:
                seen.add(n)
                todo.append(n)
    return sorted(seen, key=m.numbering.index)


def hexes_in_polygon(m: MapData, layout: HexLayout, outline: list[tuple[float, float]]) -> list[Hex]:
    """The map hexes whose centres fall inside a drawn outline (a lasso or a rectangle) or on it."""
    if len(outline) < 3:
        return []
    # A centre a pointer's width from the outline counts as on it.
    shape = Polygon(outline).buffer(layout.size * 0.05)
    x0, y0, x1, y1 = shape.bounds
    near = {layout.hex_at(x, y) for x in _steps(x0, x1, layout.size) for y in _steps(y0, y1, layout.size)}
    return sorted((h for h in near if m.contains(h) and shape.covers(Point(layout.centre(h)))), key=m.numbering.index)


def _steps(a: float, b: float, size: float) -> list[float]:
    n = max(1, math.ceil((b - a) / (size * 0.5)))
    return [a + (b - a) * i / n for i in range(n + 1)]


# --- hills: levels, building levels, slopes (ASL) -------------------------------------------

BUILDINGS = frozenset({"stone_building", "wooden_building", "two_story_house"})  # hexes with building levels
STEEPLE = "steeple"  # P5.2: a Location above the building's highest level
LOWEST_LEVEL, HIGHEST_LEVEL = -1, 99  # a stream bed (P4.1) is below 0; the store reads up to 99


def set_level(m: MapData, hexes: Iterable[Hex], level: int) -> Edits:
    """Give hexes a base level, keeping their terrain and building levels."""
    if not LOWEST_LEVEL <= level <= HIGHEST_LEVEL:
        raise ValueError(f"a level is from {LOWEST_LEVEL} to {HIGHEST_LEVEL}, not {level}")
    out = {}
    for h in hexes:
        record = m.hexes.get(h, HexRecord())
        if m.contains(h) and record.level != level:
            out[h] = HexRecord(record.terrain, USER, level, record.floors)
    return {"hexes": out} if out else {}


def is_building(m: MapData, h: Hex) -> bool:
    return not m.terrain(h).isdisjoint(BUILDINGS)


def set_building(m: MapData, hexes: Iterable[Hex], floors: int, steeple: bool) -> Edits:
    """Give building hexes their levels above ground and a steeple or none; other hexes are
    left as they are (a building's levels and its steeple belong to a building)."""
    if not 0 <= floors <= HIGHEST_LEVEL:
        raise ValueError(f"a building has 0 to {HIGHEST_LEVEL} levels above ground, not {floors}")
    out = {}
    for h in hexes:
        if not m.contains(h) or not is_building(m, h):
            continue
        record = m.hexes.get(h, HexRecord())
        terrain = record.terrain | {STEEPLE} if steeple else record.terrain - {STEEPLE}
        if (terrain, floors) != (record.terrain, record.floors):
            out[h] = HexRecord(terrain, USER, record.level, floors)
    return {"hexes": out} if out else {}


def set_slope(m: MapData, sides: Iterable[Hexside], marks: Hex | None) -> Edits:
    """Make hexsides slopes with their hash marks in ``marks`` (which must be one of each
    side's two hexes, on the map), or take the slope away (None); the sides' other features stay."""
    out = {}
    for side in sides:
        if marks is not None and (marks not in side.hexes or not m.contains(marks)):
            raise ValueError("a slope's hash marks are in one of its two hexes, on the map")
        record = m.hexsides.get(side)
        if (record.slope if record else None) == marks:
            continue
        if record is None:
            out[side] = HexsideRecord(frozenset(), "", USER, marks)
        elif record.features or marks is not None:
            out[side] = HexsideRecord(record.features, record.name, USER, marks)
        else:
            out[side] = None
    return {"hexsides": out} if out else {}


# --- hexsides ------------------------------------------------------------------------------


def nearest_side(layout: HexLayout, x: float, y: float) -> Hexside:
    """The hexside whose middle is nearest a point."""
    h = layout.hex_at(x, y)
    return min((Hexside.of(h, d) for d in Direction), key=lambda s: math.dist(layout.side_midpoint(s), (x, y)))


def sides_between(layout: HexLayout, a: tuple[float, float], b: tuple[float, float]) -> list[Hexside]:
    """The hexsides a pointer passes near going from ``a`` to ``b`` (a fast drag skips some)."""
    steps = max(1, math.ceil(math.dist(a, b) / (layout.size * 0.25)))
    out = []
    for i in range(1, steps + 1):
        t = i / steps
        side = nearest_side(layout, a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        if side not in out:
            out.append(side)
    return out


def set_hexside_feature(m: MapData, sides: Iterable[Hexside], feature: str, add: bool, name: str = "") -> Edits:
    """Add or take away a hexside feature (river, stream, Meuse, sea, border) on some hexsides."""
    if feature not in HEXSIDE_FEATURES:
        raise ValueError(f"'{feature}' is not a hexside feature ({', '.join(HEXSIDE_FEATURES)})")
    out = {}
    for side in sides:
        if not any(m.contains(h) for h in side.hexes):
            continue
        record = m.hexsides.get(side)
        features = record.features if record else frozenset()
        if add and feature not in features:
            out[side] = HexsideRecord(features | {feature}, name or (record.name if record else ""), USER,
                                      record.slope if record else None)
        elif not add and feature in features:
            rest = features - {feature}
            out[side] = HexsideRecord(rest, record.name, USER, record.slope) if rest or record.slope else None
    edits = {"hexsides": out} if out else {}
    return merged(edits, _bridges_for(m, edits))


# --- roads and bridges ---------------------------------------------------------------------


def links_along(chain: list[Hex]) -> list[Hexside]:
    """The links joining a chain of hexes, each to the next (hexes that are not adjacent
    are joined along the straight line between them)."""
    out = []
    for a, b in zip(chain, chain[1:]):
        line = a.line_to(b)
        out += [Hexside.between(x, y) for x, y in zip(line, line[1:]) if x != y]
    return list(dict.fromkeys(out))


def set_roads(m: MapData, links: Iterable[Hexside], kind: str, add: bool) -> Edits:
    """Draw (or erase) Road or Track links; bridges come and go with water crossings."""
    if kind not in ROAD_KINDS:
        raise ValueError(f"'{kind}' is not a road kind ({', '.join(ROAD_KINDS)})")
    out = {}
    for side in links:
        if not any(m.contains(h) for h in side.hexes):
            continue
        link = m.roads.get(side)
        if add and (link is None or link.kind != kind):
            out[side] = RoadLink(kind, USER)
        elif not add and link is not None and link.kind == kind:
            out[side] = None
    edits = {"roads": out} if out else {}
    return merged(edits, _bridges_for(m, edits))


def _bridges_for(m: MapData, edits: Edits) -> Edits:
    """Bridges where the edited roads or hexsides now cross water, and none where they no longer do."""
    roads = edits.get("roads", {})
    sides = edits.get("hexsides", {})
    out = {}
    for side in set(roads) | set(sides):
        link = roads[side] if side in roads else m.roads.get(side)
        record = sides[side] if side in sides else m.hexsides.get(side)
        crossing = link is not None and record is not None and not record.features.isdisjoint(WATER)
        if crossing and side not in m.bridges:
            out[side] = Bridge(source=USER)
        elif not crossing and side in m.bridges:
            out[side] = None
    return {"bridges": out} if out else {}


def parse_built(text: str) -> str:
    """A German-built bridge's day as stored (ISO), from "1944-12-20" or "20 Dec 44"; "" for none."""
    text = text.strip()
    if not text:
        return ""
    for fmt in ("%Y-%m-%d", "%d %b %y", "%d %b %Y"):
        try:
            day = datetime.strptime(text, fmt).date()
        except ValueError:
            continue
        if fmt == "%d %b %y" and day.year >= 2000:
            day = day.replace(year=day.year - 100)  # "44" is 1944: the battle, not the future
        return day.isoformat()
    raise ValueError(f"'{text}' is not a day like 20 Dec 44")


def shown_built(iso: str) -> str:
    return date.fromisoformat(iso).strftime("%d %b %y").lstrip("0") if iso else ""


def set_bridge(m: MapData, side: Hexside, built: str, plunger: str) -> Edits:
    """Give the bridge on ``side`` a German-built day and/or a plunger (3.8)."""
    if side not in m.bridges:
        raise ValueError(f"there is no bridge at {' '.join(m.side_ref(side))}: draw a road across water first")
    if plunger and plunger not in m.plungers:
        raise ValueError(f"there is no plunger '{plunger}'")
    bridge = Bridge(parse_built(built), plunger, USER)
    old = m.bridges[side]
    return {} if (old.built, old.plunger) == (bridge.built, bridge.plunger) else {"bridges": {side: bridge}}


def add_plunger(m: MapData, h: Hex) -> Edits:
    """A plunger in hex ``h``, named by its hex as the map's plungers are."""
    name = m.hex_id(h)
    return {} if name in m.plungers else {"plungers": {name: h}}


def remove_plunger(m: MapData, name: str) -> Edits:
    """Take a plunger away, and with it its claim on the bridges it governed."""
    bridges = {s: Bridge(b.built, "", USER) for s, b in m.bridges.items() if b.plunger == name}
    return merged({"plungers": {name: None}}, {"bridges": bridges})


# --- vector layers -------------------------------------------------------------------------


def layer_features(shape: str) -> tuple[str, ...]:
    """What a shape can become: a polygon hex terrain; a polyline also hexsides and roads."""
    if shape == POLYGON:
        return tuple(t for t in HEX_TERRAIN if t != "open")
    return HEXSIDE_FEATURES + ROAD_KINDS + tuple(t for t in HEX_TERRAIN if t != "open")


def rasterize(plane: MapPlane, m: MapData, layer: VectorLayer) -> list[str]:
    """The hexes (ids) or hexsides ("hex DIR") a layer covers, in order."""
    if not layer.visible or len(layer.points) < 2 or (layer.shape == POLYGON and len(layer.points) < 3):
        return []
    if layer.shape == POLYGON:
        hexes = hexes_covered(plane, Polygon(layer.points).buffer(0), layer.share)
        return [m.hex_id(h) for h in hexes]
    line = LineString(layer.points)
    if layer.feature in HEXSIDE_FEATURES:
        return [" ".join(m.side_ref(s)) for s in hexside_path(plane, line)]
    if layer.feature in ROAD_KINDS:
        water = [s for s, r in m.hexsides.items() if not r.features.isdisjoint(WATER)]
        return [" ".join(m.side_ref(s)) for s in road_links(plane, line, water)]
    return [m.hex_id(h) for h in hexes_along(plane, line)]


def layer_edits(plane: MapPlane, m: MapData, old: VectorLayer | None, new: VectorLayer | None) -> tuple[Edits, tuple]:
    """The map edits that replace what ``old`` wrote with what ``new`` covers, and ``new``'s output."""
    was = old.output if old is not None else ()
    now = tuple(rasterize(plane, m, new)) if new is not None else ()
    feature_old = old.feature if old is not None else ""
    feature_new = new.feature if new is not None else ""
    gone = [k for k in was if k not in now or feature_old != feature_new]
    came = [k for k in now if k not in was or feature_old != feature_new]
    edits = _unwrite(m, feature_old, gone)
    edits = merged(edits, _write(_applied(m, edits), feature_new, came, new.label if new is not None else ""))
    return changes_only(m, edits), now


def changes_only(m: MapData, edits: Edits) -> Edits:
    """``edits`` without the records they would leave as they are."""
    out = {}
    for name, values in edits.items():
        table = getattr(m, name)
        kept = {k: v for k, v in values.items() if table.get(k) != v}
        if kept:
            out[name] = kept
    return out


def _keys(m: MapData, feature: str, keys: list[str]):
    if feature in HEXSIDE_FEATURES or feature in ROAD_KINDS:
        return [m.side_from_ref(*k.split()) for k in keys]
    return [m.parse(k) for k in keys]


def _unwrite(m: MapData, feature: str, keys: list[str]) -> Edits:
    if not keys:
        return {}
    targets = _keys(m, feature, keys)
    if feature in HEXSIDE_FEATURES:
        return set_hexside_feature(m, targets, feature, add=False)
    if feature in ROAD_KINDS:
        return set_roads(m, targets, feature, add=False)
    return paint_terrain(m, targets, frozenset({feature}), "remove")


def _write(m: MapData, feature: str, keys: list[str], label: str) -> Edits:
    if not keys:
        return {}
    targets = _keys(m, feature, keys)
    if feature in HEXSIDE_FEATURES:
        return set_hexside_feature(m, targets, feature, add=True, name=label)
    if feature in ROAD_KINDS:
        return set_roads(m, targets, feature, add=True)
    return paint_terrain(m, targets, frozenset({feature}), "add")


def _applied(m: MapData, edits: Edits) -> MapData:
    """The map as it would be with ``edits``, leaving ``m`` as it is (for edits built on edits)."""
    if not edits:
        return m
    view = MapData(m.id, m.title, m.numbering, m.source)
    for name in ("hexes", "hexsides", "roads", "bridges", "plungers", "places", "entry_areas", "friendly_edges"):
        table = dict(getattr(m, name))
        for key, value in edits.get(name, {}).items():
            if value is None:
                table.pop(key, None)
            else:
                table[key] = value
        setattr(view, name, table)
    return view
