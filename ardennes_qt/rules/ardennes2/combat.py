"""Combat actions (3.2; checklist items 47-55): Attack, the defender's Hold or Retreat,
step losses, retreats and Advance after Combat.  Each handler checks its action, then
lets ``procedure.proceed`` carry the battle on.
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.actions import Action
from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.numbering import HexIdError
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.actions import Advance, Attack, Defend, Retreat, TakeLoss
from ardennes_qt.rules.ardennes2.advance import advance_paths, may_advance
from ardennes_qt.rules.ardennes2.battle import (
    ADVANCE,
    ATTACK,
    BEFORE_COMBAT_RETREAT,
    HOLD_OR_RETREAT,
    LOSS,
    RETREAT,
    Battle,
    awaited,
    combat_decision,
    must_be_free,
    settled,
    waiting,
)
from ardennes_qt.rules.ardennes2.losses import LOSS_RULE, loss_candidates, surviving, take_step
from ardennes_qt.rules.ardennes2.odds import check_attackers, combat_odds
from ardennes_qt.rules.ardennes2.phases import is_combat, phasing_side
from ardennes_qt.rules.ardennes2.procedure import before_combat_retreats, names, proceed, retreat_along
from ardennes_qt.rules.ardennes2.retreats import jammed_on_the_way, retreat_options
from ardennes_qt.rules.ardennes2.situation import rules_data, with_rules

SERIES = "3.2; SCS combat (provisional)"


def parse_hex(content: Content, text: str) -> Hex:
    try:
        return content.map.parse(text)
    except HexIdError as exc:
        raise Refused(str(exc)) from None


def parse_path(content: Content, path) -> tuple[Hex, ...]:
    return tuple(parse_hex(content, text) for text in path)


def known_units(state: GameState, unit_ids) -> tuple[str, ...]:
    unknown = [uid for uid in unit_ids if uid not in state.units]
    if unknown:
        raise Refused(f"no such unit: {', '.join(unknown)}")
    return tuple(dict.fromkeys(unit_ids))


def outcome(before: GameState, after: GameState, log: list[LogLine], *extra: Hex) -> Outcome:
    """What changed: the units whose state differs, their hexes old and new; ``phase`` when
    the pending decisions changed (the phase panel shows them)."""
    units = frozenset(uid for uid, u in after.units.items() if before.units.get(uid) != u)
    hexes = {before.units[uid].hex for uid in units} | {after.units[uid].hex for uid in units} | set(extra)
    pending_changed = rules_data(before).pending != rules_data(after).pending
    return Outcome(after, Changes(units=units, hexes=frozenset(h for h in hexes if h is not None), phase=pending_changed), tuple(log))


def attack(content: Content, state: GameState, action: Attack) -> Outcome:
    """3.2 step 1: the phasing player's attacking units against one defending hex."""
    before = state
    must_be_free(state, "3.2")
    if not is_combat(state.phase):
        raise Refused("attacks are made in a Combat Phase (overruns in Movement and Exploitation)", "2.1, 3.2")
    attackers = known_units(state, action.attackers)
    defender_hex = parse_hex(content, action.defender)
    side = check_attackers(content, state, attackers, defender_hex)
    if side != phasing_side(state.phase):
        raise Refused(f"this is the {phasing_side(state.phase)} Combat Phase", "2.1")
    record = rules_data(state).record
    used = [uid for uid in attackers if uid in record.attacked]
    if used:
        raise Refused(f"{names(content, used)} already attacked this phase", SERIES)
    if defender_hex in record.defended:
        raise Refused(f"{content.map.hex_id(defender_hex)} was already attacked this phase", SERIES)
    report = combat_odds(content, state, attackers, defender_hex)
    if not report.allowed:
        raise Refused(f"odds of {report.raw} after shifts are worse than 1:4", "SCS series rules, provisional")
    data = rules_data(state)
    state = with_rules(
        state, data.with_record(attacked=record.attacked | set(attackers), defended=record.defended | {defender_hex})
    )
    battle = Battle(ATTACK, side, attackers, defender_hex, tuple(state.units_at(defender_hex)))
    log = [
        LogLine(
            f"{names(content, attackers)} attack {content.map.hex_id(defender_hex)} ({names(content, battle.defenders)})",
            ("3.2 Combat Procedure step 1",),
        )
    ]
    state, log = proceed(content, state, battle, log)
    return outcome(before, state, log, defender_hex)


def defend(content: Content, state: GameState, action: Defend) -> Outcome:
    """3.2 step 2: the defender Holds, or Retreats 5 hexes instead of combat."""
    before = state
    _, battle = combat_decision(state, HOLD_OR_RETREAT, "3.2")
    where = content.map.hex_id(battle.defender_hex)
    if action.choice == "hold":
        log = [LogLine(f"The defender in {where} Holds", ("3.2",))]
        state, log = proceed(content, state, battle.but(choice="hold"), log)
        return outcome(before, state, log, battle.defender_hex)
    if action.choice != "retreat":
        raise Refused("the defender answers 'hold' or 'retreat'", "3.2")
    options = before_combat_retreats(content, state, battle)
    path = parse_path(content, action.path)
    if options is None or path not in options.paths:
        raise Refused(_path_refusal(content, options, BEFORE_COMBAT_RETREAT), "3.2 Retreats")
    log = [LogLine(f"The defender in {where} Retreats before combat: no roll, the attackers are used", ("3.2",))]
    battle = battle.but(choice="retreat", retreat=BEFORE_COMBAT_RETREAT, retreat_result=BEFORE_COMBAT_RETREAT)
    state, battle, lines = retreat_along(content, state, battle, options, path)
    state, log = proceed(content, state, battle, log + lines)
    return outcome(before, state, log, battle.defender_hex)


def take_loss(content: Content, state: GameState, action: TakeLoss) -> Outcome:
    """3.2 step 5: one step of a combat loss on a unit the series rule allows."""
    before = state
    decision, battle = combat_decision(state, LOSS, LOSS_RULE)
    role = decision.data["role"]
    candidates = loss_candidates(content, state, battle, role)
    if action.unit not in candidates:
        raise Refused(f"this step must come from {names(content, candidates)}", LOSS_RULE)
    state, line = take_step(content, state, action.unit)
    field = "defender_losses" if role == "defender" else "attacker_losses"
    battle = battle.but(**{field: getattr(battle, field) - 1})
    state, log = proceed(content, state, battle, [line])
    return outcome(before, state, log)


def retreat(content: Content, state: GameState, action: Retreat) -> Outcome:
    """3.2 step 6: the defending stack's retreat along one of the legal paths."""
    before = state
    _, battle = combat_decision(state, RETREAT, "3.2 Retreats")
    units = surviving(state, battle.defenders)
    options = retreat_options(content, state, units, battle.defender_hex, battle.retreat)
    path = parse_path(content, action.path)
    if path not in options.paths:
        raise Refused(_path_refusal(content, options, battle.retreat), "3.2 Retreats")
    state, battle, log = retreat_along(content, state, battle, options, path)
    state, log = proceed(content, state, battle, log)
    return outcome(before, state, log)


def advance(content: Content, state: GameState, action: Advance) -> Outcome:
    """3.2 step 7: attackers advance into the vacated hex (and a road hex beyond); an empty
    Advance ends the advance."""
    before = state
    _, battle = combat_decision(state, ADVANCE, "3.2 Advance after Combat")
    if not action.units:
        return outcome(before, settled(state), [LogLine("No further advance after combat", ("3.2",))])
    units = known_units(state, action.units)
    path = parse_path(content, action.path)
    for uid in units:
        paths = advance_paths(content, state, battle, uid)
        if path not in paths:
            allowed = "; ".join(_path_text(content, p) for p in paths) or "no advance"
            raise Refused(f"{content.counter(uid).name} may advance: {allowed}", "3.2 Advance after Combat")
    state = state.placed(units, path[-1])
    battle = battle.but(advanced=battle.advanced + units)
    log = [LogLine(f"{names(content, units)} advance to {_path_text(content, path)}", ("3.2 Advance after Combat",))]
    if jammed_on_the_way(content, state, units, path):
        state = state.with_units({uid: replace(state.units[uid], dg=True) for uid in units})
        log.append(LogLine(f"{names(content, units)} DG: entered a Traffic Jam", ("3.1 Traffic Jams, 3.4",)))
    if may_advance(content, state, battle):
        state = waiting(state, ADVANCE, battle.side, battle, "3.2 Advance after Combat")
    else:
        state = settled(state)
    return outcome(before, state, log)


def _path_text(content: Content, path) -> str:
    return " > ".join(content.map.hex_id(h) for h in path)


def _path_refusal(content: Content, options, hexes: int) -> str:
    if options is None:
        return "the defender cannot retreat"
    shown = [_path_text(content, p) for p in options.paths[:4]]
    more = f" (and {len(options.paths) - 4} more)" if len(options.paths) > 4 else ""
    return f"not a legal {hexes}-hex retreat; legal: {'; '.join(shown)}{more}"


def combat_choices(content: Content, state: GameState) -> list[Action]:
    """The actions open to the player the pending combat decision waits for."""
    decision = awaited(state)
    if decision is None:
        return []
    battle = Battle.from_data(decision.data["battle"]) if "battle" in decision.data else None
    hex_id = content.map.hex_id
    if decision.kind == HOLD_OR_RETREAT:
        options = before_combat_retreats(content, state, battle)
        paths = options.paths if options else ()
        return [Defend("hold")] + [Defend("retreat", tuple(hex_id(h) for h in p)) for p in paths]
    if decision.kind == LOSS:
        return [TakeLoss(uid) for uid in loss_candidates(content, state, battle, decision.data["role"])]
    if decision.kind == RETREAT:
        options = retreat_options(content, state, surviving(state, battle.defenders), battle.defender_hex, battle.retreat)
        return [Retreat(tuple(hex_id(h) for h in p)) for p in options.paths]
    if decision.kind == ADVANCE:
        out: list[Action] = [Advance()]
        by_path: dict[tuple[Hex, ...], list[str]] = {}
        for uid, paths in may_advance(content, state, battle).items():
            for p in paths:
                by_path.setdefault(p, []).append(uid)
                out.append(Advance((uid,), tuple(hex_id(h) for h in p)))
        # the units that may take the same path may also go together, as a stack
        out += [Advance(tuple(ids), tuple(hex_id(h) for h in p)) for p, ids in by_path.items() if len(ids) > 1]
        return out
    return []
