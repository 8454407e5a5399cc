"""Combat strengths (7.5, 1.4, 3.5.1, 10.3, 7.7.1, TEC; 0.3 rounding): each unit's strength in a
combat with every halving and its reason, and each side's total.

0.3: 'When values are halved, fractions are always rounded up ... values are always added
together before being divided.'  So the units halved the same number of times are summed first
and their sum is halved once, rounded up (two fatigued 5s make 5, not 3 + 3); a unit halved twice
(fatigued and unsupplied) is quartered, which rounds up as halving twice does.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ardennes_qt.rules.vv1944.combat_model import (
    ARMORED,
    BRIDGE,
    FATIGUED,
    RIVER,
    UNSUPPLIED,
    Combat,
    Fighter,
)
from ardennes_qt.rules.vv1944.combat_tables import status_row, table, terrain_chart
from ardennes_qt.rules.vv1944.snafu import combat_snafu

HALF = Fraction(1, 2)
CITY_ARMOR = ("TEC City 'Armor halved' read as armored units (not mechanized) attacking into a city: the chart "
              "does not say whether armor defending in a city is halved too (provisional)")


@dataclass(frozen=True)
class Strength:
    """One unit's strength in a combat: the value on its counter, the factor it fights at and
    each factor with its reason and rule."""

    unit: str
    printed: int
    factors: tuple[tuple[Fraction, str, str], ...] = ()

    @property
    def factor(self) -> Fraction:
        out = Fraction(1)
        for f, _, _ in self.factors:
            out *= f
        return out


@dataclass(frozen=True)
class SideStrength:
    """A side's total (0.3): the units, and each group of units sharing a factor as (factor, sum
    of printed strengths, the group's value rounded up)."""

    units: tuple[Strength, ...]
    groups: tuple[tuple[Fraction, int, int], ...]

    @property
    def total(self) -> int:
        return sum(value for _, _, value in self.groups)


def hq_defense_strength() -> int:
    """1.1: an HQ has an intrinsic combat strength of 1, usable only in defense."""
    return int(table("doctrine")["hq"]["strength"])


def status_factors(unit: Fighter, role: str) -> list[tuple[Fraction, str, str]]:
    """1.4 Status table: Fatigued halves attack and defense (3.5.1), Unsupplied halves both (10.3);
    their effects are cumulative."""
    out = []
    for status, name in ((FATIGUED, "Fatigued"), (UNSUPPLIED, "Unsupplied")):
        row = status_row(status)
        factor = row.get(f"{role}_factor")
        if status in unit.statuses and factor is not None:
            out.append((Fraction(str(factor)), f"{name}: {role} halved", f"1.4, {row['rule']}"))
    return out


def city_armor_factor(unit: Fighter, terrain: tuple[str, ...]) -> tuple[Fraction, str, str] | None:
    """TEC City: 'Armor halved' (reading: CITY_ARMOR)."""
    city = terrain_chart()["hex"]["city"]
    if "city" in terrain and city.get("armor_halved") and unit.type == ARMORED:
        return HALF, "armor attacking into a city: halved", "TEC City"
    return None


def crossing_factor(unit: Fighter) -> tuple[Fraction, str, str] | None:
    """TEC River and Bridge: 'Halved attacking across'."""
    if unit.across in (RIVER, BRIDGE) and terrain_chart()["hexside"][unit.across].get("attack_halved"):
        return HALF, f"attacking across a {unit.across}: halved", f"TEC {unit.across.capitalize()}"
    return None


def snafu_factor(combat: Combat, unit: Fighter) -> tuple[Fraction, str, str] | None:
    """SNAFU 9: one attacking armored unit (the defender's choice) halved; 11: one attacker (the
    defender's choice) at zero, unless it attacks alone (9.5)."""
    effect = combat_snafu(combat)
    if effect is None or unit.id != combat.snafu_unit:
        return None
    if effect.halve_armored_attacker and unit.type == ARMORED:
        return HALF, "SNAFU 9, supply problems: this armored unit is halved", "9.5"
    if effect.zero_attacker and len(combat.attackers) > 1:
        return Fraction(0), "SNAFU 11, traffic jam: this unit's strength is zero (it still suffers the results)", "9.5"
    return None


def attack_strength(combat: Combat, unit: Fighter) -> Strength:
    """An attacking unit's strength and its halvings (an HQ does not attack: ``attack_problems``)."""
    factors = status_factors(unit, "attack")
    factors += [f for f in (city_armor_factor(unit, combat.terrain), crossing_factor(unit), snafu_factor(combat, unit)) if f]
    return Strength(unit.id, unit.strength, tuple(factors))


def defense_strength(unit: Fighter) -> Strength:
    """A defending unit's strength: an HQ's is 1 (1.1); halved when Fatigued or Unsupplied (1.4)
    and when it retreated into the hex and is attacked again this turn (7.7.1)."""
    printed = hq_defense_strength() if unit.is_hq else unit.strength
    factors = status_factors(unit, "defense")
    if unit.retreated:
        factors.append((HALF, "retreated into this hex and attacked again: half strength", "7.7.1"))
    return Strength(unit.id, printed, tuple(factors))


def side_strength(units: tuple[Strength, ...]) -> SideStrength:
    """0.3: the units sharing a factor are summed, then the sum is multiplied and rounded up."""
    sums: dict[Fraction, int] = {}
    for s in units:
        sums[s.factor] = sums.get(s.factor, 0) + s.printed
    groups = tuple((f, total, -(-total * f.numerator // f.denominator)) for f, total in sorted(sums.items(), reverse=True))
    return SideStrength(units, groups)


def attacking_strength(combat: Combat) -> SideStrength:
    return side_strength(tuple(attack_strength(combat, u) for u in combat.attackers))


def defending_strength(combat: Combat) -> SideStrength:
    return side_strength(tuple(defense_strength(u) for u in combat.defenders))
