"""Positions for The Ardennes (1994) rules tests: a small board built hex by hex (``Board``), and
the shipped scenarios with a few changes (``scenario_game``), both played through a Session."""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.dice import die_value
from ardennes_qt.core.hexgrid import Hexside
from ardennes_qt.core.mapdata import Bridge, HexRecord, HexsideRecord, MapData, Place, RoadLink
from ardennes_qt.core.numbering import ScsSheets
from ardennes_qt.core.scenario import Scenario
from ardennes_qt.core.state import GameState, UnitState
from ardennes_qt.core.units import Counter, Formation, Values
from ardennes_qt.engine import Session
from ardennes_qt.rules.ardennes1994.state import Ardennes1994Data, Dump

SHEET = ScsSheets(sheets=("B",), columns=10, first_row=0, last_row=10)

# unit type -> (values, movement class, steps, nationality), as the shipped estimates give them
TYPES = {
    "Inf Rgt": ("3-4-6", "leg", 3),
    "KG": ("6-4-12", "mech", 2),
    "Arm Bn": ("4-3-12", "mech", 1),
    "Supply Unit": ("0-0-10", "mech", 1),
    "Greif Team": ("0-1-6", "leg", 1),
    "Engineer Grp": ("0-1-12", "mech", 1),
    "Arty Rgt": ("[4]-1-0", "mech", 1),
}


CITY_VP = {"Liège": 6, "Spa": 2, "Bastogne": 4, "Wiltz": 1, "St. Vith": 3}


class Board:
    """A 10 x 11 hex sheet "B": terrain, rivers, roads, bridges, towns and units, then ``session()``."""

    def __init__(self) -> None:
        self.map = MapData("t", "test map", SHEET)
        self.counters: dict[str, Counter] = {}
        self.formations = {
            "GE": Formation("GE", "1 SS Pz Div", "German", "SS", "#000000"),
            "150Pz": Formation("150Pz", "150 Pz Bde", "German", "Wehrmacht", "#000000"),
            "US": Formation("US", "2 Inf Div", "Allied", "US", "#000000"),
        }
        self.units: dict[str, UnitState] = {}
        self.hidden: set[str] = set()
        self.modes: dict[str, str] = {}
        self.dumps: dict = {}

    def hex(self, hex_id: str):
        return self.map.parse(hex_id)

    def terrain(self, hex_id: str, *names: str) -> Board:
        self.map.hexes[self.hex(hex_id)] = HexRecord(frozenset(names))
        return self

    def town(self, hex_id: str, name: str, *names: str, vp: int = 0) -> Board:
        """A named place; a victory city of the shipped map (Bastogne...) keeps its VP there."""
        self.map.places[self.hex(hex_id)] = Place(name, vp or CITY_VP.get(name, 0))
        return self.terrain(hex_id, *(names or ("village",)))

    def river(self, a: str, b: str, kind: str = "river") -> Board:
        self.map.hexsides[Hexside.between(self.hex(a), self.hex(b))] = HexsideRecord(frozenset({kind}), "Test")
        return self

    def bridge(self, a: str, b: str) -> Board:
        self.map.bridges[Hexside.between(self.hex(a), self.hex(b))] = Bridge()
        return self

    def road(self, *hex_ids: str, kind: str = "primary") -> Board:
        for a, b in zip(hex_ids, hex_ids[1:]):
            self.map.roads[Hexside.between(self.hex(a), self.hex(b))] = RoadLink(kind)
        return self

    def unit(self, uid: str, hex_id: str, unit_type: str = "Inf Rgt", side: str = "German", *, formation: str = "",
             dg: bool = False, statuses: tuple[str, ...] = (), hidden: bool = False, mode: str = "") -> Board:
        values, ma_type, steps = TYPES[unit_type]
        full = Values.parse(values)
        sides = {}
        if unit_type == "Arty Rgt":
            sides["move"] = Values(None, 1, 8, 2)
        if unit_type == "Engineer Grp":
            sides["bridge"] = Values(0, 0, 0)
        formation = formation or ("GE" if side == "German" else "US")
        nationality = self.formations[formation].nationality
        self.counters[uid] = Counter(uid, side, nationality, formation, uid, unit_type, full, None, steps, ma_type,
                                     False, sides=sides)
        self.units[uid] = UnitState("map", self.hex(hex_id), steps, dg, len(self.units), frozenset(statuses))
        if hidden:
            self.hidden.add(uid)
        if mode:
            self.modes[uid] = mode
        return self

    def dump(self, hex_id: str, real: bool = True, owner: str = "Allied") -> Board:
        self.dumps[self.hex(hex_id)] = Dump(real, owner, owner == "German")
        return self

    def content(self) -> Content:
        scenario = Scenario("ardennes1994", "t", "Test", 1, 6, {1: "16 Dec 44"}, ("B",))
        return Content(self.map, self.formations, self.counters, scenario)

    def session(self, phase: str = "ge_movement", turn: int = 3, seed: int = 1, **rules) -> Session:
        data = Ardennes1994Data(hidden=frozenset(self.hidden), modes=dict(self.modes), dumps=dict(self.dumps), **rules)
        state = GameState("ardennes1994/t", seed, turn, phase, units=dict(self.units), next_order=len(self.units),
                          rules=data)
        return Session(self.content(), seed, initial=state)


def scenario_game(scenario: str, phase: str, turn: int | None = None, seed: int = 1, place=None, **rules) -> Session:
    """A shipped scenario's opening, with units put in hexes (``place``: unit -> hex id, or None to
    take it off the map), in a phase and turn, with changes to the rules' part of the state."""
    s = Session.new(f"ardennes1994/{scenario}", seed=seed)
    state = s.state
    parse = s.content.map.parse
    for uid, where in (place or {}).items():
        state = state.placed((uid,), parse(where)) if where else state.moved_off((uid,), "dead")
    state = replace(state, phase=phase, turn=s.state.turn if turn is None else turn, rules=replace(state.rules, **rules))
    return Session(s.content, seed, initial=state)


def set_up(s: Session, keep: tuple[str, ...] = ()) -> Session:
    """The Set-Up done: every unit the scenario places "with or adjacent to" its set-up but
    ``keep`` (vdH may stay off for its drop, 2.2) in the first hex offered."""
    from ardennes_qt.rules.ardennes1994.actions import PlaceReinforcements
    from ardennes_qt.rules.ardennes1994.arrivals import start_hexes, waiting_at_start

    while waiting := [u for u in waiting_at_start(s.content, s.state) if u not in keep]:
        s.apply(PlaceReinforcements((waiting[0],), s.content.map.hex_id(start_hexes(s.content, s.state, waiting[0])[0])))
    return s


def answer_dummy_dumps(s: Session) -> Session:
    """The US player's dummy dumps (3.3a) chosen: the first dump of each set."""
    while (s.decision() or {}).get("kind") == "dummy_dump":
        s.apply(s.legal_actions()[0])
    return s


def seed_rolling(*wanted: int, draws: int = 0) -> int:
    """A game seed whose next dice, after ``draws`` dice already drawn, are ``wanted``."""
    return next(seed for seed in range(1, 100_000)
                if all(die_value(seed, draws + i, 6) == w for i, w in enumerate(wanted)))
