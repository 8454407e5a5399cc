"""The artillery, air and bridge actions through the Ardennes II ruleset: handlers, the
Decisions that wait for an answer, the legal actions offered, and saving a Decision."""

import pytest

from ardennes_qt.core.mapdata import Bridge
from ardennes_qt.core.outcome import Refused
from ardennes_qt.rules.ardennes2.a2state import Ardennes2Data, Decision
from ardennes_qt.rules.ardennes2.actions import AirStrike, Barrage, BlowBridge, BugOut, EndPhase
from ardennes_qt.rules.ardennes2.artillery import open_bug_outs
from ardennes_qt.rules.ardennes2.ruleset import Ardennes2
from tests.rules.test_barrage_board import board, east_road, position

RULES = Ardennes2()
CONTENT = board(
    roads=(east_road("A1.05", 14),),
    exits=(("A1.05", "NW"),),
    sides={("A10.05", "SE"): {"stream"}},
    bridges={("A10.05", "SE"): Bridge(plunger="P1")},
    plungers={"P1": "A10.05"},
)
WHERE = {"US-Ind:402": "A12.05", "1ID:A/1": "A5.05", "1Pz:I/1": "A6.05"}


def test_item62_a_barrage_through_the_rules():
    state = position(CONTENT, WHERE, air_strikes=1)
    outcome = RULES.apply(CONTENT, state, Barrage("US-Ind:402", "A6.05"))
    assert outcome.state.rules.record.fired == {"US-Ind:402"}
    assert outcome.changes.markers


def test_item67_a_bug_out_waits_and_nothing_else_goes_first():
    state = position(CONTENT, {**WHERE, "1Pz:II/1": "A13.05", "1ID:B/1": "A10.06"}, phase="ge_movement")
    state, log = open_bug_outs(CONTENT, state, ("1Pz:II/1",))
    assert [d.kind for d in state.rules.pending] == ["bug_out"]
    assert log[0].text == "402 Arty Grp must Bug Out"
    with pytest.raises(Refused, match="waiting for the Allied player: bug out"):
        RULES.apply(CONTENT, state, EndPhase())
    with pytest.raises(Refused, match="resolve the Artillery Bug Outs first"):
        RULES.apply(CONTENT, state, BlowBridge("P1", "1ID:B/1"))  # 3.8: Bug Outs before the roll
    answers = RULES.legal_actions(CONTENT, state)
    assert answers == [BugOut("US-Ind:402", h) for h in ("A1.05", "A2.05", "A3.05", "A4.05")]
    after = RULES.apply(CONTENT, state, answers[-1]).state
    assert after.rules.pending == () and after.units["US-Ind:402"].dg


def test_the_phase_offers_barrages_air_strikes_and_bridge_blowing():
    state = position(CONTENT, {**WHERE, "1ID:B/1": "A10.06"}, air_strikes=1)
    families = {c.label for c in RULES.choices(CONTENT, state)}
    assert {"barrage with US-Ind:402", "air strike", "blow a bridge"} <= families
    actions = RULES.legal_actions(CONTENT, state)
    assert Barrage("US-Ind:402", "A6.05") in actions and AirStrike("A6.05") in actions
    assert BlowBridge("P1", "1ID:B/1") in actions


def test_a_waiting_decision_is_saved_and_read_back():
    decision = Decision("bug_out", "Allied", {"artillery": "US-Ind:402", "from": CONTENT.map.parse("A12.05"), "threats": ("1Pz:I/1",)}, "3.6")
    data = Ardennes2Data(pending=(decision,), bridges={"P1": "tested"}, air_strikes=2)
    back = Ardennes2Data.from_json(data.to_json(CONTENT.map.hex_id), CONTENT.map.parse)
    assert back == data
