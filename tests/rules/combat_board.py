"""Small hand-built boards for the combat, retreat and overrun tests.

One sheet "A", 10 columns by rows 00-10; everything open unless a test says otherwise.
Units are written ``"id": ("side", "values", "hex", options...)`` with options "mech",
"exploit", "dg", "reduced", "1step".
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.dice import die_value
from ardennes_qt.core.hexgrid import Hexside
from ardennes_qt.core.mapdata import Bridge, HexRecord, HexsideRecord, MapData, RoadLink
from ardennes_qt.core.numbering import ScsSheets
from ardennes_qt.core.scenario import Placement, Scenario
from ardennes_qt.core.state import GameState, UnitState
from ardennes_qt.core.units import Formation
from ardennes_qt.rules.ardennes2.a2state import Ardennes2Data
from tests.builders import counter

SHEET = ScsSheets(sheets=("A",), columns=10, first_row=0, last_row=10)
FORMATIONS = {
    "US": Formation("US", "Test Div", "Allied", "US", "#3a6b35"),
    "GE": Formation("GE", "Test Pz Div", "German", "Wehrmacht", "#555555"),
}


def board(
    units: dict[str, tuple],
    *,
    terrain: dict[str, set[str]] | None = None,
    hexsides: dict[tuple[str, str], set[str]] | None = None,
    roads: list[tuple[str, ...]] | None = None,
    bridges: dict[tuple[str, str], Bridge] | None = None,
    markers: dict[str, tuple[str, ...]] | None = None,
    phase: str = "ge_combat",
    turn: int = 2,
    record: dict | None = None,
    bounds=(),
) -> tuple[Content, object]:
    """(content, state): the units placed, the state in ``phase`` of ``turn``.

    ``roads`` are chains of hex ids joined by Road ("track:" before the first id for Track);
    ``bridges`` carry them over water, by the two hexes of the hexside.
    """
    m = MapData("combat", "Combat test board", SHEET)
    p = m.parse
    for h, kinds in (terrain or {}).items():
        m.hexes[p(h)] = HexRecord(frozenset(kinds))
    for (a, b), features in (hexsides or {}).items():
        m.hexsides[Hexside.between(p(a), p(b))] = HexsideRecord(frozenset(features))
    for chain in roads or []:
        kind = "road"
        if chain[0].startswith("track:"):
            kind, chain = "track", (chain[0].removeprefix("track:"),) + tuple(chain[1:])
        for a, b in zip(chain, chain[1:]):
            m.roads[Hexside.between(p(a), p(b))] = RoadLink(kind)
    for (a, b), bridge in (bridges or {}).items():
        m.bridges[Hexside.between(p(a), p(b))] = bridge
    m.friendly_edges.update(north="Allied", west="Allied", south="Allied", east="German")
    counters, placements = {}, []
    for uid, (side, values, where, *options) in units.items():
        steps = 1 if "1step" in options or values.startswith("[") else 2
        c = counter(
            uid,
            side,
            "US" if side == "Allied" else "GE",
            values,
            steps=steps,
            ma_type="mech" if "mech" in options or values.startswith("[") else "leg",
            exploit="exploit" in options,
            unit_type="Arty Rgt" if values.startswith("[") else "Inf Bn",
        )
        counters[uid] = c
        placements.append(Placement(uid, p(where), dg="dg" in options, step_loss="reduced" in options))
    scenario = Scenario("ardennes2", "combat", "Combat test", 1, 16, placements=placements, bounds=tuple(bounds))
    content = Content(m, dict(FORMATIONS), counters, scenario)
    units_state = {
        pl.counter: UnitState("map", pl.hex, counters[pl.counter].steps - (1 if pl.step_loss else 0), pl.dg, order)
        for order, pl in enumerate(placements)
    }
    data = Ardennes2Data()
    if record:
        data = data.with_record(**record)
    state = GameState(
        scenario=scenario.key,
        seed=7,
        turn=turn,
        phase=phase,
        units=units_state,
        next_order=len(placements),
        markers={p(h): tuple(ms) for h, ms in (markers or {}).items()},
        rules=data,
    )
    return content, state


def hx(content: Content, text: str):
    return content.map.parse(text)


def dice(state, *totals: int):
    """The state with a seed whose next two-dice throws total ``totals``, in order."""
    for seed in range(200_000):
        draws = state.draws
        ok = True
        for total in totals:
            if die_value(seed, draws) + die_value(seed, draws + 1) != total:
                ok = False
                break
            draws += 2
        if ok:
            return replace(state, seed=seed)
    raise AssertionError(f"no seed throws {totals}")
