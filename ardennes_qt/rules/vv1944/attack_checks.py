"""Whether an attack may be made as declared (7.1-7.3, 1.1, 1.4, TEC, 9.5), each problem as
(reason, rule): the sides, an HQ attacking, non-infantry across a river, a Normal Attack from more
than one hex, a Prepared Attack by Isolated or Unsupplied units, more attackers in a hex than
stacking allows, the supports committed, and the units a SNAFU names.
"""

from __future__ import annotations

from ardennes_qt.rules.vv1944.combat_model import ARMORED, INFANTRY, NORMAL, RIVER, Combat
from ardennes_qt.rules.vv1944.combat_tables import attack_type, status_row, table
from ardennes_qt.rules.vv1944.snafu import combat_snafu
from ardennes_qt.rules.vv1944.supports import support_problems

Problem = tuple[str, str]


def side_problems(combat: Combat) -> list[Problem]:
    """7.1-7.2: attackers of one side against enemy units."""
    if not combat.attackers or not combat.defenders:
        return [("an attack needs attacking units and an enemy hex with units in it", "7.1")]
    sides = {u.side for u in combat.attackers}
    if len(sides) > 1:
        return [("the attackers belong to both sides", "7.1")]
    if any(d.side in sides for d in combat.defenders):
        return [("the target hex holds friendly units", "7.1")]
    return []


def unit_problems(combat: Combat) -> list[Problem]:
    """1.1: an HQ's strength is usable only in defense.  TEC River: only infantry attacks across a
    river.  1.4, 10.3: Isolated and Unsupplied units make no Prepared Attack."""
    out = []
    prepared = combat.attack_type != NORMAL
    for u in combat.attackers:
        if u.is_hq:
            out.append((f"{u.id} is an HQ: its strength is usable only in defense", "1.1"))
        if u.across == RIVER and u.type != INFANTRY:
            out.append((f"{u.id}: only infantry may attack across a river", "TEC River"))
        for status in u.statuses:
            if prepared and status_row(status).get("prepared_attack") is False:
                out.append((f"{u.id} is {status.replace('_', ' ')}: no Prepared Attack", f"1.4, {status_row(status)['rule']}"))
    return out


def hex_problems(combat: Combat) -> list[Problem]:
    """7.3.1: a Normal Attack is made from a single hex.  7.1: no more units attack from one hex
    than the stacking limit (5: 6 steps) allows."""
    out = []
    hexes = {u.hex for u in combat.attackers}
    if combat.attack_type == NORMAL and len(hexes) > 1:
        out.append((f"a Normal Attack is made from a single hex, not {len(hexes)}; attacking from several is a "
                    "Prepared Attack", str(attack_type(NORMAL)["rule"])))
    most = int(table("doctrine")["stacking"]["max_steps"])
    for h in sorted(hexes):
        steps = sum(u.steps for u in combat.attackers if u.hex == h)
        if steps > most:
            out.append((f"{steps} steps attack from {h or 'one hex'}: more than the stacking limit of {most}", "7.1, 5"))
    return out


def snafu_problems(combat: Combat) -> list[Problem]:
    """9.5: SNAFU 9 names an attacking armored unit, SNAFU 11 an attacker (the defender's choice)."""
    effect = combat_snafu(combat)
    if effect is None or not (effect.halve_armored_attacker or effect.zero_attacker):
        return []
    ids = {u.id: u for u in combat.attackers}
    unit = ids.get(combat.snafu_unit)
    if effect.halve_armored_attacker and any(u.type == ARMORED for u in combat.attackers) and (unit is None or unit.type != ARMORED):
        return [(f"SNAFU {effect.roll}: the defender names one attacking armored unit", "9.5")]
    if effect.zero_attacker and len(ids) > 1 and unit is None:
        return [(f"SNAFU {effect.roll}: the defender names one of the attackers", "9.5")]
    return []


def attack_problems(combat: Combat) -> list[Problem]:
    """Every reason the attack may not be made as declared; [] when it may."""
    out = side_problems(combat)
    if out:
        return out
    attack_type(combat.attack_type)
    return unit_problems(combat) + hex_problems(combat) + support_problems(combat) + snafu_problems(combat)
