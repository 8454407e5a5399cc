"""``reach_of_many`` against ``cheapest_routes`` run once per start, on random graphs with
steps costing nothing, and a second layer with its own limits."""

from __future__ import annotations

import random

from ardennes_qt.rules.common.search import UNREACHED, cheapest_routes, reach_of_many


def graph(rng: random.Random, n: int) -> list[tuple[tuple[int, int], ...]]:
    return [tuple(sorted(((rng.randrange(n), rng.randrange(4)) for _ in range(rng.randrange(5))), key=lambda s: s[1]))
            for _ in range(n)]


def test_many_searches_reach_what_each_reaches_alone():
    rng = random.Random(5)
    for _ in range(30):
        n = rng.randrange(5, 60)
        steps = graph(rng, n)
        searches = [(rng.randrange(n), rng.randrange(8), rng.randrange(1, 4), 0) for _ in range(rng.randrange(1, 12))]
        best, weight = reach_of_many(searches, steps.__getitem__, [None] * n)
        want_best, want_weight = [UNREACHED] * n, [0] * n
        for start, limit, w, _ in searches:
            for j, c in cheapest_routes((start,), limit, steps.__getitem__).cost.items():
                if j != start:
                    want_best[j] = min(want_best[j], c)
                    want_weight[j] += w
        assert (best, weight) == (want_best, want_weight)


def test_a_second_layer_keeps_its_own_limit_and_counts_a_hex_once():
    # 0 -> 1 (cost 1) enters the second layer as state 4; from there 1 -> 2 costs 2.
    n = 3
    steps = {0: ((4, 1),), 4: ((5, 2),), 5: ((3, 1),), 3: ((4, 0),), 1: (), 2: ()}
    best, weight = reach_of_many([(0, 9, 1, 2)], steps.__getitem__, [None] * (2 * n), hexes=n)
    assert best[:2] == [UNREACHED, 1] and best[2] == UNREACHED  # 1 + 2 > 2, the layer's limit
    best, weight = reach_of_many([(0, 9, 1, 3)], steps.__getitem__, [None] * (2 * n), hexes=n)
    assert (best, weight) == ([UNREACHED, 1, 3], [0, 1, 1])  # back at the start (state 3): never counted
