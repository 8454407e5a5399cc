"""What the ground costs and does (TEC; checklist items 2-7, 23): each hex's terrain for
movement and combat, roads and their rates, river hexsides and bridges (blown, intact or
German-built), Map Traffic Jams, and the stacked-road cost.

Costs are in half MPs (TEC road rate 1/2 MP); ``None`` is Prohibited.  Every cost comes
with its reason and rule, so a path can say why each step costs what it does.
"""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Direction, Hex, Hexside
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes1994.estimates import BRIDGE
from ardennes_qt.rules.ardennes1994.situation import engineer, greif, mode, rules_data, side_of, supply_unit
from ardennes_qt.rules.ardennes1994.tables import MECH, OTHER, terrain_chart

MAJOR_RIVER = "meuse"
RIVER = "river"
TRAFFIC_JAM = "traffic_jam"
EASTERN_ZONE = "eastern_zone"
PROTECTIVE = ("forest", "village", "city")


def hex_kind(terrain: frozenset[str]) -> str:
    """The TEC row of a hex: City, Forest & Village, Forest, Village or Open."""
    if "city" in terrain:
        return "city"
    if "forest" in terrain and "village" in terrain:
        return "forest_village"
    if "forest" in terrain:
        return "forest"
    if "village" in terrain:
        return "village"
    return "open"


def movement_class(content: Content, unit_id: str) -> str:
    """1.6: Mech or Other column of the TEC."""
    return MECH if content.counter(unit_id).ma_type == "mech" else OTHER


def hex_entry_cost(content: Content, h: Hex, cls: str) -> tuple[int | None, str]:
    """The TEC cost to enter ``h`` off-road, with its reason."""
    kind = hex_kind(content.map.terrain(h))
    row = terrain_chart().hexes[kind]
    return row.cost[cls], f"{row.name.replace('_', ' & ').title()} ({'Mech' if cls == MECH else 'Other'}) (TEC)"


def road_between(content: Content, a: Hex, b: Hex) -> str | None:
    """The kind of road joining two neighbouring hexes, if any ("primary", "secondary")."""
    link = content.map.roads.get(Hexside.between(a, b))
    return link.kind if link is not None else None


def traffic_jammed(content: Content, state: GameState, h: Hex) -> bool:
    """1.5b: the roads of a Map Traffic Jam hex are negated on Turns 1 and 2."""
    return TRAFFIC_JAM in content.map.terrain(h) and state.turn in terrain_chart().traffic_jam_turns


def german_bridges(content: Content, state: GameState) -> set[Hexside]:
    """2.3: an engineer on its Bridge side bridges every river hexside of its hex."""
    out = set()
    for uid, u in state.units.items():
        if u.where == "map" and engineer(content, uid) and mode(content, state, uid) == BRIDGE:
            for direction in Direction:
                side = Hexside.of(u.hex, direction)
                record = content.map.hexsides.get(side)
                if record is not None and record.features & {RIVER, MAJOR_RIVER}:
                    out.add(side)
    return out


def bridge_up(content: Content, state: GameState, side: Hexside) -> bool:
    """A map bridge on the hexside that has not been blown (3.1)."""
    return side in content.map.bridges and side not in rules_data(state).blown


def crossing_cost(content: Content, state: GameState, a: Hex, b: Hex, cls: str,
                  built: set[Hexside] | None = None) -> tuple[int | None, str]:
    """What crossing the hexside between ``a`` and ``b`` adds: a River +8/+3, the Major River
    Prohibited, an intact bridge +0, a German-built bridge +1 (TEC, 2.3b)."""
    side = Hexside.between(a, b)
    record = content.map.hexsides.get(side)
    features = record.features if record is not None else frozenset()
    if not features & {RIVER, MAJOR_RIVER}:
        return 0, ""
    chart = terrain_chart().hexsides
    if bridge_up(content, state, side):
        return chart["bridge"].cost[cls], "Bridge (+0, TEC)"
    if side in (built if built is not None else german_bridges(content, state)):
        return chart["german_bridge"].cost[cls], "German-built bridge (+1, TEC, 2.3b)"
    if MAJOR_RIVER in features:
        return None, "Major River: Prohibited (TEC)"
    row = chart["river"]
    return row.cost[cls], f"River (+{row.cost[cls] // 2 if row.cost[cls] else 0}, TEC)"


def stacked(content: Content, state: GameState, h: Hex, side: str, mover: str = "") -> bool:
    """1.5a: ``h`` holds other friendly units that count (not Greif Teams, not dumps)."""
    return any(uid != mover and side_of(content, uid) == side and not greif(content, uid)
               for uid in state.units_at(h))


def step_cost(content: Content, state: GameState, unit_id: str, a: Hex, b: Hex, *, supply_trace: bool = False,
              built: set[Hexside] | None = None, cls: str | None = None, side: str = "") -> tuple[int | None, list[tuple[int, str, str]]]:
    """Half MPs to go from ``a`` into the neighbouring ``b``, with (half MPs, reason, rule) for
    each part.  ``supply_trace``: counted as a supply trace (secondary roads cost 1, TEC **);
    ``unit_id`` may be "" for a trace, given ``cls`` and ``side``."""
    cls = cls or movement_class(content, unit_id)
    side = side or side_of(content, unit_id)
    is_greif = bool(unit_id) and greif(content, unit_id)
    parts: list[tuple[int, str, str]] = []
    road = road_between(content, a, b)
    jammed_road = ""
    if road is not None and not is_greif and (traffic_jammed(content, state, a) or traffic_jammed(content, state, b)):
        road, jammed_road = None, road
    crossing, why = crossing_cost(content, state, a, b, cls, built)
    if crossing is None:
        return None, [(0, why, "TEC")]
    if road is not None and (crossing == 0 or bridge_up(content, state, Hexside.between(a, b))):
        chart = terrain_chart()
        slow = supply_trace or (bool(unit_id) and supply_unit(content, unit_id))
        rate = chart.supply_road[road] if slow else chart.roads[road][cls]
        parts.append((rate, f"{road.capitalize()} Road", "TEC" + (" **" if slow and rate != chart.roads[road][cls] else "")))
        if crossing:
            parts.append((crossing, why, "TEC"))
        if stacked(content, state, b, side, unit_id) and not is_greif:
            parts.append((chart.stacked_road, "road into a hex holding friendly units", "1.5a"))
        return sum(p[0] for p in parts), parts
    cost, why_hex = hex_entry_cost(content, b, cls)
    if cost is None:
        return None, [(0, why_hex, "TEC")]
    parts.append((cost, why_hex, "TEC"))
    if jammed_road:
        parts.append((0, "Map Traffic Jam: its road is negated on Turns 1-2", "1.5b"))
        chart = terrain_chart()
        by_road = chart.roads[jammed_road][cls] + chart.stacked_road
        if stacked(content, state, b, side, unit_id) and by_road > cost:
            # 1.5a and 1.5b are never both applied: the one that hinders more
            parts.append((by_road - cost, "the stacked-road cost hinders more than the Traffic Jam", "1.5a, 1.5b"))
    if crossing:
        parts.append((crossing, why, "TEC"))
    return sum(p[0] for p in parts), parts
