"""The odds of an Ardennes 1944 attack (7.5): both sides' strengths, the ratio rounded to the
nearest whole number in the attacker's favour (7.5: 1.49 to 1 is 1:1, 1.50 to 1 is 2:1), its
column, every column shift and die roll modifier as (value, reason, rule), the final column and
the exact chance of each result; the readings of what the rules do not print come as notes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from ardennes_qt.rules.common.crt import ratio_name
from ardennes_qt.rules.vv1944.attack_checks import attack_problems
from ardennes_qt.rules.vv1944.combat_model import PREPARED, Combat
from ardennes_qt.rules.vv1944.combat_tables import combat_table, crt_reading
from ardennes_qt.rules.vv1944.die_modifiers import Modifier, die_modifiers
from ardennes_qt.rules.vv1944.results import ResultChance, result_chances
from ardennes_qt.rules.vv1944.shifts import Shift, column_shifts, unknown_terrain
from ardennes_qt.rules.vv1944.snafu import combat_snafu
from ardennes_qt.rules.vv1944.strength import CITY_ARMOR, SideStrength, attacking_strength, defending_strength
from ardennes_qt.rules.vv1944.supports import DEFENDER_LIMITS

BELOW_TABLE = ("odds below 1:4 are not printed: counted on one column a ratio below 1:4 (1:5 is one left of it), "
               "shifts counted from there, and read on 1:4 if still below (provisional)")
TOP_COLUMN = ("odds above 8:1 are the 8:1+ column (printed '+'); shifts are counted from that column, not from the "
              "true odds (provisional)")


def rounded_ratio(attack: int, defense: int) -> Fraction:
    """7.5: 'rounded to the nearest whole number and not in the defender's favor' - half a ratio
    goes to the attacker: 1.49 to 1 is 1:1, 1.50 to 1 is 2:1; 1 to 2.5 is 1:2, 1 to 2.51 is 1:3."""
    if attack <= 0 or defense <= 0:
        raise ValueError("odds need a positive attack and defense")
    r = Fraction(attack, defense)
    if r >= 1:
        return Fraction(math.floor(r + Fraction(1, 2)))
    return Fraction(1, max(1, math.ceil(1 / r - Fraction(1, 2))))


def ratio_position(ratio: Fraction) -> int:
    """Where the rounded ratio stands among the columns: 0 .. 10 on the table, 8:1 and more the
    last column (8:1+), below 1:4 counted on past it (BELOW_TABLE)."""
    crt = combat_table()
    return min(crt.position(ratio), len(crt.columns) - 1)


@dataclass(frozen=True)
class OddsReport:
    """One attack's odds, as a player reads them."""

    attack: SideStrength
    defense: SideStrength
    ratio: str  # the rounded ratio, perhaps off the table ("1:6", "11:1")
    shifts: tuple[Shift, ...]
    column: str  # the final column
    modifiers: tuple[Modifier, ...]
    chances: tuple[ResultChance, ...]
    notes: tuple[tuple[str, str], ...]  # (what, rule): the provisional readings used
    problems: tuple[tuple[str, str], ...]  # (why, rule): the attack may not be made as declared

    @property
    def allowed(self) -> bool:
        return not self.problems

    @property
    def total_shift(self) -> int:
        return sum(s for s, _, _ in self.shifts)

    @property
    def modifier(self) -> int:
        return sum(m for m, _, _ in self.modifiers)


def combat_odds(combat: Combat) -> OddsReport:
    """The odds of ``combat`` (7.5): strengths, ratio, shifts, column, modifiers, result chances."""
    problems = attack_problems(combat)
    attack, defense = attacking_strength(combat), defending_strength(combat)
    if problems or not attack.total or not defense.total:
        if not problems:
            problems = [("the attack has no strength left", "7.5")]
        return OddsReport(attack, defense, "", (), "", (), (), (), tuple(problems))
    crt = combat_table()
    ratio = rounded_ratio(attack.total, defense.total)
    shifts = tuple(column_shifts(combat))
    start = ratio_position(ratio)
    final = start + sum(s for s, _, _ in shifts)
    column = crt.column_at(final)
    modifiers = tuple(die_modifiers(combat))
    effect = combat_snafu(combat)
    chances = result_chances(column, sum(m for m, _, _ in modifiers), combat.attack_type,
                             not (effect and effect.no_breakthrough))
    return OddsReport(attack, defense, ratio_name(ratio), shifts, column, modifiers, chances,
                      tuple(odds_notes(combat, attack, ratio, start, final, modifiers)), ())


def odds_notes(combat: Combat, attack: SideStrength, ratio: Fraction, start: int, final: int,
               modifiers: tuple[Modifier, ...]) -> list[tuple[str, str]]:
    """The provisional readings this attack's odds rest on, as (what, rule)."""
    notes = []
    if start < 0 or final < 0:
        notes.append((BELOW_TABLE, "7.5, 7.6"))
    if ratio > 8 and start != final:
        notes.append((TOP_COLUMN, "7.6"))
    if any(reason.startswith("armor attacking into a city") for s in attack.units for _, reason, _ in s.factors):
        notes.append((CITY_ARMOR, "TEC City"))
    if combat.attack_type == PREPARED and any(u.nationality == "British" for u in combat.attackers):
        notes.append(("the Prepared Attack's shift names only the US and the German: British attackers read as US "
                      "(+1 column, provisional)", "7.3.2"))
    if combat.defender_markers or combat.defender_air:
        notes.append((DEFENDER_LIMITS, "7.3"))
    for word in unknown_terrain(combat):
        notes.append((f"'{word}' is not on the Terrain Effects Chart: no combat effect", "TEC"))
    crt, modifier = combat_table(), sum(m for m, _, _ in modifiers)
    held = any(crt.row(r, modifier) != r + modifier for r in crt.dice.readings)
    if held and crt_reading("starred"):
        notes.append(("rows 0 and 8 are starred without the key: read as 0 or less and 8 or more (provisional)", "7.6"))
    for part in ("bold", "red"):
        reading = crt_reading(part)
        if reading:
            notes.append((f"{reading[1]}: read as {reading[0]} (provisional)", "7.6, 7.8"))
    effect = combat_snafu(combat)
    if effect and effect.reading:
        notes.append((f"SNAFU {effect.roll}: {effect.reading}", "9.5"))
    return notes
