"""The Ardennes (1994) at the table: the barrage dialog (guns and US Air Points together, the
column and its chances before the roll, 1.10, 3.2c) and the map's menu offering what the
rules allow about a hex or a unit: Reserve markers (1.8), artillery modes (1.10a), bridges
blown (3.1), the Drop Marker (2.2)."""

from __future__ import annotations

from ardennes_qt.engine.session import Session
from ardennes_qt.rules.ardennes1994.situation import rules_data
from ardennes_qt.ui.hex_marks import ATTACKER, CHOICE, CHOSEN
from tests.gui.mouse import click, hex_point
from tests.gui.play_table import entry, plain, right_click, table_on
from tests.rules.ardennes1994.barrage_board import position, rolling
from tests.rules.ardennes1994.board import set_up

GUN = "99ID:Divarty"  # at B56.12, [7]
TARGET = "B57.10"  # forest, 3 German steps


def texts(menu) -> list[str]:
    return [a.text().replace("&", "") for a in menu.actions()]


def test_guns_and_air_points_fire_together_with_the_chances_shown_first(qtbot):
    content, state = position("us_barrage_in_ge", air_points=3)
    window = table_on(qtbot, content, rolling(state, 12))
    session = window.session
    entry(right_click(window, TARGET), "Barrage this hex").trigger()
    dialog = window.combat.plugin.barrage
    assert dialog.isVisible() and dialog.target_hex() == TARGET
    assert [dialog.guns.item(i).text() for i in range(dialog.guns.count())] == ["Divarty Rgt (99 Inf Div) [7]-1-0 in B56.12"]
    assert dialog.chosen_guns() == (GUN,)
    assert dialog.air.maximum() == 3 and dialog.air.value() == 0
    assert TARGET in dialog.marks[CHOICE].hexes and dialog.marks[CHOSEN].hexes == (TARGET,)
    assert dialog.marks[ATTACKER].hexes == ("B56.12",)
    shown = plain(dialog.chances)
    assert "7 points" in shown and "column 6-8" in shown and "no effect: 72% (rolls 2-8)" in shown
    assert "-1 column: the target hex is forest (1.10bD, Barrage Table)" in shown
    assert "+1 column: 3 steps in the target hex (Barrage Table)" in shown

    dialog.air.setValue(1)  # 7 + 5 = 12 points: the 9-12 column, its shifts cancelling out
    shown = plain(dialog.chances)
    assert "5 from 1 US Air Point(s) x 5 (3.2c)" in shown and "12 points" in shown and "column 9-12" in shown
    assert "no effect: 58% (rolls 2-7)" in shown and "disorganized (DG): 39% (rolls 8-11)" in shown
    assert "1 step lost and DG: 3% (rolls 12)" in shown
    assert "≈ barrage strengths are estimated" in shown

    dialog.fire.click()
    assert dialog.result.text().startswith("Allied barrage of B57.10: 12 point(s) on the 9-12 column")
    assert rules_data(session.state).air_points == 2
    assert session.unit("277VG:989").steps == 2 and session.unit("277VG:989").dg  # rolled 12: a step lost, and DG
    assert session.undo_text().startswith("barrage B57.10 with 99ID:Divarty and 1 Air Point(s)")


def test_a_gun_picked_from_its_counter_fires_alone_at_the_target_picked_on_the_map(qtbot):
    content, state = position("us_barrage_in_ge", air_points=0)
    window = table_on(qtbot, content, state)
    entry(right_click(window, unit_id=GUN), "Barrage with Divarty Rgt").trigger()
    dialog = window.combat.plugin.barrage
    click(window, hex_point(window, TARGET))
    assert dialog.target_hex() == TARGET and dialog.chosen_guns() == (GUN,)
    assert not dialog.air.isEnabled()  # no Air Points left
    dialog.guns.item(0).setCheckState(dialog.guns.item(0).checkState().Unchecked)
    assert not dialog.fire.isEnabled() and "Tick the guns" in dialog.chances.text()


def test_no_barrage_outside_a_barrage_phase(qtbot):
    content, state = position("ge_movement")
    window = table_on(qtbot, content, state)
    assert not [t for t in texts(right_click(window, TARGET)) if t.startswith("Barrage")]
    window.combat.plugin.open_barrage()
    dialog = window.combat.plugin.barrage
    assert not dialog.fire.isEnabled() and "No hex may be barraged now" in dialog.chances.text()


def test_the_map_menu_flips_a_gun_and_puts_a_stack_in_reserve(qtbot):
    content, state = position("ge_movement")
    window = table_on(qtbot, content, state)
    session: Session = window.session
    menu = right_click(window, unit_id="18VG:1818")
    flip = entry(menu, "Flip 1818 Arty Rgt to its move side")
    assert "Put units at B48.06 in Reserve" in texts(menu)
    flip.trigger()
    assert session.undo_text() == "flip 18VG:1818 to its move side"

    menu = right_click(window, "B17.04")
    reserve = entry(menu, "Put units at B17.04 in Reserve").menu()
    assert texts(reserve) == ["Put 352 Arty Rgt, 914 Inf Rgt in Reserve", "Put 352 Arty Rgt in Reserve",
                             "Put 914 Inf Rgt in Reserve"]
    reserve.actions()[1].trigger()
    assert rules_data(session.state).reserves == {"352VG:352"}
    assert entry(right_click(window, "B17.04"), "Take 352 Arty Rgt out of Reserve")


def test_a_bridge_is_offered_from_either_bank_in_the_bridge_phase(qtbot):
    content, state = position("bridges")
    window = table_on(qtbot, content, state)
    for bank in ("B8.06", "B8.07"):
        assert entry(right_click(window, bank), "Blow the bridge B8.06–B8.07")
    entry(right_click(window, "B8.07"), "Blow the bridge B8.06–B8.07").trigger()
    assert rules_data(window.session.state).record.bridge_attempts == 1
    assert "bridge" in window.session.log()[-1].text.lower()


def test_the_drop_marker_is_placed_from_the_map(qtbot):
    session = set_up(Session.new("ardennes1994/5.3", seed=1), keep=("Ger-Ind:von der Heydte",))
    while session.phase().name != "German Movement Phase":
        answers = session.legal_actions()
        session.apply(answers[0] if session.decision() else next(a for a in answers if a.kind == "end_phase"))
    assert session.decision()["kind"] == "stosser_drop"
    window = table_on(qtbot, session.content, session.state)
    entry(right_click(window, "B40.20"), "Place the von der Heydte Drop Marker here").trigger()
    assert window.session.content.map.hex_id(rules_data(window.session.state).drop) == "B40.20"


def test_units_move_one_at_a_time_so_no_whole_stack_is_offered(qtbot):
    """1.5a: the table offers no whole-stack move in The Ardennes (1994)."""
    content, state = position("ge_movement")
    # 116Pz:156 is on top of its stack at B34.11, and may move now
    window = table_on(qtbot, content, state)
    assert "Move the Whole Stack…" not in texts(right_click(window, unit_id="116Pz:156"))
    assert "Move This Unit…" in texts(right_click(window, unit_id="116Pz:156"))
    assert not window.play.move_stack.isVisible() and not window.play.move_stack.isEnabled()
    assert "units move one at a time" in window.hover_label.text() and "Shift-drag" not in window.hover_label.text()


def test_the_legend_shows_this_games_map_and_counters(qtbot):
    """Help > About and Legend draws The Ardennes (1994)'s own symbols: its Eastern Zone (2.5a),
    Primary and Secondary roads, Map Traffic Jams (1.5b), Mech and Other movement (1.6); none of
    Ardennes II's (streams, sea lines, plungers, exploit banners)."""
    from ardennes_qt.ui.map_legend import LegendWidget

    content, state = position("ge_movement")
    window = table_on(qtbot, content, state)
    window.show_about()
    legend = window.about_box.findChild(LegendWidget).legend
    words = " ".join(w for _, w in legend.map_entries) + " " + " ".join(legend.counter_notes)
    for said in ("Eastern Zone: German supply (2.5a)", "Secondary Road", "Map Traffic Jam (1.5b)", "white = Other (1.6)"):
        assert said in words
    for not_said in ("Stream", "Sea Line", "Plunger", "exploit", "Leg"):
        assert not_said not in words
    assert {what[0] for what, _ in legend.map_entries} >= {"fill", "zone", "side", "road", "entry", "place", "play"}


def test_the_unit_panel_speaks_of_this_games_movement_classes_and_statuses(qtbot):
    """1.6: Mech units and the others ("Other", not Ardennes II's "Leg"); no exploit banners;
    a Reserve marker (1.8) shown with the unit."""
    content, state = position("ge_movement")
    window = table_on(qtbot, content, state)
    entry(right_click(window, "B17.04"), "Put units at B17.04 in Reserve").menu().actions()[1].trigger()
    window.select_unit("352VG:352")
    panel = window.unit_panel
    assert panel.values["Movement"].text() in ("Other (white MA)", "Mech (black MA)")
    assert panel.values["Status"].text() == "Reserve (1.8)"
    assert not panel.rows["Exploit"].isVisible() and panel.rows["Status"].isVisible()
    window.select_unit("352VG:914")
    assert panel.values["Movement"].text() == "Other (white MA)" and panel.values["Status"].text() == "—"
