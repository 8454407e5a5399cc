"""Barrage (3.5, 3.6; checklist items 62, 63, 66, 68): requirements, chances, the roll."""

from dataclasses import replace
from fractions import Fraction

import pytest

from ardennes_qt.core.dice import die_value
from ardennes_qt.core.outcome import Refused
from ardennes_qt.rules.ardennes2.a2state import PhaseRecord
from ardennes_qt.rules.ardennes2.actions import Barrage
from ardennes_qt.rules.ardennes2.barrage import (
    barrage,
    barrage_allowed,
    barrage_chances,
    legal_barrage_targets,
    success_roll_text,
)
from tests.rules.test_barrage_board import board, east_road, position, with_record

CONTENT = board(terrain={"A6.05": {"woods"}, "A7.05": {"city", "woods"}, "A8.05": {"slope", "open"}})
# US artillery at A1.05 ([7] Divarty of 1 ID, [9] independent 402); 1 ID infantry at A5.05.
BASE = {"1ID:DIVARTY": "A1.05", "US-Ind:402": "A1.06", "1ID:A/1": "A5.05", "1Pz:I/1": "A7.05"}


def allowed(state, artillery="1ID:DIVARTY", target="A7.05"):
    return barrage_allowed(CONTENT, state, artillery, target)


@pytest.mark.parametrize(
    "phase, artillery, ok",
    [
        ("us_movement", "1ID:DIVARTY", True),  # 3.5 the US Movement & Barrage Phase
        ("us_barrage", "1ID:DIVARTY", True),  # 3.6 the US Barrage Phase in the German turn
        ("ge_movement", "1ID:DIVARTY", False),  # not a US barrage phase
        ("us_combat", "1ID:DIVARTY", False),
        ("us_exploitation", "1ID:DIVARTY", False),  # 3.5 not during an Exploitation Phase
        ("ge_movement", "GE-Ind:405", True),  # German Movement & Barrage
        ("us_barrage", "GE-Ind:405", False),  # the US Barrage Phase is the US player's only
    ],
)
def test_item62_barrage_only_in_the_sides_barrage_phases(phase, artillery, ok):
    where = {**BASE, "GE-Ind:405": "A9.05"}
    state = position(CONTENT, where, phase=phase)
    target = "A5.05" if artillery == "GE-Ind:405" else "A7.05"
    assert allowed(state, artillery, target)[0] is ok


def test_item62_exploitation_is_refused_with_its_rule():
    state = position(CONTENT, BASE, phase="us_exploitation")
    assert allowed(state) == (False, ("no barrage during an Exploitation Phase (3.5)",))


@pytest.mark.parametrize(
    "change, reason",
    [
        ({"dg": ("1ID:DIVARTY",)}, "DG artillery cannot barrage (3.4, 3.5)"),
        ({"moved": frozenset({"1ID:DIVARTY"})}, "it has moved this phase: artillery fires or moves (3.5, 3.6)"),
        ({"fired": frozenset({"1ID:DIVARTY"})}, "it has already fired this phase (3.6)"),
    ],
)
def test_item62_not_dg_not_moved_not_fired(change, reason):
    dg = change.pop("dg", ())
    state = position(CONTENT, BASE, dg=dg)
    if change:
        state = with_record(state, **change)
    ok, reasons = allowed(state)
    assert not ok and reason in reasons


def test_item62_a_placed_reinforcement_that_spent_no_mp_may_fire():
    # "A placed Reinforcement has not Moved until it expends MPs on the map" (3.5): only
    # units in PhaseRecord.moved have moved.
    state = position(CONTENT, BASE)
    assert allowed(state)[0]


@pytest.mark.parametrize(
    "target, ok",
    [
        ("A7.05", True),  # 6 hexes, range [7]
        ("A8.05", True),  # 7 hexes: "at or within Range"
        ("A9.05", False),  # 8 hexes
    ],
)
def test_item62_range_is_a_straight_line(target, ok):
    state = position(CONTENT, {**BASE, "1ID:A/1": "A8.06"})
    assert allowed(state, target=target)[0] is ok


def test_item62_out_of_range_says_how_far():
    state = position(CONTENT, {**BASE, "1ID:A/1": "A8.06"})
    assert "A9.05 is 8 hexes away, range [7]: out of range (3.5)" in allowed(state, target="A9.05")[1]


@pytest.mark.parametrize(
    "spotter_hex, ok",
    [("A5.05", True), ("A6.04", True), ("A4.05", False)],  # 2, 2 and 3 hexes from A7.05
)
def test_item62_a_spotter_within_two_hexes(spotter_hex, ok):
    state = position(CONTENT, {**BASE, "1ID:A/1": spotter_hex})
    assert allowed(state)[0] is ok


def test_item62_artillery_may_spot_for_itself():
    state = position(CONTENT, {"US-Ind:402": "A5.06", "1Pz:I/1": "A7.05"})
    assert allowed(state, "US-Ind:402")[0]


@pytest.mark.parametrize(
    "artillery, spotter, ok",
    [
        ("1ID:DIVARTY", "1ID:A/1", True),  # its own division spots
        ("1ID:DIVARTY", "2ID:A/9", False),  # 3.1: Divarty needs a spotter of its own division
        ("US-Ind:402", "2ID:A/9", True),  # an independent takes any friendly spotter
    ],
)
def test_item62_divarty_needs_its_own_division(artillery, spotter, ok):
    state = position(CONTENT, {"1ID:DIVARTY": "A1.05", "US-Ind:402": "A1.06", spotter: "A5.05", "1Pz:I/1": "A7.05"})
    ok_, reasons = allowed(state, artillery)
    assert ok_ is ok
    if not ok:
        assert reasons == ("Divarty needs a spotter of 1 Inf Div within 2 hexes of the target (3.1, 3.5)",)


def test_item62_legal_targets_are_in_range_and_spotted():
    state = position(CONTENT, {"1ID:DIVARTY": "A1.05", "1ID:A/1": "A5.05"})
    targets = set(legal_barrage_targets(CONTENT, state, "1ID:DIVARTY"))
    p = CONTENT.map.parse
    expected = {
        CONTENT.map.hex_id(h)
        for h in p("A5.05").within(2)
        if CONTENT.map.contains(h) and h.distance(p("A1.05")) <= 7
    } | {CONTENT.map.hex_id(h) for h in p("A1.05").within(2) if CONTENT.map.contains(h)}
    assert targets == expected
    assert legal_barrage_targets(CONTENT, position(CONTENT, BASE, phase="us_combat"), "1ID:DIVARTY") == []


# --- 3.5 Barrage Resolution -------------------------------------------------------------------


@pytest.mark.parametrize(
    "target, extra_units, markers_at_artillery, terrain, drm, half, full",
    [
        ("A4.05", 0, (), "open", 0, Fraction(2, 6), Fraction(2, 6)),  # (3-4) 5-6
        ("A6.05", 0, (), "woods", 0, Fraction(1, 6), Fraction(2, 6)),  # (4) 5-6
        ("A7.05", 0, (), "city", 0, Fraction(1, 6), Fraction(1, 6)),  # city + woods: the city's (5) 6 is hardest
        ("A8.05", 0, (), "slope", 0, Fraction(2, 6), Fraction(1, 6)),  # slope + open: (4-5) 6
        ("A6.05", 2, (), "woods", 2, Fraction(1, 6), Fraction(4, 6)),  # three units: +2
        ("A7.05", 0, ("German:full",), "city", -1, Fraction(1, 6), Fraction(0)),  # -1 per enemy marker
        ("A4.05", 0, ("German:full", "German:full", "Allied:full"), "open", -2, Fraction(2, 6), Fraction(0)),
    ],
)
def test_item63_chances_after_modifiers(target, extra_units, markers_at_artillery, terrain, drm, half, full):
    where = {"US-Ind:402": "A1.05", "1Pz:I/1": target}
    for uid in ("1Pz:II/1", "1Pz:Fus")[:extra_units]:
        where[uid] = target
    state = position(CONTENT, where, markers={"A1.05": markers_at_artillery})
    chances = barrage_chances(CONTENT, state, target, "US-Ind:402")
    assert (chances.terrain, chances.drm, chances.half, chances.full) == (terrain, drm, half, full)
    assert chances.nothing == 1 - half - full


def test_item63_each_modifier_has_its_reason():
    where = {"US-Ind:402": "A1.05", "1Pz:I/1": "A6.05", "1Pz:II/1": "A6.05"}
    state = position(CONTENT, where, markers={"A1.05": ("German:full",)})
    assert barrage_chances(CONTENT, state, "A6.05", "US-Ind:402").modifiers == (
        (1, "1 more unit(s) in the target hex", "3.5, TEC"),
        (-1, "1 enemy barrage marker(s) in the firing artillery's hex", "3.5, 003"),
    )


def test_item63_a_roll_beyond_six_still_places_a_full_marker():
    where = {"US-Ind:402": "A1.05", "1Pz:I/1": "A7.05", "1Pz:II/1": "A7.05", "1Pz:Fus": "A7.05"}
    chances = barrage_chances(CONTENT, position(CONTENT, where), "A7.05", "US-Ind:402")
    assert [chances.result(roll) for roll in range(1, 7)] == [None, None, "half", "full", "full", "full"]


# --- the Barrage action -------------------------------------------------------------------------

SUPPLIED = board(roads=(east_road("A1.05", 8),), exits=(("A1.05", "NW"),))


def test_item63_the_barrage_places_the_marker_the_roll_gives():
    state = position(SUPPLIED, {"US-Ind:402": "A1.05", "1ID:A/1": "A5.05", "1Pz:I/1": "A6.05"}, seed=3)
    outcome = barrage(SUPPLIED, state, Barrage("US-Ind:402", "A6.05"))
    roll = die_value(3, 0)
    expected = barrage_chances(SUPPLIED, state, "A6.05", "US-Ind:402").result(roll)
    placed = outcome.state.markers.get(SUPPLIED.map.parse("A6.05"), ())
    assert placed == ((f"Allied:{expected}",) if expected else ())
    assert outcome.state.draws == 1
    assert outcome.log[0].text.startswith(f"402 Arty Grp barrages A6.05: rolled {roll}")
    assert "open: (3-4) 5-6 (TEC Barrage Success Roll, 3.5)" in outcome.log[0].reasons


def test_item66_fires_once_a_phase_and_the_spotter_is_held():
    state = position(SUPPLIED, {"US-Ind:402": "A1.05", "1ID:A/1": "A5.05", "1Pz:I/1": "A6.05"})
    after = barrage(SUPPLIED, state, Barrage("US-Ind:402", "A6.05")).state
    record = after.rules.record
    assert record.fired == {"US-Ind:402"} and record.spotters == {"1ID:A/1"}
    with pytest.raises(Refused, match="already fired this phase"):
        barrage(SUPPLIED, after, Barrage("US-Ind:402", "A6.05"))


def test_item62_self_spotting_artillery_holds_no_other_unit():
    state = position(SUPPLIED, {"US-Ind:402": "A4.05", "1ID:A/1": "A5.05", "1Pz:I/1": "A6.05"})
    after = barrage(SUPPLIED, state, Barrage("US-Ind:402", "A6.05")).state
    assert after.rules.record.spotters == {"US-Ind:402"}


def test_item62_a_spotter_that_has_moved_is_used_before_one_that_has_not():
    state = position(SUPPLIED, {"US-Ind:402": "A1.05", "1ID:A/1": "A5.05", "1ID:B/1": "A6.06", "1Pz:I/1": "A6.05"})
    state = with_record(state, moved=frozenset({"1ID:B/1"}))
    after = barrage(SUPPLIED, state, Barrage("US-Ind:402", "A6.05")).state
    assert after.rules.record.spotters == {"1ID:B/1"}


def test_item66_the_same_us_artillery_fires_in_both_us_barrage_phases():
    # The phase record is cleared when a phase begins, so "fired" does not carry over (3.6).
    where = {"US-Ind:402": "A1.05", "1ID:A/1": "A5.05", "1Pz:I/1": "A6.05"}
    first = barrage(SUPPLIED, position(SUPPLIED, where, phase="us_barrage"), Barrage("US-Ind:402", "A6.05")).state
    second_phase = replace(first, phase="us_movement", rules=replace(first.rules, record=PhaseRecord()))
    assert barrage_allowed(SUPPLIED, second_phase, "US-Ind:402", "A6.05")[0]


@pytest.mark.parametrize("content, dg", [(SUPPLIED, False), (CONTENT, True)])
def test_item68_artillery_that_barrages_out_of_supply_becomes_dg(content, dg):
    state = position(content, {"US-Ind:402": "A1.05", "1ID:A/1": "A5.05", "1Pz:I/1": "A6.05"})
    outcome = barrage(content, state, Barrage("US-Ind:402", "A6.05"))
    assert outcome.state.units["US-Ind:402"].dg is dg
    assert any("unable to trace supply" in line.text for line in outcome.log) is dg


@pytest.mark.parametrize(
    "action, message",
    [
        (Barrage("US-Ind:402", "A12.05"), "out of range"),
        (Barrage("1ID:A/1", "A6.05"), "is not artillery"),
        (Barrage("US-Ind:402", "Z1.01"), "no map sheet"),
        (Barrage("nobody", "A6.05"), "no unit nobody"),
    ],
)
def test_refused_barrages_say_why(action, message):
    state = position(SUPPLIED, {"US-Ind:402": "A1.05", "1ID:A/1": "A5.05", "1Pz:I/1": "A6.05"})
    with pytest.raises(Refused, match=message):
        barrage(SUPPLIED, state, action)


@pytest.mark.parametrize(
    "half, full, text",
    [((3, 4), (5, 6), "(3-4) 5-6"), ((4, 4), (5, 6), "(4) 5-6"), ((5, 5), (6, 6), "(5) 6"), (None, (6, 6), "6")],
)
def test_item63_success_rolls_read_as_the_tec_prints_them(half, full, text):
    assert success_roll_text(half, full) == text


# --- 3.5 Spotter: the player names it -------------------------------------------------------------


def test_item62_the_player_names_the_spotter_and_it_is_held():
    # Two spotters within 2 hexes; the automatic pick would take the one that has moved.
    state = position(SUPPLIED, {"US-Ind:402": "A1.05", "1ID:A/1": "A5.05", "1ID:B/1": "A6.06", "1Pz:I/1": "A6.05"})
    state = with_record(state, moved=frozenset({"1ID:B/1"}))
    outcome = barrage(SUPPLIED, state, Barrage("US-Ind:402", "A6.05", spotter="1ID:A/1"))
    assert outcome.state.rules.record.spotters == {"1ID:A/1"}
    name = SUPPLIED.counter("1ID:A/1").name
    assert f"spotter: {name}, cannot move further this phase (3.5)" in outcome.log[0].reasons
    assert Barrage("US-Ind:402", "A6.05", spotter="1ID:A/1").describe() == "barrage A6.05 with US-Ind:402, spotted by 1ID:A/1"


@pytest.mark.parametrize(
    "artillery, spotter, where, reason",
    [
        ("US-Ind:402", "1ID:A/1", "A3.05", "is 3 hexes from the target: a spotter must be within 2 (3.5)"),
        ("US-Ind:402", "1Pz:II/1", "A5.05", "is not a friendly unit: it cannot spot (3.5)"),
        ("1ID:DIVARTY", "2ID:A/9", "A5.05", "is not of 1 Inf Div: Divarty needs a spotter of its own Division (3.1, 3.5)"),
        ("US-Ind:402", "1ID:B/1", None, "1ID:B/1 is not a unit on the map (3.5)"),
    ],
)
def test_item62_a_named_spotter_must_qualify(artillery, spotter, where, reason):
    units = {"US-Ind:402": "A1.05", "1ID:DIVARTY": "A1.06", "1Pz:I/1": "A6.05"}
    if where:
        units[spotter] = where
    state = position(SUPPLIED, units)
    ok, reasons = barrage_allowed(SUPPLIED, state, artillery, "A6.05", spotter)
    assert not ok and any(r.endswith(reason) for r in reasons), reasons
    with pytest.raises(Refused):
        barrage(SUPPLIED, state, Barrage(artillery, "A6.05", spotter=spotter))


def test_item62_self_spotting_may_be_named():
    state = position(SUPPLIED, {"US-Ind:402": "A4.05", "1ID:A/1": "A5.05", "1Pz:I/1": "A6.05"})
    after = barrage(SUPPLIED, state, Barrage("US-Ind:402", "A6.05", spotter="US-Ind:402")).state
    assert after.rules.record.spotters == {"US-Ind:402"}
