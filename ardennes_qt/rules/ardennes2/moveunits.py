"""The MoveUnits action under the rules: a unit or a stack moves along a checked route
(checklist D 30-40; 1.3, 3.1, 3.4-3.6, 4.2).

The route is the one given, or the cheapest.  The move records the MPs each unit spent
(3.4: not prorated if it turns DG), that it moved (3.5: no barrage after moving), and
whether it entered an enemy Full barrage hex (3.5: no Overrun or Exploit); a Traffic Jam
makes the stack DG (3.1) and a rubber-boat crossing of the Our removes its DG (4.2).
The log line lists every cost beyond plain terrain and roads, with its rule.  A move stops
where it makes artillery Bug Out (3.6, "at that moment") or, a German move, where the US
player may blow a bridge before the Germans reach it (3.8, ``bridge_moment``); a plunger hex
the Germans enter or pass through marks its bridges Tested (3.8).
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.actions import Action, MoveUnits
from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.numbering import HexIdError
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.a2state import Decision
from ardennes_qt.rules.ardennes2.artillery import bug_outs_due, open_bug_outs
from ardennes_qt.rules.ardennes2.bridge_blowing import mark_captured_plungers
from ardennes_qt.rules.ardennes2.bridge_moment import Moment, first_moment, moment_decision, opened
from ardennes_qt.rules.ardennes2.choices import Choices
from ardennes_qt.rules.ardennes2.movecontext import Mover
from ardennes_qt.rules.ardennes2.movement import Walk, legal_moves, move_refusal, mover, mps, reach, walk
from ardennes_qt.rules.ardennes2.movesearch import search
from ardennes_qt.rules.ardennes2.phases import GERMAN, phasing_side
from ardennes_qt.rules.ardennes2.situation import rules_data, stacks_of, with_rules

# Plain entry costs: the log lists every other cost (hexsides, markers, enemies, rules).
PLAIN = "TEC; 1.3a"


def move_units(content: Content, state: GameState, action: MoveUnits) -> Outcome:
    """Move a unit or a stack under the movement rules; raises ``Refused`` with the reason."""
    try:
        to = content.map.parse(action.to)
        given = [content.map.parse(h) for h in action.path]
    except HexIdError as exc:
        raise Refused(str(exc)) from None
    return move_along(content, state, tuple(action.units), to, given)


def move_along(content: Content, state: GameState, ids: tuple[str, ...], to: Hex, given: list[Hex],
               asked: frozenset[str] = frozenset()) -> Outcome:
    """The move to ``to`` (along ``given`` if any, else the cheapest route).  It stops short
    where artillery must Bug Out (3.6) or, first, where the US player may blow a bridge before
    the Germans reach it (3.8, ``bridge_moment``; ``asked``: plungers already offered in this move)."""
    if refusal := move_refusal(content, state, ids):
        raise refusal
    m = mover(content, state, ids)
    index = m.index.index
    route = _route(content, state, m, index(to), [index(h) for h in given])
    done = walk(content, state, m, route)
    stop = bug_out_stop(content, state, m, route)
    moment = first_moment(content, state, m, route[: stop + 1], asked)
    if moment is not None:
        return _halted_at_bridge(content, state, m, route, moment, asked)
    if stop < len(route) - 1:
        route = route[: stop + 1]
        done = walk(content, state, m, route)
    return _moved(content, state, m, route, done, requested=to)


def _halted_at_bridge(content: Content, state: GameState, m: Mover, route: list[int], moment: Moment,
                      asked: frozenset[str]) -> Outcome:
    """The stack goes as far as the hex before the bridge's (or plunger's) hex; the US player's
    Decision waits there with the rest of the route."""
    hexes = m.index.hexes
    if moment.at:
        part = route[: moment.at + 1]
        outcome = _moved(content, state, m, part, walk(content, state, m, part), requested=hexes[part[-1]])
    else:
        outcome = Outcome(state, Changes(hexes=frozenset({hexes[route[0]]})), ())
    decision = moment_decision(content, m, route, moment, asked)
    hex_id = content.map.hex_id
    names = ", ".join(content.counter(u).name for u in m.ids)
    line = LogLine(
        f"{names} halt in {decision.data['at']} before entering {hex_id(hexes[route[moment.at + 1]])}: "
        f"the US player may try to blow the bridges of plunger {moment.plunger} first",
        ("3.8: at any moment, while no German unit is in a hex of the bridge's hexside or in its plunger's hex",),
    )
    return Outcome(opened(outcome.state, decision), outcome.changes | Changes(markers=True), (*outcome.log, line))


def move_on(content: Content, state: GameState, decision: Decision) -> Outcome:
    """After the bridge Decision (already closed in ``state``), the rest of the halted move."""
    data = decision.data
    rest = [content.map.parse(h) for h in data["rest"]]
    return move_along(content, state, tuple(data["units"]), rest[-1], rest, frozenset(data["asked"]))


def _route(content: Content, state: GameState, m: Mover, destination: int, given: list[int]) -> list[int]:
    hex_id = content.map.hex_id
    if destination == m.start:
        raise Refused(f"the units are already in {hex_id(m.index.hexes[destination])}")
    if given:
        route = given if given[0] == m.start else [m.start, *given]
        if route[-1] != destination:
            raise Refused(f"the path ends in {hex_id(m.index.hexes[route[-1]])}, not in {hex_id(m.index.hexes[destination])}")
        return route
    routes = reach(content, state, m)
    if destination in routes.cost:
        return routes.route(destination)
    raise _out_of_reach(content, state, m, destination)


def _out_of_reach(content: Content, state: GameState, m: Mover, destination: int) -> Refused:
    """Why the stack cannot get there: the hex itself, or the MPs it would need."""
    where = content.map.hex_id(m.index.hexes[destination])
    if closed := m.closed(destination):
        return Refused(f"{where}: {closed[0]}", closed[1])
    # Search again as if the stack had twice its printed MA, to say how much it lacks.
    generous = replace(m, allowance={ma: 4 * v + 8 for ma, v in m.allowance.items()}, allowance_jammed={ma: 4 * v + 8 for ma, v in m.allowance.items()})
    wider = search(generous, {ma: m.index.edges(ma, m.board.down) for ma in m.ma_types})
    if destination in wider.cost:
        needs = wider.cost[destination]
        has = max(m.allowance.values())
        return Refused(f"{where} needs {mps(needs)} MP; the units have {mps(has)} MP left", "TEC; 3.4")
    return Refused(f"no legal route to {where} (Prohibited terrain, enemy units or the play area)", "TEC")


def _moved(content: Content, state: GameState, m: Mover, route: list[int], done: Walk, requested: Hex) -> Outcome:
    hexes = m.index.hexes
    origin, destination = hexes[route[0]], hexes[route[-1]]
    new_state = state.placed(m.ids, destination)
    lines = []
    names = ", ".join(content.counter(u).name for u in m.ids)
    if done.jammed or done.boat:
        dg = done.jammed
        new_state = new_state.with_units({u: replace(new_state.units[u], dg=dg) for u in m.ids})
        if done.jammed:
            lines.append(LogLine(f"{names} DG in the Traffic Jam", ("3.1 Traffic Jams", "3.4")))
        else:
            lines.append(LogLine(f"{names} crossed the Our by rubber boat: DG removed", ("4.2",)))
    data = rules_data(state)
    record = data.record
    spent = dict(record.spent)
    for u in m.ids:
        spent[u] = spent.get(u, 0) + done.spent[content.counter(u).ma_type]
    barraged = record.in_enemy_barrage | (frozenset(m.ids) if done.entered_enemy_barrage else frozenset())
    new_state = with_rules(new_state, data.with_record(spent=spent, moved=record.moved | frozenset(m.ids), in_enemy_barrage=barraged))
    new_state, bug_outs = open_bug_outs(content, new_state, m.ids)
    if destination != requested:
        where = content.map.hex_id(destination)
        lines.append(LogLine(
            f"{names} stop in {where}: artillery next to it must Bug Out first",
            ("3.6: at that moment; the stack may move on afterwards with the MPs it has left",),
        ))
    lines += bug_outs
    if m.side == GERMAN:
        new_state, captured = mark_captured_plungers(content, new_state, passed=[hexes[j] for j in route[1:]])
        lines += captured
    hex_id = content.map.hex_id
    total = done.steps[-1].mp
    reasons = [f"route {' - '.join(s.hex for s in done.steps)}"]
    reasons += [f"{where}: {'+' if h else ''}{mps(h)} MP {reason} ({rule})" if h else f"{where}: {reason} ({rule})"
                for where, (h, reason, rule) in done.items if rule != PLAIN]
    line = LogLine(f"{names} {hex_id(origin)} to {hex_id(destination)}: {total} MP", tuple(reasons))
    return Outcome(
        new_state,
        Changes(units=frozenset(m.ids), hexes=frozenset({origin, destination})),
        (line, *lines),
    )


def bug_out_stop(content: Content, state: GameState, m: Mover, route: list[int]) -> int:
    """3.6: artillery must Bug Out "at that moment" an enemy unit moves adjacent to it with its
    own MPs.  The position in ``route`` of the first hex where the stack would make a gun Bug
    Out (the last hex when none does): the move stops there, the owner places the gun (a
    Decision judged with the stack in that hex), and the stack may go on afterwards."""
    index = m.index
    guns = {
        index.index(h) for h, ids in state.occupied().items()
        if content.counter(ids[0]).side != m.side
        and any(content.counter(u).is_artillery and not state.units[u].dg for u in ids)
    }
    for k, j in enumerate(route[1:-1], 1):
        if guns.intersection(index.neighbours[j]) and bug_outs_due(content, state.placed(m.ids, index.hexes[j]), m.ids):
            return k
    return len(route) - 1


def move_choices(content: Content, state: GameState) -> list[Choices]:
    """Each stack of the phasing side moving together, and each of its units alone, to every
    hex it can reach."""
    side = phasing_side(state.phase)
    out = []
    for h, ids in sorted(stacks_of(content, state, side).items()):
        groups = [tuple(ids)] + ([(u,) for u in ids] if len(ids) > 1 else [])
        for group in groups:
            if move_refusal(content, state, group) is None:
                out.append(_family(content, state, group))
    return out


def _family(content: Content, state: GameState, group: tuple[str, ...]) -> Choices:
    def actions() -> list[Action]:
        return [MoveUnits(group, to) for to in sorted(legal_moves(content, state, group))]

    return Choices(f"move {', '.join(group)}", phasing_side(state.phase), actions, "move", units=tuple(group))
