"""Control of VP hexes (6.0; checklist items 77, 94; M10).

6.0: "Control is defined as being the last player to occupy the VP hex with units in Trace
Supply at that moment."  ``GameState.control`` holds each VP hex whose control has been
settled (the scenario's initial control, then every change); a VP hex not in it is the
default side's (``tables/victory.toml`` [control], provisional).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterable

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.mapdata import Place
from ardennes_qt.core.outcome import Changes, LogLine, Outcome
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.stacking import stacks_by_side
from ardennes_qt.rules.ardennes2.supply import supply_net, trace_from
from ardennes_qt.rules.ardennes2.placement import in_play_area
from ardennes_qt.rules.ardennes2.tables import table, table_cache

CONTROL_RULE = "6.0"


@table_cache
def victory_data() -> dict[str, Any]:
    return table("victory")


def default_controller() -> str:
    """M10: who holds a VP hex nobody has occupied (provisional: the Allies)."""
    return victory_data()["control"]["default"]


def vp_hexes(content: Content) -> dict[Hex, Place]:
    """The VP hexes of the play area (6.0 VP table; 7.3-7.6 count only their area's)."""
    return {h: p for h, p in sorted(content.map.places.items()) if p.vp and in_play_area(content, h)}


def controller(content: Content, state: GameState, h: Hex) -> str:
    return state.control.get(h, default_controller())


def vp_control(content: Content, state: GameState) -> dict[Hex, str]:
    """Who controls each VP hex of the play area now."""
    return {h: controller(content, state, h) for h in vp_hexes(content)}


def update_control(content: Content, state: GameState, hexes_entered: Iterable[Hex]) -> GameState:
    """6.0: each VP hex entered (or, at a turn's end, held) goes to the side occupying it if
    its units are in trace supply at that moment; otherwise control stays as it was.

    Call after moves, advances, retreats and placements with the hexes units ended in.
    """
    places = vp_hexes(content)
    nets: dict[str, Any] = {}
    changes = {}
    for h in hexes_entered:
        if h not in places:
            continue
        sides = [side for side, ids in stacks_by_side(content, state, h).items() if ids]
        if len(sides) != 1 or controller(content, state, h) == sides[0]:
            continue
        side = sides[0]
        if side not in nets:
            nets[side] = supply_net(content, state, side)
        if trace_from(content, nets[side], h).supplied:
            changes[h] = side
    if not changes:
        return state
    return replace(state, control={**state.control, **changes})


def occupied_vp_hexes(content: Content, state: GameState) -> list[Hex]:
    places = vp_hexes(content)
    return [h for h in state.occupied() if h in places]


def control_log(content: Content, before: GameState, after: GameState) -> tuple[LogLine, ...]:
    """A log line for each VP hex whose control changed between two states."""
    out = []
    for h, place in vp_hexes(content).items():
        was, now = controller(content, before, h), controller(content, after, h)
        if was != now:
            text = f"{place.name} {content.map.hex_id(h)} ({place.vp} VP): now {now}-controlled"
            out.append(LogLine(text, (f"last to occupy it with units in trace supply ({CONTROL_RULE})",)))
    return tuple(out)


def settle_entered(content: Content, before: GameState, outcome: Outcome) -> Outcome:
    """6.0 "at that moment": a VP hex that a side newly occupies in an action passes to it
    when its units there are in trace supply (moves, overruns, advances, retreats, placements)."""
    places = vp_hexes(content)

    def occupier(state: GameState) -> dict[Hex, str]:
        return {h: content.counter(ids[0]).side for h, ids in state.occupied().items() if h in places}

    was, now = occupier(before), occupier(outcome.state)
    entered = [h for h, side in now.items() if was.get(h) != side]
    if not entered:
        return outcome
    state = update_control(content, outcome.state, entered)
    lines = control_log(content, outcome.state, state)
    if not lines:
        return outcome
    changed = frozenset(h for h in entered if controller(content, state, h) != controller(content, outcome.state, h))
    return Outcome(state, outcome.changes | Changes(hexes=changed, markers=True), outcome.log + lines)
