"""Cheapest legal routes for a stack moving together, over the precomputed arrays.

Costs are small whole numbers of half MPs bounded by the allowance, so a stack of one
MA type is searched with a bucket queue (Dial's algorithm): no heap, one pass over the
buckets.  A stack mixing Leg and Mech units pays each TEC column at once and every
unit must stay within its own allowance (designer's notes: stacks move together), so
it keeps Pareto labels on (Leg cost, Mech cost): a route is dropped only when another
reaches the same hex no dearer in both.

A Traffic Jam in the Movement Phase makes the stack DG on entering (3.1), which
halves what is left of its MA from then on (3.4, MPs already spent are not
prorated): the search keeps a second layer of hexes reached after a jam, with the
smaller allowance.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from ardennes_qt.rules.ardennes2.movecontext import Mover

UNREACHED = 1 << 30


@dataclass
class Routes:
    """Where a stack can go: per hex index its cost per MA type, and the way there."""

    cost: dict[int, dict[str, int]]  # hex -> {ma type: half MPs}
    _state: dict[int, int]  # hex -> the search state (or label) that reached it best
    _parent: list[int]  # search state -> the one before it, -1 at the start
    _hex_of: list[int]  # search state -> hex index

    def add_from_start(self, j: int, cost: dict[str, int], start_state: int) -> None:
        """A hex reached in one step from the start outside the search (4.2 rubber boats)."""
        self.cost[j] = cost
        self._state[j] = len(self._parent)
        self._parent.append(start_state)
        self._hex_of.append(j)

    def route(self, j: int) -> list[int]:
        """The hexes from the start to ``j``, both included."""
        out = []
        s = self._state[j]
        while s != -1:
            out.append(self._hex_of[s])
            s = self._parent[s]
        return out[::-1]


def search(mover: Mover, edges: dict[str, list]) -> Routes:
    """Every hex the stack can enter, each by its cheapest route (the start excluded)."""
    if len(mover.ma_types) == 1:
        return _single(mover, mover.ma_types[0], edges[mover.ma_types[0]])
    return _pareto(mover, edges)


def _single(mover: Mover, ma: str, edges: list) -> Routes:
    enter, leave, adjacent_extra, adjacent, stop, jam = mover.arrays()
    n = len(edges)
    budget, budget_jammed = mover.allowance[ma], mover.allowance_jammed[ma]
    layers = 2 if mover.jams and not mover.exploiting else 1
    dist = [UNREACHED] * (n * layers)
    parent = [-1] * (n * layers)
    start = mover.start
    buckets: list[list[int]] = [[] for _ in range(budget + 1)]
    dist[start] = 0
    buckets[0].append(start)
    for c in range(budget + 1):
        for s in buckets[c]:
            if dist[s] != c:
                continue
            jammed = s >= n
            i = s - n if jammed else s
            if stop[i] and s != start:
                continue
            limit = budget_jammed if jammed else budget
            base = c + leave[i]
            near = adjacent[i]
            for j, k in edges[i]:
                nc = base + k + enter[j]
                if near:
                    nc += adjacent_extra[j]
                if nc > limit:
                    continue
                t = j + n if (jammed or jam[j]) else j
                if nc < dist[t]:
                    dist[t] = nc
                    parent[t] = s
                    buckets[nc].append(t)
    cost: dict[int, dict[str, int]] = {}
    best_state: dict[int, int] = {}
    for c, bucket in enumerate(buckets):
        for s in bucket:
            if dist[s] != c or s == start:
                continue
            j = s - n if s >= n else s
            if j not in cost or c < cost[j][ma]:
                cost[j] = {ma: c}
                best_state[j] = s
    hex_of = list(range(n)) * layers
    return Routes(cost, best_state, parent, hex_of)


def _pareto(mover: Mover, edges: dict[str, list]) -> Routes:
    enter, leave, adjacent_extra, adjacent, stop, jam = mover.arrays()
    leg_edges, mech_edges = edges["leg"], edges["mech"]
    n = len(leg_edges)
    start = mover.start
    # labels: (leg cost, mech cost, hex state, parent label)
    labels: list[tuple[int, int, int, int]] = [(0, 0, start, -1)]
    frontier: dict[int, list[int]] = {start: [0]}
    heap = [(0, 0)]
    while heap:
        _, label = heapq.heappop(heap)
        cl, cm, s, _ = labels[label]
        if label not in frontier.get(s, ()):
            continue
        jammed = s >= n
        i = s - n if jammed else s
        if stop[i] and s != start:
            continue
        allowance = mover.allowance_jammed if jammed else mover.allowance
        extra_out = leave[i]
        near = adjacent[i]
        mech_here = dict(mech_edges[i])
        for j, kl in leg_edges[i]:
            km = mech_here.get(j)
            if km is None:
                continue
            extra = extra_out + enter[j] + (adjacent_extra[j] if near else 0)
            nl, nm = cl + kl + extra, cm + km + extra
            if nl > allowance["leg"] or nm > allowance["mech"]:
                continue
            t = j + n if (jammed or jam[j]) else j
            kept = frontier.setdefault(t, [])
            if any(labels[o][0] <= nl and labels[o][1] <= nm for o in kept):
                continue
            kept[:] = [o for o in kept if not (nl <= labels[o][0] and nm <= labels[o][1])]
            labels.append((nl, nm, t, label))
            kept.append(len(labels) - 1)
            heapq.heappush(heap, (nl + nm, len(labels) - 1))
    cost: dict[int, dict[str, int]] = {}
    best: dict[int, int] = {}
    for s, kept in frontier.items():
        for label in kept:
            cl, cm, _, _ = labels[label]
            j = s % n
            if s == start:
                continue
            key = (max(cl, cm), cl + cm)
            if j not in best or key < (max(cost[j].values()), sum(cost[j].values())):
                cost[j] = {"leg": cl, "mech": cm}
                best[j] = label
    parents = [label[3] for label in labels]
    hex_of = [label[2] % n for label in labels]
    return Routes(cost, best, parents, hex_of)
