"""C3I and SNAFUs (9.5, optional rule): the attack's C3I rating (its HQ's letter; the worst when
formations mix; an independent unit A with quality 5, B with quality 4), the chance that the C3I
roll reads S, and what each SNAFU result (2d6, snafu.toml) does to the attacker, with its chance.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ardennes_qt.rules.common.dice import dice
from ardennes_qt.rules.vv1944.combat_model import Combat, Fighter
from ardennes_qt.rules.vv1944.combat_tables import PROVISIONAL, table

RULE = "9.5"
SNAFU = "S"
LETTERS = ("A", "B", "C")  # best to worst: "ranging from A (good) to C (mediocre)"


@dataclass(frozen=True)
class SnafuEffect:
    """One SNAFU result as the combat rules apply it to the attacker."""

    roll: int
    words: str  # as printed
    shift: int = 0  # columns (2: one left)
    no_advance: bool = False  # 3
    no_breakthrough: bool = False  # 3
    ap_lost: int = 0  # 3: attackers lose 1 AP if they have any left
    cancel: frozenset[str] = frozenset()  # "artillery", "armor", "air": the attacker's supports back to the pool
    halve_armored_attacker: bool = False  # 9: one armored attacker, the defender's choice
    zero_attacker: bool = False  # 11: one attacker, the defender's choice (not when it attacks alone)
    drm_per_attacking_stack: int = 0  # 12
    cancels_divisional_integrity: bool = False  # 12
    reading: str = ""  # why a provisional reading was needed, "" when the words say it all

    @property
    def nothing(self) -> bool:
        return self == SnafuEffect(self.roll, self.words)


def unit_c3i(unit: Fighter) -> str:
    """9.5: a unit's C3I is its HQ's; an independent unit's is A with quality 5, B with quality 4.
    An independent of quality 3 or less is not printed: read as C (provisional, the worst letter)."""
    if unit.independent:
        return "A" if unit.quality >= 5 else "B" if unit.quality == 4 else "C"
    if unit.c3i not in LETTERS:
        raise ValueError(f"{unit.id} has no C3I rating from its HQ (9.5)")
    return unit.c3i


def attack_c3i(combat: Combat) -> tuple[str, str]:
    """(letter, reason): the worst C3I rating of the attacking units (9.5: 'If an attack involves
    units of different formations, use the worst C3I rating')."""
    letters = {u.id: unit_c3i(u) for u in combat.attackers}
    worst = max(letters.values(), key=LETTERS.index)
    who = ", ".join(u for u, letter in letters.items() if letter == worst)
    reason = f"C3I {worst}, of {who}" + (" (the worst of the attackers)" if len(set(letters.values())) > 1 else "")
    if any(u.independent and u.quality < 4 for u in combat.attackers):
        reason += "; an independent unit below quality 4 read as C (not printed, provisional)"
    return worst, reason


def c3i_result(letter: str, roll: int) -> str:
    """The C3I table's cell: "S" (a SNAFU, roll on the SNAFU table) or "-"."""
    data = table("c3i")
    return str(data["rows"][str(roll)][data["columns"].index(letter)])


def snafu_chance(letter: str) -> Fraction:
    """The chance that the 1d6 C3I roll reads S in ``letter``'s column."""
    die = dice(str(table("c3i").get("dice", "1d6")))
    return sum((die.chance(r) for r in die.readings if c3i_result(letter, r) == SNAFU), Fraction(0))


def snafu_effect(roll: int) -> SnafuEffect:
    """What the SNAFU result ``roll`` (2 .. 12) does (snafu.toml [results] and [effects])."""
    data = table("snafu")
    effect = dict(data.get("effects", {}).get(str(roll), {}))
    reading = effect.pop("reading", {})
    cancel = frozenset(effect.pop("cancel", ()))
    return SnafuEffect(roll, str(data["results"][str(roll)]), cancel=cancel,
                       reading=str(reading.get("reason", "")) if reading.get("source") == PROVISIONAL else "", **effect)


def snafu_chances(letter: str) -> tuple[tuple[SnafuEffect | None, Fraction], ...]:
    """The chance of each SNAFU result in an attack of C3I ``letter``: None for no SNAFU (the
    C3I roll did not read S), then each 2d6 result; the chances sum to 1."""
    s = snafu_chance(letter)
    two = dice(str(table("snafu").get("dice", "2d6")))
    return ((None, 1 - s),) + tuple((snafu_effect(r), s * two.chance(r)) for r in two.readings)


def combat_snafu(combat: Combat) -> SnafuEffect | None:
    """The SNAFU in play in ``combat``, if any."""
    return None if combat.snafu is None else snafu_effect(combat.snafu)
