"""The search against a plain reference, and paths against legal moves.

The reference walks every route hex by hex with the same clauses the path explanation
uses (``terrain_step``, ``Mover.closed``, ``extras``, ``stop_reason``, ``jams_at``), keeping
each exact (hex, jammed, cost per MA type) state: slow, but obviously right.  Hypothesis
draws small boards - terrain, hexsides, roads and bridges, enemy units, barrage markers,
Traffic Jams, stacks of one or both MA types, Movement or Exploitation - and the search
must find the same hexes at the same costs.  On the 7.1 campaign map, every legal move's
path must end at the cost ``legal_moves`` gives.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ardennes_qt.rules.ardennes2.a2state import Ardennes2Data, PhaseRecord
from ardennes_qt.rules.ardennes2.movecosts import terrain_step
from ardennes_qt.rules.ardennes2.movement import legal_moves, move_refusal, mover, mps, path
from tests.rules.test_movement import SHEETS, Table

HEX_IDS = [SHEETS.format(h) for h in SHEETS.hexes()]
TERRAIN = [(), (), ("woods",), ("forest",), ("city",), ("village", "woods"), ("slope",), ("traffic_jam",), ("traffic_jam", "woods")]
SIDES = ["stream", "river", "meuse", "border"]


def reference(content, state, ids) -> dict[str, float]:
    if move_refusal(content, state, ids) is not None:
        return {}
    m = mover(content, state, ids)
    index, down, types = m.index, m.board.down, m.ma_types
    best: dict[int, tuple[int, int]] = {}
    seen = set()
    todo = [(m.start, False, (0,) * len(types))]
    while todo:
        i, jammed, costs = todo.pop()
        if (i, jammed, costs) in seen:
            continue
        seen.add((i, jammed, costs))
        if i != m.start:
            key = (max(costs), sum(costs))
            best[i] = min(best.get(i, key), key)
            if m.stop_reason(i):
                continue
        limit = m.allowance_jammed if jammed else m.allowance
        for j in index.neighbours[i]:
            if m.closed(j):
                continue
            steps = [terrain_step(content.map, index.hexes[i], index.hexes[j], ma, down).half for ma in types]
            if None in steps:
                continue
            extra = sum(x[0] for x in m.extras(i, j))
            new = tuple(c + s + extra for c, s in zip(costs, steps))
            if all(n <= limit[ma] for n, ma in zip(new, types)):
                todo.append((j, jammed or m.jams_at(j), new))
    return {index.hex_ids[j]: mps(key[0]) for j, key in best.items()}


@st.composite
def boards(draw):
    table = Table()
    for hex_id in draw(st.lists(st.sampled_from(HEX_IDS), max_size=40, unique=True)):
        table.terrain(hex_id, *draw(st.sampled_from(TERRAIN)))
    for hex_id in draw(st.lists(st.sampled_from(HEX_IDS), max_size=12)):
        h = SHEETS.parse(hex_id)
        other = draw(st.sampled_from([n for n in h.neighbours() if SHEETS.contains(n)]))
        table.side(hex_id, SHEETS.format(other), draw(st.sampled_from(SIDES)))
    for _ in range(draw(st.integers(0, 3))):
        walk_from = SHEETS.parse(draw(st.sampled_from(HEX_IDS)))
        chain = [walk_from]
        for _ in range(draw(st.integers(1, 6))):
            options = [n for n in chain[-1].neighbours() if SHEETS.contains(n) and n not in chain]
            if not options:
                break
            chain.append(draw(st.sampled_from(options)))
        ids = [SHEETS.format(h) for h in chain]
        table.road(*ids, kind=draw(st.sampled_from(["road", "track"])))
        if draw(st.booleans()):
            table.bridge(ids[0], ids[1], built=draw(st.sampled_from(["", "1944-12-17"])))
    start = draw(st.sampled_from(HEX_IDS))
    german = draw(st.sampled_from([True, True, False]))
    side, enemy = ("German", "Allied") if german else ("Allied", "German")
    movers = []
    for n in range(draw(st.integers(1, 3))):
        ma = draw(st.sampled_from(["leg", "mech"]))
        table.unit(f"m{n}", start, f"3-3-{draw(st.integers(3, 8))}", side=side, ma=ma,
                   dg=draw(st.sampled_from([False, False, True])), exploit=True, unit_type=draw(st.sampled_from(["Inf Bn", "Pz Bn"])))
        movers.append(f"m{n}")
    if draw(st.booleans()):
        table.unit("art", start, "[6]-1-8", side=side, ma="mech")
        movers.append("art")
    for n, hex_id in enumerate(draw(st.lists(st.sampled_from([h for h in HEX_IDS if h != start]), max_size=4, unique=True))):
        table.unit(f"e{n}", hex_id, side=enemy, unit_type=draw(st.sampled_from(["Inf Bn", "Pz Bn"])))
    markers = {h: [f"{draw(st.sampled_from([side, enemy]))}:full"] * draw(st.integers(1, 2))
               for h in draw(st.lists(st.sampled_from(HEX_IDS), max_size=4, unique=True))}
    exploiting = draw(st.sampled_from([False, False, False, True]))
    phase = ("ge_" if german else "us_") + ("exploitation" if exploiting else "movement")
    spent = {u: draw(st.integers(0, 3)) for u in movers}
    turn = draw(st.sampled_from([1, 2, 2, 3]))
    content, state = table.game(phase=phase, turn=turn, markers=markers, record=PhaseRecord(spent=spent))
    return content, state, tuple(draw(st.lists(st.sampled_from(movers), min_size=1, unique=True)))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(boards())
def test_the_search_finds_what_the_reference_finds(board):
    content, state, ids = board
    assert legal_moves(content, state, ids) == reference(content, state, ids)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(boards())
def test_every_path_ends_at_its_legal_cost(board):
    content, state, ids = board
    for hex_id, mp in legal_moves(content, state, ids).items():
        steps = path(content, state, ids, hex_id)
        assert steps[-1].hex == hex_id and steps[-1].mp == mp


@pytest.fixture(scope="module")
def campaign():
    from ardennes_qt.engine import Session

    return Session.new("ardennes2/7.1", seed=1)


@pytest.mark.parametrize("phase, turn", [("ge_movement", 1), ("ge_movement", 3), ("us_movement", 3)])
def test_on_the_campaign_map_paths_agree_with_legal_moves(campaign, phase, turn):
    content = campaign.content
    state = replace(campaign.state, phase=phase, turn=turn, rules=Ardennes2Data())
    side = "German" if phase.startswith("ge") else "Allied"
    stacks = [ids for h, ids in sorted(state.occupied().items()) if content.counter(ids[0]).side == side][::9]
    assert stacks
    for ids in stacks:
        moves = legal_moves(content, state, tuple(ids))
        for hex_id in sorted(moves)[::7]:
            steps = path(content, state, tuple(ids), hex_id)
            assert steps[-1].mp == moves[hex_id], (ids, hex_id)
            assert sum(r[0] for s in steps for r in s.reasons) >= moves[hex_id]


@pytest.mark.parametrize("phase, turn", [("ge_movement", 1), ("us_movement", 3)])
def test_on_the_campaign_map_each_path_step_is_the_sum_of_its_reasons(campaign, phase, turn):
    """session.path: each hex's cumulative MP grows by exactly the costs it lists, each cost
    with its reason and rule (stacks of one MA type; a mixed stack labels each column)."""
    content = campaign.content
    state = replace(campaign.state, phase=phase, turn=turn, rules=Ardennes2Data())
    side = "German" if phase.startswith("ge") else "Allied"
    stacks = [
        ids for h, ids in sorted(state.occupied().items())
        if content.counter(ids[0]).side == side and len({content.counter(u).ma_type for u in ids}) == 1
    ][::11]
    assert stacks
    for ids in stacks:
        for hex_id in sorted(legal_moves(content, state, tuple(ids)))[::9]:
            steps = path(content, state, tuple(ids), hex_id)
            for before, step in zip(steps, steps[1:]):
                assert step.reasons and all(reason and rule for _, reason, rule in step.reasons), step
                assert step.mp - before.mp == sum(amount for amount, _, _ in step.reasons), (ids, step)
