"""The US player's moment to blow a bridge while a German stack moves (3.8 "at any moment";
checklist item 82): the move halts in the hex before the bridge's hexes (or its plunger's),
the US player is asked, Blown stops the Germans there, Tested or spared and they move on;
nothing is asked when no US unit could try."""

from __future__ import annotations

import pytest

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.core.outcome import Refused
from ardennes_qt.engine import Session
from ardennes_qt.rules.ardennes2.actions import BlowBridge, EndPhase, SpareBridge
from ardennes_qt.rules.ardennes2.movement import legal_moves, path
from ardennes_qt.rules.ardennes2.ruleset import Ardennes2
from tests.rules.test_bridge_blowing import CONTENT, seed_rolling
from tests.rules.test_barrage_board import position

# The German 1Pz:I/1 drives east along the road A3.05 - A9.05.  Plunger P1 (A6.05) primes the
# bridge A6.05-A7.05 over a River on that road (and A6.05-A6.06): the first of its hexes the
# Germans would enter is A6.05, so they halt in A5.05, on the near side.  A/1 Inf Bn (A6.03)
# stands 2 hexes from the plunger.
ROUTE = ("A4.05", "A5.05", "A6.05", "A7.05", "A8.05", "A9.05")
MOVE = MoveUnits(("1Pz:I/1",), "A9.05", ROUTE)
RULES = Ardennes2()


def german_move(us_at: str = "A6.03", seed: int = 1):
    state = position(CONTENT, {"1Pz:I/1": "A3.05", "1ID:A/1": us_at}, phase="ge_movement", turn=3, seed=seed)
    return state, RULES.apply(CONTENT, state, MOVE)


def hex_of(state, unit: str) -> str:
    return CONTENT.map.hex_id(state.units[unit].hex)


def test_a_german_move_up_to_a_bridge_a_us_unit_can_blow_offers_the_decision():
    _, out = german_move()
    state = out.state
    assert hex_of(state, "1Pz:I/1") == "A5.05"
    (decision,) = state.rules.pending
    assert (decision.kind, decision.side, decision.data["plunger"], decision.rule) == ("bridge_blowing", "Allied", "P1", "3.8")
    assert RULES.legal_actions(CONTENT, state) == [BlowBridge("P1", "1ID:A/1"), SpareBridge("P1")]
    assert out.log[-1].text == ("I/1 Pz Bn halt in A5.05 before entering A6.05: "
                                "the US player may try to blow the bridges of plunger P1 first")
    with pytest.raises(Refused, match="waiting for the Allied player: bridge blowing"):
        RULES.apply(CONTENT, state, EndPhase())


def test_blowing_the_bridge_stops_the_german_stack_on_the_near_side():
    _, out = german_move(seed=seed_rolling({4, 5, 6}))
    after = RULES.apply(CONTENT, out.state, BlowBridge("P1", "1ID:A/1")).state
    assert after.rules.bridges == {"P1": "blown"} and not after.rules.pending
    assert hex_of(after, "1Pz:I/1") == "A5.05"
    # The rest of the route is not taken; the stack may move on with what it has left, but not over the bridge.
    assert legal_moves(CONTENT, after, ["1Pz:I/1"])["A6.05"] == 0.5
    # The bridge is down: the way to A7.05 goes round the River (one hexside on this board), not over it.
    assert "A6.05" not in [s.hex for s in path(CONTENT, after, ["1Pz:I/1"], "A7.05")]


def test_a_tested_bridge_lets_the_move_finish():
    _, out = german_move(seed=seed_rolling({1, 2, 3}))
    after = RULES.apply(CONTENT, out.state, BlowBridge("P1", "1ID:A/1")).state
    assert after.rules.bridges == {"P1": "tested"} and not after.rules.pending
    assert hex_of(after, "1Pz:I/1") == "A9.05"


def test_declining_lets_the_move_finish_and_the_germans_take_the_plunger():
    _, out = german_move()
    answered = RULES.apply(CONTENT, out.state, SpareBridge("P1"))
    after = answered.state
    assert hex_of(after, "1Pz:I/1") == "A9.05" and not after.rules.pending
    assert after.rules.bridges == {"P1": "tested"}  # they passed through the plunger's hex (3.8)
    assert answered.log[0].text == "The US player does not try to blow the bridges of plunger P1 now"
    # The whole move cost what it would have cost in one go.
    _, straight = german_move(us_at="A1.01")
    assert after.rules.record.spent == straight.state.rules.record.spent


@pytest.mark.parametrize("us_at", ["A1.01", "A6.02"])  # 5 hexes away; 3 hexes away
def test_no_decision_when_no_us_unit_could_blow_the_bridge(us_at):
    _, out = german_move(us_at=us_at)
    assert not out.state.rules.pending and hex_of(out.state, "1Pz:I/1") == "A9.05"


def test_no_decision_once_the_bridge_is_marked():
    state = position(CONTENT, {"1Pz:I/1": "A3.05", "1ID:A/1": "A6.03"}, phase="ge_movement", turn=3, bridges={"P1": "tested"})
    out = RULES.apply(CONTENT, state, MOVE)
    assert not out.state.rules.pending and hex_of(out.state, "1Pz:I/1") == "A9.05"


def test_a_stack_starting_next_to_the_bridge_hex_is_asked_before_it_moves():
    state = position(CONTENT, {"1Pz:I/1": "A5.05", "1ID:A/1": "A6.03"}, phase="ge_movement", turn=3)
    out = RULES.apply(CONTENT, state, MoveUnits(("1Pz:I/1",), "A8.05"))
    assert hex_of(out.state, "1Pz:I/1") == "A5.05" and out.state.rules.pending[0].data["at"] == "A5.05"
    assert RULES.apply(CONTENT, out.state, SpareBridge("P1")).state.units["1Pz:I/1"].hex == CONTENT.map.parse("A8.05")


def test_us_moves_are_never_halted():
    state = position(CONTENT, {"1ID:B/1": "A3.05", "1ID:A/1": "A6.03"}, phase="us_movement", turn=3)
    out = RULES.apply(CONTENT, state, MoveUnits(("1ID:B/1",), "A5.06"))
    assert not out.state.rules.pending


def test_the_decision_in_the_players_words():
    _, out = german_move()
    session = Session(CONTENT, seed=1, initial=out.state)
    view = session.describe_decision(session.decision(), session.legal_actions())
    assert view.title == "Allied player: try to blow the bridges of plunger P1 before the Germans reach them?"
    assert [b.label for b in view.buttons] == ["Try with A/1 Inf Bn (A6.03)", "Let them move on"]
    assert view.lines[0].startswith("I/1 Pz Bn halt in A5.05, about to enter A6.05")


@pytest.mark.parametrize("answer", [BlowBridge("P1", "1ID:A/1"), SpareBridge("P1")])
def test_undo_redo_and_replay(answer):
    start, _ = german_move(seed=seed_rolling({4, 5, 6}))
    session = Session(CONTENT, seed=start.seed, initial=start)
    session.apply(MOVE)
    asked = session.state_hash()
    session.apply(answer)
    done = session.state_hash()
    session.undo()
    assert session.state_hash() == asked and session.state.rules.pending
    session.undo()
    assert session.state_hash() == Session(CONTENT, seed=start.seed, initial=start).state_hash()
    session.redo()
    session.redo()
    assert session.state_hash() == done
    replayed = Session(CONTENT, seed=start.seed, initial=start)
    for action in session.action_log():
        replayed.apply(action)
    assert replayed.state_hash() == done


def test_an_overrun_whose_road_comes_up_to_such_a_bridge_is_a_move_first():
    """As with a Bug Out on the way (3.6): the stack moves up, the US player answers, then it
    may overrun from where it stands."""
    from ardennes_qt.rules.ardennes2.actions import Overrun
    from ardennes_qt.rules.ardennes2.overrun import overrun, overrun_choices

    where = {"1Pz:I/1": "A3.05", "1ID:A/1": "A6.03", "1ID:B/1": "A9.05"}
    state = position(CONTENT, where, phase="ge_movement", turn=3)
    offered = [a for c in overrun_choices(CONTENT, state) for a in c.actions()]
    assert Overrun(("1Pz:I/1",), "A9.05") not in offered
    with pytest.raises(Refused, match="move to A5.05 first, then overrun"):
        overrun(CONTENT, state, Overrun(("1Pz:I/1",), "A9.05"))
    # With no US unit able to blow the bridge, the overrun is offered as before.
    clear = position(CONTENT, {"1Pz:I/1": "A3.05", "1ID:B/1": "A9.05"}, phase="ge_movement", turn=3)
    assert Overrun(("1Pz:I/1",), "A9.05") in [a for c in overrun_choices(CONTENT, clear) for a in c.actions()]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_random_player_answers_the_decision_and_play_goes_on(seed):
    import random

    from ardennes_qt.engine.autoplay import RandomPlayer

    _, out = german_move(seed=seed)
    session = Session(CONTENT, seed=seed, initial=out.state)
    player = RandomPlayer(random.Random(seed))
    action, _ = player.step(session)
    assert isinstance(action, (BlowBridge, SpareBridge)) and not session.state.rules.pending
    for _ in range(5):
        player.step(session)
