"""The threat map: every hex a side's units could reach in its next Movement Phase, as the
board stands now.

The rules are asked as if that side's Movement & Barrage Phase were beginning (2.1): a
fresh phase record (no MPs spent, who starts next to the enemy or under an enemy barrage
worked out anew, 1.2, 3.5), no Decision pending, every marker, DG and blown bridge as they
are.  Each unit is asked on its own, since a stack may split up: the map is the union of
their legal moves, each hex with the fewest MPs any unit spends to get there.

It takes a while on a full map (one movement search per unit), so it runs on a snapshot
and reports its progress; the caller may stop it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from ardennes_qt.core.content import Content
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2 import movement
from ardennes_qt.rules.ardennes2.phases import SEQUENCE, is_movement, phasing_side
from ardennes_qt.rules.ardennes2.sequence import starting_record
from ardennes_qt.rules.ardennes2.situation import rules_data, units_of, with_rules

Progress = Callable[[int, int], bool]  # (units done, units in all) -> go on?


@dataclass(frozen=True)
class ThreatMap:
    """Every hex a side's units could enter in its next Movement Phase, with the fewest MPs any unit
    spends to get there and how many units could."""

    side: str  # whose reach it is
    phase: str  # the phase it assumes, e.g. "German Player Turn: Movement & Barrage (2.1)"
    reach: dict[str, int | float]  # hex id -> the fewest MPs any unit of the side spends to enter it
    reached_by: dict[str, int]  # hex id -> how many units could enter it
    units: int  # units asked


def movement_snapshot(content: Content, state: GameState, side: str) -> GameState:
    """The state as ``side``'s Movement & Barrage Phase would begin on this board (2.1)."""
    phase = next(p for p in SEQUENCE if is_movement(p.id) and phasing_side(p.id) == side)
    begun = replace(state, phase=phase.id)
    return with_rules(begun, replace(rules_data(state), record=starting_record(content, begun), pending=()))


def threat_map(content: Content, state: GameState, side: str, progress: Progress | None = None) -> ThreatMap | None:
    """Every hex ``side`` could reach next Movement Phase; None if stopped by ``progress``."""
    snapshot = movement_snapshot(content, state, side)
    phase = next(p for p in SEQUENCE if p.id == snapshot.phase)
    unit_ids = units_of(content, snapshot, side)
    reach: dict[str, int | float] = {}
    reached_by: dict[str, int] = {}
    for done, uid in enumerate(unit_ids):
        if progress is not None and not progress(done, len(unit_ids)):
            return None
        for hex_id, cost in movement.legal_moves(content, snapshot, (uid,)).items():
            if cost < reach.get(hex_id, cost + 1):
                reach[hex_id] = cost
            reached_by[hex_id] = reached_by.get(hex_id, 0) + 1
    if progress is not None and not progress(len(unit_ids), len(unit_ids)):
        return None
    return ThreatMap(side, f"{phase.segment}: {phase.name} ({phase.rule})", reach, reached_by, len(unit_ids))
