"""A small hand-built scenario for the sequence-of-play and reinforcement tests.

Two sheets "A" and "B", 6 columns by rows 00-06, all open.  German Entry Area A is
B6.02-B6.04, Allied Entry Area F is A1.00-A3.00.  Units are written
``"id": ("side", "values", "formation", options...)`` with options "mech", "1step";
placements ``(id, hex, within, "dg"/"reduced"...)``.
"""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.mapdata import EntryArea, HexRecord, MapData, Place
from ardennes_qt.core.numbering import ScsSheets
from ardennes_qt.core.scenario import Arrival, Bounds, Placement, Scenario
from ardennes_qt.core.units import Formation
from tests.builders import counter

SHEETS = ScsSheets(sheets=("A", "B"), columns=6, first_row=0, last_row=6)
FORMATIONS = {
    "1ID": Formation("1ID", "1 Inf Div", "Allied", "US", "#3a6b35"),
    "2ID": Formation("2ID", "2 Inf Div", "Allied", "US", "#3a8b35"),
    "US-Ind": Formation("US-Ind", "Independents", "Allied", "US", "#777777", independent=True),
    "1Pz": Formation("1Pz", "1 Pz Div", "German", "Wehrmacht", "#555555"),
    "2Pz": Formation("2Pz", "2 Pz Div", "German", "Wehrmacht", "#444444"),
    "GE-Ind": Formation("GE-Ind", "Independents", "German", "Wehrmacht", "#666666", independent=True),
}
UNITS = {
    "1ID:A": ("Allied", "3-5-10", "1ID"),
    "1ID:B": ("Allied", "2-4-10", "1ID"),
    "1ID:C": ("Allied", "2-4-10", "1ID"),
    "1ID:D": ("Allied", "2-4-10", "1ID"),
    "1ID:ARTY": ("Allied", "[7]-1-16", "1ID"),
    "2ID:A": ("Allied", "3-5-10", "2ID"),
    "US-Ind:1": ("Allied", "5-4-14", "US-Ind", "mech"),
    "1Pz:I": ("German", "5-3-12", "1Pz", "mech"),
    "1Pz:II": ("German", "4-2-12", "1Pz", "mech"),
    "1Pz:III": ("German", "4-2-12", "1Pz", "mech"),
    "1Pz:IV": ("German", "4-2-12", "1Pz", "mech"),
    "2Pz:I": ("German", "5-3-12", "2Pz", "mech"),
    "GE-Ind:vdH": ("German", "1-2-4", "GE-Ind"),
    "GE-Ind:653": ("German", "6-8-8", "GE-Ind", "mech"),
}


def sequence_content(
    placements: list[tuple] = (),
    arrivals: list[Arrival] = (),
    *,
    maps: tuple[str, ...] = ("A", "B"),
    first_turn: int = 1,
    last_turn: int = 3,
    bounds: tuple[Bounds, ...] = (),
    terrain: dict[str, set[str]] | None = None,
    options: dict | None = None,
    dead: tuple[str, ...] = (),
) -> Content:
    m = MapData("sequence", "Sequence test board", SHEETS)
    p = m.parse
    for h, kinds in (terrain or {}).items():
        m.hexes[p(h)] = HexRecord(frozenset(kinds))
    m.places[p("A3.03")] = Place("Testville", 2)
    m.places[p("B2.03")] = Place("Zielstadt", 1)
    m.entry_areas["A"] = EntryArea("A", "German", frozenset(p(h) for h in ("B6.02", "B6.03", "B6.04")))
    m.entry_areas["F"] = EntryArea("F", "Allied", frozenset(p(h) for h in ("A1.00", "A2.00", "A3.00")))
    m.friendly_edges.update(north="Allied", west="Allied", south="Allied", east="German")
    counters = {}
    for uid, (side, values, formation, *kinds) in UNITS.items():
        one_step = "1step" in kinds or values.startswith("[")
        counters[uid] = counter(
            uid, side, formation, values, steps=1 if one_step else 2, ma_type="mech" if "mech" in kinds else "leg"
        )
    scenario = Scenario(
        system="ardennes2",
        id="seq",
        title="Sequence test",
        first_turn=first_turn,
        last_turn=last_turn,
        maps=maps,
        dates={t: f"{15 + t} Dec 44" for t in range(1, 17)},
        bounds=bounds,
        placements=[
            Placement(uid, p(h), within=within, dg="dg" in notes, step_loss="reduced" in notes)
            for uid, h, within, *notes in placements
        ],
        arrivals=list(arrivals),
        dead=dead,
        options=dict(options or {}),
    )
    return Content(m, dict(FORMATIONS), counters, scenario)


def hexes(content: Content, *ids: str):
    return tuple(content.map.parse(h) for h in ids)
