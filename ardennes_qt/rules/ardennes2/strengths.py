"""Combat strengths, unit by unit, with every modifier and its reason (3.2 step 3).

Attack and defense are the values showing on the counter (full or reduced, 1.2), halved
for DG (3.4) and halved or quartered by enemy Full barrage markers in the unit's own hex
(3.5).  Fractions are kept (series.toml, odds).  Artillery defends with its printed
defense and has no attack (designer's notes, Artillery).
"""

from __future__ import annotations

from fractions import Fraction

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex, Hexside
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.bridges import road_cut
from ardennes_qt.rules.ardennes2.markers import barrage_strength_factor
from ardennes_qt.rules.ardennes2.movecosts import water_name
from ardennes_qt.rules.ardennes2.situation import current_values, side_of
from ardennes_qt.rules.ardennes2.terrain import hex_entry_cost, hexside_crossing_cost
from ardennes_qt.rules.scs.odds import Strength

HALF = Fraction(1, 2)


def _modified(content: Content, state: GameState, unit_id: str, h: Hex, printed: int) -> Strength:
    modifiers: list[tuple[Fraction, str, str]] = []
    if state.units[unit_id].dg:
        modifiers.append((HALF, "DG", "3.4"))  # 3.4 DG Effects: attack and defend x1/2
    factor, reason = barrage_strength_factor(state, h, side_of(content, unit_id))
    if reason:
        modifiers.append((factor, reason, "3.5"))  # 3.5 Barrage Hex Effects
    value = Fraction(printed)
    for f, _, _ in modifiers:
        value *= f
    return Strength(unit_id, h, printed, value, tuple(modifiers))


def attack_strength(content: Content, state: GameState, unit_id: str, h: Hex) -> Strength:
    """3.2 step 3: a unit's attack strength from hex ``h``.

    Only enemy Full markers in ``h`` change it; friendly markers never affect a friendly
    unit's strength (3.5 Blue-on-Blue) - in particular never an overrunning attacker (3.3).
    """
    printed = current_values(content, state, unit_id).attack
    return _modified(content, state, unit_id, h, printed or 0)


def defense_strength(content: Content, state: GameState, unit_id: str) -> Strength:
    """3.2 step 3: a defending unit's strength; artillery uses its printed defense."""
    h = state.units[unit_id].hex
    return _modified(content, state, unit_id, h, current_values(content, state, unit_id).defense)


def cannot_attack(content: Content, state: GameState, unit_id: str, from_hex: Hex, target: Hex) -> tuple[str, str] | None:
    """Why a unit may not attack ``target`` from ``from_hex`` - (reason, rule) - or None."""
    counter = content.counter(unit_id)
    if counter.is_artillery:
        return f"{counter.name} is artillery: it has no attack strength", "designer's notes, Artillery"
    if not current_values(content, state, unit_id).attack:
        return f"{counter.name} has no attack strength", "3.2"
    if from_hex.distance(target) != 1:
        return f"{counter.name} is not adjacent to the defender", "3.2"
    return attack_into_prohibited(content, state, counter.ma_type, from_hex, target)


def attack_into_prohibited(content: Content, state: GameState, ma_type: str, from_hex: Hex, target: Hex) -> tuple[str, str] | None:
    """TEC note [1]: attacking across or into P terrain needs a Road or Track crossing that
    hexside or that hex."""
    m = content.map
    entry, terrain_name = hex_entry_cost(m.terrain(target), ma_type)
    if entry is None and not m.roads_of(target):
        return (
            f"{terrain_name.replace('_', ' ')} in {m.hex_id(target)} is Prohibited to {ma_type.capitalize()} MA "
            "and no road crosses the hex",
            "TEC note 1",
        )
    return attack_across_prohibited(content, state, ma_type, from_hex, target)


def attack_across_prohibited(content: Content, state: GameState, ma_type: str, from_hex: Hex, target: Hex) -> tuple[str, str] | None:
    """TEC note [1], the hexside: an attack across a hexside Prohibited to the attacker's MA
    needs a road crossing it that takes units over it now - as movement sees it, so not over
    a Blown bridge or a German bridge before its day (1.3a; 3.8; ``bridges.road_cut``)."""
    m = content.map
    crossing, feature = hexside_crossing_cost(m.side_features(from_hex, target), ma_type)
    if crossing is not None:
        return None
    side = Hexside.between(from_hex, target)
    record = m.hexsides[side]  # a Prohibited hexside has its record
    prohibited = f"the {water_name(record.features, record, feature)} hexside is Prohibited to {ma_type.capitalize()} MA"
    kind = m.road_between(from_hex, target)
    if kind is None:
        return f"{prohibited} and no road crosses it", "TEC note 1"
    cut = road_cut(content, state, side)
    if cut is not None:
        reason, rule = cut
        return f"{prohibited}, and the {kind} across it is cut: {reason}", f"TEC note 1; {rule}"
    return None
