"""Small hand-built content for tests: a tiny map, a few counters, a scenario."""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hexside
from ardennes_qt.core.mapdata import HexRecord, HexsideRecord, MapData, Place, RoadLink
from ardennes_qt.core.numbering import ScsSheets
from ardennes_qt.core.scenario import Placement, Scenario, Arrival
from ardennes_qt.core.units import Counter, Formation, Values

SMALL = ScsSheets(sheets=("A", "B"), columns=6, first_row=0, last_row=6)


def counter(cid: str, side: str, formation: str, values: str, steps: int = 2, ma_type: str = "leg", **kw) -> Counter:
    full = Values.parse(values)
    reduced = None
    if steps > 1:
        reduced = Values(max(1, (full.attack or 0) // 2) if full.attack is not None else None, max(1, full.defense // 2), full.movement, full.bracket)
    return Counter(
        id=cid,
        side=side,
        nationality=kw.pop("nationality", "US" if side == "Allied" else "Wehrmacht"),
        formation=formation,
        designation=kw.pop("designation", cid.split(":")[-1]),
        unit_type=kw.pop("unit_type", "Inf Bn"),
        full=full,
        reduced=reduced,
        steps=steps,
        ma_type=ma_type,
        exploit=kw.pop("exploit", False),
        provenance=kw.pop("provenance", {"steps": "estimated", "reduced": "estimated"}),
    )


def small_content(map_id: str = "small") -> Content:
    m = MapData(map_id, "Small test map", SMALL, "representative")
    p = m.parse
    m.hexes[p("A2.03")] = HexRecord(frozenset({"woods"}))
    m.hexes[p("A3.03")] = HexRecord(frozenset({"city"}))
    m.places[p("A3.03")] = Place("Testville", 2)
    m.hexsides[Hexside.between(p("A2.03"), p("A2.04"))] = HexsideRecord(frozenset({"stream"}), "Test Creek")
    m.roads[Hexside.between(p("A3.02"), p("A3.03"))] = RoadLink("road")
    m.friendly_edges.update(north="Allied", west="Allied", south="Allied", east="German")
    formations = {
        "1ID": Formation("1ID", "1 Inf Div", "Allied", "US", "#3a6b35"),
        "1Pz": Formation("1Pz", "1 Pz Div", "German", "Wehrmacht", "#555555"),
    }
    counters = {
        c.id: c
        for c in (
            counter("1ID:A/1", "Allied", "1ID", "3-5-10"),
            counter("1ID:B/1", "Allied", "1ID", "2-4-10"),
            counter("1ID:DIVARTY", "Allied", "1ID", "[7]-1-16", steps=1, ma_type="mech", unit_type="Arty Rgt"),
            counter("1Pz:I/1", "German", "1Pz", "5-3-12", ma_type="mech", unit_type="Pz Bn", exploit=True),
            counter("1Pz:II/1", "German", "1Pz", "4-2-12", ma_type="mech", unit_type="Pz Bn", exploit=True),
        )
    }
    scenario = Scenario(
        system="ardennes2",
        id="test",
        title="Test",
        first_turn=1,
        last_turn=3,
        placements=[
            Placement("1ID:A/1", p("A2.03")),
            Placement("1ID:B/1", p("A2.03"), step_loss=True),
            Placement("1ID:DIVARTY", p("A1.01")),
            Placement("1Pz:I/1", p("B3.03"), dg=True),
        ],
        arrivals=[Arrival(2, "German", ("1Pz:II/1",), areas=("A",))],
    )
    return Content(m, formations, counters, scenario)
