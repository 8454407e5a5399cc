"""Die roll modifiers (7.4, 1.6, 9.5), each as (value, reason, rule) added to the attacker's 1d6:
the quality difference of the two units the attacker picks (those take the first loss), the
armored support markers (+1 attacking, -1 defending), divisional integrity (+1 or -1 at most)
and SNAFU 12.
"""

from __future__ import annotations

from ardennes_qt.rules.vv1944.combat_model import Combat, Fighter
from ardennes_qt.rules.vv1944.combat_tables import marker, table
from ardennes_qt.rules.vv1944.snafu import combat_snafu
from ardennes_qt.rules.vv1944.supports import DIE, in_play, marker_kind

Modifier = tuple[int, str, str]


def quality(unit: Fighter, stack: tuple[Fighter, ...]) -> int | None:
    """A unit's quality for 7.4; an HQ has one only when alone in its hex (1.1: 'If a HQ is alone
    in a hex, it has a quality of 4')."""
    if unit.is_hq:
        return int(table("doctrine")["hq"]["quality_alone"]) if len(stack) == 1 else None
    return unit.quality


def unit_qualities(combat: Combat) -> tuple[dict[str, int], dict[str, int]]:
    """The qualities the attacker may pick from (7.4), attackers' and defenders' by unit."""
    attackers = {a.id: quality(a, tuple(u for u in combat.attackers if u.hex == a.hex)) for a in combat.attackers}
    defenders = {d.id: quality(d, combat.defenders) for d in combat.defenders}
    return ({u: q for u, q in attackers.items() if q is not None}, {u: q for u, q in defenders.items() if q is not None})


def quality_choices(combat: Combat) -> list[tuple[str, str, int]]:
    """7.4: every (attacking unit, defending unit, modifier) the attacker may pick, best first."""
    attackers, defenders = unit_qualities(combat)
    return sorted(((a, d, qa - qd) for a, qa in attackers.items() for d, qd in defenders.items()), key=lambda c: -c[2])


def quality_pick(combat: Combat) -> tuple[str, str, int]:
    """The pair the attacker picked (``combat.quality_units``), or the best for the die when none is
    given yet; ValueError for a pair it may not pick."""
    choices = quality_choices(combat)
    if combat.quality_units is None:
        return choices[0]
    for choice in choices:
        if choice[:2] == tuple(combat.quality_units):
            return choice
    raise ValueError(f"{combat.quality_units} is not an attacking and a defending unit with a quality (7.4)")


def quality_modifier(combat: Combat) -> Modifier:
    """7.4: one attacking unit's quality minus one defending unit's; those units suffer the first step loss."""
    a, d, value = quality_pick(combat)
    attackers, defenders = unit_qualities(combat)
    how = "the attacker's pick" if combat.quality_units else "the best pick; the attacker has not picked"
    return value, f"quality {a} {attackers[a]} - {d} {defenders[d]} ({how}; they take the first loss)", "7.4"


def armor_support_modifiers(combat: Combat) -> list[Modifier]:
    """1.6.1, 1.6.2: each StuG, Hetzer, Tiger or Tank marker, +1 attacking, -1 defending."""
    out = []
    for who, sign in (("attacker", 1), ("defender", -1)):
        for name in in_play(combat, who)[0]:
            if marker_kind(name) == DIE:
                out.append((sign * int(marker(name)["drm"]), f"{who}'s {name} support marker", str(marker(name)["rule"])))
    return out


def integral_stack(units: tuple[Fighter, ...]) -> str:
    """The hex of a stack holding two armored or mechanized units of the same division, or ""."""
    seen: dict[tuple[str, str], int] = {}
    for u in units:
        if u.armored_or_mechanized and u.division:
            key = (u.hex, u.division)
            seen[key] = seen.get(key, 0) + 1
            if seen[key] >= 2:
                return u.hex or "the stack"
    return ""


def integrity_modifiers(combat: Combat) -> list[Modifier]:
    """7.4 Divisional Integrity: +1 when an attacking stack holds two armored/mechanized units of
    one division, -1 when the defending stack does; at most 1 a side however many stacks.  SNAFU 12
    cancels the attacker's."""
    out = []
    effect = combat_snafu(combat)
    if integral_stack(combat.attackers) and not (effect and effect.cancels_divisional_integrity):
        out.append((1, "divisional integrity in an attacking stack", "7.4"))
    if integral_stack(combat.defenders):
        out.append((-1, "divisional integrity in the defending stack", "7.4"))
    return out


def snafu_modifier(combat: Combat) -> Modifier | None:
    """SNAFU 12, command confusion: -1 for each attacking stack."""
    effect = combat_snafu(combat)
    if effect is None or not effect.drm_per_attacking_stack:
        return None
    stacks = len({a.hex for a in combat.attackers})
    return effect.drm_per_attacking_stack * stacks, f"SNAFU 12, command confusion: {stacks} attacking stack(s)", "9.5"


def die_modifiers(combat: Combat) -> list[Modifier]:
    """Every die roll modifier of ``combat``."""
    out = [quality_modifier(combat)] if quality_choices(combat) else []
    out += armor_support_modifiers(combat) + integrity_modifiers(combat)
    snafu = snafu_modifier(combat)
    return out + ([snafu] if snafu else [])
