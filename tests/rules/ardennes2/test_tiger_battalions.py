"""The Tiger battalions are Mech whatever the case their type word is printed in: 1 SS Pz
Div's 501 "SS TGR Bn" as the independent 506 "Tgr Bn" (estimated MA colour, M6; 1.3: only
Mech MA units Overrun, and a stack with Leg MA units must Hold, 3.2)."""

from __future__ import annotations

import pytest

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.core.units import Values
from ardennes_qt.engine import Session
from ardennes_qt.rules.ardennes2.actions import EndPhase
from ardennes_qt.rules.ardennes2.estimates import exploit_capable, has_type_word, ma_type, steps


@pytest.mark.parametrize(
    "unit_type, words, carried",
    [
        ("SS TGR Bn", ("Tgr",), True),
        ("Tgr Bn", ("TGR",), True),
        ("STgr Co", ("sTgr",), True),  # the glossary's "sTgr Sturm Tiger"
        ("StG Bde", ("STgr",), False),  # Sturmgeschütz is not Sturm Tiger
        ("Inf CO", ("Co",), True),
        ("Inf Bn(+)", ("inf",), True),
    ],
)
def test_type_words_match_in_any_case(unit_type, words, carried):
    assert has_type_word(unit_type, words) is carried


def test_both_tiger_battalions_are_mech_and_exploit_capable():
    content = Session.new("ardennes2/7.1", seed=1).content
    for unit_id in ("1SS:501", "GE-Ind:506"):
        counter = content.counter(unit_id)
        assert (counter.ma_type, counter.exploit) == ("mech", True)
        assert counter.ma_type == ma_type(counter.full, counter.unit_type)
        assert counter.exploit == exploit_capable(counter.full, counter.ma_type)


def test_a_company_printed_in_capitals_is_still_one_step():
    assert steps(Values.parse("3-3-10"), "Inf CO") == steps(Values.parse("3-3-10"), "Inf Co")


@pytest.fixture(scope="module")
def session_7_3() -> Session:
    session = Session.new("ardennes2/7.3", seed=1)
    while session.state.phase != "ge_movement":
        session.apply(session.legal_actions()[0] if session.phase().pending else EndPhase())
    return session


def test_501_alone_in_its_hex_is_not_forced_to_hold(session_7_3):
    """7.3 sets it up alone at B32.38, in open ground and not DG."""
    assert session_7_3.state.units_at(session_7_3.map.parse("B32.38")) == ["1SS:501"]
    assert session_7_3.mandated_hold("B32.38") == ()


def test_501_may_overrun(session_7_3):
    """Taken to the road at B12.40, with a US battalion two road hexes on at B14.40."""
    session = session_7_3.forked()
    session.apply(MoveUnits(("1SS:501",), "B12.40", free=True))
    session.apply(MoveUnits(("1ID:A/26",), "B14.40", free=True))
    assert "B14.40" in session.overrun_routes(["1SS:501"])
