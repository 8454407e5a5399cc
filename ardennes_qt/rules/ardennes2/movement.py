"""Movement of a unit or a stack moving together (checklist D 30-40; 1.3, 3.1, 3.4-3.6, 4.2).

- ``move_refusal``: may these units move now, and if not, why (phase, side, spotters,
  artillery that fired, units that must stop, Exploit Capability).
- ``legal_moves``: every hex they can reach together, with its MP cost.
- ``path``: the cheapest legal route to a hex, each step with its cumulative cost and
  every cost that makes it up, as ``(MP, reason, rule)``.
- ``walk``: check a given route step by step; the MoveUnits handler uses it.

MPs are reported as numbers (2.5); internally they are half MPs.  A stack mixing Leg and
Mech units pays both TEC columns; its reported cost is the larger of the two.
"""

from __future__ import annotations

from dataclasses import dataclass

from ardennes_qt.core.content import Content
from ardennes_qt.core.numbering import HexIdError
from ardennes_qt.core.outcome import Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.estimates import has_type_word
from ardennes_qt.rules.ardennes2.mapindex import map_index
from ardennes_qt.rules.ardennes2.markers import enemy_full_markers
from ardennes_qt.rules.ardennes2.movecontext import Mover, board, traffic_jams_active
from ardennes_qt.rules.ardennes2.movecosts import Item, terrain_step
from ardennes_qt.rules.ardennes2.movesearch import Routes, search
from ardennes_qt.rules.ardennes2.phases import is_exploitation, is_movement, phasing_side
from ardennes_qt.rules.ardennes2.situation import current_values, rules_data, side_of
from ardennes_qt.rules.ardennes2.zoc import zoc_table
from ardennes_qt.rules.scs.moves import Step, mps

RUBBER_BOAT_DIVISION = "2 Pz Div"  # 4.2: "No other Division can do this."
RUBBER_BOAT_TURNS = (1, 2)


_MPS = [mps(half) for half in range(256)]  # every allowance there is (MA 16 is 32 half MPs)


# --- may they move? ---------------------------------------------------------------------------


def move_refusal(content: Content, state: GameState, unit_ids) -> Refused | None:
    """Why ``unit_ids`` cannot move together now, or None if they can."""
    ids = tuple(unit_ids)
    if not ids:
        return Refused("no units given")
    unknown = [u for u in ids if u not in state.units]
    if unknown:
        return Refused(f"no such unit: {', '.join(unknown)}")
    for u in ids:
        where = state.units[u].where
        if where == "scheduled":
            return Refused(f"{content.counter(u).name} has not arrived: reinforcements are placed, not moved", "2.2")
        if where != "map":
            return Refused(f"{content.counter(u).name} is not on the map ({where})")
    if len({state.units[u].hex for u in ids}) > 1:
        return Refused("units move together only from one hex", "designer's notes")
    side = side_of(content, ids[0])
    if any(side_of(content, u) != side for u in ids):
        return Refused("units of both sides cannot move together")
    data = rules_data(state)
    if data.pending:
        return Refused(f"a decision is pending first: {data.pending[0].kind.replace('_', ' ')}", data.pending[0].rule)
    if not (is_movement(state.phase) or is_exploitation(state.phase)):
        return Refused("units move only in a Movement or Exploitation Phase", "2.1")
    if phasing_side(state.phase) != side:
        return Refused(f"the {phasing_side(state.phase)} player is moving now", "2.1")
    record = data.record
    for u in ids:
        name = content.counter(u).name
        if u in record.spotters:
            return Refused(f"{name} spotted a barrage this phase and cannot move", "3.5")
        if u in record.fired:
            return Refused(f"{name} fired this phase: artillery fires or moves, never both", "3.6")
        if u in record.stopped:
            return Refused(f"{name} must move no further this phase", "3.8")
        if is_exploitation(state.phase) and (why := exploit_refusal(content, state, u)):
            return why
    left = allowances(content, state, ids)[0]
    if min(left.values()) <= 0:
        return Refused("no MPs left this phase", "3.4" if any(state.units[u].dg for u in ids) else "")
    return None


def exploit_refusal(content: Content, state: GameState, unit_id: str) -> Refused | None:
    """1.2 Exploit Capable Units: the yellow banner, revoked by DG (3.4), enemy barrage (3.5),
    starting the phase next to an enemy (1.2), or being German on Turn 1 (4.3)."""
    counter = content.counter(unit_id)
    record = rules_data(state).record
    if not counter.exploit:
        return Refused(f"{counter.name} is not Exploit Capable", "1.2")
    if state.units[unit_id].dg:
        return Refused(f"{counter.name} is DG and cannot Exploit", "3.4")
    if counter.side == "German" and state.turn == 1:
        return Refused("there is no German Exploitation on Turn 1", "4.3")
    if unit_id in record.started_adjacent:
        return Refused(f"{counter.name} began the phase adjacent to an enemy unit and cannot Exploit", "1.2")
    if in_enemy_barrage(content, state, unit_id):
        return Refused(f"{counter.name} is or has been in an enemy Full barrage hex and cannot Exploit", "3.5")
    return None


def in_enemy_barrage(content: Content, state: GameState, unit_id: str) -> bool:
    """3.5: started in, or entered, an enemy Full marker's hex this phase."""
    u = state.units[unit_id]
    here = u.where == "map" and enemy_full_markers(state, u.hex, side_of(content, unit_id)) > 0
    return here or unit_id in rules_data(state).record.in_enemy_barrage


def allowances(content: Content, state: GameState, unit_ids) -> tuple[dict[str, int], dict[str, int]]:
    """Half MPs left per MA type (the least any unit of that type has), and what would be left
    once DG.  3.4: DG halves the MA; MPs already spent are not prorated."""
    spent = rules_data(state).record.spent
    now: dict[str, int] = {}
    dg: dict[str, int] = {}
    for u in unit_ids:
        ma = content.counter(u).ma_type
        full = 2 * current_values(content, state, u).movement
        halved = full // 2
        left = (halved if state.units[u].dg else full) - spent.get(u, 0)
        now[ma] = min(now.get(ma, left), left)
        dg[ma] = min(dg.get(ma, halved - spent.get(u, 0)), halved - spent.get(u, 0))
    return now, dg


def is_rubber_boat_unit(content: Content, state: GameState, unit_id: str) -> bool:
    """4.2: 2nd Pz Division's Mech MA Infantry units, on Turns 1 and 2, before spending any MP."""
    counter = content.counter(unit_id)
    formation = content.formations.get(counter.formation)
    return (
        state.turn in RUBBER_BOAT_TURNS
        and formation is not None
        and formation.name == RUBBER_BOAT_DIVISION
        and counter.ma_type == "mech"
        and has_type_word(counter.unit_type, zoc_table().infantry_words)
        and rules_data(state).record.spent.get(unit_id, 0) == 0
    )


def mover(content: Content, state: GameState, unit_ids) -> Mover:
    """The stack as the search sees it; call after ``move_refusal`` found nothing."""
    ids = tuple(unit_ids)
    side = side_of(content, ids[0])
    index = map_index(content.map)
    now, dg = allowances(content, state, ids)
    exploiting = is_exploitation(state.phase)
    start = index.index(state.units[ids[0]].hex)
    return Mover(
        ids=ids,
        side=side,
        start=start,
        ma_types=tuple(sorted(now)),
        allowance=now,
        allowance_jammed=dg,
        artillery=any(content.counter(u).is_artillery for u in ids),
        exploiting=exploiting,
        jams=traffic_jams_active(state, side),
        boats=start in index.our_crossings and all(is_rubber_boat_unit(content, state, u) for u in ids),
        board=board(content, state, side, index),
        index=index,
        play_area=index.play_area(content.scenario),
    )


# --- where can they go? ---------------------------------------------------------------------------


def reach(content: Content, state: GameState, m: Mover) -> Routes:
    """Every hex the stack can enter, by its cheapest route, with 4.2's Our crossings."""
    down = m.board.down
    routes = search(m, {ma: m.index.edges(ma, down) for ma in m.ma_types})
    if m.boats:
        for j in m.index.our_crossings[m.start]:
            if j not in routes.cost and _boat_step(content, m, down, m.start, j):
                routes.add_from_start(j, m.allowance["mech"], m.start)
    return routes


def _boat_step(content: Content, m: Mover, down, i: int, j: int) -> bool:
    """4.2: across the Our where the TEC says P, into a hex no other rule closes.

    Reading (checklist item 38): "Ignore the P on the TEC, they cross at a cost of 'All'
    instead" sets aside every P the TEC gives the crossing step - the River hexside's and
    the far hex's (Forest, Marsh, Slope are P for Mech, and they line nearly all of 2 Pz
    Div's bank) - since the whole step costs All.  Enemy units, a German-occupied Traffic
    Jam (3.1) and the play area still close the hex."""
    a, b = m.index.hexes[i], m.index.hexes[j]
    return terrain_step(content.map, a, b, "mech", down).half is None and m.closed(j) is None


def legal_moves(content: Content, state: GameState, unit_ids) -> dict[str, int | float]:
    """Every hex the units can reach moving together, with its MP cost; {} if they cannot move."""
    if move_refusal(content, state, unit_ids) is not None:
        return {}
    m = mover(content, state, unit_ids)
    ids = m.index.hex_ids
    return {ids[j]: _MPS[c] for j, c in reach(content, state, m).cost.items()}


def path(content: Content, state: GameState, unit_ids, hex_id: str) -> list[Step]:
    """The cheapest legal route to ``hex_id``, from the units' hex; [] if they cannot get there."""
    if move_refusal(content, state, unit_ids) is not None:
        return []
    m = mover(content, state, unit_ids)
    try:
        j = m.index.index(content.map.parse(hex_id))
    except HexIdError:
        return []
    routes = reach(content, state, m)
    if j not in routes.cost:
        return []
    return walk(content, state, m, routes.route(j)).steps


# --- checking one route ------------------------------------------------------------------------------


@dataclass
class Walk:
    """A checked route: its steps, the half MPs it costs per MA type and what it did."""

    steps: list[Step]
    spent: dict[str, int]
    jammed: bool  # entered an active Traffic Jam: DG (3.1)
    boat: bool  # crossed the Our by rubber boat: DG removed (4.2)
    entered_enemy_barrage: bool  # 3.5: no Overrun or Exploit for the rest of the phase
    items: list[tuple[str, Item]]  # (hex id, item) of every cost, for the log


def walk(content: Content, state: GameState, m: Mover, route: list[int]) -> Walk:
    """Check a route hex by hex (the start first) and explain every cost; raises ``Refused``."""
    game_map, index = content.map, m.index
    down = m.board.down
    spent = {ma: 0 for ma in m.ma_types}
    hex_id = game_map.hex_id
    steps = [Step(hex_id(index.hexes[route[0]]), 0, ())]
    jammed = boat = barraged = False
    logged: list[tuple[str, Item]] = []
    for n, (i, j) in enumerate(zip(route, route[1:])):
        a, b = index.hexes[i], index.hexes[j]
        if j not in index.neighbours[i]:
            raise Refused(f"{hex_id(b)} is not adjacent to {hex_id(a)}")
        if n and (stop := m.stop_reason(i)):
            raise Refused(f"the stack must stop in {hex_id(a)}: {stop[0]}", stop[1])
        if closed := m.closed(j):
            raise Refused(f"{hex_id(b)}: {closed[0]}", closed[1])
        per_type: dict[str, list[Item]] = {}
        extras = list(m.extras(i, j))
        for ma in m.ma_types:
            step = terrain_step(game_map, a, b, ma, down)
            if step.half is None:
                if n == 0 and m.boats and j in index.our_crossings.get(i, ()) and _boat_step(content, m, down, i, j):
                    boat, extras = True, []
                    per_type[ma] = [(m.allowance[ma], "crossing the Our by rubber boat costs All its MA", "4.2")]
                    continue
                reason, rule = step.refusal
                raise Refused(f"{hex_id(a)} to {hex_id(b)}: {reason}", rule)
            per_type[ma] = list(step.items)
        limit = m.allowance_jammed if jammed else m.allowance
        for ma in m.ma_types:
            spent[ma] += sum(x[0] for x in per_type[ma]) + sum(x[0] for x in extras)
            if spent[ma] > limit[ma]:
                raise Refused(
                    f"{hex_id(b)} needs {mps(spent[ma])} MP; the stack has {mps(limit[ma])} MP left"
                    + (" (DG halves the MA)" if jammed or any(state.units[u].dg for u in m.ids) else ""),
                    "3.4" if jammed else "TEC",
                )
        items = _merge(per_type) + extras
        if m.jams_at(j):
            jammed = True
            if m.exploiting:
                items.append((0, "Traffic Jam: the stack becomes DG, which ends its Exploitation", "3.1; 3.4"))
            else:
                items.append((0, "Traffic Jam: the stack becomes DG and its MA is halved", "3.1; 3.4"))
        if j in m.board.enemy_full:
            barraged = True
        steps.append(Step(hex_id(b), mps(max(spent.values())), tuple((mps(h), r, rule) for h, r, rule in items)))
        logged.extend((hex_id(b), item) for item in items)
    return Walk(steps, spent, jammed, boat, barraged, logged)


def _merge(per_type: dict[str, list[Item]]) -> list[Item]:
    """One list of terrain costs; where Leg and Mech pay differently, each is labelled."""
    lists = list(per_type.values())
    if len(lists) == 1 or all(x == lists[0] for x in lists):
        return list(lists[0])
    return [(h, f"{reason} ({ma.capitalize()})", rule) for ma, items in per_type.items() for h, reason, rule in items]
