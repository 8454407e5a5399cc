"""When units are due to be placed (checklist items 57-59, 64-66): at the Set-Up, those the
scenario places "with or adjacent to" its set-up; in a side's Movement Phase, the arrivals
whose turn has come, placed "at the start of their side's Movement Phase" (the SCS arrival
procedure, ``series.toml [reinforcements]``, which the 1994 text does not print).  Asked by
the arrivals' rules and by the phase's situation alike."""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes1994.phases import SETUP, phasing_side
from ardennes_qt.rules.ardennes1994.situation import rules_data
from ardennes_qt.rules.ardennes1994.tables import table


def procedure() -> dict:
    return table("series")["reinforcements"]


def due_units(content: Content, state: GameState) -> tuple[str, ...]:
    """Units to be placed now: at the Set-Up, those the scenario places freely; in a side's
    Movement Phase, its units whose turn has come and that wait to enter (OOA)."""
    if state.phase == SETUP:
        return tuple(u for near in content.scenario.extras.get("near", []) for u in near["units"]
                     if state.units[u].where == "scheduled")
    side = phasing_side(state.phase)
    out = []
    for arrival in content.scenario.arrivals:
        if arrival.side == side and arrival.turn <= state.turn:
            out.extend(u for u in arrival.counters if state.units[u].where == "scheduled")
    return tuple(dict.fromkeys(out))


def late_refusal(content: Content, state: GameState) -> str:
    """Why arrivals may no longer be placed in this Movement Phase ("" while they may): they are
    placed "at the start of their side's Movement Phase" (series.toml [reinforcements]): before
    any unit already on the map has moved.  Arrivals placed and moved one after another do not
    end that start (a crowded entry hex is passed through that way)."""
    if str(procedure().get("placed", "start")) != "start":
        return ""
    record = rules_data(state).record
    moved = set(record.spent) | set(record.finished) | ({record.moving} if record.moving else set())
    if moved <= record.arrived:
        return ""
    return ("arrivals are placed at the start of the Movement Phase, before the units on the map move; "
            "those not placed enter in their side's next Movement Phase")
