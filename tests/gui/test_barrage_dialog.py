"""Barrage and Air Strikes through the barrage dialog: pick the gun from its counter's menu
and the target on the map, read the chances with every modifier before the roll, fire,
and find the marker in the hex."""

from fractions import Fraction

from ardennes_qt.core.dice import die_value
from ardennes_qt.engine.session import Session
from ardennes_qt.ui.hex_marks import REACH, SPOTTER, HexMarks
from tests.gui.mouse import click, hex_point
from tests.gui.play_table import entry, plain, right_click, table_on
from tests.rules.test_barrage_board import board, east_road, position

BOARD = board(roads=(east_road("A1.05", 14),), terrain={"A8.05": {"woods"}})
GUN = "US-Ind:402"


def seed_rolling(face: int) -> int:
    return next(seed for seed in range(500) if die_value(seed, 0) == face)


def window_on(qtbot, phase="us_movement", seed=1, **rules):
    where = {GUN: "A2.05", "1ID:A/1": "A7.05", "1Pz:I/1": "A8.05", "1Pz:Fus": "A8.05"}
    return table_on(qtbot, BOARD, position(BOARD, where, phase=phase, seed=seed, **rules))


def test_the_chances_show_before_the_roll_and_the_marker_after(qtbot):
    window = window_on(qtbot, seed=seed_rolling(4))  # 4 +1 (two units in the hex) = 5: Full in Woods
    session = window.session
    entry(right_click(window, unit_id=GUN), "Barrage with").trigger()
    dialog = window.combat.plugin.barrage
    assert dialog.isVisible() and dialog.firer_id() == GUN
    reach = dialog.marks[REACH].hexes  # the range [9] outlined
    assert "A11.05" in reach and "A12.05" not in reach
    click(window, hex_point(window, "A8.05"))  # the target, picked on the map
    assert dialog.target_hex() == "A8.05"
    checks, chances = plain(dialog.checks), plain(dialog.chances)
    assert checks.startswith("May fire") and "A8.05 is 6 hexes away, range [9] (3.5)" in checks
    assert "Woods: Half on 4, Full on 5-6" in chances
    assert "+1 1 more unit(s) in the target hex (3.5, TEC)" in chances
    assert "Full marker 50% (3 in 6)" in chances and "Half marker 17% (1 in 6)" in chances
    assert [(name, value) for name, value, _ in dialog.bar.parts] == [
        ("Full", Fraction(1, 2)), ("Half", Fraction(1, 6)), ("no effect", Fraction(1, 3))]
    assert [dialog.spotter.itemText(i) for i in range(dialog.spotter.count())] == [
        "Let the rules choose", "A/1 Inf Bn in A7.05"]
    assert set(dialog.marks[SPOTTER].hexes) == {"A7.05"}
    assert session.state.markers == {}

    dialog.fire.click()
    assert session.state.markers[session.map.parse("A8.05")] == ("Allied:full",)
    assert "rolled 4+1 = 5, a Full marker" in dialog.result.text()
    assert plain(dialog.checks).startswith("May not fire")  # the only gun has fired: it says so
    assert "it has already fired this phase (3.6)" in plain(dialog.checks)


def test_a_barrage_the_rules_refuse_says_why(qtbot):
    window = window_on(qtbot, phase="ge_movement")
    entry(right_click(window, unit_id=GUN), "Barrage with").trigger()
    dialog = window.combat.plugin.barrage
    dialog.target.setEditText("A8.05")
    assert plain(dialog.checks).startswith("May not fire")
    assert "Allied artillery does not fire in this phase (3.5, 3.6)" in plain(dialog.checks)
    dialog.fire.click()
    assert "Not allowed" in dialog.result.text() and window.session.state.markers == {}


def test_an_air_strike_on_a_hex_from_its_menu(qtbot):
    window = window_on(qtbot, phase="us_barrage", seed=seed_rolling(6), air_strikes=2)
    session = window.session
    entry(right_click(window, "A8.05"), "Barrage this hex").trigger()
    dialog = window.combat.plugin.barrage
    assert dialog.firer.itemText(0).startswith("402 Arty Grp")  # the gun may fire in this phase too
    dialog.firer.setCurrentIndex(dialog.firer.findText("US Air Strike (2 left this turn)"))
    assert dialog.target_hex() == "A8.05"
    assert "2 Air Strike(s) left this turn (2.2)" in plain(dialog.checks)
    chances = plain(dialog.chances)  # before the roll, as for a gun
    assert "Full marker" in chances and "Half marker" in chances
    dialog.fire.click()
    assert session.phase().air_strikes == 1
    assert session.state.markers[session.map.parse("A8.05")] == ("Allied:full",)


def test_the_player_names_the_spotter(qtbot):
    where = {GUN: "A2.05", "1ID:A/1": "A7.05", "2ID:A/9": "A9.06", "1Pz:I/1": "A8.05"}
    window = table_on(qtbot, BOARD, position(BOARD, where, seed=seed_rolling(6)))
    dialog = window.combat.plugin.open_barrage(GUN, "A8.05")
    assert set(dialog.marks[SPOTTER].hexes) == {"A7.05", "A9.06"}
    dialog.spotter.setCurrentIndex(dialog.spotter.findData("2ID:A/9"))
    assert "A/9 Inf Bn is 1 hexes from the target: it spots (3.5)" in plain(dialog.checks)
    dialog.fire.click()
    assert "spotter: A/9 Inf Bn, cannot move further this phase (3.5)" in dialog.result.toolTip()
    assert window.session.action_log()[-1].spotter == "2ID:A/9"


def test_a_new_game_on_the_table_puts_the_dialogs_away(qtbot):
    window = window_on(qtbot)
    window.combat.plugin.open_barrage(GUN, "A8.05")
    scene = window.view.scene()
    window.set_session(Session(BOARD, seed=2, initial=position(BOARD, {GUN: "A3.05"})))
    assert window.combat.plugin.barrage is None
    assert not [item for item in scene.items() if isinstance(item, HexMarks)]  # off the old map
    entry(right_click(window, unit_id=GUN), "Barrage with").trigger()  # and the new game has its own
    assert window.combat.plugin.barrage.firer_id() == GUN
