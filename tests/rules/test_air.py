"""Weather, Air Strikes and Air Supply (2.2, 3.7; items 69-71) and Air Supply for
Artillery (3.7, 003; item 76)."""

from dataclasses import replace

import pytest

from ardennes_qt.core.dice import die_value
from ardennes_qt.core.outcome import Refused
from ardennes_qt.rules.ardennes2.a2state import Decision
from ardennes_qt.rules.ardennes2.actions import AirStrike, ArtilleryAirSupply, PlaceAirSupply
from ardennes_qt.rules.ardennes2.air import (
    air_strike,
    air_strike_allowed,
    air_strike_availability,
    air_supply_allowed,
    determine_weather,
    place_air_supply,
    strikes_rolled,
)
from ardennes_qt.rules.ardennes2.artillery import artillery_air_supply, artillery_air_supply_due
from ardennes_qt.rules.ardennes2.supply import in_trace_supply
from tests.rules.test_barrage_board import board, east_road, position

CONTENT = board()


def seed_rolling(wanted: set[int]) -> int:
    return next(seed for seed in range(200) if die_value(seed, 0) in wanted)


# --- 2.2 Weather (M3, provisional) -----------------------------------------------------------


@pytest.mark.parametrize(
    "turn, before, rolls, after",
    [
        (7, "clear", None, "clear"),  # 22 Dec: no Freeze roll yet
        (8, "clear", {3, 4, 5, 6}, "freeze"),  # 23 Dec: the first roll
        (8, "clear", {1, 2}, "clear"),
        (12, "freeze", None, "freeze"),  # once come, Freeze lasts: no roll
    ],
)
def test_item69_freeze_roll_from_23_december(turn, before, rolls, after):
    seed = seed_rolling(rolls) if rolls else 1
    state = position(CONTENT, {}, phase="weather", turn=turn, seed=seed, weather=before)
    new, log = determine_weather(CONTENT, state)
    assert new.rules.weather == after
    assert new.draws == (1 if rolls else 0)
    if rolls:
        assert "provisional" in log[0].reasons[0]


# --- 2.2 Air Strike availability (M2, provisional) -------------------------------------------


@pytest.mark.parametrize(
    "weather, strikes",
    [("clear", [0, 0, 0, 1, 1, 2]), ("freeze", [2, 2, 3, 3, 4, 4])],
)
def test_item70_air_strike_table_columns(weather, strikes):
    assert [strikes_rolled(weather, roll) for roll in range(1, 7)] == strikes


@pytest.mark.parametrize("scenario_id, divisor", [("7.1", 1), ("7.2", 1), ("7.3", 2), ("7.4", 2), ("7.5", 2), ("7.6", 2)])
def test_item70_scenarios_7_3_to_7_6_halve_the_strikes_rounding_down(scenario_id, divisor):
    content = board(scenario_id=scenario_id)
    state = position(content, {}, phase="air_strikes", seed=seed_rolling({5, 6}), weather="freeze", air_strikes=9)
    new, log = air_strike_availability(content, state)
    assert new.rules.air_strikes == 4 // divisor  # unused strikes of the last turn are lost
    assert (divisor > 1) == any("halved" in r for r in log[0].reasons)


# --- 2.2, 3.5 Air Strikes ---------------------------------------------------------------------

WHERE = {"1ID:A/1": "A5.05", "1Pz:I/1": "A6.05", "1Pz:II/1": "A12.05"}


@pytest.mark.parametrize(
    "phase, strikes, ok",
    [("us_barrage", 1, True), ("us_movement", 2, True), ("ge_movement", 2, False), ("us_exploitation", 2, False), ("us_movement", 0, False)],
)
def test_item70_air_strikes_in_us_barrage_phases_while_any_are_left(phase, strikes, ok):
    state = position(CONTENT, WHERE, phase=phase, air_strikes=strikes)
    assert air_strike_allowed(CONTENT, state, "A6.05")[0] is ok


def test_item70_an_air_strike_needs_no_range_and_no_spotter():
    state = position(CONTENT, WHERE, air_strikes=2)
    outcome = air_strike(CONTENT, state, AirStrike("A12.05"))
    assert outcome.state.rules.air_strikes == 1
    assert outcome.state.rules.record.strikes_without_spotter == {CONTENT.map.parse("A12.05")}
    assert outcome.state.rules.record.spotters == frozenset()
    assert outcome.log[0].text.startswith("Air Strike barrages A12.05: rolled")


def test_item63_only_one_air_strike_without_a_spotter_per_hex():
    state = position(CONTENT, WHERE, air_strikes=3)
    once = air_strike(CONTENT, state, AirStrike("A12.05")).state
    ok, reasons = air_strike_allowed(CONTENT, once, "A12.05")
    assert not ok and reasons == (
        "this hex already had its Air Strike without a spotter; another needs a US unit within 2 hexes (3.5 Exception)",
    )
    with pytest.raises(Refused):
        air_strike(CONTENT, once, AirStrike("A12.05"))
    # A6.05 has a spotter (1ID:A/1, one hex away): a second strike takes it.
    twice = air_strike(CONTENT, air_strike(CONTENT, once, AirStrike("A6.05")).state, AirStrike("A6.05")).state
    assert twice.rules.record.spotters == {"1ID:A/1"} and twice.rules.air_strikes == 0


# --- 2.2, 3.7 Air Supply ----------------------------------------------------------------------


def test_item71_air_supply_only_in_its_phase_and_from_the_strikes():
    assert air_supply_allowed(CONTENT, position(CONTENT, {}, phase="air_supply", air_strikes=1), "A9.05")[0]
    assert not air_supply_allowed(CONTENT, position(CONTENT, {}, phase="us_movement", air_strikes=1), "A9.05")[0]
    assert not air_supply_allowed(CONTENT, position(CONTENT, {}, phase="air_supply", air_strikes=0), "A9.05")[0]


def test_item71_air_supply_may_drop_on_an_enemy_hex():
    state = position(CONTENT, {"1Pz:I/1": "A9.05"}, phase="air_supply", air_strikes=2)
    after = place_air_supply(CONTENT, state, PlaceAirSupply("A9.05")).state
    assert after.rules.air_supply == (CONTENT.map.parse("A9.05"),) and after.rules.air_strikes == 1


@pytest.mark.parametrize("hex_id, supplied", [("A9.05", True), ("A14.05", True), ("A15.05", False)])
def test_item71_air_supply_reaches_five_hexes_whatever_lies_between(hex_id, supplied):
    # No road leaves this board's map: the Air Supply marker is the only supply there is.
    state = position(CONTENT, {"1ID:A/1": hex_id, "1Pz:I/1": "A10.05", "1Pz:II/1": "A8.05"},
                     air_supply=(CONTENT.map.parse("A9.05"),))
    ok, trace = in_trace_supply(CONTENT, state, "1ID:A/1")
    assert ok is supplied
    if supplied:
        assert trace.reasons == (("within 5 hexes of the Air Supply marker at A9.05", "3.7 Air Supply, 2.2"),)
    assert not in_trace_supply(CONTENT, state, "1Pz:I/1")[0]  # no German air (2.2)


# --- 3.7 Air Supply for Artillery (003) ------------------------------------------------------

SUPPLIED = board(roads=(east_road("A1.05", 6),), exits=(("A1.05", "NW"),))


def test_item76_only_dg_artillery_out_of_supply_may_roll():
    where = {"US-Ind:402": "A3.05", "US-Ind:174": "A18.05", "1ID:A/1": "A18.06", "GE-Ind:405": "A19.09"}
    state = position(SUPPLIED, where, phase="recovery", dg=("US-Ind:402", "US-Ind:174", "1ID:A/1", "GE-Ind:405"))
    due = artillery_air_supply_due(SUPPLIED, state)
    # 402 traces supply along the road; German 405 has no road off the east edge.
    assert [(d.kind, d.side, d.data["unit"]) for d in due] == [
        ("artillery_air_supply", "German", "GE-Ind:405"),
        ("artillery_air_supply", "Allied", "US-Ind:174"),
    ]
    supplied_by_air = replace(state, rules=replace(state.rules, air_supply=(SUPPLIED.map.parse("A15.05"),)))
    assert [d.data["unit"] for d in artillery_air_supply_due(SUPPLIED, supplied_by_air)] == ["GE-Ind:405"]


@pytest.mark.parametrize(
    "rolls, where, dg, text",
    [
        ({1}, "removed", True, "Remove the Artillery unit"),
        ({2, 3}, "map", True, "Both the unit and DG stay"),
        ({4, 5, 6}, "map", False, "Remove the DG"),
    ],
)
def test_item76_air_supply_for_artillery_table(rolls, where, dg, text):
    seed = seed_rolling(rolls)
    decision = Decision("artillery_air_supply", "Allied", {"unit": "US-Ind:174"}, "3.7")
    state = position(SUPPLIED, {"US-Ind:174": "A18.05"}, phase="recovery", dg=("US-Ind:174",), seed=seed, pending=(decision,))
    outcome = artillery_air_supply(SUPPLIED, state, ArtilleryAirSupply("US-Ind:174", True))
    unit = outcome.state.units["US-Ind:174"]
    assert unit.where == where and (where != "map" or unit.dg is dg)
    assert outcome.log[0].text == f"174 Arty Grp: rolled {die_value(seed, 0)}, {text}"
    assert outcome.state.rules.pending == ()


def test_item76_the_owner_may_leave_it_dg_without_a_roll():
    decision = Decision("artillery_air_supply", "Allied", {"unit": "US-Ind:174"}, "3.7")
    state = position(SUPPLIED, {"US-Ind:174": "A18.05"}, phase="recovery", dg=("US-Ind:174",), pending=(decision,))
    outcome = artillery_air_supply(SUPPLIED, state, ArtilleryAirSupply("US-Ind:174", False))
    assert outcome.state.units["US-Ind:174"].dg and outcome.state.draws == 0 and outcome.state.rules.pending == ()


def test_item76_no_roll_without_the_decision():
    state = position(SUPPLIED, {"US-Ind:174": "A18.05"}, phase="recovery", dg=("US-Ind:174",))
    with pytest.raises(Refused, match="no artillery air supply waiting"):
        artillery_air_supply(SUPPLIED, state, ArtilleryAirSupply("US-Ind:174", True))


def test_item63_an_air_strike_with_a_named_spotter_keeps_the_hexs_strike_without_one():
    state = position(CONTENT, WHERE, air_strikes=3)
    spotted = air_strike(CONTENT, state, AirStrike("A6.05", spotter="1ID:A/1")).state
    assert spotted.rules.record.spotters == {"1ID:A/1"}
    assert spotted.rules.record.strikes_without_spotter == frozenset()
    # the hex's one strike without a spotter is still to come
    unspotted = air_strike(CONTENT, spotted, AirStrike("A6.05")).state
    assert unspotted.rules.record.strikes_without_spotter == {CONTENT.map.parse("A6.05")}


@pytest.mark.parametrize(
    "spotter, reason",
    [
        ("1Pz:I/1", "is not a friendly unit: it cannot spot (3.5)"),
        ("1ID:B/1", "1ID:B/1 is not a unit on the map (3.5)"),
    ],
)
def test_item63_a_named_air_strike_spotter_must_qualify(spotter, reason):
    state = position(CONTENT, WHERE, air_strikes=1)
    ok, reasons = air_strike_allowed(CONTENT, state, "A12.05", spotter)
    assert not ok and any(r.endswith(reason) for r in reasons), reasons
    with pytest.raises(Refused):
        air_strike(CONTENT, state, AirStrike("A12.05", spotter=spotter))


def test_item63_a_named_spotter_must_be_within_two_hexes_of_the_strike():
    state = position(CONTENT, WHERE, air_strikes=1)
    ok, reasons = air_strike_allowed(CONTENT, state, "A12.05", "1ID:A/1")
    assert not ok and reasons[-1].endswith("is 7 hexes from the target: a spotter must be within 2 (3.5)")
