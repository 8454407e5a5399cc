"""Scenario 7.1 as the Germans find it in their first Movement Phase: which set-up DG
markers still stand (3.4, 7.1; checklist items 75, 86) and where 2 Pz Div's infantry on the
Our can go (4.2; checklist item 38)."""

from __future__ import annotations

from dataclasses import replace

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


# The 19 German units 7.1 sets up DG (scenarios/ardennes2/7.1.toml reads the printed lines).
SET_UP_DG = {
    "GE-Ind:16", "1SS:Knittel", "12VG:27", "12VG:12 Pio", "3FJ:A/5", "3FJ:B/5", "3FJ:3 Arty",
    "2Pz:vBohm", "2Pz:Gutmn", "2Pz:I/3", "2Pz:II/3", "2Pz:38 StG", "2Pz:Holtm", "2Pz:vCoch", "2Pz:38 Pio",
    "26VG:78", "Lehr:130 Pio", "212VG:316", "212VG:212 Pio",
}


def dg_units(session: Session) -> set[str]:
    return {uid for uid, u in session.state.units.items() if u.dg}


def test_7_1_sets_up_nineteen_german_units_dg():
    assert dg_units(Session.new("ardennes2/7.1", seed=1)) == SET_UP_DG


def test_7_1_the_set_up_dg_markers_stand_in_the_first_german_movement_phase(first_movement):
    """Reading (3.4, 7.1; checklist items 75, 86): the markers the set-up prints are Turn 1's - the
    first Pre-Turn's DG Recovery does not take them off - so every one of the 19 is DG when
    the Germans first move (a DG unit moves at half its MA)."""
    assert dg_units(first_movement) == SET_UP_DG
    assert max(first_movement.legal_moves(["2Pz:vBohm", "2Pz:Gutmn"]).values()) <= 7


def test_7_1_the_set_up_dg_markers_come_off_in_turn_2s_recovery_where_nothing_holds_them():
    session = Session.new("ardennes2/7.1", seed=1)
    while (session.state.turn, session.state.phase) != (2, "ge_movement"):
        if session.state.rules.pending:
            session.apply(session.legal_actions()[0])
        else:
            session.apply(EndPhase())
    assert not {"GE-Ind:16", "2Pz:Gutmn", "3FJ:A/5", "Lehr:130 Pio"} & dg_units(session)
    assert "212VG:316" in dg_units(session)  # in a Traffic Jam, active through Turn 2 (3.1)


def test_7_1_the_set_up_dg_option_as_printed_clears_them_in_turn_1s_recovery():
    """The scenario option ``setup_dg = "pre_turn"``: 3.4 applied as printed; only the units
    in an active Traffic Jam stay DG."""
    session = Session.new("ardennes2/7.1", seed=1)
    session = Session(replace(session.content, scenario=replace(session.content.scenario, options={"setup_dg": "pre_turn"})), seed=1)
    while (session.state.turn, session.state.phase) != (1, "ge_movement"):
        session.apply(EndPhase())
    assert dg_units(session) < SET_UP_DG and "GE-Ind:16" not in dg_units(session)


def test_4_2_von_cochenhausen_crosses_the_our_by_rubber_boat_on_turn_1(first_movement):
    """vCoch (B21.19, Mech) is hemmed in: Forest all round is P for Mech, its road east runs
    into the Traffic Jam B22.19 that I/3 and II/3 occupy (3.1: "There is no passing"), and
    its road west crosses the Our on a German bridge built only on 17 Dec (3.8).  Its way
    out is 4.2's rubber boats, into the Forest across the river, for All its MA - 6, as the
    set-up makes it DG; the crossing removes the DG."""
    assert first_movement.legal_moves(["2Pz:vCoch"]) == {"B20.18": 6, "B20.19": 6}
    crossed = first_movement.forked()
    crossed.apply(MoveUnits(("2Pz:vCoch",), "B20.19"))
    assert crossed.unit("2Pz:vCoch").hex == "B20.19" and not crossed.unit("2Pz:vCoch").dg


def test_4_2_holtmayer_boats_across_from_its_traffic_jam_and_sheds_its_dg(first_movement):
    """Holtm starts the phase DG in the Traffic Jam B21.20 (3.1): MA 12 halved to 6, all of it
    for the boats; the crossing removes its DG (4.2)."""
    session = first_movement
    moves = session.legal_moves(["2Pz:Holtm"])
    assert {h: mp for h, mp in moves.items() if h.startswith("B20.")} == {"B20.19": 6, "B20.20": 6}
    crossed = session.forked()
    crossed.apply(MoveUnits(("2Pz:Holtm",), "B20.20"))
    assert crossed.unit("2Pz:Holtm").hex == "B20.20" and not crossed.unit("2Pz:Holtm").dg
