"""Decisions the game waits for, answered as a player does: a Bug Out's destination picked
on the map (or the gun dragged there), Air Supply for Artillery by its buttons; bridge
blowing from the bridge's menu, and Air Supply placed with a click in its phase."""

import pytest

from ardennes_qt.core.dice import die_value
from ardennes_qt.core.mapdata import Bridge
from ardennes_qt.engine.session import Session
from ardennes_qt.rules.ardennes2.actions import EndPhase
from ardennes_qt.rules.ardennes2.a2state import Decision
from ardennes_qt.rules.ardennes2.artillery import open_bug_outs
from ardennes_qt.ui.decision_prompts import NOTHING_WAITS
from tests.gui.mouse import click, counter_point, drag, hex_point, hover
from tests.gui.play_table import answer_button, entry, right_click, table_on
from tests.rules.test_barrage_board import board, east_road, position

GUN = "US-Ind:402"
ROAD = east_road("A1.05", 14)
BUG_OUT_BOARD = board(roads=(ROAD,), exits=(("A1.05", "NW"),), terrain={"A2.05": {"forest"}})


@pytest.fixture
def bug_out(qtbot):
    """A German Panzer battalion next to the gun as a Movement Phase begins: it must Bug Out."""
    state = position(BUG_OUT_BOARD, {GUN: "A12.05", "1Pz:I/1": "A13.05", "1ID:A/1": "A3.05"}, phase="ge_movement")
    state, _ = open_bug_outs(BUG_OUT_BOARD, state)
    return table_on(qtbot, BUG_OUT_BOARD, state)


def test_the_dock_names_who_decides_what_and_marks_the_destinations(bug_out):
    panel = bug_out.combat.panel
    assert bug_out.combat.dock.isVisible()
    assert panel.title.text() == "Allied player: 402 Arty Grp must Bug Out (3.6)"
    assert "Enemy adjacent: I/1 Pz Bn (3.6)." in panel.details.text()
    assert [panel.picks.item(i).text() for i in range(panel.picks.count())] == [
        "Bug Out to A1.05", "Bug Out to A3.05", "Bug Out to A4.05"]
    assert set(bug_out.combat.prompt._choices.hexes) == {"A1.05", "A3.05", "A4.05"}


def test_a_bug_out_destination_picked_on_the_map(bug_out):
    session = bug_out.session
    click(bug_out, hex_point(bug_out, "A4.05"))
    gun = session.unit(GUN)
    assert (gun.hex, gun.dg) == ("A4.05", True)
    assert session.decision() is None
    assert bug_out.combat.panel.details.text() == NOTHING_WAITS
    assert bug_out.combat.prompt._choices.hexes == ()


def test_a_bug_out_by_dragging_the_gun_and_a_wrong_hex_refused(bug_out):
    session = bug_out.session
    drag(bug_out, counter_point(bug_out, GUN), hex_point(bug_out, "A9.05"))  # not a Bug Out hex
    assert session.unit(GUN).hex == "A12.05" and session.decision()["kind"] == "bug_out"
    drag(bug_out, counter_point(bug_out, GUN), hex_point(bug_out, "A3.05"))
    assert session.unit(GUN).hex == "A3.05" and session.decision() is None


def test_a_bug_out_by_keyboard_from_the_list(bug_out):
    panel = bug_out.combat.panel
    bug_out.combat.show_decision()
    panel.picks.setCurrentRow(0)
    assert bug_out.combat.prompt.chosen.route == ("A12.05", "A1.05")  # drawn on the map before it is taken
    panel.take.click()
    assert bug_out.session.unit(GUN).hex == "A1.05"


def test_air_supply_for_artillery_by_its_buttons(qtbot):
    decision = Decision("artillery_air_supply", "Allied", {"unit": GUN}, "3.7")
    state = position(BUG_OUT_BOARD, {GUN: "A12.05"}, phase="recovery", dg=(GUN,), pending=(decision,))
    window = table_on(qtbot, BUG_OUT_BOARD, state)
    panel = window.combat.panel
    assert panel.title.text() == "Allied player: 402 Arty Grp is DG and cannot trace supply (3.7)"
    assert [b.text() for b in panel.answer_buttons] == ["&1 Roll for Air Supply", "&2 Leave it DG"]
    answer_button(panel, "Leave it DG").click()
    assert window.session.unit(GUN).dg
    assert all(d["kind"] != "artillery_air_supply" for d in window.session.phase().pending)


BRIDGES = board(
    roads=(east_road("A1.05", 14),),
    sides={("A6.05", "SE"): {"river"}},
    bridges={("A6.05", "SE"): Bridge(plunger="P1")},
    plungers={"P1": "A6.05"},
)


def test_bridges_blown_from_the_bridges_menu(qtbot):
    seed = next(s for s in range(200) if die_value(s, 0) == 6)  # 4-6: Blown (provisional table)
    window = table_on(qtbot, BRIDGES, position(BRIDGES, {"1ID:A/1": "A7.05", "1Pz:I/1": "A12.05"}, seed=seed))
    blow = entry(right_click(window, "A7.05"), "Blow the bridges of plunger P1 (A6.05) with A/1")
    assert blow.isEnabled()
    blow.trigger()
    assert window.session.plungers_at("A6.05") == {"P1": "blown"}
    again = entry(right_click(window, "A6.05"), "Blow the bridges of plunger P1")
    assert not again.isEnabled() and "already marked Blown: one attempt per game (3.8)" in again.text()


def test_a_bridge_no_unit_may_blow_says_why(qtbot):
    window = table_on(qtbot, BRIDGES, position(BRIDGES, {"1ID:A/1": "A12.05", "1Pz:I/1": "A14.05"}))
    refused = entry(right_click(window, "A6.05"), "Blow the bridges of plunger P1")
    assert not refused.isEnabled()
    assert "A/1 Inf Bn is 6 hexes from the plunger, more than 2" in refused.text()


def test_air_supply_placed_with_a_click_shows_its_reach_first(qtbot):
    window = table_on(qtbot, BRIDGES, position(BRIDGES, {"1ID:A/1": "A7.05"}, phase="air_supply", air_strikes=1))
    placing = window.combat.plugin.air_supply
    assert placing.active
    hover(window, hex_point(window, "A5.05"))
    assert "A10.05" in placing.marks.hexes and "A11.05" not in placing.marks.hexes  # 5 hexes around it
    click(window, hex_point(window, "A5.05"))
    assert [window.session.map.hex_id(h) for h in window.session.state.rules.air_supply] == ["A5.05"]
    assert not placing.active and placing.marks.hexes == ()  # no Air Strike left to place


def test_air_supply_by_keyboard_says_why_not(qtbot):
    window = table_on(qtbot, BRIDGES, position(BRIDGES, {"1ID:A/1": "A7.05"}, phase="us_movement", air_strikes=1))
    dialog = window.combat.plugin.open_air_supply()
    dialog.hex.setText("a5.05")
    assert "Air Supply is placed only in the Air Supply Allocation Phase (3.7)" in dialog.status.text()
    dialog.place()
    assert "Not allowed" in dialog.status.text() and window.session.state.rules.air_supply == ()


def test_the_airborne_corps_is_placed_unit_by_unit_on_the_map(qtbot):
    session = Session.new("ardennes2/7.1", seed=5)
    while session.decision() is None:  # 7.1 on Turn 3: the XVIII Abn Corps waits to be placed (5.1)
        session.apply(EndPhase())
    window = table_on(qtbot, session.content, session.state)
    session, panel, prompt = window.session, window.combat.panel, window.combat.prompt
    assert panel.title.text() == "Allied player: place the XVIII Abn Corps (18 units to place) (5.1)"
    assert panel.subject.count() >= 18 and panel.subject.currentText().startswith("A/504")
    first = prompt.view.picks[0]
    assert first.units == ("82AB:A/504",) and set(prompt._choices.hexes) == {p.hex for p in prompt.view.picks}
    window.view.zoom_to(1.0, first.hex)
    click(window, hex_point(window, first.hex))
    assert session.unit("82AB:A/504").hex == first.hex
    assert panel.title.text().startswith("Allied player: place the XVIII Abn Corps (17 units")
    assert panel.subject.currentText().startswith("B/504")  # the next unit is offered
    panel.subject.setCurrentIndex(2)
    panel.subject.activated.emit(2)
    assert prompt.view.picks[0].units == (panel.subject.itemData(2).split(" ", 1)[1],)
    family = next(f for f in session.choices() if f.label == "place 82AB:A/505")
    where = family.actions()[0].to
    window.move_units(("82AB:A/505",), where)  # dropped from the Arrivals panel: its own hexes are asked
    assert session.unit("82AB:A/505").hex == where
