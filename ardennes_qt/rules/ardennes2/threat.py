"""The threat map: every hex a side's units could reach in its next Movement Phase, as the
board stands now.

The rules are asked as if that side's Movement & Barrage Phase were beginning (2.1): a
fresh phase record (no MPs spent, who starts next to the enemy or under an enemy barrage
worked out anew, 1.2, 3.5), no Decision pending, every marker, DG and blown bridge as they
are.  Each unit is asked on its own, since a stack may split up: the map is the union of
their legal moves, each hex with the fewest MPs any unit spends to get there.

The units of one kind share one set of step lists and arrays (``threat_map``); it still
takes a while on a full map, so it runs on a snapshot and reports its progress;
the caller may stop it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from ardennes_qt.core.content import Content
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2 import movement
from ardennes_qt.rules.ardennes2.mapindex import map_index
from ardennes_qt.rules.ardennes2.phases import SEQUENCE, is_movement, phasing_side
from ardennes_qt.rules.ardennes2.sequence import starting_record
from ardennes_qt.rules.ardennes2.situation import rules_data, units_of, with_rules
from ardennes_qt.rules.common.search import reach_of_many
from ardennes_qt.rules.scs.moves import mps

Progress = Callable[[int, int], bool]  # (units done, units in all) -> go on?
_MPS = [mps(half) for half in range(256)]


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
    """Every hex ``side`` could reach next Movement Phase; None if stopped by ``progress``.

    The units are searched by kind (MA type and what about the unit changes the costs,
    ``Mover._shape``), each kind's searches sharing their steps and arrays
    (``common.search.reach_of_many``): the same hexes at the same costs as
    ``movement.legal_moves`` for each unit on its own, without its routes.  Units
    crossing the Our by rubber boat (4.2) are asked through ``legal_moves``."""
    snapshot = movement_snapshot(content, state, side)
    phase = next(p for p in SEQUENCE if p.id == snapshot.phase)
    unit_ids = units_of(content, snapshot, side)
    total = len(unit_ids)
    if progress is not None and not progress(0, total):
        return None
    kinds: dict[tuple, list[movement.Mover]] = {}
    alone: list[str] = []
    for uid in unit_ids:
        if movement.move_refusal(content, snapshot, (uid,)) is not None:
            continue
        m = movement.mover(content, snapshot, (uid,))
        if m.boats or len(m.ma_types) != 1:
            alone.append(uid)
        else:
            kinds.setdefault((m.ma_types[0], replace(m, ids=())._shape()), []).append(m)
    hex_ids = map_index(content.map).hex_ids
    reach: dict[str, int | float] = {}
    reached_by: dict[str, int] = {}
    done = total - sum(len(ms) for ms in kinds.values()) - len(alone)  # those that cannot move
    for (ma, _), movers in kinds.items():
        if progress is not None and not progress(done, total):
            return None
        for j, (cost, count) in _reach_of_kind(movers, ma).items():
            hex_id = hex_ids[j]
            mp = _MPS[cost]
            if mp < reach.get(hex_id, mp + 1):
                reach[hex_id] = mp
            reached_by[hex_id] = reached_by.get(hex_id, 0) + count
        done += len(movers)
    for uid in alone:
        if progress is not None and not progress(done, total):
            return None
        for hex_id, cost in movement.legal_moves(content, snapshot, (uid,)).items():
            if cost < reach.get(hex_id, cost + 1):
                reach[hex_id] = cost
            reached_by[hex_id] = reached_by.get(hex_id, 0) + 1
        done += 1
    if progress is not None and not progress(total, total):
        return None
    return ThreatMap(side, f"{phase.segment}: {phase.name} ({phase.rule})", reach, reached_by, total)


def _reach_of_kind(movers: list[movement.Mover], ma: str) -> dict[int, tuple[int, int]]:
    """Hex index -> (the fewest half MPs any of these single units of one kind spends to
    enter it, how many of them can), each unit on its own (its own hex left out).  Units
    starting in one hex with the same allowances reach the same hexes: one search each."""
    kind = replace(movers[0], ids=())  # the arrays of a single unit but for its own hex, which it never enters
    edges = kind.index.edges(ma, kind.board.down)
    n = len(edges)
    jam = kind.arrays()[5] if kind.jams and not kind.exploiting else None
    alike: dict[tuple[int, int, int], int] = {}
    for m in movers:
        key = (m.start, m.allowance[ma], m.allowance_jammed[ma] if jam is not None else 0)
        alike[key] = alike.get(key, 0) + 1
    searches = [(start, limit, count, beyond) for (start, limit, beyond), count in sorted(alike.items())]
    known = kind.steps_out(ma, "all", edges)

    def steps(i: int):
        return kind.adjusted(i, edges)

    leaving = (lambda i: kind.adjusted(i, edges, stop_here=False)) if kind.exploiting else None
    if jam is None:
        best, weight = reach_of_many(searches, steps, known, leaving=leaving)
    else:
        # 3.1: a second layer of states, i + n, for hex i reached after a Traffic Jam made the stack DG.
        def layered(s: int):
            if s >= n:
                return tuple((j + n, k) for j, k in _known(known, s - n, steps))
            return tuple((j + n if jam[j] else j, k) for j, k in _known(known, s, steps))

        def layered_leaving(s: int):
            return tuple((j + n if jam[j] else j, k) for j, k in kind.adjusted(s, edges, stop_here=False))

        best, weight = reach_of_many(searches, layered, [None] * (2 * n), hexes=n,
                                     leaving=layered_leaving if kind.exploiting else None)
    return {j: (c, weight[j]) for j, c in enumerate(best) if weight[j]}


def _known(known: list, i: int, steps):
    out = known[i]
    if out is None:
        out = known[i] = steps(i)
    return out
