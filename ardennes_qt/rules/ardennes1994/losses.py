"""Step losses (1.4; checklist items 14, 36): the first loss flips a unit to its back, later
ones are step-loss markers with its strength unchanged, and the unit dies when its hits equal
its steps; a one-step unit dies at once.  Artillery shows its mode, not its losses, by the
side up (1.4 EXCEPTION) - all of it has one step anyway.  The owner chooses which of his
units takes each step (SCS, provisional: ``series.toml [losses]``).
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import LogLine
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes1994.situation import rules_data, with_rules


def surviving(state: GameState, unit_ids) -> tuple[str, ...]:
    return tuple(u for u in unit_ids if state.units[u].where == "map")


def step_fate(content: Content, state: GameState, unit_id: str) -> str:
    """What the next step does to the unit, in the player's words (1.4)."""
    counter = content.counter(unit_id)
    left = state.units[unit_id].steps
    if left <= 1:
        return "is destroyed" if counter.steps <= 1 else "loses its last step and is destroyed"
    if left == counter.steps:
        return "flips to its back"
    return "takes a step-loss marker (its strength is unchanged)"


def take_step(content: Content, state: GameState, unit_id: str) -> tuple[GameState, LogLine]:
    """1.4: one step off the unit: flipped or marked, or to the dead pile with its last."""
    unit = state.units[unit_id]
    name = content.counter(unit_id).name
    fate = step_fate(content, state, unit_id)
    if unit.steps > 1:
        state = state.with_units({unit_id: replace(unit, steps=unit.steps - 1)})
        return state, LogLine(f"{name} {fate}", ("1.4",))
    return destroyed(state, unit_id), LogLine(f"{name} {fate}", ("1.4",))


def destroyed(state: GameState, unit_id: str) -> GameState:
    """The unit to the dead pile; no Reserve marker or mode stays with it."""
    unit = state.units[unit_id]
    state = state.with_units({unit_id: replace(unit, where="dead", hex=None, steps=0, dg=False)})
    data = rules_data(state)
    return with_rules(state, replace(data, reserves=data.reserves - {unit_id}, released=data.released - {unit_id}))


def forced_losses(state: GameState, units: tuple[str, ...], steps: int) -> tuple[str, ...] | None:
    """The units that must take the next step when the owner has no choice, else None: the
    steps owed are all the steps left (every unit goes), or one unit is left."""
    if not units:
        return ()
    if steps >= sum(state.units[u].steps for u in units) or len(units) == 1:
        return units
    return None
