"""Victory and VP hex control (6.0; 7.2-7.6; checklist items 77, 93-95, 97-101)."""

from __future__ import annotations

import pytest

from ardennes_qt.core.system import Victory
from ardennes_qt.core.scenario import Bounds
from ardennes_qt.rules.ardennes2.control import control_log, controller, update_control, vp_control
from ardennes_qt.rules.ardennes2.play import RULES
from ardennes_qt.rules.ardennes2.ruleset import Ardennes2
from ardennes_qt.rules.ardennes2.situation import rules_data
from ardennes_qt.rules.ardennes2.victory import (
    german_vp,
    level_for,
    record_turn_vp,
    victory_rules,
    victory_status,
)
from tests.rules.test_supply import FULL, board

# A Road off the west edge (Allied) and one off the east edge (German); VP hexes A3.03 and B3.03.
ROADS = dict(
    roads=[("road", "A1.03 A2.03"), ("road", "B5.03 B6.03")],
    exits=[("A1.03", "NW", "road"), ("B6.03", "NE", "road")],
    places={"A3.03": ("Westdorf", 2), "B3.03": ("Ostdorf", 3), "A5.05": ("Hamlet", 0)},
)


@pytest.mark.parametrize(
    "scenario_id, total, result, winner",
    [
        ("7.1", 40, "Major German Victory", "German"),
        ("7.1", 33, "Major German Victory", "German"),  # 6.0: 33 or more
        ("7.1", 32, "Minor German Victory", "German"),
        ("7.1", 29, "Minor German Victory", "German"),
        ("7.1", 28, "Draw", ""),
        ("7.1", 26, "Draw", ""),  # the historical result
        ("7.1", 24, "Draw", ""),
        ("7.1", 23, "Minor Allied Victory", "Allied"),
        ("7.1", 19, "Minor Allied Victory", "Allied"),
        ("7.1", 18, "Major Allied Victory", "Allied"),
        ("7.1", 0, "Major Allied Victory", "Allied"),
        ("7.3", 10, "Major German Win", "German"),  # 7.3's own schedule
        ("7.3", 9, "Draw", ""),
        ("7.3", 6, "Draw", ""),
        ("7.3", 5, "Major Allied Win", "Allied"),
    ],
)
def test_vp_levels(scenario_id, total, result, winner):
    content, _ = board(scenario_id=scenario_id)
    level = level_for(total, victory_rules(content.scenario))
    assert (level.result, level.winner) == (result, winner)


# --- control (6.0) ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "units, entered, control, expected",
    [
        (["1SS:A@B3.03"], "B3.03", {}, "German"),  # in trace supply: the Germans take it
        (["1SS:A@A3.03"], "A3.03", {}, "Allied"),  # out of supply: control does not change
        (["1SS:A@A3.03"], "A3.03", {"A3.03": "German"}, "German"),
        (["1ID:A@A3.03"], "A3.03", {"A3.03": "German"}, "Allied"),  # the Allies take it back
        (["1ID:A@B3.03"], "B3.03", {"B3.03": "German"}, "German"),  # 7 hexes from the Allied road
        (["1SS:A@B3.03"], "A1.01", {}, "Allied"),  # B3.03 was not entered
    ],
)
def test_control_goes_to_the_last_to_occupy_in_trace_supply(units, entered, control, expected):
    content, state = board(**ROADS, units=units, control=control)
    hex_id = units[0].split("@")[1]
    after = update_control(content, state, [content.map.parse(entered)])
    assert controller(content, after, content.map.parse(hex_id)) == expected


def test_control_defaults_to_the_allies_and_counts_only_vp_hexes():
    """M10 (provisional): a VP hex nobody has occupied is Allied; the Hamlet has no VP."""
    content, state = board(**ROADS, units=["1SS:A@A5.05"])
    assert {content.map.hex_id(h): side for h, side in vp_control(content, state).items()} == {
        "A3.03": "Allied",
        "B3.03": "Allied",
    }
    assert update_control(content, state, [content.map.parse("A5.05")]) is state


def test_vp_hexes_outside_the_play_area_are_not_in_play():
    content, state = board(**ROADS, maps=("B",), units=["1SS:A@B3.03"])
    assert [content.map.hex_id(h) for h in vp_control(content, state)] == ["B3.03"]


def test_control_changes_are_logged():
    content, state = board(**ROADS, units=["1SS:A@B3.03"])
    after = update_control(content, state, [content.map.parse("B3.03")])
    (line,) = control_log(content, state, after)
    assert line.text == "Ostdorf B3.03 (3 VP): now German-controlled"
    assert "6.0" in line.reasons[0]


# --- the VP total at each turn's end (6.0) -----------------------------------------------------


def test_turn_end_settles_held_hexes_and_records_the_total():
    content, state = board(**ROADS, units=["1SS:A@B3.03"], turn=2)
    after, log = record_turn_vp(content, state)
    assert rules_data(after).vp_by_turn == {2: 3}
    assert log[-1].text == "Turn 2: the Germans hold 3 VP"
    assert log[-1].reasons == ("3 VP: Ostdorf B3.03 German-controlled (6.0)",)


@pytest.mark.parametrize(
    "by_turn, judged, turn, result, final",
    [
        ({1: 20, 2: 30, 3: 25}, 30, 2, "Minor German Victory", True),  # 6.0: the greatest turn total
        ({1: 20, 2: 30}, 30, 2, "Minor German Victory", False),  # play goes on
        ({}, 0, None, "Major Allied Victory", False),  # no turn ended: the total now
    ],
)
def test_the_greatest_turn_total_decides(by_turn, judged, turn, result, final):
    content, state = board(**ROADS, scenario_id="7.1", vp_by_turn=by_turn, last_turn=3)
    report = victory_status(content, state)
    assert (report.vp, report.vp_turn, report.result, report.final) == (judged, turn, result, final)
    assert report.reasons[0][2] == "6.0"


@pytest.mark.parametrize(
    "exited, exit_vp",
    [
        ({"2Pz": 5}, 1),  # 7.2: 2 Pz Div (5)
        ({"2Pz": 4}, 0),
        ({"2Pz": 5, "1SS": 7, "12SS": 6}, 2),
    ],
)
def test_7_2_one_vp_per_formation_exited_with_enough_units(exited, exit_vp):
    content, state = board(**ROADS, scenario_id="7.2", exited=exited)
    total, reasons = german_vp(content, state)
    assert total == exit_vp
    assert all(rule == "7.2, 6.0" for _, _, rule in reasons)


def test_7_3_exits_count_on_its_own_schedule():
    content, state = board(**ROADS, scenario_id="7.3", exited={"1SS": 7, "9SS": 7}, control={"B3.03": "German"})
    total, reasons = german_vp(content, state)
    assert total == 5  # Ostdorf 3 + two formations
    assert victory_status(content, state).result == "Major Allied Win"


# --- the scenarios won by holding hexes (7.4-7.6) ----------------------------------------------

GOOSE_EGG = dict(
    numbering=FULL,
    scenario_id="7.4",
    maps=("B",),
    bounds=[Bounds("B", min_column=9, min_row=27, max_row=39)],
    places={"B20.34": ("St. Vith", 3), "B21.29": ("Burg Reuland", 1), "B10.34": ("Vielsalm", 2), "B15.30": ("Elsewhere", 1)},
)


@pytest.mark.parametrize(
    "german, result",
    [
        (["B20.34", "B21.29", "B10.34"], "German Victory"),  # 7.4: all three at the end
        (["B20.34", "B21.29", "B15.30"], "Allied Victory"),
        ([], "Allied Victory"),
    ],
)
def test_7_4_all_three(german, result):
    content, state = board(**GOOSE_EGG, control={h: "German" for h in german})
    report = victory_status(content, state)
    assert report.result == result
    assert report.reasons[0][:2] == (sum(h in german for h in ("B20.34", "B21.29", "B10.34")), "German-controlled VP hexes, 3 needed")


BASTOGNE = dict(
    numbering=FULL,
    scenario_id="7.5",
    bounds=[Bounds("A", min_column=33, min_row=11, max_row=24), Bounds("B", max_column=12, min_row=11, max_row=24)],
    places={"B1.16": ("Bastogne", 5)},
)


@pytest.mark.parametrize(
    "control, exited, result",
    [
        ({"B1.16": "German"}, {"2Pz": 7, "Lehr": 4}, "German Victory"),  # 7.5: both conditions
        ({"B1.16": "German"}, {"2Pz": 7, "Lehr": 3}, "Allied Victory"),
        ({}, {"2Pz": 9, "Lehr": 5}, "Allied Victory"),  # the Americans hold Bastogne
    ],
)
def test_7_5_bastogne_and_the_exits(control, exited, result):
    content, state = board(**BASTOGNE, control=control, exited=exited)
    report = victory_status(content, state)
    assert report.result == result
    assert any("by the end of Turn 8" in why for _, why, _ in report.reasons)


@pytest.mark.parametrize("held, result", [(4, "German Victory"), (3, "Allied Victory")])
def test_7_6_four_vp_hexes_of_the_play_area(held, result):
    hexes = ["A17.26", "A34.27", "A23.31", "A27.33", "A11.35"]
    content, state = board(
        numbering=FULL,
        scenario_id="7.6",
        maps=("A",),
        bounds=[Bounds("A", min_row=23)],
        places={h: (h, 2) for h in hexes + ["A24.17"]},  # St. Hubert A24.17 lies outside the area
        control={h: "German" for h in hexes[:held]} | {"A24.17": "German"},
    )
    assert victory_status(content, state).result == result


# --- the shipped scenarios at their start ------------------------------------------------------


@pytest.mark.parametrize(
    "scenario, result, first_reason",
    [
        ("7.1", "Major Allied Victory", (0, "greatest German VP total now (no turn has ended yet)", "6.0")),
        ("7.4", "Allied Victory", (0, "German-controlled VP hexes, 3 needed", "7.4")),  # "does not control any VPs"
        ("7.5", "Allied Victory", (0, "German-controlled VP hexes, 1 needed", "7.5")),  # the Americans hold Bastogne
        ("7.6", "Allied Victory", (2, "German-controlled VP hexes, 4 needed", "7.6")),  # Rochefort and La Roche
    ],
)
def test_shipped_scenarios_start_with_their_stated_control(scenario, result, first_reason):
    from ardennes_qt.engine import Session

    session = Session.new(f"ardennes2/{scenario}", seed=1)
    report = session.capability(Victory).victory_status(session.content, session.state)
    assert (report.result, report.reasons[0], report.final) == (result, first_reason, False)


def test_the_ruleset_lists_supplied_hexes_for_an_overlay():
    content, state = board(**ROADS)
    hexes = RULES.supplied_hexes(content, state, "German")
    assert "B6.03" in hexes and "A1.03" not in hexes and hexes == sorted(hexes)
