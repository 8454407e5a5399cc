"""The MoveUnits action under the rules, and the table's ``Movement`` capability (checklist
items 22-25, 27, 29, 52; 1.3, 1.5, 1.11a, 1.14, 2.1, 2.4).

Units move one at a time, never as stacks (1.5a): a ``MoveUnits`` names exactly one unit.  A
unit may move in several steps - to a hex, then on from it (an overrun in between, a look at
the map) - and has finished its move when its player moves another unit, or the phase ends:
then it moves no more this phase.  Each move ends where a move may end (1.3 stacking; 2.1bE
Greif Teams) and costs the MPs of its route, given or the cheapest; every hex it enters has
its effects (entering.py), and a US unit may be stopped for a Greif Team's traffic
redirection (travel.py).  The log line gives every cost beyond the plain TEC hex or road
cost, with its rule.
"""

from __future__ import annotations

from collections import OrderedDict

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.core.content import Content
from ardennes_qt.core.numbering import HexIdError
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import Choices
from ardennes_qt.rules.ardennes1994.movement import (
    Mover, Step, destinations, move_refusal, mover, mps, reach, start_moving, walk,
)
from ardennes_qt.rules.ardennes1994.phases import EXPLOITATION, MOVEMENT, phasing_side
from ardennes_qt.rules.ardennes1994.rulebook import Part
from ardennes_qt.rules.ardennes1994.sequence import changes_between
from ardennes_qt.rules.ardennes1994.situation import units_of
from ardennes_qt.rules.ardennes1994.tables import TABLE_SET
from ardennes_qt.rules.ardennes1994.travel import travel

PART = Part()


def move_units(content: Content, state: GameState, action: MoveUnits) -> Outcome:
    """Move one unit under the movement rules; raises ``Refused`` with the reason and rule."""
    if len(action.units) != 1:
        raise Refused("units move one at a time, never as stacks", "1.5a")
    uid = action.units[0]
    if refusal := move_refusal(content, state, uid):
        raise refusal
    try:
        to = content.map.parse(action.to)
        given = [content.map.parse(h) for h in action.path]
    except HexIdError as exc:
        raise Refused(str(exc)) from None
    m = mover(content, state, uid)
    done = walk(m, _route(content, m, to, given))
    before, was = m.start, state
    state, lines = travel(content, start_moving(state, uid), uid, done)
    where = state.units[uid].hex
    hex_id = content.map.hex_id
    name = content.counter(uid).name
    gone = done.route.index(where) + 1  # a Greif Team's redirection may stop it on the way (2.1bC)
    # the first cost of each step is the hex's or the road's own: the log names the others
    extras = [f"{step.hex}: +{mp} {why} ({rule})" for step in done.steps[:gone] for mp, why, rule in step.reasons[1:]]
    limits = [f"{why} ({rule})" for _, why, rule in m.limits]
    spent = mps(done.spent[gone - 1])
    text = f"{name} moves from {hex_id(before)} to {hex_id(where)}, {spent} MP (it had {mps(m.left)})"
    return Outcome(state, changes_between(was, state) | Changes(hexes=frozenset(done.route)),
                   (LogLine(text, tuple(limits + extras)), *lines))


def _route(content: Content, m: Mover, to, given: list) -> list:
    hex_id = content.map.hex_id
    if given:
        route = given if given[0] == m.start else [m.start, *given]
        if route[-1] != to:
            raise Refused(f"the path ends in {hex_id(route[-1])}, not in {hex_id(to)}")
        return route
    if to == m.start:
        raise Refused(f"the unit is already in {hex_id(to)}")
    if refusal := m.entry_refusal(to):
        raise Refused(f"{hex_id(to)}: {refusal[0]}", refusal[1])
    if refusal := m.end_refusal(to):
        raise Refused(f"the move cannot end in {hex_id(to)}: {refusal[0]}", refusal[1])
    routes = reach(m)
    if to not in routes.cost:
        raise Refused(f"{content.counter(m.unit).name} cannot reach {hex_id(to)} with the {mps(m.left)} MP it has left", "1.5, TEC")
    return routes.route(to)


# --- the table's questions ----------------------------------------------------------------------------


# The searches of the last few units asked about: the table asks again and again for the
# unit being carried, on the same position.  Keyed by the objects themselves (a position
# never changes), with the tables in use; each entry keeps its position alive.
_SEARCHES: OrderedDict = OrderedDict()
KEPT_SEARCHES = 32


def _destinations(content: Content, state: GameState, uid: str):
    """``movement.destinations`` of the unit's mover, once per position, unit and tables."""
    tables = TABLE_SET.current()
    key = (id(content), id(state), uid, id(tables))
    found = _SEARCHES.get(key)
    if found is not None and found[0] is content and found[1] is state and found[2] is tables:
        _SEARCHES.move_to_end(key)
        return found[3], found[4]
    m = mover(content, state, uid)
    routes, ends = destinations(m)
    _SEARCHES[key] = (content, state, tables, m, (routes, ends))
    while len(_SEARCHES) > KEPT_SEARCHES:
        _SEARCHES.popitem(last=False)
    return m, (routes, ends)


def legal_moves(content: Content, state: GameState, unit_ids) -> dict[str, int | float]:
    """Every hex the unit can move to now, with its MP cost; {} for a stack (1.5a) or a unit that
    cannot move."""
    ids = tuple(unit_ids)
    if len(ids) != 1 or move_refusal(content, state, ids[0]) is not None:
        return {}
    _, (_, ends) = _destinations(content, state, ids[0])
    return {content.map.hex_id(h): mps(c) for h, c in ends.items()}


def path(content: Content, state: GameState, unit_ids, hex_id: str) -> list[Step]:
    """The cheapest legal route to ``hex_id``: each step with the MPs spent up to it and every
    cost of entering it as (MP, reason, rule); [] if the unit cannot get there."""
    ids = tuple(unit_ids)
    if len(ids) != 1 or move_refusal(content, state, ids[0]) is not None:
        return []
    try:
        to = content.map.parse(hex_id)
    except HexIdError:
        return []
    m, (routes, ends) = _destinations(content, state, ids[0])
    if to not in ends:
        return []
    return walk(m, routes.route(to)).steps


class MovementQuestions:
    """The ``Movement`` capability: where a unit can go, and the way there."""

    def legal_moves(self, content: Content, state: GameState, unit_ids) -> dict[str, int | float]:
        return legal_moves(content, state, unit_ids)

    def path(self, content: Content, state: GameState, unit_ids, hex_id: str) -> list[Step]:
        return path(content, state, unit_ids, hex_id)


def move_choices(content: Content, state: GameState) -> list[Choices]:
    """One family per unit that may move now: its destinations."""
    side = phasing_side(state.phase)
    out = []
    for uid in units_of(content, state, side):
        if move_refusal(content, state, uid) is None:
            out.append(Choices(f"move {content.counter(uid).name}", side, lambda uid=uid: _moves(content, state, uid), "move",
                               units=(uid,)))
    return out


def _moves(content: Content, state: GameState, uid: str) -> list[MoveUnits]:
    _, (_, ends) = _destinations(content, state, uid)
    hex_id = content.map.hex_id
    return [MoveUnits((uid,), hex_id(h)) for h in sorted(ends, key=content.map.numbering.index)]


PART.handlers[MoveUnits] = move_units
PART.offer(move_choices, *MOVEMENT, *EXPLOITATION)
