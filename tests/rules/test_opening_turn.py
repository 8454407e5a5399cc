"""Scenario 7.1 as the Germans find it in their first Movement Phase: which set-up DG
markers still stand (3.4, 7.1; checklist item 74) and where 2 Pz Div's infantry on the
Our can go (4.2; checklist item 38)."""

from __future__ import annotations

import pytest

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.engine import Session
from ardennes_qt.rules.ardennes2.actions import EndPhase


@pytest.fixture(scope="module")
def first_movement() -> Session:
    """7.1 from its set-up, each phase ended, to Turn 1's German Movement & Barrage Phase."""
    session = Session.new("ardennes2/7.1", seed=1)
    while (session.state.turn, session.state.phase) != (1, "ge_movement"):
        assert not session.state.rules.pending
        session.apply(EndPhase())
    return session


def test_4_2_von_cochenhausen_crosses_the_our_by_rubber_boat_on_turn_1(first_movement):
    """vCoch (B21.19, Mech) is hemmed in: Forest all round is P for Mech, its road east runs
    into the Traffic Jam B22.19 that I/3 and II/3 occupy (3.1: "There is no passing"), and
    its road west crosses the Our on a German bridge built only on 17 Dec (3.8).  Its way
    out is 4.2's rubber boats, into the Forest across the river, for All its MA."""
    assert first_movement.legal_moves(["2Pz:vCoch"]) == {"B20.18": 12, "B20.19": 12}


def test_4_2_holtmayer_boats_across_from_its_traffic_jam_and_sheds_its_dg(first_movement):
    """Holtm starts the phase DG in the Traffic Jam B21.20 (3.1): MA 12 halved to 6, all of it
    for the boats; the crossing removes its DG (4.2)."""
    session = first_movement
    moves = session.legal_moves(["2Pz:Holtm"])
    assert {h: mp for h, mp in moves.items() if h.startswith("B20.")} == {"B20.19": 6, "B20.20": 6}
    crossed = session.forked()
    crossed.apply(MoveUnits(("2Pz:Holtm",), "B20.20"))
    assert crossed.unit("2Pz:Holtm").hex == "B20.20" and not crossed.unit("2Pz:Holtm").dg
