"""Stacking and Divisional Integrity (3.1; checklist items 41-42, 78).

Both are judged only at the end of a phase (3.1: "Units ending any Phase overstacked OR
stacked with a unit belonging to another Division are DG"); momentary overstacking and
mixing while moving, including the moment of an Overrun, never count, so nothing here is
asked in the middle of a move.  ``dg.phase_end_checks`` applies the DG.
"""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.scenario import Arrival
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.supplysources import area_edge_hexes

STACKING_LIMIT = 3  # 3.1: "Maximum Stacking is 3 units", every unit counting 1


def split_by_side(content: Content, unit_ids) -> dict[str, list[str]]:
    """A hex's units by side, order kept (a hex holds both sides only in a bad set-up)."""
    out: dict[str, list[str]] = {}
    for uid in unit_ids:
        out.setdefault(content.counter(uid).side, []).append(uid)
    return out


def stacks_by_side(content: Content, state: GameState, h: Hex) -> dict[str, list[str]]:
    """The units in a hex, bottom to top, by side."""
    return split_by_side(content, state.units_at(h))


def overstacked(unit_ids: list[str]) -> bool:
    """3.1: more than 3 friendly units in a hex, whatever their size, type or strength."""
    return len(unit_ids) > STACKING_LIMIT


# --- Divisional Integrity ----------------------------------------------------------------


def arrival_hexes(content: Content, arrival: Arrival) -> frozenset[Hex]:
    """The hexes an Order of Arrival entry places its units in: its Entry Areas, its hexes
    (with their 'w/i' radius) or its map edge."""
    m = content.map
    out: set[Hex] = set()
    for letter in arrival.areas:
        area = m.entry_areas.get(letter)
        if area is not None:
            out |= area.hexes
    for h in arrival.hexes:
        out.update(n for n in h.within(arrival.within) if m.contains(n))
    if arrival.edge:
        sheet, _, edge = arrival.edge.partition(":")
        out.update(h for h in area_edge_hexes(content, edge) if m.numbering.sheet_column_row(h)[0] == sheet)
    return frozenset(out)


def in_own_entry_area(content: Content, state: GameState, unit_id: str, at: Hex | None = None) -> bool:
    """3.1: "Divisional Integrity does not apply to Reinforcements in their Entry Areas".

    A unit counts as a Reinforcement on the turn its Order of Arrival entry brings it, while
    it stands where that entry placed it; afterwards it is an ordinary unit.  ``at`` asks
    about a hex the unit is not in yet (being placed or moved there).
    """
    u = state.units[unit_id]
    h = at if at is not None else (u.hex if u.where == "map" else None)
    if h is None:
        return False
    for arrival in content.scenario.arrivals:
        if arrival.remove or arrival.turn != state.turn or unit_id not in arrival.counters:
            continue
        if h in arrival_hexes(content, arrival):
            return True
    return False


def di_exemption(content: Content, state: GameState, unit_id: str, at: Hex | None = None) -> str:
    """Why a unit is free of Divisional Integrity, or "" when it is bound by it (3.1)."""
    if content.formation_of(unit_id).independent:
        return "an Independent unit stacks with any Division (3.1)"
    if in_own_entry_area(content, state, unit_id, at):
        return "a Reinforcement in its Entry Area (3.1)"
    return ""


def divisions(content: Content, state: GameState, unit_ids, at: Hex | None = None) -> dict[str, list[str]]:
    """The units bound by Divisional Integrity, by Division (``at``: judged as if in that hex)."""
    out: dict[str, list[str]] = {}
    for uid in unit_ids:
        if not di_exemption(content, state, uid, at):
            out.setdefault(content.counter(uid).formation, []).append(uid)
    return out


def di_violators(content: Content, state: GameState, unit_ids: list[str]) -> list[str]:
    """3.1: if more than one Division's units stack together, they are DG; Independents and
    Reinforcements in their Entry Areas are not penalised."""
    if len({content.counter(uid).formation for uid in unit_ids}) < 2:
        return []
    by_division = divisions(content, state, unit_ids)
    if len(by_division) < 2:
        return []
    return [uid for uid in unit_ids if any(uid in ids for ids in by_division.values())]


def ending_here_problems(content: Content, state: GameState, unit_ids, h: Hex) -> list[tuple[str, str]]:
    """What ending the phase in ``h`` with ``unit_ids`` added would cost: (reason, rule) each.

    For the move display: a stack may pass through, but ending a phase this way makes DG.
    """
    side = content.counter(next(iter(unit_ids))).side
    here = [uid for uid in stacks_by_side(content, state, h).get(side, []) if uid not in unit_ids]
    together = here + list(unit_ids)
    out = []
    if overstacked(together):
        out.append((f"{len(together)} units in the hex: more than {STACKING_LIMIT} makes them DG", "3.1, 3.4"))
    names = sorted(divisions(content, state, together, at=h))
    if len(names) > 1:
        printed = ", ".join(content.formations[code].name for code in names)
        out.append((f"units of {printed} stacked together are DG", "3.1 Divisional Integrity, 3.4"))
    return out
