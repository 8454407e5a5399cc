"""The opening position of a scenario of The Ardennes (5.1-5.5): every set-up unit in its hex,
with its step losses, hidden Greif Teams and emplaced bridges as printed; the units the
set-up places freely waiting for the Set-Up phase; every arrival scheduled; the dead piles;
the blown bridges; the US Supply Dumps (which of each set are real); the weather; and who
holds each victory city.
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Direction, Hex, Hexside
from ardennes_qt.core.state import GameState, UnitState
from ardennes_qt.rules.ardennes1994.estimates import BRIDGE, GREIF
from ardennes_qt.rules.ardennes1994.phases import ALLIED, GERMAN, SEQUENCE, SETUP
from ardennes_qt.rules.ardennes1994.state import Ardennes1994Data, Dump


def initial_state(content: Content, seed: int) -> GameState:
    scenario = content.scenario
    extras = scenario.extras
    units: dict[str, UnitState] = {}
    for placement in scenario.placements:
        counter = content.counter(placement.counter)
        steps = counter.steps - 1 if placement.step_loss and counter.steps > 1 else counter.steps
        units[placement.counter] = UnitState("map", placement.hex, steps, placement.dg, len(units))
    for near in extras.get("near", []):
        for uid in near["units"]:
            units[uid] = UnitState("scheduled", None, content.counter(uid).steps)
    for arrival in scenario.arrivals:
        for uid in arrival.counters:
            if uid not in units:
                units[uid] = UnitState("scheduled", None, content.counter(uid).steps)
    for uid in scenario.dead:
        units[uid] = UnitState("dead", None, 0)
    hidden = set(extras.get("hidden", [])) | {u for near in extras.get("near", []) for u in near.get("hidden", [])}
    modes = {uid: BRIDGE for uid in extras.get("emplaced", [])}
    state = GameState(
        scenario=scenario.key,
        seed=seed,
        turn=scenario.first_turn,
        phase=SETUP if set_up_by_hand(content) else SEQUENCE[0].id,
        units=units,
        next_order=len(units),
        rules=Ardennes1994Data(
            weather=str(extras.get("weather", "")),
            hidden=frozenset(hidden),
            modes=modes,
            blown=frozenset(blown_at_start(content)),
        ),
    )
    state = _dumps(content, state)
    return replace(state, control=initial_control(content, state))


def set_up_by_hand(content: Content) -> bool:
    """Does the scenario place some units freely before play (the Set-Up phase)?"""
    return any(near["units"] for near in content.scenario.extras.get("near", []))


def blown_at_start(content: Content) -> set[Hexside]:
    """"Blown Bridges: B45.29" (5.4, 5.5): every bridge of the printed hex starts blown."""
    out = set()
    for h in content.scenario.blown_bridges:
        for direction in Direction:
            side = Hexside.of(h, direction)
            if side in content.map.bridges:
                out.add(side)
    return out


def _dumps(content: Content, state: GameState) -> GameState:
    """3.3, 3.3a: each set of dump hexes holds its real and dummy dumps.  Where the scenario
    prints which is which (5.4, 5.5) it is so; otherwise the US player chooses secretly,
    which the program does with a die for him (the German learns it only by entering)."""
    dumps: dict[Hex, Dump] = {}
    parse = content.map.parse
    for dump_set in content.scenario.extras.get("dump_sets", []):
        hexes = [parse(h) for h in dump_set["hexes"]]
        kinds = dump_set.get("kinds") or []
        status = dump_set.get("status") or []
        if not kinds:
            dummy = dump_set.get("dummy", 1)
            order = list(range(len(hexes)))
            dummies = set()
            while len(dummies) < min(dummy, len(hexes)):
                state, roll = state.rolled(len(order))
                dummies.add(order.pop(roll - 1))
            kinds = ["dummy" if i in dummies else "real" for i in range(len(hexes))]
        for i, h in enumerate(hexes):
            owner = GERMAN if i < len(status) and status[i] == "captured" else ALLIED
            dumps[h] = Dump(kinds[i] == "real", owner, revealed=owner == GERMAN)
    data = state.rules
    return replace(state, rules=replace(data, dumps=dumps))


def initial_control(content: Content, state: GameState) -> dict[Hex, str]:
    """4.2: who holds each victory city hex at the start.  Not printed: a hex holding units is
    theirs; any other is held by the side whose unit stands nearest (the German when his is
    as near, since only his side had moved through the front), the Eastern Zone German.
    Greif Teams are not counted: they never capture a city by themselves (2.1bE)."""
    from ardennes_qt.rules.ardennes1994.victory import city_hexes

    sides = {}
    for h, ids in state.occupied().items():
        real = [uid for uid in ids if content.counter(uid).unit_type != GREIF]
        if real:
            sides[h] = content.counter(real[0]).side
    out = {}
    for h in city_hexes(content):
        if h in sides:
            out[h] = sides[h]
        elif "eastern_zone" in content.map.terrain(h):
            out[h] = GERMAN
        else:
            nearest = min(((h.distance(o), side) for o, side in sides.items()), default=(0, ALLIED))
            german = min((h.distance(o) for o, side in sides.items() if side == GERMAN), default=10**6)
            out[h] = GERMAN if german <= nearest[0] else nearest[1]
    return out
