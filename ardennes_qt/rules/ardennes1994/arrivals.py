"""Units that come onto the map (checklist items 57-59, 64-66):

- the Set-Up (5.1-5.3): the units a scenario places freely ("With or adjacent to any of the
  above"), each in a hex holding a printed German set-up unit or next to one.  The German must
  place them all before the Set-Up ends, but KG von der Heydte, which he may keep off the map
  for its air drop (2.2, stosser.py);
- the US player's dummy dumps (3.3a), chosen in secret at the start of the game (setup.py);
- the reinforcements of the Orders of Arrival, by entry area or at their entry hex, on or after
  their turn.  The 1994 rules leave the procedure to the SCS series rules, which we do not
  have: ``series.toml [reinforcements]`` (provisional) places them at the start of their side's
  Movement Phase, each paying the cost of its first hex, and sends them to the nearest free hex
  of the same map edge when the enemy holds their entry hexes.
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.numbering import HexIdError
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.scenario import Arrival
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import Choices
from ardennes_qt.rules.ardennes1994 import setup
from ardennes_qt.rules.ardennes1994.actions import PlaceReinforcements
from ardennes_qt.rules.ardennes1994.entering import enter_hex
from ardennes_qt.rules.ardennes1994.estimates import MOVE
from ardennes_qt.rules.ardennes1994.arrival_time import due_units, late_refusal, procedure
from ardennes_qt.rules.ardennes1994.phase_steps import on_end, on_run
from ardennes_qt.rules.ardennes1994.phases import MOVEMENT, SETUP
from ardennes_qt.rules.ardennes1994.rulebook import Part
from ardennes_qt.rules.ardennes1994.situation import (
    artillery, enemy_hexes, greif, mode, rules_data, side_of, supply_unit, with_rules,
)
from ardennes_qt.rules.ardennes1994.stacking import max_steps, overstacked, steps_in
from ardennes_qt.rules.ardennes1994.stosser import vdh_unit
from ardennes_qt.rules.ardennes1994.supply_sources import edge_crossed, play_area
from ardennes_qt.rules.ardennes1994.tables import provisional_reason
from ardennes_qt.rules.ardennes1994.terrain import EASTERN_ZONE, hex_entry_cost, movement_class, step_cost

PART = Part()
SCS = "SCS series rules: arrivals"  # the rule a log line gives for the procedure the 1994 text does not print


# --- the Set-Up -------------------------------------------------------------------------------


def waiting_at_start(content: Content, state: GameState) -> list[str]:
    """The units the set-up places freely that are not on the map yet."""
    return [u for near in content.scenario.extras.get("near", []) for u in near["units"]
            if state.units[u].where == "scheduled"]


def start_hexes(content: Content, state: GameState, unit_id: str) -> list[Hex]:
    """5.x "With or adjacent to any of the above": a hex holding a printed set-up unit of the
    same side, or next to one, in the play area; not overstacked (1.3); not with the enemy,
    but a Hidden Greif Team may start stacked with US units (5.x), though never with another
    Greif Team (2.1bE); Supply Units never west of the Our (the Eastern Zone east of it, 2.5a)."""
    side = side_of(content, unit_id)
    printed = {p.hex for p in content.scenario.placements if side_of(content, p.counter) == side}
    around = set(printed)
    for h in printed:
        around.update(h.neighbours())
    enemy = enemy_hexes(content, state, side)
    out = []
    for h in sorted(around, key=content.map.numbering.index):
        if not content.map.contains(h) or not content.in_play_area(h):
            continue
        if h in enemy and not greif(content, unit_id):
            continue
        if greif(content, unit_id) and any(greif(content, u) for u in state.units_at(h)):
            continue  # 2.1bE: a Greif Team never ends a phase stacked with another
        if supply_unit(content, unit_id) and EASTERN_ZONE not in content.map.terrain(h):
            continue
        if overstacked(content, state, h, (unit_id,)):
            continue
        out.append(h)
    return out


def set_up_rule(content: Content) -> str:
    return f"{content.scenario.id} Set Up"


def to_set_up(content: Content, state: GameState) -> list[str]:
    """The units that must still be placed before the Set-Up ends: every unit placed "with or
    adjacent to any of the above" that is not on the map, but KG von der Heydte (which may be
    kept for the air drop, 2.2) and a unit no hex is left for."""
    vdh = vdh_unit(content)
    return [u for u in waiting_at_start(content, state) if u != vdh and start_hexes(content, state, u)]


def unit_names(content: Content, ids: list[str]) -> list[str]:
    """Each unit's name, with its formation where units of its type from other formations are
    listed too ("1 Engineer Grp (5 Panzer Army)")."""
    counters = [content.counter(u) for u in ids]
    out = []
    for c in counters:
        formation = content.formations.get(c.formation)
        mixed = len({o.formation for o in counters if o.unit_type == c.unit_type}) > 1
        out.append(f"{c.name} ({formation.name})" if mixed and formation is not None else c.name)
    return out


def set_up_refusal(content: Content, state: GameState) -> Refused | None:
    """Why the Set-Up may not end yet: German units are still to be placed (5.1-5.3)."""
    if state.phase != SETUP:
        return None
    left = to_set_up(content, state)
    if not left:
        return None
    names = ", ".join(unit_names(content, left))
    count = f"{len(left)} unit{'s are' if len(left) != 1 else ' is'}"
    if vdh_unit(content) in waiting_at_start(content, state):
        return Refused(f"{count} still to be set up with or adjacent to the German set-up: {names} "
                       "(only KG von der Heydte may stay off the map, for its air drop)", f"{set_up_rule(content)}, 2.2")
    return Refused(f"{count} still to be set up with or adjacent to the German set-up: {names}", set_up_rule(content))


@on_end(SETUP)
def end_of_set_up(content: Content, state: GameState):
    """The Set-Up ends only once every unit it places freely is on the map (vdH may be kept back)."""
    refusal = set_up_refusal(content, state)
    if refusal is not None:
        raise refusal
    lines = []
    for uid in waiting_at_start(content, state):
        if uid == vdh_unit(content):
            lines.append(LogLine("KG von der Heydte stays off the map for the air drop on Turn 1", ("2.2",)))
        else:
            lines.append(LogLine(f"{content.counter(uid).name} has no hex left to set up in and stays off the map",
                                 (set_up_rule(content), "1.3")))
    return state, lines


def place_at_start(content: Content, state: GameState, action: PlaceReinforcements) -> Outcome:
    if state.phase != SETUP:
        raise Refused("units are set up before play only", set_up_rule(content))
    waiting = set(waiting_at_start(content, state))
    if not action.units or not set(action.units) <= waiting:
        raise Refused("only the units the set-up places freely, not yet placed", set_up_rule(content))
    h = content.map.parse(action.to)
    for uid in action.units:
        if h not in start_hexes(content, state, uid):
            raise Refused(f"{content.counter(uid).name} may not set up at {action.to}: "
                          "it goes with or next to a printed set-up unit of its side, not overstacked",
                          f"{set_up_rule(content)}, 1.3")
    state = state.placed(action.units, h)
    names = ", ".join(content.counter(u).name for u in action.units)
    return Outcome(state, Changes(units=frozenset(action.units), hexes=frozenset({h})),
                   (LogLine(f"{names} set up at {action.to}", (f"{set_up_rule(content)}: with or adjacent to any of the above",)),))


def start_choices(content: Content, state: GameState) -> list[Choices]:
    return [Choices(f"set up {content.counter(u).name}", side_of(content, u),
                    lambda u=u: [PlaceReinforcements((u,), content.map.hex_id(h)) for h in start_hexes(content, state, u)], "place",
                    units=(u,))
            for u in waiting_at_start(content, state)]


def nothing_to_set_up(content: Content, state: GameState) -> str:
    return "" if waiting_at_start(content, state) else "every unit is set up"


def end_refusal(content: Content, state: GameState) -> Refused | None:
    """Why the current phase may not end now (the Set-Up with units still to place), or None:
    for the "end the phase" the rules offer."""
    return set_up_refusal(content, state)


# --- reinforcements: when ---------------------------------------------------------------------


def _why_scs(text: str) -> str:
    """A reason from the series table, marked provisional while it is."""
    return f"≈ {text} ({SCS}, provisional)" if provisional_reason("series", "reinforcements") else f"{text} ({SCS})"


def only_entered(state: GameState, unit_id: str) -> bool:
    """The unit came on this phase and has not moved on from its entry hex (what it spent was
    its entry): its mode may still be chosen (1.10: artillery comes on "in any desired mode")."""
    record = rules_data(state).record
    return unit_id in record.arrived and unit_id != record.moving and unit_id not in record.finished


# --- reinforcements: where --------------------------------------------------------------------


def arrival_of(content: Content, unit_id: str) -> Arrival:
    return next(a for a in content.scenario.arrivals if unit_id in a.counters and not a.remove)


def printed_entry(content: Content, arrival: Arrival) -> list[Hex]:
    """The hexes the Orders of Arrival print for the arrival: its entry area's, or its entry hex,
    those in the play area."""
    if arrival.areas:
        wanted = [h for letter in arrival.areas if letter in content.map.entry_areas
                  for h in content.map.entry_areas[letter].hexes]
    else:
        wanted = list(arrival.hexes)
    return sorted({h for h in wanted if content.map.contains(h) and content.in_play_area(h)}, key=content.map.numbering.index)


_EDGES: dict[tuple[int, int], tuple[object, object, dict[str, frozenset[Hex]]]] = {}


def edge_hexes(content: Content) -> dict[str, frozenset[Hex]]:
    """The hexes of the play area on each of its printed edges (the map's, or a part-map
    scenario's bounds): those with a neighbour out of play across that edge."""
    key = (id(content.map), id(content.scenario))
    cached = _EDGES.get(key)
    if cached is None or cached[0] is not content.map or cached[1] is not content.scenario:
        area = play_area(content)
        edges: dict[str, set[Hex]] = {}
        for h in area:
            for n in h.neighbours():
                if n not in area:
                    edges.setdefault(edge_crossed(content, h, n), set()).add(h)
        if len(_EDGES) > 8:
            _EDGES.clear()
        cached = _EDGES[key] = (content.map, content.scenario, {e: frozenset(hs) for e, hs in edges.items()})
    return cached[2]


def nearest_free(content: Content, state: GameState, side: str, blocked: list[Hex]) -> list[Hex]:
    """series.toml [reinforcements]: "an entry hex blocked by the enemy moves the arrivals to the
    nearest free hex of the same map edge": the hexes of that edge free of enemy units nearest to
    the blocked ones (all of them, when several are as near)."""
    edges = edge_hexes(content)
    if not edges or not blocked:
        return []
    # the edge all the entry hexes are on (a corner hex is on two); else one some are on; else,
    # for a printed hex just inside the play area, the edge nearest to it
    on = ([e for e, hs in edges.items() if all(b in hs for b in blocked)]
          or [e for e, hs in edges.items() if any(b in hs for b in blocked)])
    if not on:
        away = {e: min(h.distance(b) for h in hs for b in blocked) for e, hs in edges.items()}
        on = [e for e in edges if away[e] == min(away.values())]
    same = {h for e in on for h in edges[e]}
    enemy = enemy_hexes(content, state, side)
    free = [h for h in same if h not in enemy and h not in blocked]
    if not free:
        return []
    distance = {h: min(h.distance(b) for b in blocked) for h in free}
    nearest = min(distance.values())
    return sorted((h for h in free if distance[h] == nearest), key=content.map.numbering.index)


def entry_choices(content: Content, state: GameState, unit_id: str) -> tuple[list[Hex], bool]:
    """Where the unit may enter, before stacking is counted, and whether these are the nearest
    free hexes standing in for printed entry hexes the enemy holds."""
    side = side_of(content, unit_id)
    wanted = printed_entry(content, arrival_of(content, unit_id))
    enemy = enemy_hexes(content, state, side)
    free = [h for h in wanted if h not in enemy]
    if free or not wanted or str(procedure().get("blocked", "nearest")) != "nearest":
        return free, False
    return nearest_free(content, state, side, wanted), True


def entry_hexes(content: Content, state: GameState, unit_id: str) -> list[Hex]:
    """Where a due unit may enter now: the hexes of its entry area (or its entry hex) in the play
    area, free of enemy units (Hidden Greif Teams do not count, 2.1bB) and not overstacked (1.3);
    when the enemy holds them all, the nearest free hex of the same map edge; none once the start
    of the Movement Phase is past (series.toml [reinforcements], provisional)."""
    if late_refusal(content, state):
        return []
    hexes, _ = entry_choices(content, state, unit_id)
    return [h for h in hexes if not overstacked(content, state, h, (unit_id,))]


# --- reinforcements: what entering costs ------------------------------------------------------


def entry_cost(content: Content, state: GameState, unit_id: str, h: Hex) -> tuple[int, list[tuple[int, str, str]]]:
    """series.toml [reinforcements]: the arrivals "move normally from there, paying the terrain of
    that first hex": the half MPs of entering ``h`` from beyond the edge of the play area, as
    the TEC prices a step - the road's rate where a road crosses that edge into ``h`` (with
    1.5a's +1 into friendly units, 1.5b's Map Traffic Jams), else the hex's own cost, and a
    river crossed on the way - by the cheapest way in."""
    area = play_area(content)
    best: tuple[int, list] | None = None
    for n in h.neighbours():
        if n in area:
            continue
        cost, parts = step_cost(content, state, unit_id, n, h)
        if cost is not None and (best is None or cost < best[0]):
            best = (cost, parts)
    if best is None:
        cost, why = hex_entry_cost(content, h, movement_class(content, unit_id))
        best = (cost or 0, [(cost or 0, why, "TEC")])
    return best


def mps(half: int) -> str:
    return str(half // 2) if half % 2 == 0 else str(half / 2)


# --- reinforcements: placing them ---------------------------------------------------------------


def arrival_refusal(content: Content, state: GameState, units: tuple[str, ...], h: Hex) -> Refused | None:
    """Why these units may not enter at ``h`` now, or None."""
    side = MOVEMENT.get(state.phase)
    due = set(due_units(content, state))
    if side is None or not units or not set(units) <= due:
        return Refused("reinforcements enter in their side's Movement Phase, on or after their turn", "OOA")
    if late := late_refusal(content, state):
        return Refused(late, SCS)
    for uid in units:
        hexes, _ = entry_choices(content, state, uid)
        if h not in hexes:
            arrival = arrival_of(content, uid)
            where = (f"Entry Area {' or '.join(arrival.areas)}" if arrival.areas
                     else "at " + " or ".join(content.map.hex_id(x) for x in arrival.hexes))
            return Refused(f"{content.counter(uid).name} enters {where}, in a hex free of enemy units "
                           "(the nearest free hex of the same map edge when the enemy holds them all)", f"OOA, {SCS}")
    if overstacked(content, state, h, units):
        return Refused(f"{content.map.hex_id(h)} would hold {steps_in(content, state, h, units)} steps; at most {max_steps()}", "1.3")
    return None


def enter(content: Content, state: GameState, uid: str, h: Hex) -> tuple[GameState, list[LogLine]]:
    """One arrival onto the map at ``h``: placed, its first hex paid for, the hex's effects (3.3,
    4.2)."""
    hex_id = content.map.hex_id
    name = content.counter(uid).name
    _, standing_in = entry_choices(content, state, uid)
    charge = bool(procedure().get("pay_first_hex", True))
    data = rules_data(state)
    why = [_why_scs("arrivals are placed in their entry area or at their entry hex at the start of the Movement Phase, "
                    "paying for that first hex")]
    if artillery(content, uid) and mode(content, state, uid) != MOVE:
        # 1.10: "Artillery can ... come on as reinforcements in any desired mode"; its fire side has
        # no MA, so it comes on moving, to go on from its entry hex
        state = with_rules(state, replace(data, modes={**data.modes, uid: MOVE}))
        why.append("1.10: artillery comes on in any desired mode: its move mode, to move on from the entry hex")
    cost, parts = entry_cost(content, state, uid, h) if charge else (0, [])
    state = state.placed((uid,), h)
    data = rules_data(state)
    spent = {**data.record.spent, uid: data.record.spent.get(uid, 0) + cost}
    # entering is its first step: the unit has moved this turn (1.8a) and spent that hex's MPs
    state = with_rules(state, replace(data, moved_this_turn=data.moved_this_turn | {uid},
                                      record=replace(data.record, spent=spent, arrived=data.record.arrived | {uid})))
    why += [f"{hex_id(h)}: {mps(c)} MP, {w}" + ("" if r in w else f" ({r})") for c, w, r in parts]
    if standing_in:
        printed = ", ".join(hex_id(x) for x in printed_entry(content, arrival_of(content, uid)))
        why.append(_why_scs(f"the enemy holds its entry hexes ({printed}): the nearest free hex of the same map edge"))
    state, lines = enter_hex(content, state, uid, h)
    text = f"{name} enters at {hex_id(h)}" + (f", {mps(cost)} MP spent" if charge else "")
    return state, [LogLine(text, ("OOA", *why)), *lines]


def place_reinforcements(content: Content, state: GameState, action: PlaceReinforcements) -> Outcome:
    """Units onto the map: at the Set-Up, those placed freely; later, the Orders of Arrival's."""
    if state.phase == SETUP:
        return place_at_start(content, state, action)
    try:
        h = content.map.parse(action.to)
    except HexIdError as exc:
        raise Refused(str(exc)) from None
    if refusal := arrival_refusal(content, state, tuple(action.units), h):
        raise refusal
    before = state
    log: list[LogLine] = []
    for uid in sorted(action.units, key=lambda u: state.units[u].order):
        state, lines = enter(content, state, uid, h)
        log += lines
    moved = frozenset(u for u in state.units if state.units[u] != before.units[u])
    return Outcome(state, Changes(units=moved, hexes=frozenset({h}), markers=True), tuple(log))


def reinforcement_choices(content: Content, state: GameState) -> list[Choices]:
    if late_refusal(content, state):
        return []
    return [Choices(f"bring on {content.counter(u).name}", side_of(content, u),
                    lambda u=u: [PlaceReinforcements((u,), content.map.hex_id(h)) for h in entry_hexes(content, state, u)],
                    "place", units=(u,))
            for u in due_units(content, state)]


PART.handlers[PlaceReinforcements] = place_reinforcements
PART.offer(start_choices, SETUP)
PART.offer(reinforcement_choices, *MOVEMENT)

# 3.3a: the US player's dummy dumps, chosen at the start of the game (setup.py)
on_run("air_points")(setup.ask_dummy_dumps)
PART.handlers[setup.ChooseDummyDump] = setup.choose_dummy_dump
PART.answers[setup.DUMMY_DUMP] = (setup.ChooseDummyDump,)
PART.decision_choices[setup.DUMMY_DUMP] = setup.dummy_dump_choices
