"""The combat procedure, step by step (checklist items 32-37; SCS combat, provisional): the US
Air Points for the defense (3.2b), the odds and the d66 roll, the step losses (1.4), the
retreat, and the advance after combat (1.9) - or, for an overrun, the moving unit going on
or stopping (1.7).

``proceed`` carries a battle as far as it goes without a player: forced losses, a retreat
with one way open.  Where a player must choose, it leaves the battle waiting in a Decision.
"""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.outcome import Changes, LogLine, Outcome
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes1994.advance import ADVANCE_RULE, hex_vacated, may_advance
from ardennes_qt.rules.ardennes1994.battle import ADVANCE, DEFEND_AIR, LOSS, OVERRUN, RETREAT, Battle, series_rule, settled, waiting
from ardennes_qt.rules.ardennes1994.losses import forced_losses, surviving, take_step
from ardennes_qt.rules.ardennes1994.odds import combat_odds, combat_table
from ardennes_qt.rules.ardennes1994.phases import ALLIED
from ardennes_qt.rules.ardennes1994.retreats import RetreatRoute, cannot_retreat, retreat_routes, retreat_stack
from ardennes_qt.rules.ardennes1994.situation import rules_data, with_rules
from ardennes_qt.rules.ardennes1994.strengths import defenders_in
from ardennes_qt.rules.common.dice import throw
from ardennes_qt.rules.scs.results import ResultCodes

RESULTS = ResultCodes("Combat Results Table", "NR", "no result")


def names(content: Content, unit_ids) -> str:
    return ", ".join(content.counter(u).name for u in unit_ids)


def outcome(before: GameState, after: GameState, log: list[LogLine], *extra: Hex) -> Outcome:
    """What a combat step changed: the units whose state differs and their hexes old and new;
    ``phase`` when the Decisions waited for changed (the phase panel shows them)."""
    units = frozenset(uid for uid, u in after.units.items() if before.units.get(uid) != u)
    hexes = {before.units[uid].hex for uid in units} | {after.units[uid].hex for uid in units} | set(extra)
    pending_changed = rules_data(before).pending != rules_data(after).pending
    return Outcome(after, Changes(units=units, hexes=frozenset(h for h in hexes if h is not None), phase=pending_changed,
                                  markers=rules_data(before) != rules_data(after)), tuple(log))


def defense_air_wanted(state: GameState, battle: Battle) -> bool:
    """3.2b: the US, defending, may spend Air Points as shifts before the odds are found."""
    return battle.defender_side == ALLIED and not battle.air_asked and rules_data(state).air_points > 0


def resolve(content: Content, state: GameState, battle: Battle) -> tuple[GameState, Battle, LogLine]:
    """The odds, the d66 roll (first die the tens, CRT note) and the result."""
    battle = battle.but(defenders=defenders_in(content, state, battle.defender_hex))
    report = combat_odds(content, state, battle.attackers, battle.defender_hex, launch=battle.launch,
                         air_attack=battle.air_attack, air_defense=battle.air_defense)
    crt = combat_table()
    state, faces, reading = throw(state, crt.dice)
    result = crt.result(report.column, reading)
    a, d, r = RESULTS.parse(result)
    battle = battle.but(column=report.column, dice=reading, result=result, attacker_losses=a, defender_losses=d, retreat=r)
    where = content.map.hex_id(battle.defender_hex)
    text = (f"{battle.kind.capitalize()} on {where} at {report.column}: rolled {faces[0]}+{faces[1]} = {reading}, "
            f"{result} ({RESULTS.words(result)})")
    dice_words = f"d66: the first die ({faces[0]}) is the tens, the second ({faces[1]}) the units (CRT)"
    return state, battle, LogLine(text, (dice_words, *report.reasons(content)))


def _losses(content: Content, state: GameState, battle: Battle, role: str, log: list[LogLine]):
    """Take the steps ``role`` owes while its owner has no choice; else wait for a TakeLoss."""
    field = "defender_losses" if role == "defender" else "attacker_losses"
    while getattr(battle, field):
        units = surviving(state, battle.defenders if role == "defender" else battle.attackers)
        forced = forced_losses(state, units, getattr(battle, field))
        if forced == ():
            return state, battle.but(**{field: 0}), None  # nobody left to lose steps
        if forced is None:
            side = battle.defender_side if role == "defender" else battle.side
            return state, battle, waiting(state, LOSS, side, battle, series_rule("losses", "1.4"), role=role)
        state, line = take_step(content, state, forced[0])
        log.append(line)
        battle = battle.but(**{field: getattr(battle, field) - 1})
    return state, battle, None


def retreating(state: GameState, battle: Battle) -> tuple[str, ...]:
    """The defenders still in the combat hex, who must retreat."""
    return tuple(u for u in surviving(state, battle.defenders) if state.units[u].hex == battle.defender_hex)


def retreat_along(content: Content, state: GameState, battle: Battle, route: RetreatRoute) -> tuple[GameState, Battle, list[LogLine]]:
    """The stack retreats along ``route``; the steps it costs are owed."""
    state, log = retreat_stack(content, state, retreating(state, battle), route)
    return state, battle.but(retreat=0, defender_losses=battle.defender_losses + route.steps), log


def proceed(content: Content, state: GameState, battle: Battle, log: list[LogLine]) -> tuple[GameState, list[LogLine]]:
    """Carry the battle on until a player must decide or it is over."""
    if not battle.result:
        if defense_air_wanted(state, battle):
            return waiting(state, DEFEND_AIR, ALLIED, battle, "3.2b"), log
        state, battle, line = resolve(content, state, battle)
        log.append(line)
    while True:
        for role in ("defender", "attacker"):
            state, battle, decided = _losses(content, state, battle, role, log)
            if decided is not None:
                return decided, log
        if not battle.retreat:
            break
        units = retreating(state, battle)
        if units:
            state, lines = cannot_retreat(content, state, battle.defender_hex, units)
            log.extend(lines)
            units = retreating(state, battle)
        if not units:
            battle = battle.but(retreat=0)
            break
        routes = retreat_routes(content, state, units, battle.defender_hex, battle.retreat)
        if len(routes) > 1:
            return waiting(state, RETREAT, battle.defender_side, battle, series_rule("retreats")), log
        state, battle, lines = retreat_along(content, state, battle, routes[0])
        log.extend(lines)
    if battle.kind == OVERRUN:
        return settled(overrun_over(content, state, battle, log)), log
    if may_advance(content, state, battle):
        return waiting(state, ADVANCE, battle.side, battle, ADVANCE_RULE), log
    return settled(state), log


def overrun_over(content: Content, state: GameState, battle: Battle, log: list[LogLine]) -> GameState:
    """1.7; SCS overruns (provisional, series.toml [overrun]): the overrunning unit may go on
    moving with the MP it has left if the hex was cleared; else its move ends."""
    unit = battle.attackers[0]
    data = rules_data(state)
    record = data.record
    if state.units[unit].where == "map" and hex_vacated(content, state, battle.defender_hex, battle.side):
        log.append(LogLine(f"{names(content, battle.attackers)} may go on moving: the overrun cleared "
                           f"{content.map.hex_id(battle.defender_hex)}", (series_rule("overrun", "1.7"),)))
        return with_rules(state, data.with_record(moving=unit))
    if state.units[unit].where == "map":
        log.append(LogLine(f"{names(content, battle.attackers)} ends its move: the overrun did not clear the hex",
                           (series_rule("overrun", "1.7"),)))
    finished = record.finished | {unit}
    return with_rules(state, data.with_record(moving="" if record.moving == unit else record.moving, finished=finished))

