"""Artillery out of the line of fire: Bugging Out (3.6; checklist items 67, 68) and Air
Supply for Artillery (3.7, table in 003; checklist item 76).

The movement and sequence code ask ``bug_outs_due`` after enemy units move with their own
MPs and when a phase begins, and ``artillery_air_supply_due`` in the Pre-Turn DG Recovery;
each answer is a list of ``Decision`` for the owning player, resolved by the BugOut and
ArtilleryAirSupply actions.
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from typing import Iterable

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Direction, Hex, Hexside
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.a2state import Decision
from ardennes_qt.rules.ardennes2.actions import ArtilleryAirSupply, BugOut
from ardennes_qt.rules.ardennes2.barrage import barrage_table
from ardennes_qt.rules.ardennes2.bridges import bridges_down
from ardennes_qt.rules.ardennes2.choices import Choices
from ardennes_qt.rules.ardennes2.movecontext import active_traffic_jam
from ardennes_qt.rules.ardennes2.placement import in_play_area
from ardennes_qt.rules.ardennes2.situation import current_values, enemy_hexes, hex_of, rules_data, side_of, with_rules
from ardennes_qt.rules.ardennes2.strengths import attack_across_prohibited
from ardennes_qt.rules.ardennes2.supply import supplied_hexes
from ardennes_qt.rules.ardennes2.tables import table, table_cache
from ardennes_qt.rules.ardennes2.terrain import hex_entry_cost

BUG_OUT = "bug_out"
ARTILLERY_AIR_SUPPLY = "artillery_air_supply"
BUG_OUT_TRIGGER_ATTACK = 2  # 3.6: "a printed Attack Strength of at least 2"


# --- 3.6 when artillery must Bug Out -----------------------------------------------------------


def road_open(content: Content, down: frozenset[Hexside], h: Hex, direction: Direction) -> bool:
    """A road leaves ``h`` that way and its bridge, if any, stands (1.3a; 3.8 Blown, unbuilt)."""
    side = Hexside.of(h, direction)
    return side in content.map.roads and side not in down


def bug_out_threats(content: Content, state: GameState, artillery_id: str, mover_ids: Iterable[str] | None = None) -> list[str]:
    """3.6: adjacent enemy units with a printed Attack Strength of 2 or more (the side of the
    counter showing), only ``mover_ids`` if given; enemies across hexsides that prevent
    attacking the artillery's hex (TEC note 1) are ignored, and friendly units do not negate them."""
    h = hex_of(state, artillery_id)
    side = side_of(content, artillery_id)
    movers = None if mover_ids is None else set(mover_ids)
    out = []
    for n in h.neighbours():
        for uid in state.units_at(n):
            if side_of(content, uid) == side or (movers is not None and uid not in movers):
                continue
            attack = current_values(content, state, uid).attack
            if (attack is not None and attack >= BUG_OUT_TRIGGER_ATTACK
                    and attack_across_prohibited(content, state, content.counter(uid).ma_type, n, h) is None):
                out.append(uid)
    return sorted(out)


def bug_outs_due(content: Content, state: GameState, mover_ids: Iterable[str] | None = None) -> list[Decision]:
    """Artillery that must Bug Out now (3.6): not DG, with an enemy threat next to it.

    ``mover_ids``: the enemy units that just moved adjacent using their own MPs; None when a
    phase begins, where every adjacent enemy counts.  Artillery with no hex to go to (no
    qualifying hex 8 road hexes away) stays where it is: the rule gives it nowhere to run.
    """
    movers = None if mover_ids is None else tuple(mover_ids)
    already = {d.data.get("artillery") for d in rules_data(state).pending if d.kind == BUG_OUT}
    out = []
    for uid, u in sorted(state.units.items()):
        if u.where != "map" or u.dg or uid in already or not content.counter(uid).is_artillery:
            continue
        threats = bug_out_threats(content, state, uid, movers)
        if threats and bug_out_destinations(content, state, uid):
            out.append(Decision(BUG_OUT, side_of(content, uid), {"artillery": uid, "from": u.hex, "threats": tuple(threats)}, "3.6"))
    return out


# --- 3.6 where it may go -------------------------------------------------------------------------


def road_hexes_from(content: Content, state: GameState, start: Hex) -> dict[Hex, int]:
    """Road hexes reached from ``start`` along contiguous Roads and Tracks, with the fewest road
    hexes entered to reach each; ZOC Bonds and enemy units are ignored (3.6), Blown and unbuilt
    bridges break the road (3.8), and the route stays in the play area.  Artillery off the road
    net starts at the road hexes within ``bug_out.road_within`` (barrage.toml, provisional),
    each counted as the hexes it lies away."""
    down = bridges_down(content, state)
    m = content.map
    if m.roads_of(start):
        reached = {start: 0}
    else:
        reach = barrage_table()["bug_out"]["road_within"]
        reached = {h: start.distance(h) for h in start.within(reach) if h != start and m.contains(h) and m.roads_of(h)}
    queue = deque(sorted(reached, key=reached.get))
    while queue:
        h = queue.popleft()
        for direction in m.roads_of(h):
            n = h.neighbour(direction)
            if n in reached or not road_open(content, down, h, direction) or not in_play_area(content, n):
                continue
            reached[n] = reached[h] + 1
            queue.append(n)
    return reached


def prohibited_to_mech(content: Content, state: GameState, h: Hex, side: str) -> bool:
    """3.6 "Not Prohibited for Mech Movement": Mech-P hex terrain (TEC), or for a German unit a
    German-occupied Traffic Jam hex on Turns 1-2 (3.1: "Prohibited Terrain for all other
    German units")."""
    if hex_entry_cost(content.map.terrain(h), "mech")[0] is None:
        return True
    if active_traffic_jam(content, state, h, side):
        return any(side_of(content, uid) == side for uid in state.units_at(h))
    return False


def bug_out_destinations(content: Content, state: GameState, artillery_id: str) -> list[str]:
    """3.6: every hex the artillery may be teleported to - in trace supply, not Prohibited for
    Mech movement, neither holding nor adjacent to an enemy unit, and at least 8 contiguous
    road hexes from where it began, by the shortest road (``road_hexes_from``)."""
    start = hex_of(state, artillery_id)
    if start is None:
        return []
    side = side_of(content, artillery_id)
    needed = barrage_table()["bug_out"]["road_hexes"]
    far = [h for h, n in road_hexes_from(content, state, start).items() if n >= needed]
    if not far:
        return []
    enemies = enemy_hexes(content, state, side)
    supplied = supplied_hexes(content, state, side)
    out = [
        h for h in far
        if h in supplied and h not in enemies and not any(n in enemies for n in h.neighbours())
        and not prohibited_to_mech(content, state, h, side)
    ]
    return sorted(content.map.hex_id(h) for h in out)


def _pending(state: GameState, kind: str, key: str, unit_id: str) -> Decision:
    for decision in rules_data(state).pending:
        if decision.kind == kind and decision.data.get(key) == unit_id:
            return decision
    raise Refused(f"{unit_id} has no {kind.replace('_', ' ')} waiting", "3.6" if kind == BUG_OUT else "3.7")


def _resolved(state: GameState, decision: Decision) -> GameState:
    data = rules_data(state)
    return with_rules(state, replace(data, pending=tuple(d for d in data.pending if d is not decision)))


def bug_out(content: Content, state: GameState, action: BugOut) -> Outcome:
    """The BugOut action (3.6): no pathway - the artillery is picked up, placed, and marked DG."""
    decision = _pending(state, BUG_OUT, "artillery", action.artillery)
    if state.units[action.artillery].dg:
        raise Refused("DG artillery cannot Bug Out", "3.6")
    if action.to not in bug_out_destinations(content, state, action.artillery):
        raise Refused(f"{action.to} is not a Bug Out hex: it must be in trace supply, not Prohibited for Mech, away "
                      "from enemy units and at least 8 road hexes from the start", "3.6")
    origin = hex_of(state, action.artillery)
    to = content.map.parse(action.to)
    state = _resolved(state, decision).placed((action.artillery,), to)
    state = state.with_units({action.artillery: replace(state.units[action.artillery], dg=True)})
    name = content.counter(action.artillery).name
    threats = ", ".join(content.counter(t).name for t in decision.data.get("threats", ()))
    reasons = [f"enemy adjacent: {threats} (3.6)", "Bug Out makes artillery DG (3.4, 3.6)"]
    if not content.map.roads_of(origin):
        reasons.append("off the road net: its 8 road hexes count from a road within "
                       f"{barrage_table()['bug_out']['road_within']} hex (3.6; provisional reading)")
    line = LogLine(f"{name} bugs out from {content.map.hex_id(origin)} to {action.to} and is DG", tuple(reasons))
    return Outcome(state, Changes(units=frozenset({action.artillery}), hexes=frozenset({origin, to})), (line,))


# --- 3.7 Air Supply for Artillery ----------------------------------------------------------------


@table_cache
def air_supply_artillery_table() -> list[dict]:
    """tables/air_supply_artillery.toml (003)."""
    return table("air_supply_artillery")["result"]


def artillery_air_supply_result(roll: int) -> dict:
    for row in air_supply_artillery_table():
        if row["rolls"][0] <= roll <= row["rolls"][1]:
            return row
    raise ValueError(f"air_supply_artillery.toml: no row for a roll of {roll}")


def artillery_air_supply_due(content: Content, state: GameState) -> list[Decision]:
    """3.7: in the DG Recovery Phase, DG artillery that can neither trace supply nor get Air
    Supply: its owner chooses to leave it DG or roll on the Air Supply for Artillery Table.
    (Within 5 hexes of an Air Supply marker counts as supplied, 3.7 B.)"""
    supplied: dict[str, set[Hex]] = {}
    out = []
    for uid, u in sorted(state.units.items()):
        if u.where != "map" or not u.dg or not content.counter(uid).is_artillery:
            continue
        side = side_of(content, uid)
        if side not in supplied:
            supplied[side] = supplied_hexes(content, state, side)
        if u.hex not in supplied[side]:
            out.append(Decision(ARTILLERY_AIR_SUPPLY, side, {"unit": uid}, "3.7"))
    return out


def artillery_air_supply(content: Content, state: GameState, action: ArtilleryAirSupply) -> Outcome:
    """The ArtilleryAirSupply action: leave the unit DG, or roll - 1 the unit is removed from
    play, 2-3 it stays DG, 4-6 its DG is removed (003)."""
    decision = _pending(state, ARTILLERY_AIR_SUPPLY, "unit", action.unit)
    state = _resolved(state, decision)
    name = content.counter(action.unit).name
    origin = hex_of(state, action.unit)
    if not action.roll:
        return Outcome(state, Changes(units=frozenset({action.unit})), (LogLine(f"{name} stays DG (no roll)", ("3.7 A",)),))
    state, roll = state.rolled()
    row = artillery_air_supply_result(roll)
    if row["effect"] == "removed":
        state = state.moved_off((action.unit,), "removed")
    elif row["effect"] == "dg_removed":
        state = state.with_units({action.unit: replace(state.units[action.unit], dg=False)})
    line = LogLine(f"{name}: rolled {roll}, {row['text']}", ("Air Supply for Artillery Table (3.7, 003)",))
    return Outcome(state, Changes(units=frozenset({action.unit}), hexes=frozenset({origin})), (line,))


# --- for the sequence of play and the legal actions ------------------------------------------------


def _opened(state: GameState, decisions: list[Decision]) -> GameState:
    data = rules_data(state)
    return with_rules(state, replace(data, pending=(*data.pending, *decisions)))


def open_bug_outs(content: Content, state: GameState, mover_ids: Iterable[str] | None = None) -> tuple[GameState, list[LogLine]]:
    """A step: the Bug Outs due now (``bug_outs_due``) become pending Decisions of the
    artillery's owner, resolved "at that moment" before play goes on (3.6)."""
    due = bug_outs_due(content, state, mover_ids)
    log = [
        LogLine(f"{content.counter(d.data['artillery']).name} must Bug Out",
                (f"enemy adjacent: {', '.join(content.counter(t).name for t in d.data['threats'])} (3.6)",))
        for d in due
    ]
    return (_opened(state, due), log) if due else (state, [])


def bug_out_answers(content: Content, state: GameState, decision: Decision) -> list:
    """The BugOut actions that answer a bug_out Decision, one family."""
    artillery = decision.data["artillery"]
    return [Choices(f"bug out {artillery}", decision.side,
                    lambda: [BugOut(artillery, h) for h in bug_out_destinations(content, state, artillery)], "answer")]


def artillery_air_supply_answers(content: Content, state: GameState, decision: Decision) -> list:
    """Roll on the Air Supply for Artillery Table, or leave the unit DG (3.7)."""
    unit = decision.data["unit"]
    return [Choices(f"air supply for {unit}", decision.side, lambda: [ArtilleryAirSupply(unit, True), ArtilleryAirSupply(unit, False)], "answer")]
