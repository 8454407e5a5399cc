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
from ardennes_qt.core.outcome import LogLine
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.stacking import stacks_by_side
from ardennes_qt.rules.ardennes2.supply import supply_net, trace_from
from ardennes_qt.rules.ardennes2.supplysources import play_area
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
    m = content.map
    inside = play_area(content).inside
    return {h: p for h, p in sorted(m.places.items()) if p.vp and inside[m.numbering.index(h)]}


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
