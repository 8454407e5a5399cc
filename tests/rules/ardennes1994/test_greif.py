"""Greif Teams opening and redirecting traffic (checklist items 29, 53; 2.1bC, 2.1bD, 2.1bE).

The board: a road comes from B2.02 into B3.03, where a Hidden team waits, and runs on north
(B3.04, B3.05, the village B3.06, B3.07) and south (B3.02, B3.01, B3.00 on the map edge)."""

from __future__ import annotations

import pytest

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.core.outcome import Refused
from ardennes_qt.engine import Session
from ardennes_qt.rules.ardennes1994.actions import PlaceReinforcements, Redirect, RevealGreif
from ardennes_qt.rules.ardennes1994.arrivals import start_hexes
from tests.rules.ardennes1994.board import Board, seed_rolling


def crossing() -> Board:
    return (Board().road("B2.02", "B3.03", "B3.04", "B3.05", "B3.06", "B3.07")
             .road("B3.03", "B3.02", "B3.01", "B3.00").town("B3.06", "Test Village")
             .unit("g", "B3.03", "Greif Team", hidden=True).unit("us", "B2.02", "Arm Bn", "Allied"))


def test_item53_a_team_opens_in_its_hex_or_next_to_it_never_with_allied_units():
    """2.1bD: its hex or any of the six around it, not a hex with Allied units; never hidden again."""
    s = crossing().session()
    offered = {a.to for c in s.choices() if c.kind == "reveal" for a in c.actions()}
    assert offered == {"B3.03", "B3.04", "B4.03", "B4.02", "B3.02", "B2.03"}  # not B2.02, the US tank battalion's
    with pytest.raises(Refused, match="2.1bD"):
        s.apply(RevealGreif("g", "B2.02"))
    s.apply(RevealGreif("g", "B3.04"))
    assert "g" not in s.state.rules.hidden and s.content.map.hex_id(s.state.units["g"].hex) == "B3.04"
    with pytest.raises(Refused, match="never hides again"):
        s.apply(RevealGreif("g", "B3.04"))


def test_item53_a_team_may_open_in_the_enemys_phase():
    """2.1bD: "at any time and in any phase (including the enemy's)"."""
    s = crossing().session(phase="us_combat")
    s.apply(RevealGreif("g", "B3.03"))
    assert "g" not in s.state.rules.hidden


def test_item29_a_us_unit_moving_into_the_teams_hex_waits_for_the_german_who_may_let_it_pass():
    """2.1bC: the German announces whether he redirects; not redirecting, there is no roll."""
    s = crossing().session(phase="us_movement")
    s.apply(MoveUnits(("us",), "B3.05"))
    assert s.decision()["kind"] == "greif_redirect" and s.decision()["side"] == "German"
    assert s.content.map.hex_id(s.state.units["us"].hex) == "B3.03"
    answers = set(s.legal_actions())
    assert {Redirect(""), Redirect("B3.04"), Redirect("B3.02"), Redirect("B2.02")} <= answers
    draws = s.state.draws
    s.apply(Redirect(""))
    assert s.content.map.hex_id(s.state.units["us"].hex) == "B3.05" and s.state.draws == draws
    assert s.legal_moves(("us",))  # it moves on normally


def test_item29_undiscovered_the_team_sends_the_unit_down_the_road_to_the_first_village():
    """2.1bC: Discovery 1-4 none; 5 bonus MP down the road, stopping at a village; the unit's
    move is over for the phase, and it is never redirected twice."""
    s = crossing().session(phase="us_movement", seed=seed_rolling(4))
    s.apply(MoveUnits(("us",), "B3.03"))
    s.apply(Redirect("B3.04"))
    assert s.content.map.hex_id(s.state.units["us"].hex) == "B3.06"
    assert "g" in s.state.rules.hidden and s.state.units["g"].where == "map"
    assert s.legal_moves(("us",)) == {}
    assert "us" in s.state.rules.record.redirected
    assert "rolled 4" in " ".join(s.log()[-1].reasons)


def test_item29_the_redirected_unit_stops_at_the_map_edge():
    s = crossing().session(phase="us_movement", seed=seed_rolling(1))
    s.apply(MoveUnits(("us",), "B3.03"))
    s.apply(Redirect("B3.02"))
    assert s.content.map.hex_id(s.state.units["us"].hex) == "B3.00"
    assert "map edge" in s.log()[-1].text


def test_item29_the_redirected_unit_stops_when_the_five_mp_are_spent():
    """US regiments stand along the road, so each hex costs 1/2 + 1 (1.5a): after B3.05 (4.5 MP)
    the 5 bonus MP do not pay for B3.06."""
    board = (Board().road(*(f"B3.{r:02d}" for r in range(1, 10))).unit("g", "B3.02", "Greif Team", hidden=True)
             .unit("us", "B3.01", "Arm Bn", "Allied"))
    for r in range(3, 8):
        board.unit(f"r{r}", f"B3.0{r}", "Inf Rgt", "Allied")
    s = board.session(phase="us_movement", seed=seed_rolling(2))
    s.apply(MoveUnits(("us",), "B3.02"))
    s.apply(Redirect("B3.03"))
    assert s.content.map.hex_id(s.state.units["us"].hex) == "B3.05"
    assert "4.5 of its 5 bonus MP" in s.log()[-1].text and "5 MP are spent" in s.log()[-1].text


def test_item29_discovered_the_team_is_destroyed_and_the_unit_moves_on():
    """2.1bC: 5-6 on the Greif Team Discovery Table: the team is removed, no redirection."""
    s = crossing().session(phase="us_movement", seed=seed_rolling(6))
    s.apply(MoveUnits(("us",), "B3.05"))
    s.apply(Redirect("B3.02"))
    assert s.state.units["g"].where == "dead"
    assert s.content.map.hex_id(s.state.units["us"].hex) == "B3.05"


def test_item29_only_a_us_unit_entering_the_hex_is_redirected():
    """2.1bC: "Only when the US player moves a unit into a Greif Team's hex" - a unit moving
    past it is not stopped."""
    s = crossing().session(phase="us_movement")
    s.apply(MoveUnits(("us",), "B2.03"))
    assert s.decision() is None


def test_item29_the_team_can_open_while_the_german_decides():
    """2.1bD (any time): opened, it no longer redirects; the unit may go on."""
    s = crossing().session(phase="us_movement")
    s.apply(MoveUnits(("us",), "B3.04"))
    s.apply(RevealGreif("g", "B4.03"))
    assert s.legal_actions() == [Redirect("")]
    with pytest.raises(Refused, match="2.1bC"):
        s.apply(Redirect("B3.02"))
    s.apply(Redirect(""))
    assert s.content.map.hex_id(s.state.units["us"].hex) == "B3.04"


def test_item53_greif_teams_never_set_up_together():
    """5.3 "4x Greif Teams ... with or adjacent": never two in one hex (2.1bE)."""
    s = Session.new("ardennes1994/5.3", seed=1)
    s.apply(PlaceReinforcements(("Ger-Greif:A",), "B50.02"))
    b50_02 = s.content.map.parse("B50.02")
    assert b50_02 not in start_hexes(s.content, s.state, "Ger-Greif:B")
    assert b50_02 in start_hexes(s.content, s.state, "6SSEng:1")
