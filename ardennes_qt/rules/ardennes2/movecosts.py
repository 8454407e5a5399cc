"""What one step of movement costs on the map itself, with its reasons (TEC; 1.3; 3.8).

Checklist items 2-6 and 30: the TEC cost by MA type (Leg/Mech), several terrain types
in a hex (the single greatest cost, 1.3a), hexside costs, Roads and Tracks, the road
across an unbridged River or Stream (1.3), and Prohibited terrain.  What the units on the
board add (enemy units, ZOC Bonds, barrage markers, traffic jams) is ``movecontext``'s.

Costs are half MPs, so a Mech unit's 1/2 MP per Road hex is a whole number.  Each cost
comes with its items ``(half MPs, reason, rule)``; a Prohibited step has a refusal
``(reason, rule)`` instead.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping, NamedTuple

from ardennes_qt.core.hexgrid import Hex, Hexside
from ardennes_qt.core.mapdata import MapData
from ardennes_qt.rules.ardennes2.terrain import hex_entry_cost, hexside_crossing_cost
from ardennes_qt.rules.ardennes2.tables import table_cache, terrain_chart

# Hexside features a road needs a bridge to cross (1.3; the National Border needs none).
BRIDGED_FEATURES = frozenset({"meuse", "river", "stream", "sea"})

_NAMES = {"meuse": "Meuse River", "sea": "Sea Line", "border": "National Border", "traffic_jam": "Traffic Jam"}

Item = tuple[int, str, str]
# No bridge down: every bridge carries its road.
ALL_BRIDGES_UP: Mapping[Hexside, tuple[str, str]] = MappingProxyType({})


class StepCost(NamedTuple):
    """Half MPs of one step (None: Prohibited), its items, and why it is refused if it is."""

    half: int | None
    items: tuple[Item, ...] = ()
    refusal: tuple[str, str] | None = None


def terrain_name(name: str) -> str:
    """The TEC's own name for a terrain or hexside feature."""
    return _NAMES.get(name, name.replace("_", " ").title())


@table_cache
def hex_cost(terrain: frozenset[str], ma_type: str) -> tuple[int | None, str]:
    """1.3a: the single hex terrain with the greatest cost (half MPs; None = P)."""
    return hex_entry_cost(terrain, ma_type)


@table_cache
def side_cost(features: frozenset[str], ma_type: str) -> tuple[int | None, str]:
    """TEC hexside terrain: half MPs added to cross (None = P)."""
    return hexside_crossing_cost(features, ma_type)


def road_rate(kind: str, ma_type: str) -> int:
    """TEC: Road 1 Leg / 1/2 Mech, Track 1 Leg / 2 Mech (half MPs)."""
    return terrain_chart().roads[kind][ma_type]


def near_side_kind(game_map: MapData, near: Hex, side: Hexside, printed: str) -> str:
    """3.8: crossing a bridge, use the road on the near side (Gemünd B22.15/B23.16: a Road
    going West, a Track going East).  The near side's road is its other road links' kind
    when they agree; a hex whose only road is the bridge's keeps the bridge's kind."""
    kinds = {kind for direction, kind in game_map.roads_of(near).items() if Hexside.of(near, direction) != side}
    return kinds.pop() if len(kinds) == 1 else printed


def terrain_step(
    game_map: MapData, a: Hex, b: Hex, ma_type: str, down: Mapping[Hexside, tuple[str, str]] = ALL_BRIDGES_UP
) -> StepCost:
    """The cost for a unit of ``ma_type`` to move from ``a`` into the adjacent ``b``.

    ``down`` holds the bridges that carry no road now (not yet built, or Blown) with the
    reason and rule; see ``bridges.py``.
    """
    side = Hexside.between(a, b)
    record = game_map.hexsides.get(side)
    features = record.features if record else frozenset()
    link = game_map.roads.get(side)
    water = features & BRIDGED_FEATURES
    note: tuple[Item, ...] = ()
    if link is not None:
        kind_name = "Road" if link.kind == "road" else "Track"
        if not water:
            # 1.3a exception: following a road ignores the other terrain and hexsides.
            return StepCost(road_rate(link.kind, ma_type), ((road_rate(link.kind, ma_type), kind_name, "TEC; 1.3a"),))
        if side in game_map.bridges and side not in down:
            kind = near_side_kind(game_map, a, side, link.kind)
            rate = road_rate(kind, ma_type)
            label = "Road" if kind == "road" else "Track"
            return StepCost(rate, ((rate, f"{label} over the bridge", "1.3a; 3.8"),))
        if side in down:
            note = ((0, *down[side]),)
        water = water_name(features, record)
        if not (side in game_map.bridges and game_map.bridges[side].built):
            # 1.3: the road across an unbridged River or Stream - the hexside cost, then the
            # far hex's non-road cost; the road does not negate a Prohibited far hex.
            note += ((0, f"{kind_name} crosses the {water} without a bridge", "1.3"),)
    return _cross_country(game_map, side, b, features, record, ma_type, note)


def _cross_country(game_map, side, b, features, record, ma_type, note) -> StepCost:
    crossing, feature = side_cost(features, ma_type)
    if crossing is None:
        return StepCost(None, note, (f"{water_name(features, record, feature)} hexside is Prohibited", "TEC"))
    entering, terrain = hex_cost(game_map.terrain(b), ma_type)
    if entering is None:
        return StepCost(None, note, (f"{terrain_name(terrain)} is Prohibited", "TEC"))
    items = note
    if crossing:
        items += ((crossing, water_name(features, record, feature), "TEC"),)
    items += ((entering, terrain_name(terrain), "TEC; 1.3a"),)
    return StepCost(crossing + entering, items)


def water_name(features, record, feature: str = "") -> str:
    """A hexside's water (or ``feature``) as the TEC names it, with its own name: "River (Ourthe)"."""
    if not feature:
        feature = next((f for f in ("meuse", "sea", "river", "stream") if f in features), "border")
    name = terrain_name(feature)
    return f"{name} ({record.name})" if record is not None and record.name and record.name not in name else name
