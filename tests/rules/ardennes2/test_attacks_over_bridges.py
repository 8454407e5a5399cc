"""An attack across a hexside Prohibited to the attacker's MA needs a road crossing it that
movement may follow now: not over a Blown bridge, nor over a German-built bridge before its
day (TEC note 1; 1.3a; 3.8; checklist items 7 and 8)."""

from __future__ import annotations

import pytest

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.core.outcome import Refused
from ardennes_qt.engine import Session
from ardennes_qt.rules.ardennes2.actions import Attack, EndPhase


def play_to(session: Session, phase: str) -> Session:
    """End phases (the first answer to any Decision) until ``phase`` of this turn begins."""
    turn = session.state.turn
    while session.state.phase != phase:
        assert session.state.turn == turn
        session.apply(session.legal_actions()[0] if session.phase().pending else EndPhase())
    return session


def attacks_on(session: Session, hex_id: str) -> list[Attack]:
    return [a for a in session.legal_actions() if isinstance(a, Attack) and a.defender == hex_id]


@pytest.fixture(scope="module")
def across_the_blown_ourthe() -> Session:
    """7.5: the A37.23 bridge over the Ourthe is Blown at the start.  The paratroopers and
    their artillery hold the forest of A37.23; a Panzer battalion comes up the track to
    A36.23 on the far bank (the River is Prohibited to Mech MA)."""
    session = play_to(Session.new("ardennes2/7.5", seed=1), "ge_movement")
    session.apply(MoveUnits(("101AB:A/502", "101AB:DIVARTY"), "A37.23", free=True))
    session.apply(MoveUnits(("2Pz:I/3",), "A36.24", free=True))
    session.apply(MoveUnits(("2Pz:I/3",), "A36.23"))
    return session


def test_no_attack_across_a_river_whose_bridge_is_blown(across_the_blown_ourthe):
    with pytest.raises(Refused) as refused:
        across_the_blown_ourthe.odds(["2Pz:I/3"], "A37.23")
    assert refused.value.reason == (
        "the River (Ourthe) hexside is Prohibited to Mech MA, and the track across it is cut: bridge Blown"
    )
    assert refused.value.rule == "TEC note 1; 3.8 Blowing Bridges"
    assert "2Pz:I/3" not in {u for ids in across_the_blown_ourthe.attackers("A37.23").values() for u in ids}


def test_the_blown_bridge_offers_no_attack_in_the_combat_phase(across_the_blown_ourthe):
    """Nor does the threat across it make the artillery Bug Out (3.6): play reaches the
    Combat Phase with DIVARTY still in A37.23 and no attack on it from A36.23."""
    session = play_to(across_the_blown_ourthe.forked(), "ge_combat")
    assert session.map.hex_id(session.state.units["101AB:DIVARTY"].hex) == "A37.23"
    assert not [a for a in attacks_on(session, "A37.23") if "2Pz:I/3" in a.attackers]


def test_no_attack_across_a_german_bridge_before_its_day():
    """7.1 Turn 1 (16 Dec): the German bridge over the Our at B20.19/B21.19 is built on 17 Dec.
    A US battalion in B20.19 has Mech units next to it only across the Our: in B21.19, at the
    bridge, and in B21.20, where no road crosses."""
    session = play_to(Session.new("ardennes2/7.1", seed=1), "ge_movement")
    session.apply(MoveUnits(("28ID:B/110",), "B20.19", free=True))
    with pytest.raises(Refused) as refused:
        session.odds(["2Pz:vCoch"], "B20.19")
    assert refused.value.reason == (
        "the River (Our) hexside is Prohibited to Mech MA, and the road across it is cut: "
        "German bridge not built until 17 Dec"
    )
    assert refused.value.rule == "TEC note 1; 3.8 Building Bridges"
    play_to(session, "ge_combat")
    assert session.attackers("B20.19") == {}
    assert attacks_on(session, "B20.19") == []


def test_an_intact_bridge_still_carries_the_attack():
    """7.5: the road bridge over the Ourthe between A34.21 and A35.21 stands."""
    session = play_to(Session.new("ardennes2/7.5", seed=1), "ge_movement")
    session.apply(MoveUnits(("101AB:A/502",), "A35.21", free=True))
    session.apply(MoveUnits(("2Pz:I/3",), "A34.21", free=True))
    report = session.odds(["2Pz:I/3"], "A35.21")
    assert report.allowed
    assert (-1, "stack in A34.21 attacks across a River hexside", "1.3, TEC") in report.shifts
