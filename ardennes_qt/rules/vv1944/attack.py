"""Attacks in an activation (7.3, 7.5-7.7): a Normal Attack (1 AP for each attacker, from one hex
next to the defender, 7.3.1) or a Prepared Attack (2 AP each, from one or more hexes, 7.3.2) by
activated units with the AP, built from the state as the combat rules' ``Combat`` (the defender
hex's terrain from the map, a river or bridge crossed, statuses, IP), its odds, its roll on the
CRT with the game's seeded die, and the result applied.

Readings of what is not played yet (said in the log and in ``schema.NOT_PLAYED_YET``):
- Retreats are not played: every result is taken in steps lost (7.6 lets the owner retreat
  instead); the attacker does not advance (7.7.2).
- The owner's choice of which unit loses each step is made by the program: the unit whose
  quality was used first (7.4), then armor where armor is on both sides (7.6), then the first
  unit of the stack ``next_loss_candidates`` offers.
- The attacker's pick of the quality units (7.4) is the best for the die; no support markers, air
  support or SNAFU (9.5, optional) are committed."""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex, Hexside
from ardennes_qt.core.outcome import Changes, LogLine, Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.vv1944.combat_model import (BRIDGE, FATIGUED as C_FATIGUED, IN_IP as C_IN_IP,
                                                   ISOLATED as C_ISOLATED, NORMAL, OUT_OF_COMMAND as C_OOC,
                                                   PREPARED, RIVER, UNSUPPLIED as C_UNSUPPLIED, Combat, Fighter,
                                                   strength_after_losses)
from ardennes_qt.rules.vv1944.die_modifiers import quality_pick
from ardennes_qt.rules.vv1944.forces import enemy, is_hq
from ardennes_qt.rules.vv1944.losses import armor_on_both_sides, loss_options, next_loss_candidates
from ardennes_qt.rules.vv1944.odds import OddsReport, combat_odds
from ardennes_qt.rules.vv1944.results import read_cell, roll_row
from ardennes_qt.rules.vv1944.schema import FATIGUED, IN_IP, ISOLATED, OUT_OF_COMMAND, UNSUPPLIED
from ardennes_qt.rules.vv1944.state import data, with_data
from ardennes_qt.rules.vv1944.tables import table

RIVERS = ("river", "meuse")
STATUS_WORDS = {FATIGUED: C_FATIGUED, IN_IP: C_IN_IP, ISOLATED: C_ISOLATED, OUT_OF_COMMAND: C_OOC,
                UNSUPPLIED: C_UNSUPPLIED}
LOSS_READING = ("losses taken as steps, not retreats; the program picks the unit losing each step (the quality "
                "unit first): retreats and the owner's choice are not played yet")


def ap_cost(attack_type: str) -> int:
    """7.3.1: 1 AP for each attacker; 7.3.2: 2 AP (tables/actions.toml)."""
    return int(table("actions")["prepared_attack" if attack_type == PREPARED else "normal_attack"]["ap"])


def fighter(content: Content, state: GameState, uid: str, target: Hex | None = None) -> Fighter:
    counter = content.counter(uid)
    u = state.units[uid]
    values = dict(counter.values)
    values["side"] = counter.side
    printed = int(values.get("strength") or 0)
    across = ""
    if target is not None:
        m = content.map
        if m.side_features(u.hex, target) & set(RIVERS):
            across = BRIDGE if Hexside.between(u.hex, target) in m.bridges else RIVER
    statuses = frozenset(STATUS_WORDS[s] for s in u.statuses if s in STATUS_WORDS)
    return Fighter.from_values(uid, values, hex=content.map.hex_id(u.hex), statuses=statuses, across=across,
                               steps=u.steps, strength=strength_after_losses(printed, counter.steps, u.steps))


def defender_terrain(content: Content, h: Hex) -> tuple[str, ...]:
    words = sorted(content.map.terrain(h) - {"west_of_meuse"})
    return tuple("clear" if w == "open" else w for w in words) or ("clear",)


def build_combat(content: Content, state: GameState, attacker_ids: tuple[str, ...], target: Hex,
                 attack_type: str) -> Combat:
    attackers = tuple(fighter(content, state, u, target) for u in attacker_ids)
    defenders = tuple(fighter(content, state, u) for u in state.units_at(target))
    return Combat(attack_type, attackers, defenders, defender_terrain(content, target))


def refusal(content: Content, state: GameState, attacker_ids: tuple[str, ...], target: Hex, attack_type: str) -> str:
    """Why the activation may not make this attack ("" when it may): activated, AP, adjacency."""
    activation = data(state).activation
    if activation is None:
        return "no activation is under way (3)"
    if not attacker_ids:
        return "no attackers (7.1)"
    if not state.units_at(target):
        return "no enemy units in the hex (7.1)"
    cost = ap_cost(attack_type)
    for uid in attacker_ids:
        u = state.units.get(uid)
        name = content.counter(uid).name if uid in state.units else uid
        if u is None or uid not in activation.units or u.where != "map":
            return f"{name} is not an activated unit on the map (3.4.1)"
        if activation.ap.get(uid, 0) < cost:
            return f"{name} has {activation.ap.get(uid, 0)} AP: a {attack_type} attack costs {cost} (7.3)"
        if u.hex.distance(target) != 1:
            return f"{name} is not adjacent to {content.map.hex_id(target)} (7.1)"
    return ""


def attack_odds(content: Content, state: GameState, attacker_ids: tuple[str, ...], target: Hex,
                attack_type: str) -> OddsReport:
    report = combat_odds(build_combat(content, state, attacker_ids, target, attack_type))
    why = refusal(content, state, attacker_ids, target, attack_type)
    return replace(report, problems=report.problems + ((why, "7.3"),)) if why else report


def may_attack(content: Content, state: GameState, uid: str, cost: int = 1) -> bool:
    activation = data(state).activation
    u = state.units[uid]
    return (activation is not None and uid in activation.units and u.where == "map" and not is_hq(content, uid)
            and activation.ap.get(uid, 0) >= cost)


def attackers_by_hex(content: Content, state: GameState, target: Hex, cost: int = 1) -> dict[Hex, tuple[str, ...]]:
    """The activated units with ``cost`` AP next to ``target``, by their hex."""
    out: dict[Hex, tuple[str, ...]] = {}
    for n in target.neighbours():
        ids = tuple(u for u in state.units_at(n) if may_attack(content, state, u, cost))
        if ids:
            out[n] = ids
    return out


def targets(content: Content, state: GameState) -> list[Hex]:
    """The enemy hexes next to an activated unit that may attack."""
    side = data(state).acting
    found: dict[Hex, None] = {}
    activation = data(state).activation
    for uid in activation.units if activation else ():
        if not may_attack(content, state, uid):
            continue
        for n in state.units[uid].hex.neighbours():
            if any(content.counter(e).side == enemy(side) for e in state.units_at(n)):
                found[n] = None
    return sorted(found, key=lambda h: content.map.hex_id(h))


def declared(content: Content, state: GameState, target: Hex) -> list[tuple[tuple[str, ...], str]]:
    """The attacks offered on ``target``: a Normal Attack by each adjacent hex's attackers and a
    Prepared Attack by every adjacent attacker with 2 AP, those the combat rules allow."""
    out = []
    for ids in attackers_by_hex(content, state, target, ap_cost(NORMAL)).values():
        out.append((ids, NORMAL))
    prepared = tuple(u for ids in attackers_by_hex(content, state, target, ap_cost(PREPARED)).values() for u in ids)
    if prepared:
        out.append((prepared, PREPARED))
    return [(ids, kind) for ids, kind in out if attack_odds(content, state, ids, target, kind).allowed]


def take_losses(content: Content, state: GameState, fighters: tuple[Fighter, ...], steps: int, quality_unit: str,
                armor_rule: bool, eliminated: bool) -> tuple[GameState, list[str], list[str]]:
    """Steps lost by a side, unit by unit as ``next_loss_candidates`` orders them; the units left
    without steps go to the dead pile.  Returns the state, the units hit (in order) and the dead."""
    if eliminated:
        ids = [f.id for f in fighters]
        return state.moved_off(ids, "dead"), ids, ids
    taken: list[str] = []
    for _ in range(steps):
        candidates = next_loss_candidates(fighters, tuple(taken), quality_unit, armor_rule)
        if not candidates:
            break
        taken.append(candidates[0][0])
    changes = {}
    dead = []
    for f in fighters:
        lost = taken.count(f.id)
        if not lost:
            continue
        left = state.units[f.id].steps - lost
        if left <= 0:
            dead.append(f.id)
        else:
            changes[f.id] = replace(state.units[f.id], steps=left)
    state = state.with_units(changes).moved_off(dead, "dead")
    return state, taken, dead


def resolve(content: Content, state: GameState, attacker_ids: tuple[str, ...], hex_id: str, attack_type: str):
    """The attack made: AP spent, the die rolled, the result applied."""
    target = content.map.parse(hex_id)
    why = refusal(content, state, attacker_ids, target, attack_type)
    if why:
        raise Refused(why, "7.3")
    combat = build_combat(content, state, attacker_ids, target, attack_type)
    report = combat_odds(combat)
    if not report.allowed:
        raise Refused("; ".join(w for w, _ in report.problems), "; ".join(r for _, r in report.problems))
    activation = data(state).activation
    cost = ap_cost(attack_type)
    activation = replace(activation, ap={**activation.ap, **{u: activation.ap[u] - cost for u in attacker_ids}},
                         acted=activation.acted | set(attacker_ids),
                         must_attack=activation.must_attack - set(attacker_ids),
                         mp_left={k: v for k, v in activation.mp_left.items() if k not in attacker_ids})
    state = with_data(state, activation=activation)
    state, roll = state.rolled()
    row = roll_row(roll, report.modifier)
    result = read_cell(report.column, row, attack_type)
    names = ", ".join(content.counter(u).name for u in attacker_ids)
    shifts = "; ".join(f"{s:+d} {why} ({rule})" for s, why, rule in report.shifts) or "no shift"
    mods = "; ".join(f"{m:+d} {why} ({rule})" for m, why, rule in report.modifiers) or "no modifier"
    log = [LogLine(f"{attack_type.capitalize()} Attack on {hex_id} by {names} ({cost} AP each): "
                   f"{report.attack.total} to {report.defense.total} = {report.ratio}; shifts: {shifts}; "
                   f"column {report.column}; modifiers: {mods}; rolled {roll}, row {row}: {result.cell}",
                   ("7.3", "7.5", "7.6"))]
    qa, qd, _ = quality_pick(combat)
    armor = armor_on_both_sides(combat)
    defenders = combat.defenders
    hexes = {state.units[u].hex for u in attacker_ids} | {target}
    for who, fighters, side_result, quality in (("defender", defenders, result.defender, qd),
                                                ("attacker", combat.attackers, result.attacker, qa)):
        if not side_result.adverse:
            continue
        steps = sum(f.steps for f in fighters)
        option = loss_options(side_result, steps, can_retreat=False)[0]
        state, hit, dead = take_losses(content, state, fighters, option.steps, quality, armor, side_result.eliminated)
        words = ", ".join(content.counter(u).name for u in dict.fromkeys(hit))
        line = (f"the {who}'s stack is eliminated" if side_result.eliminated else
                f"the {who} loses {len(hit)} step{'s' if len(hit) != 1 else ''} ({words})")
        if dead and not side_result.eliminated:
            line += f"; eliminated: {', '.join(content.counter(u).name for u in dead)}"
        log.append(LogLine(f"{line} [{LOSS_READING}]", ("7.6",)))
    if result.breakthrough:
        log.append(LogLine("Breakthrough: not played yet", ("7.8",)))
    return state, log, Changes(units=frozenset(attacker_ids) | frozenset(f.id for f in defenders),
                               hexes=frozenset(hexes), phase=True)
