"""The sequence of play (2.1; checklist items 24-29, 86): phases in order, automatic phases,
phases passed over, barrage marker removal timing (item 28 / M9), game end."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ardennes_qt.core.actions import MoveUnits, SendToDeadPile
from ardennes_qt.core.outcome import Refused
from ardennes_qt.engine import Session
from ardennes_qt.rules.ardennes2.a2state import Decision
from ardennes_qt.rules.ardennes2.actions import ArtilleryAirSupply, EndPhase
from ardennes_qt.rules.ardennes2.phases import SEQUENCE
from ardennes_qt.rules.ardennes2.situation import rules_data, with_rules
from tests.rules.sequence_board import sequence_content

PLACEMENTS = [("1ID:A", "A2.03", 0), ("1ID:ARTY", "A1.01", 0), ("1Pz:I", "A3.03", 0), ("1Pz:II", "B5.03", 0)]


def board_session(**kw) -> Session:
    return Session(sequence_content(kw.pop("placements", PLACEMENTS), **kw), seed=5)


def play_on(session: Session) -> None:
    """End the phase, or give the first answer to the Decision the game waits for."""
    session.apply(session.legal_actions()[0] if session.phase().pending else EndPhase())


def play_to(session: Session, phase: str, turn: int) -> Session:
    while not (session.state.phase == phase and session.state.turn == turn):
        assert not session.phase().game_over
        play_on(session)
    return session


def headers(session: Session) -> list[str]:
    """The phases begun, as their log lines name them: (turn, phase name)."""
    return [line.text for line in session.log() if line.text.startswith("Turn ") and ", " in line.text]


def test_items_24_27_every_phase_of_a_turn_in_order():
    """2.1: Pre-Turn, German Player Turn (with the US Barrage inside it), US Player Turn, Game Turn End."""
    session = play_to(board_session(), "ge_movement", 2)
    turn_1 = [h for h in headers(session) if h.startswith("Turn 1 ")]
    assert [h.split(": ", 1)[1] for h in turn_1] == [p.name for p in SEQUENCE]
    assert [h.split(", ", 1)[1].split(":")[0] for h in turn_1] == [p.segment for p in SEQUENCE]


def test_the_game_starts_at_the_first_phase_of_the_first_turn_and_runs_to_the_first_player_phase():
    session = board_session()
    info = session.phase()
    assert (info.turn, info.phase, info.automatic, info.date) == (1, "weather", True, "16 Dec 44")
    assert session.legal_actions() == [EndPhase()]
    session.apply(EndPhase())
    info = session.phase()
    assert not info.automatic and info.phase in ("air_supply", "ge_movement")
    assert info.acting == {"air_supply": "Allied", "ge_movement": "German"}[info.phase]


def test_phases_with_nothing_to_do_are_passed_over_with_their_reason():
    session = play_to(board_session(), "ge_movement", 1)
    reasons = {line.text: line.reasons for line in session.log() if line.text.endswith("passed over")}
    assert reasons["Reinforcement Placement passed over"] == ("no reinforcements this turn (2.2)",)
    if session.state.rules.air_strikes == 0:
        assert reasons["Air Supply Allocation passed over"] == ("no Air Strikes to allocate (2.2)",)
    else:
        assert "Air Supply Allocation passed over" not in reasons


def test_item_86_4_3_no_german_exploitation_on_turn_1():
    session = play_to(board_session(), "ge_movement", 3)
    passed = [line for line in session.log() if line.text == "Exploitation passed over"]
    assert "4.3" in passed[0].reasons[0] and "Turn 1 " in [h for h in headers(session) if h.endswith("German Player Turn: Exploitation")][0]
    assert all("4.3" not in line.reasons[0] for line in passed[1:])


def test_7_x_the_game_ends_after_the_last_turn():
    session = board_session(last_turn=2)
    while not session.phase().game_over:
        play_on(session)
    assert (session.state.turn, session.phase().name) == (2, "Game over")
    assert session.log()[-2].text == "End of Turn 2: the game is over"
    assert session.legal_actions() == []
    with pytest.raises(Refused, match="over"):
        session.apply(EndPhase())


def _with_decision(session: Session) -> Session:
    decision = Decision("bug_out", "Allied", {"unit": "1ID:ARTY"}, "3.6")
    state = with_rules(session.state, replace(rules_data(session.state), pending=(decision,)))
    return Session(session.content, 5, initial=state)


def test_a_pending_decision_stops_the_phase_but_not_the_table():
    session = _with_decision(play_to(board_session(), "ge_movement", 1))
    with pytest.raises(Refused, match="waiting for the Allied player: bug out"):
        session.apply(EndPhase())
    session.apply(MoveUnits(("1ID:A",), "A2.04", free=True))
    session.apply(SendToDeadPile(("1Pz:II",)))
    assert session.unit("1ID:A").hex == "A2.04" and session.unit("1Pz:II").where == "dead"
    assert session.phase().acting == "Allied" and session.phase().pending == ({"kind": "bug_out", "side": "Allied", "rule": "3.6"},)


@pytest.mark.parametrize(
    "option, removed_at",
    [
        ({}, {"German": ("ge_barrage_removal", 2), "Allied": ("us_barrage_removal", 2)}),
        ({"barrage_removal": "pre_turn"}, {"German": ("recovery", 2), "Allied": ("recovery", 2)}),
    ],
)
def test_item_28_m9_barrage_marker_removal_timing(option, removed_at):
    """Default (2.1 as the designer's notes explain it): each owner's markers at the start of his
    own Player Turn; option pre_turn (3.5): both in the Pre-Turn."""
    session = play_to(board_session(options=option), "us_movement", 1)
    markers = {session.map.parse("A5.05"): ("German:full",), session.map.parse("B2.02"): ("Allied:full",)}
    session = Session(session.content, 5, initial=replace(session.state, markers=markers))
    seen = {}
    while len(seen) < 2:
        before = {m.partition(":")[0] for ms in session.state.markers.values() for m in ms}
        play_on(session)
        after = {m.partition(":")[0] for ms in session.state.markers.values() for m in ms}
        for side in before - after:
            line = next(line for line in session.log() if "Barrage marker" in line.text and ("US" if side == "Allied" else side) in line.text)
            seen[side] = (line, session.state.turn)
    for side, (phase, turn) in removed_at.items():
        line, at_turn = seen[side]
        assert at_turn == turn
        position = session.log().index(line)
        header = [h for h in session.log()[:position] if h.text.startswith("Turn ")][-1].text
        assert header.endswith({"recovery": "Barrage & DG Marker Removal", "ge_barrage_removal": "German Player Turn: Barrage Marker Removal", "us_barrage_removal": "US Player Turn: Barrage Marker Removal"}[phase])


def test_3_7_air_supply_markers_go_at_the_end_of_the_us_player_turn():
    session = play_to(board_session(), "us_movement", 1)
    state = with_rules(session.state, replace(rules_data(session.state), air_supply=(session.map.parse("A2.02"),)))
    session = Session(session.content, 5, initial=state)
    while session.state.turn == 1:
        assert rules_data(session.state).air_supply
        play_on(session)
    assert rules_data(session.state).air_supply == ()
    assert any(line.reasons == ("3.7: at the end of the US Player Turn",) for line in session.log())


def test_1_2_a_phase_records_who_starts_it_adjacent_to_the_enemy():
    """1.2, 1.3: units starting a Phase adjacent to an enemy unit cannot Exploit or Overrun."""
    session = play_to(board_session(), "ge_movement", 1)
    assert rules_data(session.state).record.started_adjacent == {"1ID:A", "1Pz:I"}


def test_undo_of_end_phase_returns_to_the_phase():
    session = play_to(board_session(), "ge_movement", 1)
    before = session.state_hash()
    session.apply(EndPhase())
    session.undo()
    assert session.state_hash() == before and session.phase().phase == "ge_movement"


def test_a_player_phase_in_which_nothing_can_be_done_is_passed_over():
    """No enemy units adjacent: neither side has an attack to make (3.2)."""
    apart = [("1ID:A", "A1.03", 0), ("1Pz:I", "B5.03", 0)]
    session = play_to(board_session(placements=apart), "us_movement", 1)
    passed = {line.text: line.reasons for line in session.log() if line.text.endswith("passed over")}
    assert passed["Combat passed over"] == ("nothing any unit can do in it",)


def test_an_automatic_phase_waits_for_its_decisions_then_plays_on():
    """3.7: DG artillery out of supply in the Pre-Turn DG Recovery - its owner leaves it DG or
    rolls; once answered, the phase ends and play goes on to the next player phase."""
    session = board_session()
    while not session.phase().pending:
        session.apply(EndPhase())
    info = session.phase()
    assert (info.phase, info.pending[0]["kind"], info.acting) == ("recovery", "artillery_air_supply", "Allied")
    assert set(session.legal_actions()) == {ArtilleryAirSupply("1ID:ARTY", False), ArtilleryAirSupply("1ID:ARTY", True)}
    session.apply(ArtilleryAirSupply("1ID:ARTY", False))
    assert not session.phase().automatic and session.unit("1ID:ARTY").dg


def test_6_0_each_turn_end_records_the_german_vp_and_the_game_ends_with_its_result():
    session = board_session(last_turn=2)
    while not session.phase().game_over:
        play_on(session)
    assert dict(session.state.rules.vp_by_turn) == {1: 0, 2: 0}
    assert session.log()[-1].text.startswith("Result: ")
    assert session.victory().final


@pytest.mark.parametrize(
    "phase, side, reconciled_in",
    [
        ("ge_movement", "German", "German Half Reconciliation"),
        ("us_barrage", "Allied", "US Half Reconciliation"),
        ("us_movement", "Allied", "US Half Reconciliation"),
    ],
)
def test_item_64_every_barrage_phase_is_followed_by_its_half_reconciliation(phase, side, reconciled_in):
    """3.5: "No Barrage Phase moves on to a new Phase with Half markers still in play"."""
    session = play_to(board_session(), phase, 2)
    markers = {session.map.parse("B2.02"): (f"{side}:half",), session.map.parse("B2.04"): (f"{side}:half", f"{side}:half")}
    session = Session(session.content, 5, initial=replace(session.state, markers=markers))
    session.apply(EndPhase())
    assert not any(m.endswith(":half") for ms in session.state.markers.values() for m in ms)
    assert session.state.markers[session.map.parse("B2.04")] == (f"{side}:full",)  # two Halves: one Full
    header = [line.text for line in session.log() if line.text.startswith("Turn 2")][0]
    assert header.endswith(reconciled_in)
