"""What each side has lost: steps and units, by formation.

Losses are counted from the set-up (a unit that starts the scenario reduced has lost
nothing yet): a unit on the dead pile is lost with every step it had then, a unit still on
the map has lost the steps it has no more.  Units taken out of play by an Order of Arrival,
or that left the map, are not losses.  Where a counter's number of steps is estimated (no document
prints it), the steps lost count carries that mark.
"""

from __future__ import annotations

from dataclasses import dataclass

from ardennes_qt.core.content import Content
from ardennes_qt.core.state import GameState


@dataclass(frozen=True)
class FormationLosses:
    """What one formation has lost since the set-up: steps, and units on the dead pile."""

    formation: str  # code
    name: str
    side: str
    steps: int  # steps lost
    units: int  # units on the dead pile
    estimated: bool  # some of those steps belong to counters whose step count is estimated


@dataclass(frozen=True)
class SideLosses:
    """What one side has lost since the set-up: steps and units in all, and the formations that lost
    them."""

    side: str
    steps: int
    units: int
    estimated: bool
    formations: tuple[FormationLosses, ...]  # the formations that lost anything, most steps first


def losses(content: Content, start: GameState, state: GameState) -> dict[str, SideLosses]:
    """Each side's losses between the set-up ``start`` and ``state``, keyed by side (every
    side with counters appears)."""
    tally: dict[tuple[str, str], list[int]] = {}  # (side, formation) -> [steps, units, estimated]
    for uid, u in state.units.items():
        counter = content.counter(uid)
        had = start.units[uid].steps if uid in start.units else counter.steps
        if u.where == "dead" and start.units.get(uid, u).where != "dead":
            lost, unit = had, 1
        elif u.where == "map":
            lost, unit = max(had - u.steps, 0), 0
        else:
            continue
        if lost or unit:
            row = tally.setdefault((counter.side, counter.formation), [0, 0, 0])
            row[0] += lost
            row[1] += unit
            row[2] |= int("steps" in counter.estimated_fields())
    sides = sorted({c.side for c in content.counters.values()})
    out = {}
    for side in sides:
        rows = []
        for (s, code), (steps, units, estimated) in tally.items():
            if s == side:
                formation = content.formations.get(code)
                rows.append(FormationLosses(code, formation.name if formation else code, side, steps, units, bool(estimated)))
        rows.sort(key=lambda r: (-r.steps, -r.units, r.name))
        out[side] = SideLosses(
            side,
            sum(r.steps for r in rows),
            sum(r.units for r in rows),
            any(r.estimated for r in rows),
            tuple(rows),
        )
    return out
