"""Editing scenarios as the editor does it, without Qt: set-ups, reinforcements in the
printed wording (a scenario's own, or the main Orders of Arrival), turns and dates,
play areas, VP hexes held and bridges blown at the start, the scenario's VP values.

Every function returns a new Scenario (scenarios are swapped whole); what is wrong
with typed text raises ValueError with a message for the user.  Set-up entries and
arrivals a user made are marked ``user`` in the module's provenance, by key:
``<scenario>/setup/<counter>`` and ``<scenario>/arrival/<first counter>``.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from ardennes_qt.core.content import with_vp_overrides
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.mapdata import MapData
from ardennes_qt.core.scenario import Arrival, Bounds, Placement, Scenario
from ardennes_qt.core.units import SIDES
from ardennes_qt.store.arrivaltext import _entry_place
from ardennes_qt.store.contenttext import entry_place_text
from ardennes_qt.store.editormodel import Module
from ardennes_qt.store.scenariotext import DATE_FORMAT

USER = "user"
OOA_SCOPE = "ooa"  # the provenance scope of the main Orders of Arrival's entries


def setup_key(scenario_id: str, counter_id: str) -> str:
    return f"{scenario_id}/setup/{counter_id}"


def arrival_key(scenario_id: str, arrival: Arrival) -> str:
    return f"{scenario_id}/arrival/{arrival.counters[0] if arrival.counters else ''}"


# --- set-up ---------------------------------------------------------------------------------


def placement_of(s: Scenario, counter_id: str) -> Placement | None:
    return next((p for p in s.placements if p.counter == counter_id), None)


def with_placement(s: Scenario, placement: Placement) -> Scenario:
    """The scenario with a counter set up (or moved, or given another status); a moved
    counter goes on top of its new stack."""
    old = placement_of(s, placement.counter)
    rest = [p for p in s.placements if p.counter != placement.counter]
    if old is not None and old.hex == placement.hex:
        placements = [placement if p.counter == placement.counter else p for p in s.placements]
    else:
        placements = rest + [placement]
    arriving = [a for a in s.arrivals if placement.counter in a.counters and not a.remove]
    if arriving:
        raise ValueError(f"{placement.counter} arrives on turn {arriving[0].turn}: take it out of the "
                         "reinforcements before setting it up")
    return replace(s, placements=placements)


def without_placement(s: Scenario, counter_id: str) -> Scenario:
    return replace(s, placements=[p for p in s.placements if p.counter != counter_id])


def setup_edits(module: Module, scenario_id: str, new: Scenario, counter_id: str) -> dict:
    """The document edits that put a set-up change in place, marking the entry ``user``."""
    placed = placement_of(new, counter_id) is not None
    return {"scenarios": {scenario_id: new},
            "provenance": {setup_key(scenario_id, counter_id): USER if placed else None}}



# --- reinforcements ----------------------------------------------------------------------------


def ooa_edits(module: Module, arrivals: list[Arrival]) -> dict:
    """The document edits that make ``arrivals`` the main Orders of Arrival, with the
    arrivals of every scenario that plays them (the entries of its turns)."""
    scenarios = {sid: replace(s, arrivals=[a for a in arrivals if s.first_turn <= a.turn <= s.last_turn])
                 for sid, s in module.scenarios.items() if s.options.get("reinforcements", "own") == "ooa"}
    return {"ooa": {"ooa": tuple(arrivals)}, "scenarios": scenarios}


def where_text(m: MapData, a: Arrival) -> str:
    """Where an arrival enters, as the Orders of Arrival print it ("N or O", "w/i 1 B17.49")."""
    if a.remove:
        return "Remove"
    where, _ = entry_place_text(m, a)
    return where


def parse_where(m: MapData, side: str, text: str) -> dict:
    """Arrival fields from a printed entry place: areas, hexes and within, an edge, or
    "See 5.1"; ValueError says what is accepted."""
    text = " ".join(text.split())
    if text.casefold() == "remove":
        return {"remove": True, "areas": (), "hexes": (), "within": 0, "edge": ""}
    fields = {"areas": (), "hexes": (), "within": 0, "edge": "", "remove": False}
    place = _entry_place(text.replace(" of ", " "), side, m.numbering)
    note = place.pop("note", "")
    fields.update(place)
    if note:
        fields["see"] = note
    return fields


def arrival_with(m: MapData, a: Arrival, field: str, text: str, counters: dict) -> Arrival:
    """An arrival with one field changed from typed text."""
    text = text.strip()
    if field == "turn":
        if not text.isdigit() or int(text) < 1:
            raise ValueError("the turn is a turn number")
        return replace(a, turn=int(text))
    if field == "where":
        fields = parse_where(m, a.side, text)
        see = fields.pop("see", "")
        note = a.note
        if see:
            note = f"{see} {note}".strip() if not note.startswith(see) else note
        return replace(a, **fields, note=note)
    if field in ("counters", "step_loss", "dg"):
        ids = tuple(dict.fromkeys(i.strip() for i in text.split(",") if i.strip()))
        unknown = [i for i in ids if i not in counters]
        if unknown:
            raise ValueError(f"{', '.join(unknown)} is not a counter id (like 2ID:A/9)")
        wrong_side = [i for i in ids if counters[i].side != a.side]
        if wrong_side:
            raise ValueError(f"{', '.join(wrong_side)} is not {a.side}")
        if field == "counters":
            if not ids:
                raise ValueError("an arrival brings at least one counter")
            return replace(a, counters=ids, step_loss=tuple(c for c in a.step_loss if c in ids),
                           dg=tuple(c for c in a.dg if c in ids))
        outside = [i for i in ids if i not in a.counters]
        if outside:
            raise ValueError(f"{', '.join(outside)} does not arrive here")
        return replace(a, **{field: ids})
    if field == "roll":
        value = text.rstrip("+") or "0"
        if not value.isdigit() or int(value) > 6:
            raise ValueError("the roll is the least die result that brings them (1-6), or empty")
        return replace(a, roll=int(value))
    if field == "note":
        return replace(a, note=text)
    raise ValueError(f"'{field}' is not part of an arrival")


# --- the header ----------------------------------------------------------------------------------


def daily_dates(first_date: str, first: int, last: int) -> dict[int, str]:
    """One turn per day from ``first_date`` (1.1)."""
    try:
        start = datetime.strptime(first_date.strip(), DATE_FORMAT)
    except ValueError:
        raise ValueError(f"'{first_date}' is not a date like 16 Dec 44") from None
    return {t: (start + timedelta(days=t - first)).strftime(DATE_FORMAT) for t in range(first, last + 1)}


def with_turns(s: Scenario, first: int, last: int, first_date: str) -> Scenario:
    if not 1 <= first <= last:
        raise ValueError("the first turn comes before the last, from turn 1")
    return replace(s, first_turn=first, last_turn=last, dates=daily_dates(first_date, first, last))


def control_text(m: MapData, s: Scenario) -> str:
    """Who holds which VP hexes at the start, as typed: "B1.16 Allied, A17.26 German"."""
    held = sorted(s.initial_control.items(), key=lambda item: m.numbering.index(item[0]))
    return ", ".join(f"{m.hex_id(h)} {side}" for h, side in held)


def with_initial_control(m: MapData, s: Scenario, text: str) -> Scenario:
    """The VP hexes a side holds at the start (6.0 control; the rest as the victory table says)."""
    control = {}
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        words = item.split()
        if len(words) != 2 or words[1].capitalize() not in SIDES:
            raise ValueError(f"'{item}' is not a hex and a side, like B1.16 Allied")
        h = m.parse(words[0])
        place = with_vp_overrides(m, s.vp_overrides).places.get(h)
        if place is None or not place.vp:
            raise ValueError(f"{m.hex_id(h)} is not a VP hex: only VP hexes are controlled (6.0)")
        control[h] = words[1].capitalize()
    return replace(s, initial_control=control)


def vp_values_text(m: MapData, s: Scenario) -> str:
    """The scenario's own VP values, as typed: "B1.16 7, A17.26 0"."""
    values = sorted(s.vp_overrides.items(), key=lambda item: m.numbering.index(item[0]))
    return ", ".join(f"{m.hex_id(h)} {vp}" for h, vp in values)


def with_vp_values(m: MapData, s: Scenario, text: str) -> Scenario:
    """The scenario's VP values for hexes, over the map's (0: not a VP hex in this scenario).
    A hex that stops being a VP hex is no longer held at the start either."""
    values = {}
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        words = item.split()
        if len(words) != 2 or not words[1].lstrip("-").isdigit():
            raise ValueError(f"'{item}' is not a hex and a VP value, like B1.16 7")
        if int(words[1]) < 0:
            raise ValueError(f"'{item}': a VP value is 0 or more (0: not a VP hex in this scenario)")
        values[m.parse(words[0])] = int(words[1])
    places = with_vp_overrides(m, values).places
    control = {h: side for h, side in s.initial_control.items() if h in places and places[h].vp}
    return replace(s, vp_overrides=values, initial_control=control)


def blown_text(m: MapData, s: Scenario) -> str:
    return ", ".join(m.hex_id(h) for h in s.blown_bridges)


def with_blown_bridges(m: MapData, s: Scenario, text: str) -> Scenario:
    """The bridges Blown from the start (7.5), each named by a hex of its hexside or its plunger's hex."""
    hexes = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        h = m.parse(item)
        if h not in m.plungers.values() and not any(h in side.hexes for side in m.bridges):
            raise ValueError(f"{m.hex_id(h)} has no bridge and no plunger")
        if h not in hexes:
            hexes.append(h)
    return replace(s, blown_bridges=tuple(hexes))


def bounds_between(m: MapData, a: Hex, b: Hex) -> Bounds:
    """The play area on one sheet spanned by two hexes (inclusive), as "Map B north of xx.36"."""
    sheet_a, col_a, row_a = m.numbering.sheet_column_row(a)
    sheet_b, col_b, row_b = m.numbering.sheet_column_row(b)
    if sheet_a != sheet_b:
        raise ValueError("a play area lies on one sheet: draw one for each sheet")
    numbering = m.numbering
    low_col, high_col = sorted((col_a, col_b))
    low_row, high_row = sorted((row_a, row_b))
    return Bounds(
        sheet_a,
        low_col if low_col > 1 else None,
        high_col if high_col < numbering.columns else None,
        low_row if low_row > numbering.first_row else None,
        high_row if high_row < numbering.last_row else None,
    )


def with_bounds(s: Scenario, bounds: Bounds) -> Scenario:
    """The scenario with this sheet's play area (its sheet in play); a whole sheet has no bounds."""
    others = tuple(b for b in s.bounds if b.sheet != bounds.sheet)
    whole = all(getattr(bounds, k) is None for k in ("min_column", "max_column", "min_row", "max_row"))
    maps = s.maps if bounds.sheet in s.maps else tuple(sorted(s.maps + (bounds.sheet,)))
    return replace(s, bounds=others if whole else others + (bounds,), maps=maps)


def new_scenario(module: Module, scenario_id: str, title: str) -> Scenario:
    scenario_id = scenario_id.strip()
    if not scenario_id or "/" in scenario_id or scenario_id in module.scenarios:
        raise ValueError(f"'{scenario_id}' is empty, has a slash, or is another scenario's id")
    return Scenario(module.system, scenario_id, title.strip() or scenario_id, 1, 1,
                    dates={1: "16 Dec 44"}, maps=module.map.numbering.sheets, options={"reinforcements": "own"})
