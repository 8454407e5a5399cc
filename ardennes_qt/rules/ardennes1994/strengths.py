"""Ground-combat strengths, unit by unit, with every modifier and its reason (checklist items
34, 46; 1.10E, 1.11a, 1.14, TEC), and who may attack or defend at all.

Attack is the value showing on the counter (1.4: unchanged after the first flip), x1/4 out of
supply (1.14) and x1/2 across a River or bridge hexside (TEC); DG units, Reserve units and
artillery do not attack (1.11a, 1.8b, 1.10E), and nobody attacks across the Major River.
Defense is the value showing, x1/2 DG (1.11a), x1/2 out of supply (1.14); artillery defends
at 1 (1.10E, its counter shows it).  Supply Units, Hidden Greif Teams and emplaced bridges
take no part (2.4, 2.1bB, 2.3d).  Fractions are kept; only the odds are rounded.
"""

from __future__ import annotations

from fractions import Fraction

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex, Hexside
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes1994.battle import series_rule
from ardennes_qt.rules.ardennes1994.situation import (
    artillery,
    current_values,
    greif,
    is_combat_unit,
    rules_data,
    side_of,
)
from ardennes_qt.rules.ardennes1994.tables import terrain_chart
from ardennes_qt.rules.ardennes1994.terrain import MAJOR_RIVER, RIVER, bridge_up, german_bridges
from ardennes_qt.rules.scs.odds import Strength

OUT_OF_SUPPLY = "out_of_supply"  # the unit status the Supply Phase sets (1.14)
HALF, QUARTER = Fraction(1, 2), Fraction(1, 4)


def _applied(unit_id: str, h: Hex, printed: int, modifiers: list[tuple[Fraction, str, str]]) -> Strength:
    value = Fraction(printed)
    for factor, _, _ in modifiers:
        value *= factor
    return Strength(unit_id, h, printed, value, tuple(modifiers))


def out_of_supply(content: Content, state: GameState, unit_id: str) -> bool:
    """1.14: marked out of supply in the Supply Phase; Greif Teams never are (2.1bE)."""
    return state.units[unit_id].has(OUT_OF_SUPPLY) and not greif(content, unit_id)


def hexside_factor(content: Content, state: GameState, a: Hex, b: Hex) -> tuple[Fraction, str] | None:
    """TEC: attackers across a River hexside are halved, bridged or not ("Bridges: Attackers
    x1/2"; German-built bridges likewise); None when nothing lies between the hexes."""
    side = Hexside.between(a, b)
    record = content.map.hexsides.get(side)
    features = record.features if record is not None else frozenset()
    if not features & {RIVER, MAJOR_RIVER}:
        return None
    chart = terrain_chart().hexsides
    if bridge_up(content, state, side):
        return Fraction(chart["bridge"].attack_factor), "across a bridge"
    if side in german_bridges(content, state):
        return Fraction(chart["german_bridge"].attack_factor), "across a German-built bridge"
    if MAJOR_RIVER in features:
        return None  # no attack at all (major_river_between)
    return Fraction(chart["river"].attack_factor), "across a River hexside"


def major_river_between(content: Content, state: GameState, a: Hex, b: Hex) -> bool:
    """TEC: "Major River ... Cannot attack across" - unless a bridge stands on it (read: a
    bridged Major River hexside is a Bridge hexside, attackers x1/2)."""
    side = Hexside.between(a, b)
    record = content.map.hexsides.get(side)
    if record is None or MAJOR_RIVER not in record.features:
        return False
    return not bridge_up(content, state, side) and side not in german_bridges(content, state)


def attack_strength(content: Content, state: GameState, unit_id: str, from_hex: Hex, target: Hex) -> Strength:
    """A unit's attack on ``target`` from ``from_hex`` with its modifiers (1.14, TEC)."""
    mods: list[tuple[Fraction, str, str]] = []
    if out_of_supply(content, state, unit_id):
        mods.append((QUARTER, "out of supply", "1.14"))
    across = hexside_factor(content, state, from_hex, target)
    if across is not None:
        mods.append((across[0], across[1], "TEC"))
    return _applied(unit_id, from_hex, current_values(content, state, unit_id).attack or 0, mods)


def defense_strength(content: Content, state: GameState, unit_id: str) -> Strength:
    """A defending unit's strength with its modifiers (1.10E, 1.11a, 1.14)."""
    mods: list[tuple[Fraction, str, str]] = []
    if state.units[unit_id].dg:
        mods.append((HALF, "DG", "1.11a"))
    if out_of_supply(content, state, unit_id):
        mods.append((HALF, "out of supply", "1.14"))
    return _applied(unit_id, state.units[unit_id].hex, current_values(content, state, unit_id).defense, mods)


def defenders_in(content: Content, state: GameState, h: Hex) -> tuple[str, ...]:
    """The units that defend ``h``: its combat units (not Supply Units, Hidden Greif Teams or
    emplaced bridges, 2.4, 2.1bB, 2.3d)."""
    return tuple(u for u in state.units_at(h) if is_combat_unit(content, state, u))


def cannot_attack(content: Content, state: GameState, unit_id: str, from_hex: Hex, target: Hex) -> tuple[str, str] | None:
    """Why a unit may not attack ``target`` from ``from_hex`` - (reason, rule) - or None."""
    name = content.counter(unit_id).name
    u = state.units[unit_id]
    if u.where != "map":
        return f"{name} is not on the map", "1.2"
    if not is_combat_unit(content, state, unit_id):
        return f"{name} takes no part in ground combat (Supply Unit, Hidden Greif Team or emplaced bridge)", "2.4, 2.1bB, 2.3d"
    if artillery(content, unit_id):
        return f"{name} is artillery: its strength of 1 is for defense only", "1.10E"
    if not current_values(content, state, unit_id).attack:
        return f"{name} has no attack strength", "1.4"
    if u.dg:
        return f"{name} is DG and cannot attack", "1.11a"
    if unit_id in rules_data(state).reserves:
        return f"{name} is in Reserve and cannot attack", "1.8b"
    if from_hex.distance(target) != 1:
        return f"{name} is not next to {content.map.hex_id(target)}", series_rule("attacks")
    if major_river_between(content, state, from_hex, target):
        return f"{name} cannot attack across the Major River", "TEC"
    return None


def defending_side(content: Content, state: GameState, h: Hex) -> str:
    """The side whose combat units hold ``h``; "" if none do."""
    ids = defenders_in(content, state, h)
    return side_of(content, ids[0]) if ids else ""
