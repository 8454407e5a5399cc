"""Support in a combat (1.6, 7.3, 14.3): the HQ support markers and air support each side
commits, within the attack type's limits; what a SNAFU cancels (9.5); and after the combat each
marker's retention roll (1.6.1, 1.6.2) as exact chances.
"""

from __future__ import annotations

from fractions import Fraction

from ardennes_qt.rules.common.dice import dice
from ardennes_qt.rules.vv1944.combat_model import Combat
from ardennes_qt.rules.vv1944.combat_tables import air_support, attack_type, marker
from ardennes_qt.rules.vv1944.snafu import combat_snafu

COLUMN, DIE = "column", "die"  # support.toml kinds: artillery shifts columns, armor modifies the roll
CANCEL_WORD = {COLUMN: "artillery", DIE: "armor"}  # the SNAFU table's words for them
RETURNS, REMOVED = "back to the pool", "removed from the game"
DEFENDER_LIMITS = ("The attack types limit the attacker's supports (7.3.1-7.3.2); the defender's limit is not printed: "
                   "read as the same number as the attack type allows the attacker (provisional)")


def marker_kind(name: str) -> str:
    """"column" or "die" (support.toml)."""
    return str(marker(name)["kind"])


def support_problems(combat: Combat) -> list[tuple[str, str]]:
    """Why the committed supports break the rules, as (reason, rule): more HQ markers or air
    support than the attack type allows (7.3.1: 1 and 1; 7.3.2: 2 and 2), more than two air
    supports in the combat (14.3), a marker of the other side (1.6.1, 1.6.2)."""
    kind = attack_type(combat.attack_type)
    rule = str(kind["rule"])
    out = []
    attacking = combat.attacking_side
    sides = (("attacker", combat.attacker_markers, combat.attacker_air, attacking),
             ("defender", combat.defender_markers, combat.defender_air, combat.defenders[0].side if combat.defenders else ""))
    for who, markers, air, side in sides:
        if len(markers) > int(kind["hq_supports"]):
            out.append((f"the {who} commits {len(markers)} HQ supports; a {combat.attack_type} attack allows "
                        f"{kind['hq_supports']}", rule))
        if air > int(kind["air_supports"]):
            out.append((f"the {who} commits {air} air supports; a {combat.attack_type} attack allows {kind['air_supports']}", rule))
        for name in markers:
            if marker(name)["side"] != side:
                out.append((f"{name} is a {marker(name)['side']} marker, not the {who}'s", str(marker(name)["rule"])))
    most = int(air_support()["per_combat_max"])
    if combat.attacker_air + combat.defender_air > most:
        out.append((f"{combat.attacker_air + combat.defender_air} air supports in one combat; at most {most}", "14.3"))
    return out


def cancelled(combat: Combat) -> tuple[tuple[str, ...], int]:
    """The attacker's supports a SNAFU cancels (9.5): (markers, air supports).  They go back to the
    pool for the next turn without a retention roll (Q&A 9.5)."""
    effect = combat_snafu(combat)
    if effect is None:
        return (), 0
    markers = tuple(m for m in combat.attacker_markers if CANCEL_WORD[marker_kind(m)] in effect.cancel)
    return markers, combat.attacker_air if "air" in effect.cancel else 0


def in_play(combat: Combat, side: str) -> tuple[tuple[str, ...], int]:
    """The markers and air support that act for ``side`` ("attacker" or "defender"), after a SNAFU."""
    if side == "defender":
        return combat.defender_markers, combat.defender_air
    gone, air_gone = cancelled(combat)
    rest = list(combat.attacker_markers)
    for m in gone:
        rest.remove(m)
    return tuple(rest), combat.attacker_air - air_gone


def retention_chances(name: str) -> tuple[tuple[str, Fraction], ...]:
    """1.6.1, 1.6.2: after use an artillery marker is rolled for (1d6): on ``returns_on`` it goes
    back to the pool for the next turn, else it leaves the game (Nebelwerfer back on 1; German
    artillery gone on 4-6; Allied heavy artillery and artillery gone on 6).  An armored marker
    goes back to the pool without a roll, unless it was given as a step loss (``marker_as_step``)."""
    data = marker(name)
    if data["kind"] == DIE:
        return ((RETURNS, Fraction(1)),)
    die = dice("1d6")
    back = sum((die.chance(r) for r in data["returns_on"]), Fraction(0))
    return (RETURNS, back), (REMOVED, 1 - back)


def marker_as_step(name: str) -> bool:
    """1.6.1: an armored support marker (StuG, Hetzer, Tiger, Tank) may be eliminated as one
    step loss of the side it supports."""
    return bool(marker(name).get("may_be_lost_as_step"))
