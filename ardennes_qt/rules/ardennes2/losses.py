"""Step losses from combat (3.2 step 5, SCS 8.0 loss distribution - provisional, see
``tables/series.toml``; 1.2 Step Sizes; checklist items 17, 49).

A two-step unit flips to its reduced side; a unit with one step left goes to the dead
pile, never to return (1.2 Rebuilding).  Which unit takes each step follows the series
rule for its side of the combat: the owner's choice, or the strongest unit first.
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import LogLine
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.battle import Battle
from ardennes_qt.rules.ardennes2.series import series_rules
from ardennes_qt.rules.ardennes2.situation import current_values

LOSS_RULE = "3.2, SCS 8.0 (provisional)"


def surviving(state: GameState, unit_ids) -> tuple[str, ...]:
    return tuple(uid for uid in unit_ids if state.units[uid].where == "map")


def loss_candidates(content: Content, state: GameState, battle: Battle, role: str) -> tuple[str, ...]:
    """The units of ``role`` ("attacker"/"defender") that may take the next step.

    "strongest": the greatest attack strength now showing, as the designer's notes put it
    for overruns ("losses to the strongest attacking unit").
    """
    units = surviving(state, battle.attackers if role == "attacker" else battle.defenders)
    if series_rules().losses_for(role, battle.kind == "overrun") == "strongest" and units:
        strength = {uid: current_values(content, state, uid).attack or 0 for uid in units}
        best = max(strength.values())
        return tuple(uid for uid in units if strength[uid] == best)
    return units


def take_step(content: Content, state: GameState, unit_id: str) -> tuple[GameState, LogLine]:
    """1.2 Step Sizes: flip to the reduced side, or to the dead pile with the last step."""
    unit = state.units[unit_id]
    name = content.counter(unit_id).name
    if unit.steps > 1:
        state = state.with_units({unit_id: replace(unit, steps=unit.steps - 1)})
        return state, LogLine(f"{name} loses a step and shows its reduced side", ("1.2 Step Sizes",))
    state = state.with_units({unit_id: replace(unit, where="dead", hex=None, steps=0)})
    return state, LogLine(f"{name} loses its last step: to the dead pile", ("1.2 Step Sizes, Rebuilding",))


def forced_losses(content: Content, state: GameState, battle: Battle, role: str, steps: int) -> tuple[str, ...] | None:
    """The units that must take the next steps when the owner has no choice, else None.

    No choice: the steps are as many as the units have left (all of them go), or only one
    unit may take the next step.
    """
    units = surviving(state, battle.attackers if role == "attacker" else battle.defenders)
    if steps >= sum(state.units[uid].steps for uid in units):
        return tuple(uid for uid in units for _ in range(state.units[uid].steps))
    candidates = loss_candidates(content, state, battle, role)
    if len(candidates) == 1:
        return candidates
    return None
