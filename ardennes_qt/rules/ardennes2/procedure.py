"""The combat procedure, step by step (3.2 Combat Procedure 1-7; 3.3 Overruns; checklist
items 47-53, 58-59).

``proceed`` carries a battle as far as it can go without a player: mandated holds, the
dice, forced losses, a retreat with only one path, an overrun's entry into a vacated hex.
Where a player must choose, it leaves the battle waiting in a decision (battle.py).
"""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.outcome import LogLine
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.advance import may_advance
from ardennes_qt.rules.ardennes2.artillery import open_bug_outs
from ardennes_qt.rules.ardennes2.battle import (
    ADVANCE,
    BEFORE_COMBAT_RETREAT,
    HOLD_OR_RETREAT,
    LOSS,
    OVERRUN,
    RETREAT,
    Battle,
    settled,
    waiting,
)
from ardennes_qt.rules.ardennes2.losses import LOSS_RULE, forced_losses, loss_candidates, surviving, take_step
from ardennes_qt.rules.ardennes2.markers import markers_in
from ardennes_qt.rules.ardennes2.odds import combat_odds
from ardennes_qt.rules.ardennes2.retreats import RetreatOptions, retreat_options, retreat_stack
from ardennes_qt.rules.ardennes2.tables import combat_table
from ardennes_qt.rules.scs.results import ResultCodes

RESULTS = ResultCodes("Combat Table", "-", "no effect")
MANDATED = "3.2 Mandated Holds"


def names(content: Content, unit_ids) -> str:
    return ", ".join(content.counter(uid).name for uid in unit_ids)


def mandated_hold(content: Content, state: GameState, defender_hex: Hex) -> tuple[tuple[str, str], ...]:
    """3.2 Mandated Holds: why the defender in ``defender_hex`` must Hold, each (reason, rule)."""
    units = state.units_at(defender_hex)
    side = content.counter(units[0]).side
    reasons = []
    if any(state.units[uid].dg for uid in units):
        reasons.append(("the defender is DG", MANDATED))
    # 3.5: "the term Barrage marker applies to both sizes" - a Half marker placed this
    # phase (before an overrun) counts as well as a Full one.
    if any(owner != side for owner, _ in markers_in(state, defender_hex)):
        reasons.append(("the defender is under an enemy Barrage marker", f"{MANDATED}; 3.5"))
    if "city" in content.map.terrain(defender_hex):
        reasons.append(("the defender is in a City hex", f"{MANDATED}; TEC"))
    leg = [uid for uid in units if content.counter(uid).ma_type == "leg"]
    if leg:
        reasons.append((f"the defender contains Leg MA units ({names(content, leg)})", f"{MANDATED}; 1.3"))
    return tuple(reasons)


def before_combat_retreats(content: Content, state: GameState, battle: Battle) -> RetreatOptions | None:
    """3.2: the 5-hex retreats open to a defender choosing to Retreat; None when the stack
    cannot leave its hex at all (series.toml retreats, provisional)."""
    units = surviving(state, battle.defenders)
    options = retreat_options(content, state, units, battle.defender_hex, BEFORE_COMBAT_RETREAT)
    return None if options.paths == ((),) else options


def resolve(content: Content, state: GameState, battle: Battle) -> tuple[GameState, Battle, LogLine]:
    """3.2 steps 3-4: the odds, two dice, the Combat Table result."""
    report = combat_odds(content, state, battle.attackers, battle.defender_hex, launch=battle.launch)
    state, first = state.rolled()
    state, second = state.rolled()
    total = first + second
    result = combat_table().result(report.column, total)
    a, d, r = RESULTS.parse(result)
    battle = battle.but(
        column=report.column, dice=total, result=result, attacker_losses=a, defender_losses=d, retreat=r, retreat_result=r
    )
    where = content.map.hex_id(battle.defender_hex)
    text = f"{battle.kind.capitalize()} on {where} at {report.column}: rolled {first}+{second} = {total}, {result} ({RESULTS.words(result)})"
    return state, battle, LogLine(text, report.reasons(content))


def retreat_along(
    content: Content, state: GameState, battle: Battle, options: RetreatOptions, path: tuple[Hex, ...]
) -> tuple[GameState, Battle, list[LogLine]]:
    """Execute the defender's retreat; a ZOC Bond or blocked retreat adds a step to lose (3.2)."""
    state, log = retreat_stack(content, state, surviving(state, battle.defenders), path)
    battle = battle.but(retreat=0)
    if options.costs_a_step:
        why = "it entered an enemy ZOC Bond hex and stops there" if options.kind == "zoc_bond" else "its retreat is blocked"
        log.append(LogLine(f"The defender loses 1 step: {why}", ("3.2 Retreats",)))
        battle = battle.but(defender_losses=battle.defender_losses + 1)
    return state, battle, log


def proceed(content: Content, state: GameState, battle: Battle, log: list[LogLine]) -> tuple[GameState, list[LogLine]]:
    """Carry the battle on until a player must decide or it is over."""
    if not battle.choice:
        holds = mandated_hold(content, state, battle.defender_hex)
        if holds:
            log.append(LogLine("The defender must Hold", tuple(f"{r} ({rule})" for r, rule in holds)))
            battle = battle.but(choice="hold")
        elif before_combat_retreats(content, state, battle) is None:
            log.append(LogLine("The defender Holds: it cannot retreat", ("3.2; SCS retreats (provisional)",)))
            battle = battle.but(choice="hold")
        else:
            return waiting(state, HOLD_OR_RETREAT, battle.defender_side, battle, "3.2"), log
    if battle.choice == "hold" and not battle.result:
        state, battle, line = resolve(content, state, battle)
        log.append(line)
    while True:
        for role in ("defender", "attacker"):
            state, battle, decided = _losses(content, state, battle, role, log)
            if decided is not None:
                return decided, log
        if not battle.retreat:
            break
        units = surviving(state, battle.defenders)
        if not units:
            battle = battle.but(retreat=0)
            break
        options = retreat_options(content, state, units, battle.defender_hex, battle.retreat)
        if len(options.paths) > 1:
            return waiting(state, RETREAT, battle.defender_side, battle, "3.2 Retreats", retreat_kind=options.kind), log
        state, battle, lines = retreat_along(content, state, battle, options, options.paths[0])
        log.extend(lines)
    if battle.kind == OVERRUN:
        state = enter_vacated_hex(content, state, battle, log)
        return settled(state), log
    if may_advance(content, state, battle):
        return waiting(state, ADVANCE, battle.side, battle, "3.2 Advance after Combat"), log
    return settled(state), log


def _losses(content, state, battle: Battle, role: str, log: list[LogLine]):
    """Take the steps ``role`` owes while the owner has no choice; else wait for a TakeLoss."""
    field = "defender_losses" if role == "defender" else "attacker_losses"
    while getattr(battle, field):
        steps = getattr(battle, field)
        forced = forced_losses(content, state, battle, role, steps)
        if forced == ():
            battle = battle.but(**{field: 0})  # nobody left to lose steps
            break
        if forced is None:
            side = battle.defender_side if role == "defender" else battle.side
            candidates = loss_candidates(content, state, battle, role)
            return state, battle, waiting(state, LOSS, side, battle, LOSS_RULE, role=role, candidates=candidates)
        state, line = take_step(content, state, forced[0])
        log.append(line)
        battle = battle.but(**{field: steps - 1})
    return state, battle, None


def enter_vacated_hex(content: Content, state: GameState, battle: Battle, log: list[LogLine]) -> GameState:
    """3.3: if the defender no longer occupies its hex, the overrunning stack must enter it at
    no MP cost; otherwise it stays in the hex next to the defender.  Entering is part of the
    stack's own move, so artillery it now stands next to must Bug Out (3.6)."""
    attackers = surviving(state, battle.attackers)
    if not attackers or state.units_at(battle.defender_hex):
        return state
    where = content.map.hex_id(battle.defender_hex)
    log.append(LogLine(f"{names(content, attackers)} enter {where} at no MP cost", ("3.3",)))
    state, bug_outs = open_bug_outs(content, state.placed(attackers, battle.defender_hex), attackers)
    log.extend(bug_outs)
    return state
