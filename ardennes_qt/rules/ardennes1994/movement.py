"""Movement of one unit (checklist items 22-25, 27, 52; 1.5, 1.11a, 1.14, 2.1a, 2.1b, 2.4, TEC).

- ``allowance``: the half MPs a unit has this phase: its MA showing (an artillery unit's mode,
  1.10a), x1/2 if DG (1.11a), x1/4 (Mech) or x1/2 (Other) out of supply (1.14).
- ``move_refusal``: may the unit move now, and if not, why (its side's Movement or, released
  from Reserve, Exploitation Phase; one unit at a time, 1.5a; Reserve, 1.8b; engineers
  flipping, 2.3a; vdH on its drop turn, 2.2c).
- ``Mover``: what one step costs the unit and where it may not go: never into enemy units
  (but a Hidden Greif Team moves through everything, 2.1bB, and Supply Units and emplaced
  bridges do not bar the way: the enemy entering destroys them, 2.3d, 2.4); the EZOC cost
  (SCS, provisional) unless it is the 150 Pz Bde or a Greif Team (2.1a, 2.1bA); a Supply
  Unit never enters a hex next to the enemy (2.4); the Allies never use a German-built
  bridge (2.3d).
- ``reach``: the cheapest route to every hex (the shared search over the map's arrays, in half
  MPs, ``grid.steps_out`` pricing each step as ``Mover.step`` does); ``end_refusal``: may a
  move end in a hex (stacking, 1.3; two Greif Teams, 2.1bE).
- ``walk``: a given route checked step by step, each cost with its reason and rule.

MPs are reported as numbers (2.5); internally they are half MPs (the road rate is 1/2 MP).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from math import floor
from typing import Callable

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex, Hexside
from ardennes_qt.core.outcome import Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes1994.grid import Grid, Ground, grid, ground, rates, steps_out
from ardennes_qt.rules.ardennes1994.phases import ALLIED, is_exploitation, is_movement, phasing_side
from ardennes_qt.rules.ardennes1994.reserves import in_reserve, released
from ardennes_qt.rules.ardennes1994.situation import (
    current_values, enemy_hexes, greif, hidden, is_combat_unit, mech, rules_data, side_of, supply_unit, with_rules,
)
from ardennes_qt.rules.ardennes1994.stacking import max_steps, overstacked, steps_in
from ardennes_qt.rules.ardennes1994.stosser import cannot_move_on_drop_turn
from ardennes_qt.rules.ardennes1994.supply_sources import area_of
from ardennes_qt.rules.ardennes1994.tables import provisional_reason, table
from ardennes_qt.rules.ardennes1994.terrain import german_bridges, movement_class, stacked, step_cost
from ardennes_qt.rules.ardennes1994.zoc import enemy_zoc, ignores_zoc_cost, zoc_entry_cost
from ardennes_qt.rules.common.search import cheapest_routes
from ardennes_qt.rules.scs.moves import Step, mps

OUT_OF_SUPPLY = "out_of_supply"  # the status the Supply Phase sets (1.14)

Reason = tuple[int, str, str]  # (half MPs, why, rule)


# --- how far a unit may go ----------------------------------------------------------------------


def out_of_supply(state: GameState, unit_id: str) -> bool:
    """1.14: the unit was found out of supply in its side's last Supply Phase."""
    return state.units[unit_id].has(OUT_OF_SUPPLY)


def allowance(content: Content, state: GameState, unit_id: str) -> tuple[int, tuple[Reason, ...]]:
    """The unit's Movement Allowance this phase in half MPs, with each factor applied:
    the MA showing (1.10a: an artillery unit's mode), x1/2 if DG (1.11a), out of supply x1/4
    for Mechanized units and x1/2 for others (1.14); both together if both apply."""
    ma = current_values(content, state, unit_id).movement
    factors = table("movement")["allowance"]
    factor = 1.0
    why: list[Reason] = []
    if state.units[unit_id].dg:
        factor *= float(factors["dg"])
        why.append((0, "DG: moves x1/2", "1.11a"))
    if out_of_supply(state, unit_id):
        if mech(content, unit_id):
            factor *= float(factors["out_of_supply_mech"])
            why.append((0, "out of supply: Mechanized units move x1/4", "1.14"))
        else:
            factor *= float(factors["out_of_supply_other"])
            why.append((0, "out of supply: other units move x1/2", "1.14"))
    half = 2 * ma
    if factor != 1.0 and ma > 0:
        half = max(1, floor(half * factor))
        if provisional_reason("movement", "rounding"):
            why.append((0, "≈ fractions of an MP rounded down to the half MP (SCS, provisional)", "SCS series rules, provisional"))
    return half, tuple(why)


def mp_left(content: Content, state: GameState, unit_id: str) -> int:
    """Half MPs the unit has left this phase (what it spent counts against its allowance)."""
    return allowance(content, state, unit_id)[0] - rules_data(state).record.spent.get(unit_id, 0)


# --- may it move? --------------------------------------------------------------------------------


def moved_this_phase(state: GameState, unit_id: str) -> bool:
    record = rules_data(state).record
    return unit_id in record.spent or unit_id == record.moving or unit_id in record.finished


def move_refusal(content: Content, state: GameState, unit_id: str) -> Refused | None:
    """Why the unit cannot move now, or None if it can."""
    if unit_id not in state.units:
        return Refused(f"no such unit: {unit_id}")
    u = state.units[unit_id]
    name = content.counter(unit_id).name
    if u.where != "map":
        return Refused(f"{name} is not on the map ({u.where})")
    data = rules_data(state)
    if data.pending:
        return Refused(f"waiting for the {data.pending[0].side} player first: {data.pending[0].kind.replace('_', ' ')}",
                       data.pending[0].rule)
    if not (is_movement(state.phase) or is_exploitation(state.phase)):
        return Refused("units move in their side's Movement and Exploitation Phases", "1.2")
    side = side_of(content, unit_id)
    if phasing_side(state.phase) != side:
        return Refused(f"it is the {phasing_side(state.phase)} player's turn", "1.2")
    if unit_id in data.record.finished:
        return Refused(f"{name} has finished its move this phase: a unit finishes before another moves", "1.5a")
    if is_movement(state.phase) and in_reserve(state, unit_id):
        return Refused(f"{name} is in Reserve: it cannot move", "1.8b")
    if is_exploitation(state.phase) and not released(state, unit_id):
        return Refused(f"only units released from Reserve move in the Exploitation Phase; {name} was not in Reserve", "1.9")
    if unit_id in data.record.flipping:
        return Refused(f"{name} flips at the end of this phase and must not move in it", "2.3a")
    if cannot_move_on_drop_turn(content, state, unit_id):
        return Refused(f"{name} dropped this turn and cannot move", "2.2c")
    if mp_left(content, state, unit_id) <= 0:
        _, why = allowance(content, state, unit_id)
        rules = ", ".join(r for _, _, r in why) or ("1.10a" if current_values(content, state, unit_id).movement == 0 else "")
        return Refused(f"{name} has no MP left this phase", rules)
    return None


# --- where it may go -------------------------------------------------------------------------------


def bars_entry(content: Content, state: GameState, unit_id: str) -> bool:
    """Enemy units a unit may not enter: combat units.  Hidden Greif Teams let US units through
    (2.1bB); Supply Units and emplaced bridges are destroyed by the enemy entering (2.3d, 2.4)."""
    return is_combat_unit(content, state, unit_id)


def hidden_greif(content: Content, state: GameState, unit_id: str) -> bool:
    return greif(content, unit_id) and hidden(state, unit_id)


@dataclass
class Mover:
    """One unit about to move, and the board as it sees it."""

    content: Content
    state: GameState
    unit: str
    side: str
    left: int  # half MPs
    limits: tuple[Reason, ...]  # what reduced its allowance
    barred: frozenset[Hex]
    next_to_enemy: frozenset[Hex]  # only for a Supply Unit (2.4)
    ezoc: frozenset[Hex]
    ignores_zoc: bool
    built: frozenset[Hexside]
    _in_play: dict[Hex, bool] = field(default_factory=dict)

    @property
    def start(self) -> Hex:
        return self.state.units[self.unit].hex

    def in_play(self, h: Hex) -> bool:
        known = self._in_play.get(h)
        if known is None:
            known = self._in_play[h] = self.content.in_play_area(h)
        return known

    def entry_refusal(self, h: Hex) -> tuple[str, str] | None:
        """Why the unit may not enter ``h`` at all, as (reason, rule)."""
        if not self.in_play(h):
            return "outside the play area", "5.x Map Bounds"
        if h in self.barred:
            return "enemy units hold it", "SCS"
        if h in self.next_to_enemy:
            return "Supply Units can never move adjacent to enemy units", "2.4"
        return None

    def step(self, a: Hex, b: Hex) -> tuple[int | None, list[Reason]]:
        """Half MPs to enter the neighbour ``b`` from ``a`` with every part of the cost; None and
        the reason when it may not."""
        refusal = self.entry_refusal(b)
        if refusal is not None:
            return None, [(0, *refusal)]
        cost, parts = step_cost(self.content, self.state, self.unit, a, b, built=self.built)
        if cost is None:
            return None, parts
        if b in self.ezoc and not self.ignores_zoc:
            extra = zoc_entry_cost()
            parts = [*parts, (extra, "entering an enemy ZOC (≈ SCS series rule, provisional)", "SCS")]
            cost += extra
        return cost, parts

    def end_refusal(self, h: Hex) -> tuple[str, str] | None:
        """Why a move may not end in ``h``: more than 6 steps (1.3), two Greif Teams together
        (2.1bE), a Hidden Greif Team excepted from the first."""
        state, content = self.state, self.content
        if greif(content, self.unit) and any(greif(content, u) for u in state.units_at(h) if u != self.unit):
            return "a Greif Team never ends a phase stacked with another", "2.1bE"
        if overstacked(content, state, h, (self.unit,)):
            return f"it would hold {steps_in(content, state, h, (self.unit,))} steps; at most {max_steps()}", "1.3"
        return None


def mover(content: Content, state: GameState, unit_id: str) -> Mover:
    """The unit as the search sees it; call after ``move_refusal`` found nothing."""
    side = side_of(content, unit_id)
    sneaking = hidden_greif(content, state, unit_id)
    barred = frozenset() if sneaking else frozenset(
        h for h, ids in state.occupied().items()
        if any(side_of(content, u) != side and bars_entry(content, state, u) for u in ids))
    near: set[Hex] = set()
    if supply_unit(content, unit_id):
        for h in enemy_hexes(content, state, side):
            near.update(h.neighbours())
    total, limits = allowance(content, state, unit_id)
    return Mover(
        content=content,
        state=state,
        unit=unit_id,
        side=side,
        left=total - rules_data(state).record.spent.get(unit_id, 0),
        limits=limits,
        barred=barred,
        next_to_enemy=frozenset(near),
        ezoc=frozenset(enemy_zoc(content, state, side)),
        ignores_zoc=ignores_zoc_cost(content, state, unit_id),
        built=frozenset() if side == ALLIED else frozenset(german_bridges(content, state)),
    )


@dataclass
class Routes:
    """The cheapest cost (half MPs) of every hex reached and the hex before it on the way."""

    cost: dict[Hex, int]
    parent: dict[Hex, Hex]

    def route(self, h: Hex) -> list[Hex]:
        out = [h]
        while out[-1] in self.parent:
            out.append(self.parent[out[-1]])
        return out[::-1]


def reach(m: Mover) -> Routes:
    """Every hex the unit can enter with the MPs it has left, each by its cheapest route.  The
    search prices each step over the map's arrays as ``Mover.step`` does; of two equally cheap
    ways to a hex, the one through the hex first in axial (q, r) order is kept."""
    g = grid(m.content.map)
    index = m.content.map.numbering.index
    start = index(m.start)
    reached = cheapest_routes((start,), m.left, search_steps(m, g), order=g.axial_rank)
    del reached.cost[start]
    hexes = g.hexes
    return Routes({hexes[j]: c for j, c in reached.cost.items()},
                  {hexes[j]: hexes[i] for j, i in reached.parent.items()})


def search_steps(m: Mover, g: Grid) -> Callable[[int], list[tuple[int, int]]]:
    """The unit's steps out of a hex for the search: its class's TEC costs (1.6), Supply Units
    at the supply rate of roads (TEC **), a Greif Team keeping the road through a Traffic Jam
    and paying no stacked-road cost (2.1bA), never into a hex it may not enter, +EZOC."""
    content, unit = m.content, m.unit
    numbering = content.map.numbering
    b = ground(content, m.state, m.side)
    if greif(content, unit):
        b = Ground(frozenset(), b.down, b.built, False)
    elif not stacked(content, m.state, m.start, m.side, unit):  # the unit does not count in its own hex
        b = Ground(b.stacked - {numbering.index(m.start)}, b.down, b.built, b.jams)
    closed = {numbering.index(h) for h in m.barred | m.next_to_enemy if numbering.contains(h)}
    extra = {} if m.ignores_zoc else dict.fromkeys((numbering.index(h) for h in m.ezoc if numbering.contains(h)),
                                                   zoc_entry_cost())
    r = rates(movement_class(content, unit), supply_unit(content, unit))
    return steps_out(g, b, r, area_of(content).inside, closed, extra)


def destinations(m: Mover) -> tuple[Routes, dict[Hex, int]]:
    """The routes, and the hexes where a move may end with their cost."""
    routes = reach(m)
    return routes, {h: c for h, c in routes.cost.items() if m.end_refusal(h) is None}


# --- one route, checked -------------------------------------------------------------------------


@dataclass
class Walk:
    """A checked route: the hexes, the half MPs spent up to each, and its steps for a player."""

    route: list[Hex]
    spent: list[int]
    steps: list[Step]


def walk(m: Mover, route: list[Hex]) -> Walk:
    """Check a route hex by hex (its first hex is where the unit stands) and explain every
    cost; raises ``Refused``."""
    hex_id = m.content.map.hex_id
    if not route or route[0] != m.start:
        raise Refused(f"a route starts where the unit stands, {hex_id(m.start)}")
    if len(route) < 2:
        raise Refused(f"the unit is already in {hex_id(m.start)}")
    spent = [0]
    steps = [Step(hex_id(route[0]), 0, ())]
    for a, b in zip(route, route[1:]):
        if a.direction_to(b) is None or not m.content.map.contains(b):
            raise Refused(f"{hex_id(b)} is not next to {hex_id(a)}")
        k, parts = m.step(a, b)
        if k is None:
            raise Refused(f"{hex_id(a)} to {hex_id(b)}: {parts[0][1]}", parts[0][2])
        total = spent[-1] + k
        if total > m.left:
            limits = "; ".join(f"{why} ({rule})" for _, why, rule in m.limits)
            raise Refused(f"{hex_id(b)} needs {mps(total)} MP; {m.content.counter(m.unit).name} has {mps(m.left)} MP left"
                          + (f" ({limits})" if limits else ""), "1.5")
        spent.append(total)
        steps.append(Step(hex_id(b), mps(total), tuple((mps(h), why, rule) for h, why, rule in parts)))
    end = m.end_refusal(route[-1])
    if end is not None:
        raise Refused(f"the move cannot end in {hex_id(route[-1])}: {end[0]}", end[1])
    return Walk(route, spent, steps)


# --- the phase record of moves (1.5a) ---------------------------------------------------------------


def start_moving(state: GameState, unit_id: str) -> GameState:
    """1.5a: a unit begins (or goes on with) its move; the unit that was moving has finished.
    Overruns and exits start a unit moving too."""
    data = rules_data(state)
    record = data.record
    finished = record.finished | {record.moving} if record.moving and record.moving != unit_id else record.finished
    return with_rules(state, replace(data, record=replace(record, moving=unit_id, finished=finished),
                                     moved_this_turn=data.moved_this_turn | {unit_id}))


def spend(state: GameState, unit_id: str, half_mps: int) -> GameState:
    """Add to the half MPs the unit has spent this phase."""
    data = rules_data(state)
    spent = dict(data.record.spent)
    spent[unit_id] = spent.get(unit_id, 0) + half_mps
    return with_rules(state, data.with_record(spent=spent))


def finish(state: GameState, unit_id: str) -> GameState:
    """The unit's move is over for the phase (2.1bC: redirected; exited)."""
    data = rules_data(state)
    record = data.record
    return with_rules(state, data.with_record(finished=record.finished | {unit_id},
                                              moving="" if record.moving == unit_id else record.moving))
