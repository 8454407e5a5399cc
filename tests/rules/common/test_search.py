"""The shared cheapest-route search over dense hex indexes: costs within a limit, routes, the
order hexes of equal cost are settled in, several starts, a start's own steps, steps kept
between searches, and steps that cost nothing."""

from __future__ import annotations

import heapq
import random

import pytest

from ardennes_qt.rules.common.search import cheapest_routes


def graph(edges: dict[int, list[tuple[int, int]]]):
    """Steps out of each hex, cheapest first, from a table of (to, cost)."""
    return lambda i: sorted(edges.get(i, ()), key=lambda step: step[1])


def test_every_hex_within_the_limit_by_its_cheapest_route():
    steps = graph({0: [(1, 4), (2, 1)], 2: [(1, 1), (3, 5)], 1: [(3, 1)]})
    reached = cheapest_routes([0], 6, steps)
    assert reached.cost == {0: 0, 1: 2, 2: 1, 3: 3}
    assert reached.route(3) == [0, 2, 1, 3]
    assert reached.route(0) == [0]


def test_nothing_beyond_the_limit_and_nothing_out_of_a_start_with_no_room():
    steps = graph({0: [(1, 3)], 1: [(2, 3)]})
    assert cheapest_routes([0], 5, steps).cost == {0: 0, 1: 3}
    assert cheapest_routes([0], -1, steps).cost == {0: 0}


def test_equal_routes_keep_the_first_hex_reached_or_the_lowest_rank():
    # 0 -> 1 and 0 -> 2 cost the same; both lead on to 3 at the same cost.
    steps = graph({0: [(2, 1), (1, 1)], 1: [(3, 1)], 2: [(3, 1)]})
    assert cheapest_routes([0], 5, steps).route(3) == [0, 2, 3]  # 2 was reached first
    assert cheapest_routes([0], 5, steps, order=[0, 1, 2, 3]).route(3) == [0, 1, 3]
    assert cheapest_routes([0], 5, steps, order=[0, 3, 2, 1]).route(3) == [0, 2, 3]


def test_several_starts_each_hex_from_the_nearest():
    steps = graph({0: [(1, 1)], 1: [(2, 1)], 4: [(3, 1)], 3: [(2, 1)]})
    reached = cheapest_routes([0, 4], 5, steps, order=range(5))
    assert reached.cost == {0: 0, 1: 1, 2: 2, 3: 1, 4: 0}
    assert reached.route(2) == [0, 1, 2]  # a tie: the start of lower rank settles first
    assert 0 not in reached.parent and 4 not in reached.parent


def test_a_start_may_be_left_by_its_own_steps_and_known_steps_are_kept():
    asked = []

    def steps_out(i):
        asked.append(i)
        return () if i == 0 else ((i + 1, 1),)  # hex 0 is where a route must end

    known = [None] * 6
    reached = cheapest_routes([0], 3, steps_out, known=known, leaving=lambda i: ((1, 1),))
    assert reached.cost == {0: 0, 1: 1, 2: 2, 3: 3}
    assert known[0] is None and known[1] == ((2, 1),)
    cheapest_routes([1], 3, steps_out, known=known)
    assert asked.count(1) == 1  # the second search read hex 1's steps from ``known``


def test_steps_that_cost_nothing_are_settled_at_once():
    steps = graph({0: [(1, 0), (2, 1)], 1: [(3, 0)], 3: [(2, 0)]})
    for order in (None, [0, 1, 2, 3]):
        reached = cheapest_routes([0], 2, steps, order=order)
        assert reached.cost == {0: 0, 1: 0, 2: 0, 3: 0}
        assert reached.route(2) == [0, 1, 3, 2]


@pytest.mark.parametrize("seed", range(20))
def test_ranked_search_is_dijkstra_settling_equal_costs_by_rank(seed):
    """On random graphs (costs 0 to 4), the costs and every route are those of a heap-ordered
    Dijkstra that pops (cost, rank)."""
    rng = random.Random(seed)
    n = 60
    edges = {i: [(rng.randrange(n), rng.randrange(5)) for _ in range(rng.randrange(1, 5))] for i in range(n)}
    order = list(range(n))
    rng.shuffle(order)
    starts, limit = rng.sample(range(n), rng.randrange(1, 3)), rng.randrange(3, 12)
    reached = cheapest_routes(starts, limit, graph(edges), order=order)

    cost = dict.fromkeys(starts, 0)
    parent: dict[int, int] = {}
    heap = [(0, order[s], s) for s in starts]
    heapq.heapify(heap)
    while heap:
        c, _, i = heapq.heappop(heap)
        if c > cost[i]:
            continue
        for j, k in edges[i]:
            if c + k <= limit and c + k < cost.get(j, limit + 1):
                cost[j], parent[j] = c + k, i
                heapq.heappush(heap, (c + k, order[j], j))
    assert reached.cost == cost
    assert reached.parent == parent
