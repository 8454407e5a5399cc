"""Combat actions (checklist items 32-37; 1.4, 1.9, 3.2b; SCS combat, provisional:
``series.toml [attacks]``): the Attack in a Combat Phase - each unit attacks once, each hex
is attacked once in a phase - the US Air Points for the defense, step losses, retreats and
the advance after combat.  Each handler checks its action, then ``procedure.proceed``
carries the battle on.  Overruns are in overrun.py; this module's ``PART`` offers both.
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.numbering import HexIdError
from ardennes_qt.core.outcome import LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import Choices
from ardennes_qt.rules.ardennes1994.actions import Advance, Attack, DefendAirPoints, Overrun, Retreat, TakeLoss
from ardennes_qt.rules.ardennes1994.advance import ADVANCE_RULE, advance_groups, may_advance
from ardennes_qt.rules.ardennes1994.battle import (
    ADVANCE,
    ATTACK,
    DEFEND_AIR,
    LOSS,
    RETREAT,
    Battle,
    combat_decision,
    series_rule,
    settled,
    waiting,
)
from ardennes_qt.rules.ardennes1994.captures import units_entered
from ardennes_qt.rules.ardennes1994.combat_choices import attack_choices
from ardennes_qt.rules.ardennes1994.losses import surviving, take_step
from ardennes_qt.rules.ardennes1994.odds import check_attack
from ardennes_qt.rules.ardennes1994.overrun import overrun, overrun_choices
from ardennes_qt.rules.ardennes1994.phases import ALLIED, COMBAT, EXPLOITATION, MOVEMENT
from ardennes_qt.rules.ardennes1994.procedure import names, outcome, proceed, retreat_along, retreating
from ardennes_qt.rules.ardennes1994.retreats import retreat_routes
from ardennes_qt.rules.ardennes1994.rulebook import Part
from ardennes_qt.rules.ardennes1994.situation import rules_data, with_rules
from ardennes_qt.rules.ardennes1994.state import Decision
from ardennes_qt.rules.ardennes1994.strengths import defenders_in

PART = Part()


def parse_hex(content: Content, text: str) -> Hex:
    try:
        return content.map.parse(text)
    except HexIdError as exc:
        raise Refused(str(exc)) from None


def attack(content: Content, state: GameState, action: Attack) -> Outcome:
    """An attack on one hex by units next to it, in their side's Combat Phase."""
    before = state
    side = COMBAT.get(state.phase)
    if side is None:
        raise Refused("attacks are made in a Combat Phase (overruns during a move)", "1.2, 1.7")
    attackers = tuple(dict.fromkeys(action.attackers))
    target = parse_hex(content, action.defender)
    if check_attack(content, state, attackers, target) != side:
        raise Refused(f"this is the {side} Combat Phase", "1.2")
    data = rules_data(state)
    record = data.record
    used = [u for u in attackers if u in record.attacked]
    if used:
        raise Refused(f"{names(content, used)} already attacked this phase", series_rule("attacks"))
    if target in record.defended:
        raise Refused(f"{action.defender} was already attacked this phase", series_rule("attacks"))
    if action.air_points and side != ALLIED:
        raise Refused("only the US has Air Points", "3.2")
    if not 0 <= action.air_points <= data.air_points:
        raise Refused(f"the US has {data.air_points} Air Point(s) left this turn", "3.2")
    data = replace(data, air_points=data.air_points - action.air_points,
                   record=replace(record, attacked=record.attacked | set(attackers), defended=record.defended | {target}))
    state = with_rules(state, data)
    battle = Battle(ATTACK, side, attackers, target, defenders_in(content, state, target), air_attack=action.air_points)
    why = [series_rule("attacks")]
    if action.air_points:
        why.append(f"{action.air_points} US Air Point(s) spent: one column right each (3.2b)")
    log = [LogLine(f"{names(content, attackers)} attack {action.defender} ({names(content, battle.defenders)})", tuple(why))]
    state, log = proceed(content, state, battle, log)
    return outcome(before, state, log, target)


def defend_air(content: Content, state: GameState, action: DefendAirPoints) -> Outcome:
    """3.2b: the US spends Air Points as shifts for its defending hex, before the odds."""
    before = state
    _, battle = combat_decision(state, DEFEND_AIR, "3.2b")
    data = rules_data(state)
    if not 0 <= action.points <= data.air_points:
        raise Refused(f"the US has {data.air_points} Air Point(s) left this turn", "3.2")
    state = with_rules(state, replace(data, air_points=data.air_points - action.points))
    battle = battle.but(air_defense=action.points, air_asked=True)
    text = (f"The US spends {action.points} Air Point(s) for the defense of {content.map.hex_id(battle.defender_hex)}"
            if action.points else "The US spends no Air Points for the defense")
    state, log = proceed(content, state, battle, [LogLine(text, ("3.2b: one column left each",))])
    return outcome(before, state, log)


def loss_candidates(state: GameState, battle: Battle, role: str) -> tuple[str, ...]:
    return surviving(state, battle.defenders if role == "defender" else battle.attackers)


def take_loss(content: Content, state: GameState, action: TakeLoss) -> Outcome:
    """1.4: the owner's unit that takes the next step of the combat's loss."""
    before = state
    decision, battle = combat_decision(state, LOSS, series_rule("losses", "1.4"))
    role = decision.data["role"]
    candidates = loss_candidates(state, battle, role)
    if action.unit not in candidates:
        raise Refused(f"this step must come from {names(content, candidates)}", series_rule("losses", "1.4"))
    state, line = take_step(content, state, action.unit)
    field = "defender_losses" if role == "defender" else "attacker_losses"
    state, log = proceed(content, state, battle.but(**{field: getattr(battle, field) - 1}), [line])
    return outcome(before, state, log)


def retreat(content: Content, state: GameState, action: Retreat) -> Outcome:
    """The defending stack's retreat along one of the routes open to it."""
    before = state
    _, battle = combat_decision(state, RETREAT, series_rule("retreats"))
    routes = retreat_routes(content, state, retreating(state, battle), battle.defender_hex, battle.retreat)
    path = tuple(parse_hex(content, h) for h in action.path)
    route = next((r for r in routes if r.path == path), None)
    if route is None:
        shown = "; ".join(", ".join(content.map.hex_id(h) for h in r.path) or "stay" for r in routes[:6])
        raise Refused(f"not a retreat open to the stack; open: {shown}", series_rule("retreats"))
    state, battle, log = retreat_along(content, state, battle, route)
    state, log = proceed(content, state, battle, log)
    return outcome(before, state, log)


def advance(content: Content, state: GameState, action: Advance) -> Outcome:
    """1.9: attackers advance into the defender's hex, never beyond; no units: no (more) advance."""
    before = state
    _, battle = combat_decision(state, ADVANCE, ADVANCE_RULE)
    where = content.map.hex_id(battle.defender_hex)
    if not action.units:
        return outcome(before, settled(state), [LogLine("No further advance after combat" if battle.advanced
                                                        else "No advance after combat", (ADVANCE_RULE,))])
    if action.to and action.to != where:
        raise Refused(f"no unit advances after combat beyond the defender's hex {where}", ADVANCE_RULE)
    units = tuple(dict.fromkeys(action.units))
    if units not in advance_groups(content, state, battle):
        able = names(content, may_advance(content, state, battle)) or "none"
        raise Refused(f"these units may not advance into {where} together (may advance: {able}; at most 6 steps, 1.3)",
                      ADVANCE_RULE)
    state = state.placed(units, battle.defender_hex)
    log = [LogLine(f"{names(content, units)} advance into {where}", (ADVANCE_RULE,))]
    state, lines = units_entered(content, state, units, (battle.defender_hex,))
    battle = battle.but(advanced=battle.advanced + units)
    state = waiting(state, ADVANCE, battle.side, battle, ADVANCE_RULE) if may_advance(content, state, battle) else settled(state)
    return outcome(before, state, log + lines)


def combat_answers(content: Content, state: GameState, decision: Decision) -> list[Choices]:
    """The answers to a pending combat Decision, as one family."""
    battle = Battle.from_data(decision.data["battle"])
    hex_id = content.map.hex_id

    def actions():
        if decision.kind == DEFEND_AIR:
            return [DefendAirPoints(n) for n in range(rules_data(state).air_points + 1)]
        if decision.kind == LOSS:
            return [TakeLoss(u) for u in loss_candidates(state, battle, decision.data["role"])]
        if decision.kind == RETREAT:
            routes = retreat_routes(content, state, retreating(state, battle), battle.defender_hex, battle.retreat)
            return [Retreat(tuple(hex_id(h) for h in r.path)) for r in routes]
        return [Advance(()), *(Advance(g, hex_id(battle.defender_hex)) for g in advance_groups(content, state, battle))]

    return [Choices(decision.kind.replace("_", " "), decision.side, actions, "answer")]


PART.handlers.update({Attack: attack, Overrun: overrun, DefendAirPoints: defend_air, TakeLoss: take_loss,
                      Retreat: retreat, Advance: advance})
PART.offer(attack_choices, *COMBAT)
PART.offer(overrun_choices, *MOVEMENT, *EXPLOITATION)
for _kind, _answer in ((DEFEND_AIR, DefendAirPoints), (LOSS, TakeLoss), (RETREAT, Retreat), (ADVANCE, Advance)):
    PART.decision_choices[_kind] = combat_answers
    PART.answers[_kind] = (_answer,)
