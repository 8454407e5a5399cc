"""The movement search on the map's arrays (``movement.reach``, ``grid.steps_out``) against the
explained step (``Mover.step`` over ``terrain.step_cost``): on the real map at Turn 1 (Map
Traffic Jams), with a blown bridge, a German engineer bridge, EZOCs, a Hidden Greif Team, a
Supply Unit and the 150 Pz Bde, every step is priced alike and every unit reaches the same
hexes by the same routes as a plain Dijkstra over ``Mover.step`` finds them."""

from __future__ import annotations

import heapq
from dataclasses import replace

import pytest

from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.engine import Session
from ardennes_qt.rules.ardennes1994.grid import grid
from ardennes_qt.rules.ardennes1994.movement import mover, reach, search_steps
from ardennes_qt.rules.ardennes1994.situation import rules_data, with_rules


@pytest.fixture(scope="module")
def position():
    s = Session.new("ardennes1994/5.3", seed=1)
    content, state = s.content, s.state
    m = content.map
    our = next(side for side, rec in m.hexsides.items() if rec.name == "Our" and m.contains(side.hexes[0]))
    engineer = next(u for u in state.units if content.counter(u).unit_type == "Engineer Grp")
    greif = next(u for u in state.units if content.counter(u).unit_type == "Greif Team")
    supply = next(u for u in state.units if content.counter(u).unit_type == "Supply Unit")
    brigade = next(u for u in state.units if content.counter(u).formation == "150Pz")
    near = [h for h in our.hexes[0].within(2) if m.contains(h) and not state.units_at(h)]
    state = state.placed([engineer], our.hexes[0]).placed([greif], near[0]).placed([supply], near[1])
    state = state.placed([brigade], near[2])
    data = rules_data(state)
    state = with_rules(state, replace(data, blown=frozenset(list(m.bridges)[:6]), hidden=frozenset({greif}),
                                      modes={**data.modes, engineer: "bridge"}))
    front = sorted((u for u, x in state.units.items() if x.where == "map" and x.hex.distance(our.hexes[0]) <= 8),
                   key=lambda u: (content.counter(u).side, u))
    return content, state, sorted({*front[:8], *front[-8:], greif, supply, brigade})


def plain_dijkstra(m):
    """Cheapest costs and the hex before each, over ``Mover.step``, equal costs by (q, r)."""
    start = m.start
    cost, parent, settled = {start: 0}, {}, set()
    heap = [(0, start.q, start.r)]
    while heap:
        c, q, r = heapq.heappop(heap)
        a = Hex(q, r)
        if a in settled:
            continue
        settled.add(a)
        for b in a.neighbours():
            if b in settled or not m.content.map.contains(b):
                continue
            k, _ = m.step(a, b)
            if k is not None and c + k <= m.left and c + k < cost.get(b, c + k + 1):
                cost[b], parent[b] = c + k, a
                heapq.heappush(heap, (c + k, b.q, b.r))
    del cost[start]
    return cost, parent


def test_the_search_prices_every_step_as_the_mover_explains_it(position):
    content, state, units = position
    g = grid(content.map)
    index, contains = content.map.numbering.index, content.map.contains
    checked = 0
    for uid in units:
        m = mover(content, state, uid)
        steps = search_steps(m, g)
        for a in m.start.within(5):
            if not contains(a):
                continue
            want = []
            for b in a.neighbours():
                if contains(b) and (k := m.step(a, b)[0]) is not None:
                    want.append((index(b), k))
            assert sorted(steps(index(a)), key=lambda s: (s[1], s[0])) == sorted(want, key=lambda s: (s[1], s[0])), \
                (uid, content.map.hex_id(a))
            checked += 1
    assert checked > 1000


def test_the_search_finds_the_routes_a_plain_dijkstra_finds(position):
    content, state, units = position
    for uid in units:
        m = mover(content, state, uid)
        routes = reach(m)
        assert (routes.cost, routes.parent) == plain_dijkstra(m), uid
