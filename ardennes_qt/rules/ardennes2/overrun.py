"""Overruns (3.3, TEC note 2; checklist items 56-60): a Mech stack attacks during its
Movement or Exploitation Phase, along a contiguous road, for +2 MP.

``Overrun(units, target, path)``: the stack moves along ``path`` (the hexes it enters, each
along a road), or along the cheapest road route when no path is given, to the hex next to
``target``; pays +2 MP; and attacks across the road joining the two.  Who may overrun and
by which roads is the movement rules' (``overrun_routes``).  Hold or Retreat, odds, losses
and retreats are those of any attack (3.2), except that the attacker's losses go to its
strongest unit (series.toml, designer's notes).  If the defender's hex is vacated the stack
enters it at no MP cost; either way it may move on with what is left of its MA, may not
overrun again this phase, and never advances after combat.  Other stacks may overrun the
same hex.  Overstacking or mixed divisions at the moment of the overrun have no effect
(3.1): nothing here checks them.

Friendly barrage markers affect the defender normally and never the attacker (3.3): the
attacker's strength only answers to enemy markers (3.5), and it may not be in one.
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.outcome import LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.actions import Overrun
from ardennes_qt.rules.ardennes2.artillery import BUG_OUT
from ardennes_qt.rules.ardennes2.battle import OVERRUN, Battle
from ardennes_qt.rules.ardennes2.bridge_moment import DECISION as BRIDGE_DECISION
from ardennes_qt.rules.ardennes2.bridge_moment import first_moment
from ardennes_qt.rules.ardennes2.combat import known_units, outcome, parse_hex, parse_path
from ardennes_qt.rules.ardennes2.choices import Choices
from ardennes_qt.rules.ardennes2.movement import allowances, move_refusal, mover, mps, walk
from ardennes_qt.rules.ardennes2.moveunits import move_units
from ardennes_qt.rules.ardennes2.odds import check_attackers, combat_odds
from ardennes_qt.rules.ardennes2.overrun_routes import OVERRUN_COST, overrun_routes, unit_cannot_overrun
from ardennes_qt.rules.ardennes2.phases import phasing_side
from ardennes_qt.rules.ardennes2.procedure import names, proceed
from ardennes_qt.rules.ardennes2.situation import rules_data, side_of, with_rules

RULE = "3.3"
ROAD_RULE = "3.3; TEC note 2"


def overrun_refusal(content: Content, state: GameState, unit_ids) -> Refused | None:
    """Why the stack may not overrun at all now (3.3 item 56), or None."""
    why = move_refusal(content, state, unit_ids)
    if why is not None:
        return why
    return next((r for u in unit_ids if (r := unit_cannot_overrun(content, state, u)) is not None), None)


def _road_path(content: Content, state: GameState, unit_ids, target: Hex, path: tuple[Hex, ...]) -> tuple[Hex, ...]:
    """The given path, checked: each step along a road that carries, the last next to the
    target with a road into it (3.3, TEC note 2); or the cheapest road route if none given."""
    hex_id = content.map.hex_id
    if not path:
        routes = overrun_routes(content, state, unit_ids)
        if hex_id(target) not in routes:
            raise Refused(f"no road leads the stack into {hex_id(target)} within its MA (+2 MP for the overrun)", ROAD_RULE)
        return tuple(content.map.parse(step.hex) for step in routes[hex_id(target)][1:-1])
    m = mover(content, state, unit_ids)
    steps = (state.units[unit_ids[0]].hex,) + path + (target,)
    for a, b in zip(steps, steps[1:]):
        if a.distance(b) != 1:
            raise Refused(f"{hex_id(b)} is not next to {hex_id(a)}: the path ends next to the defender", RULE)
        if not m.index.follows_road(m.index.index(a), m.index.index(b), m.board.down):
            raise Refused(f"an Overrun follows a contiguous road into the defender's hex: none from {hex_id(a)} to {hex_id(b)}", ROAD_RULE)
    return path


def overrun(content: Content, state: GameState, action: Overrun) -> Outcome:
    """3.3: along the road to the defender, +2 MP, then the attack as in 3.2."""
    before = state
    units = known_units(state, action.units)
    target = parse_hex(content, action.target)
    why = overrun_refusal(content, state, units)
    if why is not None:
        raise why
    path = _road_path(content, state, units, target, parse_path(content, action.path))
    start = state.units[units[0]].hex
    launch = path[-1] if path else start
    side = check_attackers(content, state, units, target, launch)
    m = replace(mover(content, state, units), overrunning=True)  # 3.3: no enemy barrage hex, no Traffic Jam on the way
    approach = walk(content, state, m, [m.start] + [m.index.index(h) for h in path])
    left = allowances(content, state, units)[0]["mech"]
    needed = approach.spent["mech"] + OVERRUN_COST
    if needed > left:
        raise Refused(f"the overrun needs {mps(needed)} MP (+2 for the overrun); the stack has {mps(left)} MP left", RULE)
    if not combat_odds(content, state, units, target, launch=launch).allowed:
        raise Refused("the odds after shifts are worse than 1:4", "SCS series rules, provisional")

    state, log = _approach(content, state, units, target, path)
    data = rules_data(state)
    record = data.record
    spent = dict(record.spent)
    for uid in units:
        spent[uid] = spent.get(uid, 0) + OVERRUN_COST
    state = with_rules(state, data.with_record(spent=spent, overran=record.overran | set(units)))
    where = content.map.hex_id(target)
    log.append(LogLine(
        f"{names(content, units)} overrun {where} ({names(content, state.units_at(target))})",
        (f"+2 MP for the overrun, {mps(needed)} MP with the road to it ({ROAD_RULE})",),
    ))
    battle = Battle(OVERRUN, side, units, target, tuple(state.units_at(target)), launch=launch)
    state, log = proceed(content, state, battle, log)
    return outcome(before, state, log, target, start, launch)


def _approach(content: Content, state: GameState, units, target: Hex, path: tuple[Hex, ...]) -> tuple[GameState, list[LogLine]]:
    """The move along the road to the hex next to the target, as any move (MPs, captured
    plungers).

    3.6: artillery the stack moves next to - in the target hex or elsewhere - Bugs Out at that
    moment, before the overrun can be fought: the move and the overrun are then two actions,
    and this one is refused.  So too when the US player may blow a bridge on the way (3.8).
    """
    if not path:
        return state, []
    hex_id = content.map.hex_id
    moved = move_units(content, state, MoveUnits(units, hex_id(path[-1]), tuple(hex_id(h) for h in path)))
    state = moved.state
    gunners = [d.data["artillery"] for d in rules_data(state).pending if d.kind == BUG_OUT]
    if gunners:
        stop = hex_id(state.units[units[0]].hex)
        raise Refused(f"moving to {stop} makes {names(content, gunners)} Bug Out first: move there, then overrun", "3.6")
    bridge = next((d for d in rules_data(state).pending if d.kind == BRIDGE_DECISION), None)
    if bridge is not None:
        raise Refused(f"on the way the US player may blow the bridges of plunger {bridge.data['plunger']}: "
                      f"move to {bridge.data['at']} first, then overrun", "3.8")
    return state, list(moved.log)


def _bridge_on_the_way(content: Content, state: GameState, units, path: tuple[Hex, ...]) -> bool:
    """3.8: the road to the overrun comes up to a bridge the US player may blow first."""
    m = mover(content, state, units)
    return first_moment(content, state, m, [m.start, *(m.index.index(h) for h in path)]) is not None


def _guns_near(content: Content, state: GameState, side: str, path: tuple[Hex, ...]) -> bool:
    """Enemy artillery that could Bug Out next to the road to an overrun (3.6)."""
    near = {n for h in path for n in h.neighbours()}
    return any(
        content.counter(u).side != side and content.counter(u).is_artillery and not state.units[u].dg
        for h in near for u in state.units_at(h)
    )


def overrun_choices(content: Content, state: GameState) -> list[Choices]:
    """3.3: for each phasing stack with units able to overrun, every enemy hex a road leads
    them into within their MA (the cheapest road route), where the odds allow an attack."""
    side = phasing_side(state.phase)
    out = []
    for h, ids in sorted(state.occupied().items()):
        if side_of(content, ids[0]) != side:
            continue
        able = tuple(u for u in ids if unit_cannot_overrun(content, state, u) is None)
        if not able or move_refusal(content, state, able) is not None:
            continue

        def actions(able=able) -> list[Overrun]:
            found = []
            for target_id, steps in overrun_routes(content, state, able).items():
                path = tuple(content.map.parse(step.hex) for step in steps[1:-1])
                launch = path[-1] if path else content.map.parse(steps[0].hex)
                target = content.map.parse(target_id)
                try:
                    if not combat_odds(content, state, able, target, launch=launch).allowed:
                        continue
                    if path and _bridge_on_the_way(content, state, able, path):
                        continue  # the US player may blow a bridge first: a move, then the overrun
                    if path and _guns_near(content, state, side, path):
                        _approach(content, state, able, target, path)  # refused if guns must Bug Out first
                except Refused:
                    continue
                found.append(Overrun(able, target_id))
            return found

        out.append(Choices(f"overrun with {', '.join(able)}", side, actions, "overrun"))
    return out
