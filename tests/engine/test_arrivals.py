"""The Order of Arrival as the table lists it during a game."""

from __future__ import annotations

from ardennes_qt.engine import Session
from ardennes_qt.engine.arrivals import ARRIVED, COMING, DUE, arrival_schedule
from ardennes_qt.rules.ardennes2.actions import EndPhase, PlaceReinforcements


def schedule(session):
    return arrival_schedule(session.content, session.state, session.phase().due_reinforcements)


def test_every_entry_is_listed_by_turn_with_its_place_and_conditions():
    session = Session.new("ardennes2/7.1", seed=1)
    groups = schedule(session)
    assert [g.turn for g in groups] == sorted(g.turn for g in groups)
    assert all(u.status == COMING for g in groups for u in g.units)
    jagdtiger = next(g for g in groups if any(u.id == "GE-Ind:653" for u in g.units))
    assert jagdtiger.place == "Entry Area B" and "5 or more" in jagdtiger.conditions


def test_units_due_now_then_arrived_where_they_were_placed():
    session = Session.new("ardennes2/7.1", seed=1)
    while not (session.state.turn == 2 and session.state.phase == "reinforcements"):
        session.apply(session.legal_actions()[0] if session.phase().pending else EndPhase())
    turn_two = [g for g in schedule(session) if g.turn == 2]
    due = [u.id for g in turn_two for u in g.units if u.status == DUE]
    assert due and set(due) == set(session.phase().due_reinforcements)
    unit = due[0]
    hex_id = session.placements([unit])[0]
    session.apply(PlaceReinforcements((unit,), hex_id))
    placed = next(u for g in schedule(session) for u in g.units if u.id == unit)
    assert (placed.status, placed.where) == (ARRIVED, hex_id)


def test_a_removal_says_when_its_units_leave_play():
    session = Session.new("ardennes2/7.4", seed=1)
    removal = next(g for g in schedule(session) if g.removal)
    assert removal.place == "Removed from play" and removal.turn == 4
    assert all(u.where == "leaves play on Turn 4" for u in removal.units)
