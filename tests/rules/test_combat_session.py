"""A whole attack through the engine: odds, legal actions, decisions, undo and redo (3.2)."""

import pytest

from ardennes_qt.core.outcome import Refused
from ardennes_qt.engine.session import Session
from ardennes_qt.rules.ardennes2.actions import Advance, Attack, Defend, EndPhase, Overrun, Retreat, TakeLoss
from tests.rules.combat_board import board, dice


def test_an_attack_played_through_the_session_item49():
    content, state = board(
        {
            "us1": ("Allied", "3-4-12", "A5.05", "mech"),
            "us2": ("Allied", "2-2-12", "A5.05", "mech"),
            "ge1": ("German", "6-4-12", "A4.04", "mech", "exploit"),
            "ge2": ("German", "6-4-12", "A4.05", "mech"),
        },
        roads=[("A5.05", "A6.05")],
    )
    session = Session(content, seed=state.seed, initial=dice(state, 10))  # 12 to 6 = 2:1, 10 = D2r2

    report = session.odds(["ge1", "ge2"], "A5.05")
    assert (report.raw, report.column) == ("2:1", "2:1")
    assert dict(report.probabilities)["D2r2"] * 36 == 6  # 10, 11 and 12: 3 + 2 + 1 ways
    assert Attack(("ge1", "ge2"), "A5.05") in session.legal_actions()

    session.apply(Attack(("ge1", "ge2"), "A5.05"))
    assert session.phase().pending[0]["kind"] == "hold_or_retreat"
    assert all(isinstance(a, Defend) for a in session.legal_actions())
    with pytest.raises(Refused):
        session.apply(EndPhase())  # the combat waits for the defender
    with pytest.raises(Refused):
        session.apply(TakeLoss("us1"))  # not the decision it waits for

    session.apply(Defend("hold"))
    assert set(session.legal_actions()) == {TakeLoss("us1"), TakeLoss("us2")}
    session.apply(TakeLoss("us2"))
    session.apply(TakeLoss("us2"))
    assert session.state.units["us2"].where == "dead"
    retreats = session.legal_actions()
    assert retreats and all(isinstance(a, Retreat) and len(a.path) == 2 for a in retreats)
    position = session.state_hash()
    session.apply(Retreat(("A6.05", "A7.05")))
    assert Advance(("ge1",), ("A5.05", "A6.05")) in session.legal_actions()

    session.undo()
    assert session.state_hash() == position
    session.redo()
    session.apply(Advance(("ge1",), ("A5.05", "A6.05")))
    session.apply(Advance())
    assert session.phase().pending == ()
    assert EndPhase() in session.legal_actions()


def test_an_overrun_played_through_the_session_item59():
    content, state = board(
        {"us": ("Allied", "3-4-12", "A5.05", "mech"), "pz": ("German", "12-4-12", "A3.04", "mech")},
        roads=[("A3.04", "A4.04", "A5.05", "A6.05")],
        phase="ge_movement",
    )
    session = Session(content, seed=state.seed, initial=dice(state, 9))  # 12 to 4 = 3:1, 9 = D2r2
    assert Overrun(("pz",), "A5.05") in session.legal_actions()
    session.apply(Overrun(("pz",), "A5.05"))
    assert session.legal_actions()[0] == Defend("hold")
    session.apply(Defend("hold"))
    assert session.state.units["us"].where == "dead"
    assert content.map.hex_id(session.state.units["pz"].hex) == "A5.05"  # in at no MP cost
    assert session.phase().pending == ()
    assert session.legal_moves(["pz"])  # it may move on with what is left of its MA
