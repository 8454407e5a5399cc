"""Combat odds as the SCS works them: each unit's strength with every modifier and its reason,
fractions kept (only the odds are rounded), the raw odds as a whole ratio rounded as the series
rule a game reads says, and the report of one attack - strengths, raw odds, each column shift
as (columns, reason, rule), notes on the provisional rules used, the final column and the
chance of each result.  Which modifiers and shifts apply is each game's own.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex

DEFENDER = "defender"  # round the ratio in the defender's favour: 2.9 to 1 is 2:1, 1 to 2.2 is 1:3
NEAREST = "nearest"  # round to the nearest whole ratio, a tie to the defender


@dataclass(frozen=True)
class Strength:
    """One unit's strength in a combat: the value showing, the value used, and each modifier
    as (factor, reason, rule)."""

    unit: str
    hex: Hex
    printed: int
    value: Fraction
    modifiers: tuple[tuple[Fraction, str, str], ...] = ()

    def describe(self, content: Content) -> str:
        name = content.counter(self.unit).name
        if not self.modifiers:
            return f"{name} {self.printed}"
        mods = ", ".join(f"x{factor} {reason} ({rule})" for factor, reason, rule in self.modifiers)
        return f"{name} {self.printed} {mods} = {strength_text(self.value)}"


def strength_text(value: Fraction) -> str:
    """A strength as a player writes it: 6, 2.5, 0.75."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def rounded_ratio(attack: Fraction, defense: Fraction, rounding: str = DEFENDER) -> Fraction:
    """Total attack against total defense as a whole ratio n:1 or 1:n."""
    if attack <= 0 or defense <= 0:
        raise ValueError("odds need a positive attack and defense")
    r = Fraction(attack) / Fraction(defense)
    if rounding == DEFENDER:
        return Fraction(math.floor(r)) if r >= 1 else Fraction(1, math.ceil(1 / r))
    if rounding == NEAREST:
        if r >= 1:
            return Fraction(max(1, math.ceil(r - Fraction(1, 2))))
        return Fraction(1, max(1, math.floor(1 / r + Fraction(1, 2))))
    raise ValueError(f"unknown odds rounding '{rounding}' ({DEFENDER} or {NEAREST})")


@dataclass(frozen=True)
class OddsReport:
    """One attack's odds: both sides' strengths, the raw odds, every column shift with its reason
    and rule, the final column and the chance of each result."""

    attackers: tuple[Strength, ...]
    defenders: tuple[Strength, ...]
    attack: Fraction
    defense: Fraction
    raw: str  # the raw odds, perhaps off the table ("1:7", "11:1"), or "no defense"
    shifts: tuple[tuple[int, str, str], ...]  # (columns, reason, rule); negative = left
    column: str  # the final column ("" when the attack may not be made)
    allowed: bool
    notes: tuple[tuple[str, str], ...]  # (what, rule): provisional rules and readings used
    probabilities: tuple[tuple[str, Fraction], ...]  # each result on the final column

    @property
    def total_shift(self) -> int:
        return sum(s for s, _, _ in self.shifts)

    def reasons(self, content: Content) -> tuple[str, ...]:
        """Every modifier behind the column, for a log line or a dialog."""
        lines = [f"attack {s.describe(content)}" for s in self.attackers]
        lines += [f"defense {s.describe(content)}" for s in self.defenders]
        lines.append(f"raw odds {strength_text(self.attack)} to {strength_text(self.defense)} = {self.raw}")
        lines += [f"{shift:+d} {reason} ({rule})" for shift, reason, rule in self.shifts]
        lines += [f"{text} ({rule})" for text, rule in self.notes]
        return tuple(lines)
