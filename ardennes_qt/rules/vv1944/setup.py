"""The opening position (17, the set-up list): every set-up unit on its printed hex, the units
printed "IP" in Improved Positions, the support pools, every reinforcement scheduled; the
counters of a division printed over two hexes (2nd Pz, Panzer Lehr, 116th Pz) wait for the German
player to place them, at least one in each hex (the set-up phase)."""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.state import GameState, UnitState
from ardennes_qt.rules.vv1944.forces import steps_in
from ardennes_qt.rules.vv1944.schema import IN_IP
from ardennes_qt.rules.vv1944.sequence import SETUP, advance
from ardennes_qt.rules.vv1944.state import VvData, data
from ardennes_qt.rules.vv1944.tables import table


def initial_state(content: Content, seed: int) -> GameState:
    scenario = content.scenario
    extras = scenario.extras
    ip = {u for entry in extras.get("setup", []) for u in entry.get("ip", ())}
    units: dict[str, UnitState] = {}
    for p in scenario.placements:
        statuses = frozenset({IN_IP}) if p.counter in ip else frozenset()
        units[p.counter] = UnitState("map", p.hex, content.counter(p.counter).steps, order=len(units), statuses=statuses)
    to_place = {}
    for split in extras.get("setup_split", []):
        hexes = tuple(str(h) for h in split["hexes"])
        for uid in split["units"]:
            units[uid] = UnitState("scheduled", None, content.counter(uid).steps, order=len(units))
            to_place[uid] = hexes
    for arrival in scenario.arrivals:
        for uid in arrival.counters:
            units.setdefault(uid, UnitState("scheduled", None, content.counter(uid).steps, order=len(units)))
    pools = {}
    for entry in extras.get("support_pool", []):
        pools[entry["army"]] = {k: v for k, v in entry.items() if isinstance(v, int) and not isinstance(v, bool) and v}
    state = GameState(scenario=scenario.key, seed=seed, turn=scenario.first_turn, phase=SETUP, units=units,
                      next_order=len(units), rules=VvData(pools=pools, to_place=to_place))
    return advance(content, state)[0]


def split_hexes(content: Content, state: GameState, uid: str) -> list[str]:
    """Where a counter of a two-hex division may be set up: one of its printed hexes, within
    stacking (5), leaving enough counters for every printed hex to get one."""
    entry = next((e for e in content.scenario.extras.get("setup_split", []) if uid in e["units"]), None)
    if entry is None or uid not in data(state).to_place:
        return []
    division = set(entry["units"])
    waiting = [u for u in entry["units"] if u in data(state).to_place]
    limit = int(table("doctrine")["stacking"]["max_steps"])
    hexes = [str(h) for h in entry["hexes"]]
    empty = [h for h in hexes if not division & set(state.units_at(content.map.parse(h)))]
    out = []
    for h in hexes:
        if steps_in(state, content.map.parse(h)) + state.units[uid].steps > limit:
            continue
        if len([e for e in empty if e != h]) <= len(waiting) - 1:
            out.append(h)
    return out


def place_split(content: Content, state: GameState, uid: str, hex_id: str) -> GameState:
    to_place = dict(data(state).to_place)
    del to_place[uid]
    state = state.placed((uid,), content.map.parse(hex_id))
    return replace(state, rules=replace(data(state), to_place=to_place))
