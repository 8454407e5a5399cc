"""Who may Overrun, and along which roads (3.3; TEC note 2; checklist items 56-57).

An overrunning stack has a Mech MA, is not DG, did not start the phase next to an enemy
unit, has not started in or entered an enemy barrage hex, and has not overrun this phase
(item 56).  It follows a contiguous road - Road or Track, over bridges that stand - into
the defender's hex, never entering an enemy barrage hex or a Traffic Jam (which would
make it DG) on the way, and pays +2 MP to attack from the hex next to the defender
(item 57).  Resolving the attack is the combat procedure's.
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.movement import Step, in_enemy_barrage, move_refusal, mover, mps, walk
from ardennes_qt.rules.ardennes2.movesearch import search
from ardennes_qt.rules.ardennes2.situation import rules_data

OVERRUN_COST = 4  # half MPs: 3.3 "Spend +2 MPs to do so"; entering a vacated hex costs nothing more


def unit_cannot_overrun(content: Content, state: GameState, unit_id: str) -> Refused | None:
    """3.3's conditions on each overrunning unit (item 56)."""
    counter = content.counter(unit_id)
    record = rules_data(state).record
    if counter.is_artillery:
        return Refused(f"{counter.name} is artillery, which never attacks", "designer's notes")
    if counter.ma_type != "mech":
        return Refused(f"{counter.name} has a Leg MA: only Mech MA units Overrun", "1.3; 3.3")
    if state.units[unit_id].dg:
        return Refused(f"{counter.name} is DG and cannot Overrun", "3.3; 3.4")
    if unit_id in record.started_adjacent:
        return Refused(f"{counter.name} began the phase adjacent to an enemy unit", "3.3; 1.2")
    if in_enemy_barrage(content, state, unit_id):
        return Refused(f"{counter.name} started in or entered an enemy barrage hex this phase", "3.3; 3.5")
    if unit_id in record.overran:
        return Refused(f"{counter.name} already overran this phase", "3.3")
    return None


def overrun_allowed(content: Content, state: GameState, unit_ids) -> tuple[bool, tuple[str, ...]]:
    """May the stack Overrun this phase?  (allowed, the reasons with their rules)."""
    ids = tuple(unit_ids)
    refusal = move_refusal(content, state, ids)
    if refusal is not None:
        return False, (str(refusal),)
    failures = tuple(str(why) for u in ids if (why := unit_cannot_overrun(content, state, u)) is not None)
    if failures:
        return False, failures
    return True, ("Mech MA, not DG, not started next to an enemy, no enemy barrage, no Overrun yet this phase (3.3)",)


def overrun_routes(content: Content, state: GameState, unit_ids) -> dict[str, list[Step]]:
    """Every enemy hex the stack may Overrun now, by the cheapest road to the hex next to it:
    the steps of that route, then the defender's hex at the cost including the +2 MP."""
    ids = tuple(unit_ids)
    if not overrun_allowed(content, state, ids)[0]:
        return {}
    m = replace(mover(content, state, ids), overrunning=True)
    down = m.board.down
    index = m.index
    routes = search(m, {"mech": index.road_edges("mech", down)}, kind="road")
    launches = {m.start: 0, **routes.cost}
    allowance = m.allowance["mech"]
    best: dict[int, tuple[int, int]] = {}
    for launch, cost in launches.items():
        total = cost + OVERRUN_COST
        if total > allowance:
            continue
        for target in index.roads[launch]:
            if target in m.board.enemy and index.follows_road(launch, target, down):
                if target not in best or total < best[target][0]:
                    best[target] = (total, launch)
    hex_id = content.map.hex_id
    out = {}
    for target, (total, launch) in sorted(best.items()):
        route = routes.route(launch) if launch != m.start else [m.start]
        steps = walk(content, state, m, route).steps
        steps.append(Step(hex_id(index.hexes[target]), mps(total), ((mps(OVERRUN_COST), "Overrun along the road", "3.3; TEC note 2"),)))
        out[hex_id(index.hexes[target])] = steps
    return out
