"""5.1 The XVIII Abn Corps Arrives! (checklist item 87).

The 82nd and 101st Abn Divisions appear on Turn 3, placed during the US Player Turn's
Movement Phase, not in the Pre-Turn.  Each Division's units must arrive within 3 hexes
of ONE of the groups (both may use the same one): Group 1, any two Map A VP hexes;
Group 2, Bastogne B1.16 and Senochamps A38.16.

When the phase begins the program opens a decision listing the arriving units; the US
player answers it with ``PlaceReinforcements`` until every unit is placed, and the
decision remembers the hexes each Division used, so a Division keeps to one group even
after its first units move on.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.scenario import Arrival
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.a2state import Decision
from ardennes_qt.rules.ardennes2.phases import ALLIED
from ardennes_qt.rules.ardennes2.placement import can_place, first_with_room, nearest_first, reinforcement_table
from ardennes_qt.rules.ardennes2.situation import rules_data, with_rules

DECISION = "abn_corps_arrival"


def _table() -> dict:
    return reinforcement_table()["xviii_abn_corps"]


def arrival_phase() -> str:
    """The phase in which the two Divisions are placed (from the table: a house rule may move it)."""
    return _table()["phase"]


def rule() -> str:
    return _table()["rule"]


def is_abn_corps(content: Content, arrival: Arrival) -> bool:
    """An OOA entry of the 82nd or 101st Abn Division on Turn 3."""
    t = _table()
    return (
        not arrival.remove
        and arrival.side == ALLIED
        and arrival.turn == t["turn"]
        and all(content.counter(u).formation in t["formations"] for u in arrival.counters)
    )


def pending(state: GameState) -> Decision | None:
    return next((d for d in rules_data(state).pending if d.kind == DECISION), None)


def open_decision(state: GameState, unit_ids: list[str]) -> GameState:
    """The units to place in this US Movement Phase; nothing else happens until they are."""
    data = rules_data(state)
    decision = Decision(DECISION, ALLIED, {"units": tuple(unit_ids), "placed": {}}, rule())
    return with_rules(state, replace(data, pending=(*data.pending, decision)))


def record_placement(content: Content, state: GameState, decision: Decision, unit_ids, h: Hex) -> GameState:
    """Remember where each Division placed; close the decision once every unit is placed."""
    placed = {k: tuple(v) for k, v in decision.data["placed"].items()}
    for uid in unit_ids:
        formation = content.counter(uid).formation
        placed[formation] = (*placed.get(formation, ()), h)
    remaining = tuple(u for u in decision.data["units"] if state.units[u].where == "scheduled")
    data = rules_data(state)
    others = tuple(d for d in data.pending if d is not decision)
    if remaining:
        others = (replace(decision, data={"units": remaining, "placed": placed}), *others)
    return with_rules(state, replace(data, pending=others))


def group_1(content: Content) -> list[Hex]:
    """Group 1: any two Map A VP hexes (6.0)."""
    sheet = _table()["group_1_sheet"]
    m = content.map
    return sorted(h for h, p in m.places.items() if p.vp and m.numbering.sheet_column_row(h)[0] == sheet)


def group_2(content: Content) -> list[Hex]:
    """Group 2: Bastogne (B1.16) and Senochamps (A38.16)."""
    return [content.map.parse(h) for h in _table()["group_2"]]


def group_hexes(content: Content, state: GameState, unit_id: str) -> list[Hex]:
    """Where a unit of the 82nd or 101st may be placed: within 3 of one group, the same
    group as the Division's units already placed this phase."""
    within = _table()["within"]
    decision = pending(state)
    placed = decision.data["placed"].get(content.counter(unit_id).formation, ()) if decision else ()
    g1, g2 = group_1(content), group_2(content)

    def near(h: Hex, g: Hex) -> bool:
        return h.distance(g) <= within

    pairs = [p for p in combinations(g1, 2) if all(any(near(x, v) for v in p) for x in placed)]
    usable_1 = {v for p in pairs for v in p}
    group_2_open = all(any(near(x, v) for v in g2) for x in placed)
    occupancy = state.occupied()
    out = []
    for h in nearest_first(g1 + g2, within):
        fits = any(near(h, v) for v in usable_1) or (group_2_open and any(near(h, v) for v in g2))
        if fits and can_place(content, occupancy, unit_id, h):
            out.append(h)
    return out or first_with_room(content, occupancy, unit_id, g2)
