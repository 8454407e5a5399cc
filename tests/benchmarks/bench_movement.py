"""Timed legal moves on the 7.1 campaign map, against scipy's csgraph Dijkstra on the same graph.

    python tests/benchmarks/bench_movement.py

A German Mech stack with a 14 MA on Turn 3 (no Traffic Jams), its legal moves over the
whole map:

- ``legal_moves`` as the UI calls it, on a position already read (the board of a state
  is read once and kept while the state lives);
- the same from cold: a new position, so the board (enemy units, ZOC Bonds, markers,
  bridges) is read again;
- the search alone;
- scipy.sparse.csgraph.dijkstra from the same hex over the same weighted graph (every
  step's cost as the search adds it up, the closed hexes left out) with the same limit,
  the matrix built beforehand.  Goal: legal_moves at most 3x scipy.

Both answers are compared hex by hex before timing.  It prints figures and ratios; it
asserts nothing about time, which depends on the machine.
"""

from __future__ import annotations

import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from ardennes_qt.engine.session import Session  # noqa: E402
from ardennes_qt.rules.ardennes2.a2state import Ardennes2Data  # noqa: E402
from ardennes_qt.rules.ardennes2.mapindex import forget, map_index  # noqa: E402
from ardennes_qt.rules.ardennes2.movecontext import CLOSED  # noqa: E402
from ardennes_qt.rules.ardennes2.movement import legal_moves, mover  # noqa: E402
from ardennes_qt.rules.ardennes2.movesearch import search  # noqa: E402

RUNS = 200


def best_of(fn, runs: int = RUNS) -> tuple[float, float]:
    """(median, fastest) seconds of ``runs`` calls."""
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times), min(times)


def the_stack(content, state) -> tuple[str, ...]:
    """The German 14-MA Mech unit with the most room to move."""
    candidates = [
        uid for uid, u in sorted(state.units.items())
        if u.where == "map" and content.counter(uid).side == "German" and content.counter(uid).ma_type == "mech"
        and content.counter(uid).full.movement == 14
    ]
    return max(((uid,) for uid in candidates), key=lambda ids: len(legal_moves(content, state, ids)))


def weighted_graph(m, edges) -> csr_matrix:
    """Each step i -> j with the cost the search adds up for it; closed hexes left out."""
    enter, leave, adjacent_extra, adjacent, _, _ = m.arrays()
    rows, cols, weights = [], [], []
    for i, steps in enumerate(edges):
        for j, k in steps:
            cost = k + enter[j] + leave[i] + (adjacent_extra[j] if adjacent[i] else 0)
            if cost < CLOSED:
                rows.append(i)
                cols.append(j)
                weights.append(cost)
    n = len(edges)
    return csr_matrix((np.array(weights, dtype=float), (rows, cols)), shape=(n, n))


def main() -> None:
    t = time.perf_counter()
    session = Session.new("ardennes2/7.1", seed=1)
    print(f"7.1 loaded in {time.perf_counter() - t:.2f} s")
    content = session.content
    state = replace(session.state, phase="ge_movement", turn=3, rules=Ardennes2Data())

    forget(content.map)
    t = time.perf_counter()
    index = map_index(content.map)
    built = time.perf_counter() - t
    t = time.perf_counter()
    index.edges("mech")
    index.edges("leg")
    print(f"map index: {built * 1000:.0f} ms, Leg and Mech step arrays {(time.perf_counter() - t) * 1000:.0f} ms (once per map)")

    ids = the_stack(content, state)
    m = mover(content, state, ids)
    edges = index.edges("mech", m.board.down)
    ours = legal_moves(content, state, ids)
    start = m.start
    graph = weighted_graph(m, edges)
    budget = m.allowance["mech"]
    theirs = dijkstra(graph, indices=start, limit=budget)
    reached = {content.map.hex_id(index.hexes[j]): d / 2 for j, d in enumerate(theirs) if np.isfinite(d) and j != start}
    assert reached == ours, "legal moves and scipy disagree"
    print(f"stack {', '.join(ids)} in {content.map.hex_id(index.hexes[start])}: MA {budget / 2:g}, "
          f"{len(ours)} hexes reachable of {index.size}")

    warm, warm_fast = best_of(lambda: legal_moves(content, state, ids))
    cold, cold_fast = best_of(lambda: legal_moves(content, replace(state), ids), runs=40)
    alone, alone_fast = best_of(lambda: search(mover(content, state, ids), {"mech": edges}))
    sp, sp_fast = best_of(lambda: dijkstra(graph, indices=start, limit=budget))
    full, full_fast = best_of(lambda: dijkstra(graph, indices=start), runs=40)

    print(f"legal_moves, position read   {warm * 1e3:7.3f} ms (fastest {warm_fast * 1e3:.3f})")
    print(f"legal_moves, cold position   {cold * 1e3:7.3f} ms (fastest {cold_fast * 1e3:.3f})")
    print(f"search alone                 {alone * 1e3:7.3f} ms (fastest {alone_fast * 1e3:.3f})")
    print(f"scipy dijkstra, same limit   {sp * 1e3:7.3f} ms (fastest {sp_fast * 1e3:.3f})")
    print(f"scipy dijkstra, whole map    {full * 1e3:7.3f} ms (fastest {full_fast * 1e3:.3f})")
    print(f"ratio legal_moves / scipy, medians: {warm / sp:.2f}x (goal 3x or less), fastest runs: "
          f"{warm_fast / sp_fast:.2f}x; cold {cold / sp:.2f}x; search alone {alone / sp:.2f}x; "
          f"against scipy over the whole map {warm / full:.2f}x")


if __name__ == "__main__":
    main()
