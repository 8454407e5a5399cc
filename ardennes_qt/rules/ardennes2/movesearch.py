"""Cheapest legal routes for a stack moving together, over the precomputed arrays.

Costs are small whole numbers of half MPs bounded by the allowance, so a stack of one
MA type is searched with the bucket queue of ``common.search`` (Dial's algorithm): no
heap, one pass over the buckets.  A stack mixing Leg and Mech units pays each TEC column at once and every
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
from dataclasses import dataclass, field

from ardennes_qt.rules.ardennes2.movecontext import Mover
from ardennes_qt.rules.common.search import UNREACHED, cheapest_routes


@dataclass
class Routes:
    """Where a stack can go: per hex index the MPs it reports (the larger of its MA types'
    costs, in half MPs), and the way there."""

    cost: dict[int, int]
    _state: dict[int, int] | None  # hex -> the search state (or label) that reached it best; None: the hex itself
    _parent: list[int] | dict[int, int]  # search state -> the one before it, -1 at the start
    _hex_of: list[int] | int  # search state -> hex index; an int n: the state modulo n
    _by_type: dict[int, dict[str, int]] = field(default_factory=dict)  # mixed stacks: each column's cost
    ma_type: str = ""  # a stack of one MA type: that type

    def costs(self, j: int) -> dict[str, int]:
        """Half MPs per MA type to reach ``j``."""
        return self._by_type[j] if j in self._by_type else {self.ma_type: self.cost[j]}

    def add_from_start(self, j: int, cost: int, start_state: int) -> None:
        """A hex reached in one step from the start outside the search (4.2 rubber boats)."""
        self.cost[j] = cost
        if isinstance(self._parent, dict):  # states are hexes
            self._parent[j] = start_state
            return
        if isinstance(self._hex_of, int):
            self._hex_of = [s % self._hex_of for s in range(len(self._parent))]
        if self._state is None:
            self._state = {h: h for h in self.cost}
        self._state[j] = len(self._parent)
        self._parent.append(start_state)
        self._hex_of.append(j)

    def route(self, j: int) -> list[int]:
        """The hexes from the start to ``j``, both included."""
        out = []
        s = j if self._state is None else self._state[j]
        while s != -1:
            out.append(s % self._hex_of if isinstance(self._hex_of, int) else self._hex_of[s])
            s = self._parent[s]
        return out[::-1]


def search(mover: Mover, edges: dict[str, list], kind: str = "all") -> Routes:
    """Every hex the stack can enter, each by its cheapest route (the start excluded).

    ``kind`` names the step lists in ``edges`` ("all", or "road" for roads only)."""
    if len(mover.ma_types) == 1:
        ma = mover.ma_types[0]
        return _single(mover, ma, edges[ma], kind)
    return _pareto(mover, edges)


def _single(mover: Mover, ma: str, edges: list, kind: str) -> Routes:
    steps_out = mover.steps_out(ma, kind, edges)
    jam = mover.arrays()[5] if mover.jams and not mover.exploiting else None
    if jam is not None:
        return _jammed(mover, ma, edges, steps_out, jam)
    start = mover.start
    adjusted = mover.adjusted
    # The start is left by its own steps: they ignore where the stack must stop.
    reached = cheapest_routes(
        (start,), mover.allowance[ma], lambda i: adjusted(i, edges), known=steps_out,
        leaving=lambda i: adjusted(i, edges, stop_here=False),
    )
    del reached.cost[start]
    reached.parent[start] = -1
    return Routes(reached.cost, None, reached.parent, len(edges), ma_type=ma)


def _jammed(mover: Mover, ma: str, edges: list, steps_out: list, jam) -> Routes:
    """The bucket search with a layer of hexes reached after a Traffic Jam made the stack DG:
    state ``j + n`` is hex ``j`` reached jammed."""
    n = len(edges)
    start = mover.start
    budget, budget_jammed = mover.allowance[ma], mover.allowance_jammed[ma]
    dist = [UNREACHED] * (2 * n)
    parent = [-1] * (2 * n)
    buckets: list[list[int]] = [[] for _ in range(budget + 1)]
    dist[start] = 0
    buckets[0].append(start)
    for c in range(budget + 1):
        for s in buckets[c]:
            if dist[s] != c:
                continue
            jammed = s >= n
            i = s - n if jammed else s
            if s == start:
                out = mover.adjusted(start, edges, stop_here=False)
            else:
                out = steps_out[i]
                if out is None:
                    out = steps_out[i] = mover.adjusted(i, edges)
            limit = budget_jammed if jammed else budget
            for j, k in out:
                nc = c + k
                if nc > limit:
                    break
                t = j + n if (jammed or jam[j]) else j
                if nc < dist[t]:
                    dist[t] = nc
                    parent[t] = s
                    buckets[nc].append(t)
    cost: dict[int, int] = {}
    best_state: dict[int, int] = {}
    for c, bucket in enumerate(buckets):
        for s in bucket:
            j = s - n if s >= n else s
            if dist[s] == c and j != start and (j not in cost or c < cost[j]):
                cost[j] = c
                best_state[j] = s
    return Routes(cost, best_state, parent, n, ma_type=ma)


def _pareto(mover: Mover, edges: dict[str, list]) -> Routes:
    enter, leave, adjacent_extra, adjacent, stop, jam = mover.arrays()
    jam_layer = mover.jams and not mover.exploiting
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
            t = j + n if (jammed or (jam_layer and jam[j])) else j
            kept = frontier.setdefault(t, [])
            if any(labels[o][0] <= nl and labels[o][1] <= nm for o in kept):
                continue
            kept[:] = [o for o in kept if not (nl <= labels[o][0] and nm <= labels[o][1])]
            labels.append((nl, nm, t, label))
            kept.append(len(labels) - 1)
            heapq.heappush(heap, (nl + nm, len(labels) - 1))
    cost: dict[int, int] = {}
    by_type: dict[int, dict[str, int]] = {}
    best: dict[int, int] = {}
    for s, kept in frontier.items():
        j = s % n
        if j == start:
            continue
        for label in kept:
            cl, cm, _, _ = labels[label]
            if j not in best or (max(cl, cm), cl + cm) < (cost[j], sum(by_type[j].values())):
                cost[j] = max(cl, cm)
                by_type[j] = {"leg": cl, "mech": cm}
                best[j] = label
    parents = [label[3] for label in labels]
    hex_of = [label[2] % n for label in labels]
    return Routes(cost, best, parents, hex_of, by_type)
