"""A small hand-built board of The Ardennes (1994) for the supply tests.

One map sheet "B", columns 1-30 and rows 00-10, open everywhere unless told; its edges are
named as the real map's (printed south German, north/east/west Allied).  Hexes of one row
stand side by side, so B5.05 ... B11.05 is a line of hexes, each one hex farther.
Units are given as ``{unit id: hex}`` from the roster below.
"""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Direction, Hexside
from ardennes_qt.core.mapdata import Bridge, HexRecord, HexsideRecord, MapData, Place, RoadLink
from ardennes_qt.core.numbering import ScsSheets
from ardennes_qt.core.scenario import Bounds, Scenario
from ardennes_qt.core.state import GameState, UnitState
from ardennes_qt.core.units import Formation
from ardennes_qt.rules.ardennes1994.state import Ardennes1994Data, Dump
from tests.builders import counter

SHEET = ScsSheets(sheets=("B",), columns=30, first_row=0, last_row=10)
# A road leaving the sheet: "west" from a hex of column 1 (the printed west edge), "north" from
# row 10 (the printed top), "south" from row 00 (the printed bottom, the German edge).
EDGE_STEP = {"west": Direction.SW, "north": Direction.N, "south": Direction.S}

FORMATIONS = {
    "1SS": Formation("1SS", "1 SS Pz Div", "German", "SS", "#333333"),
    "18VG": Formation("18VG", "18 VG Div", "German", "Wehrmacht", "#555555"),
    "GerSup": Formation("GerSup", "Supply Units", "German", "Wehrmacht", "#666666", independent=True),
    "Ger-Greif": Formation("Ger-Greif", "Operation Greif", "German", "Wehrmacht", "#666666", independent=True),
    "Ger-Ind": Formation("Ger-Ind", "Independents", "German", "Wehrmacht", "#666666", independent=True),
    "2ID": Formation("2ID", "2 Inf Div", "Allied", "US", "#3a6b35"),
    "US-Ind": Formation("US-Ind", "Independents", "Allied", "US", "#777777", independent=True),
}
ROSTER = {
    "1SS:Peiper-A": ("German", "1SS", "6-3-12", "mech", "Pz Bn"),
    "1SS:Peiper-B": ("German", "1SS", "5-3-12", "mech", "Pz Bn"),
    "18VG:293": ("German", "18VG", "4-4-6", "leg", "Inf Rgt"),
    "18VG:294": ("German", "18VG", "4-4-6", "leg", "Inf Rgt"),
    "GerSup:1": ("German", "GerSup", "0-0-10", "mech", "Supply Unit"),
    "GerSup:2": ("German", "GerSup", "0-0-10", "mech", "Supply Unit"),
    "Ger-Greif:A": ("German", "Ger-Greif", "0-1-10", "leg", "Greif Team"),
    "Ger-Ind:von der Heydte": ("German", "Ger-Ind", "3-3-6", "leg", "KG"),
    "2ID:9": ("Allied", "2ID", "4-5-6", "leg", "Inf Rgt"),
    "2ID:23": ("Allied", "2ID", "4-5-6", "leg", "Inf Rgt"),
    "2ID:38": ("Allied", "2ID", "4-5-6", "leg", "Inf Rgt"),
    "US-Ind:741": ("Allied", "US-Ind", "6-4-10", "mech", "Tank Bn"),
}


def _counter(uid: str):
    side, formation, values, ma_type, unit_type = ROSTER[uid]
    steps = 1 if unit_type in ("Supply Unit", "Greif Team") else 2
    nationality = "SS" if formation == "1SS" else "US" if side == "Allied" else "Wehrmacht"
    return counter(uid, side, formation, values, steps=steps, ma_type=ma_type, unit_type=unit_type,
                   designation=uid.split(":")[1], nationality=nationality)


CITY_VP = {"Liège": 6, "Spa": 2, "Bastogne": 4, "Wiltz": 1, "St. Vith": 3}


def board(units: dict[str, str], *, zone=(), terrain=None, roads=(), rivers=(), bridges=(), places=None,
          dumps=None, turn: int = 3, phase: str = "ge_supply", control=None, hidden=(), drop=None, blown=(),
          bounds=(), statuses=None) -> tuple[Content, GameState]:
    """A content and a state.

    ``zone``: Eastern Zone hexes; ``terrain``: {hex: {"forest", "traffic_jam"...}};
    ``roads``: (kind, [hex, hex, ...]) runs, which may end in an edge word ("west", "north",
    "south": the road leaves the sheet there, ``EDGE_STEP``); ``rivers``: (hex, hex) river
    hexsides; ``bridges``: (hex, hex) bridges on them; ``places``: {hex: name}; ``dumps``:
    {hex: (real, owner)}; ``statuses``: {unit: ("out_of_supply",)}.
    """
    m = MapData("supply-test", "Supply test board", SHEET)
    p = m.parse
    m.friendly_edges.update(north="Allied", east="Allied", west="Allied", south="German")
    flags: dict[str, set[str]] = {h: set(kinds) for h, kinds in (terrain or {}).items()}
    for h in zone:
        flags.setdefault(h, set()).add("eastern_zone")
    for h, kinds in flags.items():
        base = kinds if kinds & {"forest", "village", "city"} else kinds | {"open"}
        m.hexes[p(h)] = HexRecord(frozenset(base))
    for kind, run in roads:
        hexes = [p(h) for h in run if h not in EDGE_STEP]
        for a, b in zip(hexes, hexes[1:]):
            m.roads[Hexside.between(a, b)] = RoadLink(kind)
        for end, word in ((run[0], run[1]), (run[-1], run[-2])):
            if end in EDGE_STEP:
                h = p(word)
                m.roads[Hexside.of(h, EDGE_STEP[end])] = RoadLink(kind)
    for a, b in rivers:
        m.hexsides[Hexside.between(p(a), p(b))] = HexsideRecord(frozenset({"river"}), "Test")
    for a, b in bridges:
        m.bridges[Hexside.between(p(a), p(b))] = Bridge()
    for h, name in (places or {}).items():
        # a victory city carries its VP on the map (the shipped map's estimated values)
        m.places[p(h)] = Place(name, CITY_VP.get(name, 0))
    counters = {uid: _counter(uid) for uid in ROSTER}
    scenario = Scenario(system="ardennes1994", id="test", title="Supply test", first_turn=1, last_turn=16,
                        maps=("B",), bounds=tuple(bounds))
    content = Content(m, FORMATIONS, counters, scenario)
    state_units = {}
    for order, uid in enumerate(ROSTER):
        if uid in units:
            state_units[uid] = UnitState("map", p(units[uid]), counters[uid].steps, False, order,
                                         frozenset((statuses or {}).get(uid, ())))
        else:
            state_units[uid] = UnitState("dead", None, 0, False, order)
    data = Ardennes1994Data(
        hidden=frozenset(hidden),
        drop=p(drop) if drop else None,
        blown=frozenset(Hexside.between(p(a), p(b)) for a, b in blown),
        dumps={p(h): Dump(real, owner) for h, (real, owner) in (dumps or {}).items()},
    )
    state = GameState("ardennes1994/test", 1, turn, phase, units=state_units, next_order=len(ROSTER),
                      control={p(h): side for h, side in (control or {}).items()}, rules=data)
    return content, state



def in_bounds(**limits) -> Bounds:
    return Bounds("B", **limits)
