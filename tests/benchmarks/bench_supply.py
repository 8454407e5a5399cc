"""Timed supply traces (3.7) on the 7.1 campaign, against a limit measured in the same run.

    python tests/benchmarks/bench_supply.py

- every unit of both sides traced at once, with its path and reasons, as the Supply Phase
  does it (``dg.supply_phase``): goal 50 ms or less;
- the same two searches done by scipy.sparse.csgraph on the same graphs (the road net from
  the sources, then 5 unweighted steps from it), built beforehand and not timed: the
  reference the ratio is taken against;
- the one-time cost of turning the map and the play area into arrays.

It prints figures and ratios; it asserts nothing about time, which depends on the machine.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
from scipy.sparse import csr_matrix  # noqa: E402
from scipy.sparse.csgraph import breadth_first_order, dijkstra  # noqa: E402

from ardennes_qt.engine import Session  # noqa: E402
from ardennes_qt.rules.ardennes2 import supplysources  # noqa: E402
from ardennes_qt.rules.ardennes2.supply import enemy_occupied, supply_net, trace_from  # noqa: E402
from ardennes_qt.rules.ardennes2.supplysources import play_area, road_net, supply_terminals  # noqa: E402

SCENARIO = "ardennes2/7.1"
SIDES = ("Allied", "German")
RUNS = 30


def trace_every_unit(content, state) -> dict[str, bool]:
    out = {}
    for side in SIDES:
        net = supply_net(content, state, side)
        for uid, u in state.units.items():
            if u.where == "map" and content.counter(uid).side == side:
                out[uid] = trace_from(content, net, u.hex).supplied
    return out


def csgraph_inputs(content, state) -> list:
    """The graphs of the same searches, for csgraph: open roads, and the steps a 5-hex path
    may take (terrain and enemies as in the rules), per side, with the sources."""
    net, area = road_net(content.map), play_area(content)
    n = len(net.hexes)
    out = []
    for side in SIDES:
        blocked = enemy_occupied(content, state, side)
        ok = np.array([area.inside[i] and i not in blocked for i in range(n)])
        rows, cols, road_rows, road_cols = [], [], [], []
        for i in range(n):
            if not ok[i]:
                continue
            for d, j in enumerate(net.neighbours[i]):
                if j < 0 or not ok[j]:
                    continue
                if net.roads[i][d]:
                    road_rows.append(i)
                    road_cols.append(j)
                if net.roads[i][d] or not (net.leg_side_prohibited[i][d] or net.leg_hex_prohibited[i]):
                    rows.append(i)
                    cols.append(j)
        roads = csr_matrix((np.ones(len(road_rows)), (road_rows, road_cols)), shape=(n, n))
        steps = csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(n, n))
        sources = [t.index for t in supply_terminals(content, state, side) if ok[t.index]]
        out.append((roads, steps, sources))
    return out


def csgraph_searches(inputs) -> None:
    """BFS along the roads from the sources, then every hex within 5 steps of that road net."""
    for roads, steps, sources in inputs:
        reached = set()
        for s in sources:
            reached.update(breadth_first_order(roads, s, directed=True, return_predecessors=False).tolist())
        if reached:
            dijkstra(steps, directed=True, indices=sorted(reached), min_only=True, limit=5.5)


def timed(fn, *args) -> float:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        fn(*args)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    session = Session.new(SCENARIO, seed=1)
    content, state = session.content, session.state
    supplysources._NETS.clear()
    supplysources._AREAS.clear()
    start = time.perf_counter()
    road_net(content.map)
    play_area(content)
    build = (time.perf_counter() - start) * 1000

    results = trace_every_unit(content, state)
    ours = timed(trace_every_unit, content, state)
    reference = timed(csgraph_searches, csgraph_inputs(content, state))
    out = sorted(uid for uid, ok in results.items() if not ok)
    print(f"{SCENARIO}: {len(results)} units on the map, {len(out)} out of supply")
    print(f"  arrays for the map and play area (once per map)      {build:7.1f} ms")
    print(f"  every unit of both sides traced, paths and reasons   {ours:7.1f} ms   (goal <= 50 ms)")
    print(f"  csgraph, the same searches (graphs built untimed)    {reference:7.1f} ms")
    print(f"  ratio ours / csgraph: {ours / reference:.2f}x")


if __name__ == "__main__":
    main()
