"""What the table asks the session before acting: who may attack, mandated holds, overrun
roads, the pending Decision in printed ids, barrage chances and spotters, bridge blowers."""

from fractions import Fraction

from ardennes_qt.core.mapdata import Bridge
from ardennes_qt.engine.session import Session
from ardennes_qt.rules.ardennes2.actions import Attack
from tests.builders import small_content
from tests.gui.free_table import free_table_content
from tests.rules.combat_board import board, dice
from tests.rules.test_barrage_board import board as barrage_board
from tests.rules.test_barrage_board import east_road, position


def combat_session(units, **options):
    content, state = board(units, **options)
    return Session(content, seed=state.seed, initial=state)


def test_attackers_are_the_defenders_enemies_next_to_it_that_may_attack():
    session = combat_session({
        "us": ("Allied", "3-4-12", "A5.05"),
        "ge1": ("German", "6-4-12", "A4.04"),
        "ge2": ("German", "6-4-12", "A4.05"),
        "ge3": ("German", "2-2-8", "A4.05"),
        "far": ("German", "6-4-12", "A1.01"),
        "gun": ("German", "[9]-1-16", "A5.04"),  # artillery never attacks
    })
    assert session.attackers("A5.05") == {"A4.04": ("ge1",), "A4.05": ("ge2", "ge3")}
    session.apply(Attack(("ge1",), "A5.05"))
    assert session.attackers("A4.04") == {"A5.05": ("us",)}  # from the defender's side, for planning
    assert session.attackers("A3.03") == {}  # nobody there


def test_mandated_hold_gives_each_reason_and_rule():
    session = combat_session({"us": ("Allied", "3-4-12", "A5.05", "dg"), "ge": ("German", "6-4-12", "A4.04")})
    reasons = session.mandated_hold("A5.05")
    assert ("the defender is DG", "3.2 Mandated Holds") in reasons
    assert any("Leg MA" in reason for reason, _ in reasons)
    mech = combat_session({"us": ("Allied", "3-4-12", "A5.05", "mech"), "ge": ("German", "6-4-12", "A4.04")})
    assert mech.mandated_hold("A5.05") == ()


def test_the_pending_decision_in_printed_ids():
    content, state = board({"us": ("Allied", "3-4-12", "A5.05", "mech"), "ge": ("German", "6-4-12", "A4.04")})
    session = Session(content, seed=state.seed, initial=dice(state, 7))
    assert session.decision() is None
    session.apply(Attack(("ge",), "A5.05"))
    decision = session.decision()
    assert (decision["kind"], decision["side"], decision["rule"]) == ("hold_or_retreat", "Allied", "3.2")
    battle = decision["data"]["battle"]
    assert battle["defender_hex"] == "A5.05" and battle["attackers"] == ("ge",)


def test_overrun_odds_count_from_the_launch_hex():
    session = combat_session(
        {"us": ("Allied", "3-4-12", "A5.05", "mech"), "pz": ("German", "12-4-12", "A3.04", "mech")},
        roads=[("A3.04", "A4.04", "A5.05", "A6.05")],
        phase="ge_movement",
    )
    routes = session.overrun_routes(["pz"])
    assert [step.hex for step in routes["A5.05"]] == ["A3.04", "A4.04", "A5.05"]
    report = session.odds(["pz"], "A5.05", launch="A4.04")
    assert report.column == "3:1"


ROAD = east_road("A1.05", 14)
BARRAGE = barrage_board(
    roads=(ROAD,),
    terrain={"A8.05": {"woods"}},
    bridges={("A6.05", "SE"): Bridge(plunger="P1")},
    plungers={"P1": "A6.05"},
)


def barrage_session(where, **rules):
    return Session(BARRAGE, seed=1, initial=position(BARRAGE, where, **rules))


def test_barrage_targets_chances_and_spotters():
    session = barrage_session({"US-Ind:402": "A2.05", "1ID:A/1": "A7.05", "1Pz:I/1": "A8.05", "1Pz:Fus": "A8.05"})
    assert "A8.05" in session.barrage_targets("US-Ind:402")
    allowed, reasons = session.barrage_allowed("US-Ind:402", "A8.05")
    assert allowed and any("range [9]" in r for r in reasons)
    chances = session.barrage_chances("A8.05", "US-Ind:402")
    assert chances.modifiers[0][:2] == (1, "1 more unit(s) in the target hex")
    assert chances.half + chances.full + chances.nothing == 1
    assert session.spotters("A8.05", "US-Ind:402") == ["1ID:A/1"]
    far = session.barrage_allowed("US-Ind:402", "A14.05")
    assert not far[0] and any("out of range" in r for r in far[1])


def test_an_air_strike_is_asked_with_no_artillery():
    session = barrage_session({"1ID:A/1": "A7.05", "1Pz:I/1": "A8.05"}, air_strikes=2)
    allowed, reasons = session.barrage_allowed(None, "A8.05")
    assert allowed and "2 Air Strike(s) left this turn (2.2)" in reasons
    assert session.barrage_chances("A8.05").half + session.barrage_chances("A8.05").full > Fraction(0)
    assert session.spotters("A8.05") == ["1ID:A/1"]


def test_bridge_blowers_and_why_none_may():
    session = barrage_session({"1ID:A/1": "A7.05", "1Pz:I/1": "A12.05"})
    assert session.plungers_at("A7.05") == {"P1": "primed"}  # a hex of the bridge
    assert session.plungers_at("A6.05") == {"P1": "primed"}  # the plunger's own hex
    assert session.plungers_at("A2.05") == {}
    assert session.bridge_blowers("P1") == (("1ID:A/1",), ())
    far = barrage_session({"1ID:A/1": "A14.05"})
    able, why = far.bridge_blowers("P1")
    assert able == () and any("more than 2" in reason for reason in why)


def test_a_rule_system_that_does_not_know_a_question_gives_an_empty_answer(monkeypatch):
    from ardennes_qt.engine import systems
    from tests.gui.free_table import SYSTEM, FreeTable

    monkeypatch.setitem(systems._LOADED, SYSTEM, FreeTable())
    session = Session(free_table_content(small_content()))
    assert session.attackers("A3.03") == {} and session.decision() is None
    assert session.barrage_allowed("x", "A3.03")[0] is False
    assert session.barrage_chances("A3.03") is None and session.bridge_blowers("P") == ((), ("this rule system blows no bridges",))
