"""Kampfgruppe Peiper as a rule system: its Campaign Games open, the table plays them freely, and
line of sight is answered through the program's seam on the shipped maps."""

import pytest

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.core.outcome import Refused
from ardennes_qt.core.system import LineOfSight, SightLine
from ardennes_qt.engine.session import Session
from ardennes_qt.engine.systems import register_system
from ardennes_qt.rules.asl_kgp.ruleset import AslKgp
from ardennes_qt.store.library import list_scenarios


@pytest.fixture(scope="module")
def session():
    register_system(AslKgp())  # the entry point may not be installed in a checkout's environment
    return Session.new("asl_kgp/CG1", seed=1)


def test_the_three_campaign_games_are_listed():
    assert [key for key, _ in list_scenarios() if key.startswith("asl_kgp/")] == ["asl_kgp/CG1", "asl_kgp/CG2",
                                                                                "asl_kgp/CG3"]


def test_cg1_opens_on_st_at_its_first_cg_date_as_a_physical_table(session):
    situation = session.situation()
    assert situation.date == "19 AM" and situation.last_turn == 8
    assert session.physical_table
    # The legal actions are the Campaign Game's (its Refit Phase before the Initial Scenario); counters move freely.
    assert session.legal_actions() and situation.segment == "Refit Phase"
    assert ("Rules of play", "not in the program: counters move freely, as on a physical table") in situation.conditions()
    assert session.content.play_area() and all(session.map.numbering.sheet_column_row(h)[0] == "St"
                                               for h in session.content.play_area())


def test_a_move_off_the_map_group_is_refused(session):
    with pytest.raises(Refused):
        session.system.apply(session.content, session.state, MoveUnits(("x",), "ChA10", free=True))


def test_the_locations_of_a_church_with_a_steeple(session):
    los = session.capability(LineOfSight)
    assert [level for level, _ in los.locations(session.content, session.state, "StJ19")] == [0, 1, 2]
    assert "steeple" in los.locations(session.content, session.state, "StJ19")[2][1]


def test_the_sanatorium_sees_the_church_steeple_step_by_step(session):
    line = session.los("StAA15", "StJ19", 4, 2)
    assert isinstance(line, SightLine) and line.steps and line.crossed[0] == "StAA15" and line.crossed[-1] == "StJ19"
    assert line.seen and line.provisional  # A6 is not at hand: the line's reading is provisional
    assert line.target.startswith("StJ19, level")


def test_an_up_slope_location_sees_across_its_slope(session):
    """P2.3: K6 is Up-Slope across J6-K6 (the marks are in J6): a line from K6 crossing that hexside
    raises it ¾ level."""
    line = session.los("StK6", "StF6")
    assert any(s.where == "StK6-J6" and "raises the viewer ¾ level" in s.effect and s.rule == "P2.3"
               for s in line.steps)


def test_a_viewshed_answers_hexes_of_the_map_group(session):
    seen = session.viewshed("StOO40")
    assert seen and all(h.startswith("St") for h in seen)
