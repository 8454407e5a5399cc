"""The setup sheet model: every set-up unit once, by formation and hex by hex; every
arrival by turn and entry place; the marks and the words a player reads."""

from dataclasses import replace

import pytest

from ardennes_qt.engine.setup_sheet import MARK, setup_sheet
from ardennes_qt.store.library import list_scenarios, load_content
from tests.builders import small_content

SCENARIOS = [key for key, _ in list_scenarios()]


@pytest.fixture(scope="module", params=SCENARIOS)
def shipped(request):
    content = load_content(request.param)
    return content, setup_sheet(content)


def test_every_set_up_unit_is_listed_once_at_its_hex(shipped):
    content, sheet = shipped
    listed = [(line.unit.counter_id, line.hex, line.within) for s in sheet.sides for f in s.formations for line in f.lines]
    placed = [(p.counter, p.hex, p.within) for p in content.scenario.placements]
    assert sorted(listed, key=str) == sorted(placed, key=str)


def test_units_are_grouped_by_formation_in_listing_order_then_hex_by_hex(shipped):
    content, sheet = shipped
    n = content.map.numbering
    for side in sheet.sides:
        placements = [p for p in content.scenario.placements if content.counter(p.counter).side == side.side]
        first_seen = list(dict.fromkeys(content.counter(p.counter).formation for p in placements))
        assert [f.code for f in side.formations] == first_seen
        for formation in side.formations:
            assert all(content.counter(line.unit.counter_id).formation == formation.code for line in formation.lines)
            indexes = [n.index(line.hex) for line in formation.lines]
            assert indexes == sorted(indexes)


def test_every_arrival_is_listed_by_turn_and_entry_place(shipped):
    content, sheet = shipped
    seen = []
    for side in sheet.reinforcements:
        turns = [t.turn for t in side.turns]
        assert turns == sorted(set(turns))
        for turn in side.turns:
            for place, entries in turn.places:
                assert all(e.place == place for e in entries)
                seen += [(side.side, turn.turn, u.counter_id) for e in entries for u in e.units]
    expected = [(a.side, a.turn, c) for a in content.scenario.arrivals for c in a.counters]
    assert sorted(seen) == sorted(expected)


def test_the_sheet_states_turns_maps_and_rules(shipped):
    content, sheet = shipped
    scenario = content.scenario
    assert sheet.title == scenario.title and sheet.key == scenario.key
    assert str(scenario.first_turn) in sheet.turns and scenario.dates[scenario.first_turn] in sheet.dates
    assert [text for _, text in sheet.rules] and all(text in dict(sheet.rules).values() for text in scenario.text.values())
    assert sheet.representative_map
    assert len(sheet.stacks) > 0 or not scenario.placements  # KGP's Initial OBs have no counters yet


def test_the_play_area_in_words():
    peiper = setup_sheet(load_content("ardennes2/7.3"))
    assert peiper.play_area == "Map B, B1.36 to B40.54: rows 36 and north. Limits inclusive."
    bastogne = setup_sheet(load_content("ardennes2/7.5"))
    assert "Map A, A33.11 to A40.24: columns 33 and east, rows 11 to 24." in bastogne.play_area
    assert "Map B, B1.11 to B12.24: columns 12 and west, rows 11 to 24." in bastogne.play_area
    assert setup_sheet(load_content("ardennes2/7.1")).play_area == "All of Maps A and B."


def test_a_borrowed_set_up_is_listed_in_full_and_says_where_it_comes_from():
    content = load_content("ardennes2/7.2")
    sheet = setup_sheet(content)
    assert "set-up of scenario 7.1" in sheet.setup_source
    assert "1-3-16 Inf Bn (99)" in sheet.setup_source and "2-3-14 Mech Bn (526)" in sheet.setup_source
    assert "Set up in hexes of their own, as 7.1 sets them up off the maps used here" in sheet.setup_source
    assert "Not in play" not in sheet.setup_source
    assert sum(s.count for s in sheet.sides) == len(content.scenario.placements) == 193
    entries = {e.place: e for s in sheet.reinforcements for t in s.turns for _, es in t.places for e in es}
    # 7.2 reading: printed on Map A, they enter at the play area's edge nearest their printed place.
    assert entries["A38.48"].outside
    assert "Printed outside the play area: enters at B1.48, the play area's edge nearest it." in entries["A38.48"].remarks
    assert "enters at B1.30 to B1.36" in entries["Entry Area L"].remarks


def test_within_set_ups_keep_their_wording_and_say_where_the_map_shows_them():
    sheet = setup_sheet(load_content("ardennes2/7.4"))
    lines = {line.unit.counter_id: line for s in sheet.sides for f in s.formations for line in f.lines}
    assert lines["9SS:Recke"].place == "w/i 1 B40.38"
    assert {s.place for s in sheet.spreads} == {"w/i 1 B40.38", "w/i 1 B40.30"}
    moved = [line for line in lines.values() if line.within and line.shown_at]
    assert moved and all(line.status.endswith(f"map: {line.shown_at}") for line in moved)
    # Arty Grp 174 is listed in a hex the enemy also sets up in: the listed hex stays.
    assert lines["US-Ind:174"].place == "B22.38" and lines["US-Ind:174"].shown_at == "B21.37"
    assert ("w/i N", "set up within N hexes of the hex, as the owner chooses") in sheet.marks


def test_step_losses_show_the_reduced_side_with_its_estimated_mark():
    sheet = setup_sheet(load_content("ardennes2/7.3"))
    reduced = [line for s in sheet.sides for f in s.formations for line in f.lines if line.unit.step_loss]
    assert len(reduced) == 5
    assert all(line.status.startswith(f"Step Loss: {MARK}") for line in reduced)
    assert all(MARK not in line.unit.shown_values for line in reduced)  # the printed values are not estimated
    assert dict(sheet.marks)[MARK].startswith("estimated")
    assert "reduced side" in dict(sheet.estimates)


def test_dg_starts_and_the_die_roll_arrivals():
    sheet = setup_sheet(load_content("ardennes2/7.1"))
    dg = [line for s in sheet.sides for f in s.formations for line in f.lines if line.unit.dg]
    assert len(dg) == 19 and all("DG" in line.status for line in dg)
    rolls = [e for s in sheet.reinforcements for t in s.turns for _, es in t.places for e in es if e.roll]
    assert {e.roll for e in rolls} == {5} and all("Arrives only on a die roll of 5+." in e.remarks for e in rolls)


def test_markers_at_the_start():
    assert setup_sheet(load_content("ardennes2/7.5")).markers == (
        "B1.16 Bastogne: Allied control", "A37.23: Bridge Blown marker", "B11.14: Bridge Blown marker")


def test_a_scenario_the_rules_cannot_open_still_lists_its_set_up_and_says_so():
    content = small_content()
    content = replace(content, scenario=replace(content.scenario, system="no_such_system"))
    sheet = setup_sheet(content)
    assert sum(s.count for s in sheet.sides) == 4
    assert any("cannot open this scenario" in note for note in sheet.notes)
    assert {content.map.hex_id(s.hex) for s in sheet.stacks} == {"A2.03", "A1.01", "B3.03"}
