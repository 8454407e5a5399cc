"""The opening position of a scenario of The Ardennes (5.1-5.5): every set-up unit in its hex,
with its step losses, hidden Greif Teams and emplaced bridges as printed; the units the
set-up places freely waiting for the Set-Up phase; every arrival scheduled; the dead piles;
the blown bridges; the US Supply Dumps (which of each set are real, printed or the US
player's secret choice, 3.3a); the weather; and who holds each victory city.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from ardennes_qt.core.actions import Action
from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Direction, Hex, Hexside
from ardennes_qt.core.numbering import HexIdError
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState, UnitState
from ardennes_qt.core.system import Choices
from ardennes_qt.rules.ardennes1994.actions import register
from ardennes_qt.rules.ardennes1994.estimates import BRIDGE, GREIF
from ardennes_qt.rules.ardennes1994.phases import ALLIED, GERMAN, SEQUENCE, SETUP
from ardennes_qt.rules.ardennes1994.state import Ardennes1994Data, Decision, Dump


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
    prints which is which (5.4, 5.5) it is so; otherwise (5.1, 5.3) the US player chooses in
    secret (``DUMMY_DUMP``, asked at the start of the first turn).  Until he has chosen, the
    last hexes of each set hold its dummies, so that every position keeps the printed count."""
    dumps: dict[Hex, Dump] = {}
    parse = content.map.parse
    for dump_set in content.scenario.extras.get("dump_sets", []):
        hexes = [parse(h) for h in dump_set["hexes"]]
        kinds = dump_set.get("kinds") or []
        status = dump_set.get("status") or []
        if not kinds:
            dummies = min(int(dump_set.get("dummy", 1)), len(hexes))
            kinds = ["real"] * (len(hexes) - dummies) + ["dummy"] * dummies
        for i, h in enumerate(hexes):
            owner = GERMAN if i < len(status) and status[i] == "captured" else ALLIED
            dumps[h] = Dump(kinds[i] == "real", owner, revealed=owner == GERMAN)
    data = state.rules
    return replace(state, rules=replace(data, dumps=dumps))


# --- the US player's dummy dumps (3.3a) -------------------------------------------------------


DUMMY_DUMP = "dummy_dump"  # the Decision: which dump of a set is the dummy


@register
@dataclass(frozen=True)
class ChooseDummyDump(Action):
    """3.3a: the US player's secret choice of a set's dummy dump, by its hex."""

    kind: ClassVar[str] = "dummy_dump"
    to: str

    def describe(self) -> str:
        return f"make the dump at {self.to} the dummy"


def sets_to_choose(content: Content) -> list[dict]:
    """The dump sets whose dummies the scenario does not print (5.1 Set 1, 5.3 Sets 1-3): "Each
    set of hexes has two real dumps and one dummy", placed by the US player (3.3a)."""
    return [s for s in content.scenario.extras.get("dump_sets", [])
            if not s.get("kinds") and 0 < int(s.get("dummy", 1)) < len(s["hexes"])]


def ask_dummy_dumps(content: Content, state: GameState) -> tuple[GameState, list[LogLine]]:
    """3.3a: "The US player has [a] number of real and dummy supply dumps to place on the map";
    the dummies are known to the German only when he enters their hexes (3.3), so the US player
    chooses them in secret, one Decision per dummy of each set.  Asked once, in the first turn's
    US Air Point Determination: the first phase of the game in which the US player acts, before
    any German unit moves (as the German's secret option is asked in its Weather Determination,
    4.1)."""
    sets = sets_to_choose(content)
    if state.turn != content.scenario.first_turn or not sets:
        return state, []
    parse = content.map.parse
    decisions = []
    for dump_set in sets:
        hexes = tuple(parse(h) for h in dump_set["hexes"])
        names = tuple(str(n) for n in dump_set.get("names", ())) or ("",) * len(hexes)
        data = {"set": int(dump_set.get("set", 1)), "hexes": hexes, "names": names,
                "dummies": int(dump_set.get("dummy", 1)), "chosen": ()}
        decisions.append(Decision(DUMMY_DUMP, ALLIED, data, "3.3a"))
    rules = state.rules
    state = replace(state, rules=replace(rules, pending=(*rules.pending, *decisions)))
    sets_words = ", ".join(f"Set {d.data['set']}" for d in decisions)
    return state, [LogLine(f"The US player chooses in secret which dump of each set is the dummy ({sets_words})",
                           ("3.3a", f"{content.scenario.id} Supply Dumps: two real dumps and one dummy in each set"))]


def choose_dummy_dump(content: Content, state: GameState, action: ChooseDummyDump) -> Outcome:
    """The US player's answer: the dump at ``action.to`` is a dummy; once a set's dummies are all
    chosen, its other dumps are real.  The log does not say which."""
    data = state.rules
    if not data.pending or data.pending[0].kind != DUMMY_DUMP:
        raise Refused("no dummy dump is to be chosen now", "3.3a")
    decision = data.pending[0]
    try:
        h = content.map.parse(action.to)
    except HexIdError as exc:
        raise Refused(str(exc)) from None
    hexes, chosen = tuple(decision.data["hexes"]), tuple(decision.data["chosen"])
    n = decision.data["set"]
    if h not in hexes or h in chosen:
        free = ", ".join(content.map.hex_id(x) for x in hexes if x not in chosen)
        raise Refused(f"the dummy of Set {n} is one of its dumps: {free}", "3.3a")
    chosen = (*chosen, h)
    if len(chosen) < int(decision.data["dummies"]):
        pending = (replace(decision, data={**decision.data, "chosen": chosen}), *data.pending[1:])
        return Outcome(replace(state, rules=replace(data, pending=pending)), Changes(phase=True), ())
    dumps = dict(data.dumps)
    for x in hexes:
        old = dumps.get(x, Dump(True, ALLIED))
        dumps[x] = Dump(x not in chosen, old.owner, old.revealed)
    state = replace(state, rules=replace(data, dumps=dumps, pending=data.pending[1:]))
    real = len(hexes) - len(chosen)
    return Outcome(state, Changes(phase=True, markers=True),
                   (LogLine(f"The US dumps of Set {n} are placed: {real} real, {len(chosen)} dummy (kept secret)", ("3.3a",)),))


def dummy_dump_choices(content: Content, state: GameState, decision: Decision) -> list[Choices]:
    hex_id = content.map.hex_id
    hexes, chosen = tuple(decision.data["hexes"]), tuple(decision.data["chosen"])
    return [Choices(f"choose the dummy dump of Set {decision.data['set']}", ALLIED,
                    lambda: [ChooseDummyDump(hex_id(h)) for h in hexes if h not in chosen], "answer")]


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
