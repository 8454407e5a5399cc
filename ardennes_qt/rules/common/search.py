"""Cheapest routes over a map's dense hex indexes, the price of each step set by the game.

A game numbers its hexes 0 .. n-1 (``Numbering.index``) and says, for a hex, the steps out
of it as ``(hex index, cost)`` pairs, cheapest first: its terrain, its enemy, its own
prohibitions are all in those prices, none of them here.  Costs are small whole numbers
(half MPs, hexes) and a route may cost no more than a limit, so the search keeps one list
of hexes per cost from 0 to the limit (a bucket queue, Dial's algorithm) instead of a heap,
and never looks at a step that costs more than is left.

Hexes reached at the same cost are settled in the order they were reached or, given
``order``, by their rank in it; which of two equally cheap routes a hex keeps follows from
that order, so a game that always chose its routes one way keeps choosing them so.
"""

from __future__ import annotations

from dataclasses import dataclass
from heapq import heapify, heappop, heappush
from typing import Callable, Iterable, Sequence

Steps = Sequence[tuple[int, int]]  # (hex index, cost), cheapest first
UNREACHED = 1 << 30
_SHIFT = 24  # hex indexes stay below 1 << _SHIFT
_HEX = (1 << _SHIFT) - 1


@dataclass
class Reached:
    """Every hex reached with its cheapest cost (a start costs 0), and the hex before it on
    the way there (a start has none)."""

    cost: dict[int, int]
    parent: dict[int, int]

    def route(self, j: int) -> list[int]:
        """The hexes from a start to ``j``, both included."""
        out = [j]
        parent = self.parent
        while out[-1] in parent:
            out.append(parent[out[-1]])
        return out[::-1]


def cheapest_routes(
    starts: Iterable[int],
    limit: int,
    steps_out: Callable[[int], Steps],
    *,
    known: list | None = None,
    leaving: Callable[[int], Steps] | None = None,
    order: Sequence[int] | None = None,
) -> Reached:
    """Every hex within ``limit`` of a start by its cheapest route.

    ``steps_out(i)``: the steps out of hex ``i``, cheapest first (none out of a hex where a
    route must end).  ``known``: one entry per hex, None until its steps are asked for, then
    kept there for the next search on the same prices.  ``leaving(s)``: the steps out of a
    start ``s`` when they are not its usual ones (a stack may leave a hex it could not pass
    through).  ``order``: a rank per hex, settling hexes of equal cost lowest rank first."""
    dist: dict[int, int] = {}
    parent: dict[int, int] = {}
    first: list[int] = []
    for s in starts:
        if s not in dist:
            dist[s] = 0
            first.append(s)
    buckets: list[list[int]] = [[] for _ in range(max(limit, 0) + 1)]
    # One loop per way of settling equal costs, for speed: a single loop keeping every bucket
    # as a heap made Ardennes II's searches take half as long again.
    if order is None:
        _in_reach_order(first, limit, steps_out, known, leaving, dist, parent, buckets)
    else:
        _in_rank_order(first, limit, steps_out, known, leaving, order, dist, parent, buckets)
    return Reached(dist, parent)


def _in_reach_order(first, limit, steps_out, known, leaving, dist, parent, buckets) -> None:
    reached = dist.get
    starts = set(first)
    for c in range(len(buckets)):
        room = limit - c
        bucket = buckets[c] if c else first + buckets[0]
        for i in bucket:  # a step costing nothing adds to the bucket being read
            if dist[i] != c:
                continue
            if c == 0 and i in starts and leaving is not None:
                out = leaving(i)
            elif known is None:
                out = steps_out(i)
            else:
                out = known[i]
                if out is None:
                    out = known[i] = steps_out(i)
            for j, k in out:  # cheapest first: the rest cost more than is left
                if k > room:
                    break
                nc = c + k
                if nc < reached(j, UNREACHED):
                    dist[j] = nc
                    parent[j] = i
                    bucket.append(j) if nc == c else buckets[nc].append(j)


def _in_rank_order(first, limit, steps_out, known, leaving, order, dist, parent, buckets) -> None:
    # A bucket is a heap of rank and hex in one number: the rank above, the hex below _HEX.
    reached = dist.get
    starts = set(first)
    buckets[0] = [order[s] << _SHIFT | s for s in first]
    for c in range(len(buckets)):
        room = limit - c
        bucket = buckets[c]
        heapify(bucket)
        while bucket:
            i = heappop(bucket) & _HEX
            if dist[i] != c:
                continue
            if c == 0 and i in starts and leaving is not None:
                out = leaving(i)
            elif known is None:
                out = steps_out(i)
            else:
                out = known[i]
                if out is None:
                    out = known[i] = steps_out(i)
            for j, k in out:
                if k > room:
                    break
                nc = c + k
                if nc < reached(j, UNREACHED):
                    dist[j] = nc
                    parent[j] = i
                    if nc == c:
                        heappush(bucket, order[j] << _SHIFT | j)
                    else:
                        buckets[nc].append(order[j] << _SHIFT | j)



def reach_of_many(
    searches: Iterable[tuple[int, int, int, int]],
    steps_out: Callable[[int], Steps],
    known: list,
    *,
    leaving: Callable[[int], Steps] | None = None,
    hexes: int | None = None,
) -> tuple[list[int], list[int]]:
    """Many searches over the same prices, one after the other, each from its own start
    within its own limit, for where they reach and nothing else: per hex, the cheapest
    cost of any search reaching it, and the weight of the searches reaching it (a start
    not counted for its own search).

    ``searches``: (start, limit, weight, limit beyond) each; ``known``: one entry per
    search state (as in ``cheapest_routes``, which every search here agrees with).  States
    ``hexes`` and above, when given, are hex ``state - hexes`` in a second layer, where a
    search keeps to its "limit beyond" instead of its limit (a stack halved on its way,
    say); a hex reached in both layers counts once, at its cheaper cost."""
    size = len(known)
    split = size if hexes is None else hexes
    dist = [UNREACHED] * size
    best = [UNREACHED] * split
    weight = [0] * split
    stamp = [-1] * split
    buckets: list[list[int]] = [[]]
    for number, (start, limit, w, beyond) in enumerate(searches):
        top = max(limit, beyond)
        while len(buckets) <= top:
            buckets.append([])
        dist[start] = 0
        touched = [start]
        buckets[0].append(start)
        out = leaving(start) if leaving is not None else None
        for c in range(top + 1):
            bucket = buckets[c]
            for i in bucket:  # a step costing nothing adds to the bucket being read
                if dist[i] != c:
                    continue
                if i == start and out is not None:
                    steps = out
                else:
                    steps = known[i]
                    if steps is None:
                        steps = known[i] = steps_out(i)
                room = (beyond if i >= split else limit) - c
                for j, k in steps:  # cheapest first: the rest cost more than is left
                    if k > room:
                        break
                    nc = c + k
                    d = dist[j]
                    if nc < d:
                        if d == UNREACHED:
                            touched.append(j)
                        dist[j] = nc
                        bucket.append(j) if nc == c else buckets[nc].append(j)
            bucket.clear()
        for s in touched:
            c = dist[s]
            dist[s] = UNREACHED
            h = s - split if s >= split else s
            if h == start:
                continue
            if c < best[h]:
                best[h] = c
            if stamp[h] != number:
                stamp[h] = number
                weight[h] += w
    return best, weight
