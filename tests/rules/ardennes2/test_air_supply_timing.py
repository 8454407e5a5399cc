"""Air Supply lasts through the US Supply Phase and goes at the end of the US Player Turn
(3.7; checklist items 71 and 74): a US unit supplied only from the air is not made DG in its
own Supply Phase."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.engine import Session
from ardennes_qt.rules.ardennes2.actions import EndPhase, PlaceAirSupply
from ardennes_qt.rules.ardennes2.situation import rules_data, with_rules
from ardennes_qt.rules.ardennes2.supply import supplied_hexes

AIR_SUPPLY, CAVALRY, CUT_OFF = "A33.29", "7AD:87", "A35.25"


def play_on(session: Session) -> None:
    session.apply(session.legal_actions()[0] if session.phase().pending else EndPhase())


@pytest.fixture(scope="module")
def turn_9() -> tuple[Session, int]:
    """7.6, Turn 9 (24 Dec): Air Supply dropped at A33.29, then 7AD's 87 Cavalry moved to
    A35.25, where no road leads to a supply source, in the US Movement Phase; play goes on
    to the next turn.  Also the log's length when the US Movement Phase began."""
    session = Session.new("ardennes2/7.6", seed=1)
    while session.state.phase != "air_supply":
        play_on(session)
    session.apply(PlaceAirSupply(AIR_SUPPLY))
    while session.state.phase != "us_movement":
        play_on(session)
    session.apply(MoveUnits((CAVALRY,), CUT_OFF, free=True))
    begun = len(session.log())
    while session.state.turn == 9:
        assert rules_data(session.state).air_supply == (session.map.parse(AIR_SUPPLY),)
        play_on(session)
    return session, begun


def test_the_cavalry_is_supplied_only_from_the_air(turn_9):
    session, _ = turn_9
    state = session.state_at(session.history.index(MoveUnits((CAVALRY,), CUT_OFF, free=True)) + 1)
    where = session.map.parse(CUT_OFF)
    assert where in supplied_hexes(session.content, state, "Allied")
    grounded = with_rules(state, replace(rules_data(state), air_supply=()))
    assert where not in supplied_hexes(session.content, grounded, "Allied")


def test_the_us_supply_phase_sees_the_air_supply(turn_9):
    session, begun = turn_9
    assert session.state.turn == 10
    assert not session.unit(CAVALRY).dg
    assert not [line.text for line in session.log()[begun:] if line.text.startswith("87 Arm Cav Bn: DG")]


def test_the_markers_go_at_the_end_of_the_us_player_turn(turn_9):
    session, begun = turn_9
    assert rules_data(session.state).air_supply == ()
    texts = [line.text for line in session.log()[begun:]]
    removed = texts.index("1 Air Supply marker(s) removed")
    assert texts.index("Turn 9 (24 Dec 44), US Player Turn: US Supply") < removed
    assert session.log()[begun + removed].reasons == ("3.7: at the end of the US Player Turn",)
