"""6.0: control passes at the moment a side occupies a VP hex with units in trace supply."""

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.engine import Session
from ardennes_qt.rules.ardennes2.control import controller


def _in_movement(session: Session, side: str) -> None:
    from ardennes_qt.rules.ardennes2.actions import EndPhase

    for _ in range(200):
        info = session.phase()
        if info.phase == f"{'ge' if side == 'German' else 'us'}_movement" and not info.pending:
            return
        session.apply(EndPhase())
    raise AssertionError("never reached the movement phase")


def test_a_german_stack_entering_an_allied_vp_hex_takes_it_at_once():
    session = Session.new("ardennes2/7.1", seed=1)
    _in_movement(session, "German")
    content = session.content
    ouren = content.map.parse("B20.25")
    assert controller(content, session.state, ouren) == "Allied" and not session.stack_at("B20.25")
    # Put the 60 PG Rgt next to Ouren by hand (a free table move), then move it in under the rules.
    session.apply(MoveUnits(("116Pz:60",), "B21.26", free=True))  # on the track over the Our
    assert "B20.25" in session.legal_moves(("116Pz:60",))
    outcome = session.apply(MoveUnits(("116Pz:60",), "B20.25"))
    assert controller(content, session.state, ouren) == "German"
    assert any("Ouren" in line.text and "German-controlled" in line.text for line in outcome.log)
    session.undo()
    assert controller(content, session.state, ouren) == "Allied"


def test_a_free_move_settles_no_control():
    session = Session.new("ardennes2/7.1", seed=1)
    session.apply(MoveUnits(("116Pz:60",), "B20.25", free=True))
    assert controller(session.content, session.state, session.content.map.parse("B20.25")) == "Allied"
