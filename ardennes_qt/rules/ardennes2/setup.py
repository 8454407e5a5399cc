"""The opening position of an Ardennes II scenario (7.1-7.6): every set-up unit in its hex,
reduced or DG as printed, every Order of Arrival unit scheduled, the scenario's dead and
blown bridges, VP control, and the first phase of the first turn.
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.scenario import Placement
from ardennes_qt.core.state import GameState, UnitState
from ardennes_qt.rules.ardennes2.a2state import Ardennes2Data
from ardennes_qt.rules.ardennes2.phases import ALLIED, SEQUENCE
from ardennes_qt.rules.ardennes2.placement import can_place, in_play_area, nearest_first

BLOWN = "blown"


def initial_state(content: Content, seed: int) -> GameState:
    scenario = content.scenario
    units: dict[str, UnitState] = {}
    spread = [p for p in scenario.placements if p.within]
    for placement in scenario.placements:
        if not placement.within:
            units[placement.counter] = _set_up(content, placement, placement.hex, len(units))
    for placement in spread:
        units[placement.counter] = _set_up(content, placement, _spread_hex(content, units, placement), len(units))
    units = _separate_sides(content, units)
    for arrival in scenario.arrivals:
        for counter_id in arrival.counters:
            if not arrival.remove and counter_id not in units:
                units[counter_id] = UnitState("scheduled", None, content.counter(counter_id).steps)
    for counter_id in scenario.dead:
        units[counter_id] = UnitState("dead", None, 0)
    return GameState(
        scenario=scenario.key,
        seed=seed,
        turn=scenario.first_turn,
        phase=SEQUENCE[0].id,
        units=units,
        next_order=len(units),
        control=initial_control(content),
        rules=Ardennes2Data(bridges=blown_at_start(content)),
    )


def _set_up(content: Content, placement: Placement, h: Hex, order: int) -> UnitState:
    """7.3-7.6 "(Step Loss)": the unit starts on its reduced side; "(DG)" starts DG (7.1)."""
    counter = content.counter(placement.counter)
    steps = counter.steps - 1 if placement.step_loss and counter.steps > 1 else counter.steps
    return UnitState("map", h, steps, placement.dg, order)


def _occupancy(units: dict[str, UnitState]) -> dict[Hex, list[str]]:
    out: dict[Hex, list[str]] = {}
    for uid, u in units.items():
        if u.where == "map":
            out.setdefault(u.hex, []).append(uid)
    return out


def _spread_hex(content: Content, units: dict[str, UnitState], placement: Placement) -> Hex:
    """ "w/i 1 B40.38" (7.4): the nearest hex to the printed one, within the printed
    distance, where the unit may stand without overstacking or mixing Divisions (3.1).
    The owner may rearrange them before play; the set-up never starts a unit DG for it.
    """
    occupancy = _occupancy(units)
    for h in nearest_first((placement.hex,), placement.within):
        if can_place(content, occupancy, placement.counter, h, keep_divisions=True):
            return h
    raise ValueError(
        f"{content.scenario.key}: no room for {placement.counter} within {placement.within} of "
        f"{content.map.hex_id(placement.hex)}"
    )


def _separate_sides(content: Content, units: dict[str, UnitState]) -> dict[str, UnitState]:
    """A hex never holds both sides' units.  Where a listing puts an artillery unit in a hex
    the enemy also sets up in (7.4 B22.38: the Allied Arty Grp 174, its 7.1 hex, and 1 SS Pz
    Div's B/1), the artillery stands in the nearest hex free of and away from the enemy, as
    a Bug Out would take it (3.6: artillery never stays next to enemy units)."""
    out = dict(units)
    for h, ids in _occupancy(units).items():
        sides = {content.counter(uid).side for uid in ids}
        if len(sides) < 2:
            continue
        artillery = [uid for uid in ids if content.counter(uid).is_artillery]
        if not artillery or len({content.counter(uid).side for uid in ids if uid not in artillery}) > 1:
            raise ValueError(f"{content.scenario.key}: both sides set up in {content.map.hex_id(h)}")
        for uid in artillery:
            out[uid] = replace(out[uid], hex=_away_from_enemy(content, out, uid, h))
    return out


def _away_from_enemy(content: Content, units: dict[str, UnitState], unit_id: str, start: Hex) -> Hex:
    side = content.counter(unit_id).side
    occupancy = _occupancy({uid: u for uid, u in units.items() if uid != unit_id})
    enemy = {h for h, ids in occupancy.items() if content.counter(ids[0]).side != side}
    for h in nearest_first((start,), content.map.numbering.total_columns):
        if h in enemy or any(n in enemy for n in h.neighbours()):
            continue
        if can_place(content, occupancy, unit_id, h):
            return h
    raise ValueError(f"{content.scenario.key}: nowhere to set up {unit_id} away from the enemy")


def initial_control(content: Content) -> dict[Hex, str]:
    """6.0 VP hexes in the play area.  The scenario's own statement wins (7.5 Bastogne
    Allied, 7.6 Rochefort and La Roche German); otherwise the Allies hold them: 7.1 and
    7.2 do not say (M10, checklist item 94) and 7.4 says the Germans hold none."""
    control = {h: ALLIED for h, place in content.map.places.items() if place.vp and in_play_area(content, h)}
    control.update(content.scenario.initial_control)
    return control


def blown_at_start(content: Content) -> dict[str, str]:
    """7.5 "Bridge Markers: A37.23: Bridge Blown": the marker sits in the plunger's hex
    (3.8), so it blows every bridge of that plunger; keyed by plunger name."""
    m = content.map
    by_hex = {h: name for name, h in m.plungers.items()}
    out = {}
    for h in content.scenario.blown_bridges:
        if h not in by_hex:
            raise ValueError(f"{content.scenario.key}: no plunger in {m.hex_id(h)} for its Bridge Blown marker")
        out[by_hex[h]] = BLOWN
    return out
