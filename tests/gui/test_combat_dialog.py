"""An attack through the combat dialog, as a player makes it: right-click the enemy hex,
read the odds, attack, Hold, lose steps, retreat on the map, advance by dragging, and
take the whole combat back; the same roll comes again on redo."""

from itertools import groupby

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tests.gui.mouse import click, counter_point, drag, hex_point, hover
from tests.gui.play_table import answer_button, entry, plain, right_click, table_on
from tests.rules.combat_board import board, dice

ATTACKERS = ("ge1", "ge2")


@pytest.fixture
def combat(qtbot):
    """12 against 6 at 2:1 in a German Combat Phase; the dice throw 10 (D2r2)."""
    content, state = board(
        {
            "us1": ("Allied", "3-4-12", "A5.05", "mech"),
            "us2": ("Allied", "2-2-12", "A5.05", "mech"),
            "ge1": ("German", "6-4-12", "A4.04", "mech", "exploit"),
            "ge2": ("German", "6-4-12", "A4.05", "mech"),
        },
        roads=[("A5.05", "A6.05")],
    )
    return table_on(qtbot, content, dice(state, 10))


def open_attack(window, hex_id="A5.05"):
    menu = right_click(window, hex_id)
    entry(menu, f"Attack {hex_id}").trigger()
    dialog = window.combat.dialog
    assert dialog is not None and dialog.isVisible()
    return dialog


def hold_and_lose_two_steps(window, dialog):
    dialog.commit.click()
    answer_button(dialog.decision, "Hold and roll").click()
    for _ in range(2):
        answer_button(dialog.decision, window.session.unit("us2").name).click()


def test_the_dialog_shows_strengths_odds_and_each_results_chance(combat):
    dialog = open_attack(combat)
    assert set(dialog.chosen_attackers()) == set(ATTACKERS)
    text = plain(dialog.odds)
    assert "Raw odds: 12 to 6 = 2:1" in text and "Combat Table column: 2:1" in text
    assert "provisional" in text  # the series rounding rule is marked
    chances = dict(dialog.chart.results)
    assert chances["D2r2"] * 36 == 6 and sum(chances.values()) == 1
    assert "may Hold or Retreat" in plain(dialog.hold)
    dialog.choice.attackers.item(dialog.chosen_attackers().index("ge2")).setCheckState(Qt.Unchecked)  # 6 to 6 is 1:1
    assert "Raw odds: 6 to 6 = 1:1" in plain(dialog.odds)
    assert combat.session.history_position == 0  # nothing is done before the Attack button


def test_attack_hold_losses_retreat_and_advance_on_the_map(combat):
    session = combat.session
    dialog = open_attack(combat)
    dialog.commit.click()
    assert session.decision()["kind"] == "hold_or_retreat"
    answer_button(dialog.decision, "Hold and roll").click()
    assert dialog.dice.text().startswith("Rolled") and "= 10 on 2:1: D2r2" in dialog.dice.text()
    assert dialog.chart.rolled == "D2r2"

    answer_button(dialog.decision, "2-2-12").click()  # us2 flips...
    assert session.unit("us2").reduced
    assert "1 more step" in dialog.decision.title.text()
    answer_button(dialog.decision, session.unit("us2").name).click()  # ...and goes
    assert session.unit("us2").where == "dead"

    assert session.decision()["kind"] == "retreat"
    ends = {pick.route[-1] for pick in combat.combat.prompt.view.picks}
    assert "A7.05" in ends and set(combat.combat.prompt._choices.hexes) == ends  # the legal retreats marked
    listed = [dialog.decision.picks.item(i).text() for i in range(dialog.decision.picks.count())]
    in_order = [label.split()[2] for label in listed]  # "Retreat to A7.05 via ...": the routes to a hex together
    m = session.map
    assert len(listed) > len(ends) and [h for h, _ in groupby(in_order)] == sorted(ends, key=lambda h: m.numbering.index(m.parse(h)))
    click(combat, hex_point(combat, "A7.05"))  # two routes end there: both listed, one drawn
    assert dialog.decision.picks.count() == 2
    dialog.decision.picks.setCurrentRow([p.label for p in combat.combat.prompt.shown_picks()].index("Retreat to A7.05 via A6.05"))
    assert combat.combat.prompt.chosen.route == ("A5.05", "A6.05", "A7.05")
    dialog.decision.take.click()
    assert session.unit("us1").hex == "A7.05"

    assert session.decision()["kind"] == "advance"
    assert {"A5.05", "A6.05"} <= set(combat.combat.prompt._choices.hexes)
    drag(combat, counter_point(combat, "ge1"), hex_point(combat, "A6.05"))  # two hexes: exploit, along the road
    assert session.unit("ge1").hex == "A6.05"
    answer_button(dialog.decision, "No further advance").click()
    assert session.decision() is None
    assert dialog.notice.text() == "The combat is over." and not dialog.error.text()
    assert any("advance to A5.05 > A6.05" in dialog.happened.item(i).text() for i in range(dialog.happened.count()))


def test_undo_across_a_combat_and_the_same_roll_on_redo(combat):
    session = combat.session
    before = session.state_hash()
    dialog = open_attack(combat)
    hold_and_lose_two_steps(combat, dialog)
    after, steps = session.state_hash(), session.history_position
    rolled = [line.text for line in session.log() if "rolled" in line.text]

    dialog.undo_combat.click()  # the whole combat, in one step
    assert session.state_hash() == before and session.history_position == 0
    assert dialog.commit.isVisible() and dialog.choice.attackers.isEnabled()  # back to planning

    for _ in range(steps):
        combat.history.redo.trigger()
    assert session.state_hash() == after
    assert [line.text for line in session.log() if "rolled" in line.text] == rolled


def test_esc_before_the_roll_takes_the_attack_back(combat, qtbot):
    session = combat.session
    dialog = open_attack(combat)
    dialog.commit.click()
    assert session.history_position == 1 and dialog.undo_combat.text() == "Ca&ncel the attack"
    dialog.windowHandle().requestActivate()  # keys go to the active window
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    QTest.keyClick(dialog, Qt.Key_Escape)
    assert not dialog.isVisible()
    assert session.history_position == 0 and session.decision() is None


def test_a_mandated_hold_is_explained_and_rolls_at_once(qtbot):
    content, state = board(
        {"us": ("Allied", "3-4-12", "A5.05", "dg"), "ge": ("German", "6-4-12", "A4.04")},
    )
    window = table_on(qtbot, content, dice(state, 12))
    dialog = open_attack(window)
    assert "must Hold" in plain(dialog.hold) and "the defender is DG" in plain(dialog.hold)
    assert dialog.commit.text() == "&Attack and roll"
    dialog.commit.click()
    assert dialog.chart.rolled  # no Hold or Retreat asked: the dice were thrown
    assert "The defender must Hold" in [dialog.happened.item(i).text() for i in range(dialog.happened.count())]


def test_ctrl_click_gathers_attackers_then_a_click_on_the_enemy_opens_the_dialog(combat):
    viewport, point = combat.view.viewport(), counter_point(combat, "ge1")
    QTest.mousePress(viewport, Qt.LeftButton, Qt.ControlModifier, point)
    QTest.mouseRelease(viewport, Qt.LeftButton, Qt.ControlModifier, point)
    assert combat.combat.group.units == ("ge1",)
    assert combat.combat.group.marks.hexes == ("A4.04",)
    click(combat, counter_point(combat, "us1"))
    dialog = combat.combat.dialog
    assert dialog.isVisible() and dialog.chosen_attackers() == ("ge1",)
    assert "6 to 6" in plain(dialog.odds)


def test_attack_by_keyboard_from_the_game_menu(combat):
    combat.select_unit("us1")
    game = next(a.menu() for a in combat.menuBar().actions() if a.text() == "&Game")
    attack = next(a for a in game.actions() if a.text() == "&Attack…")
    assert attack.shortcut().toString() == "Ctrl+K"
    attack.trigger()
    dialog = combat.combat.dialog
    assert dialog.defender_hex() == "A5.05" and set(dialog.chosen_attackers()) == set(ATTACKERS)
    assert dialog.commit.isDefault()


def test_the_menu_key_opens_the_selected_counters_menu_and_enter_attacks(combat, qtbot):
    combat.select_unit("us1")
    viewport = combat.view.viewport()
    QApplication.sendEvent(viewport, QContextMenuEvent(QContextMenuEvent.Keyboard, QPoint(0, 0), viewport.mapToGlobal(QPoint(0, 0))))
    entry(combat.context_menu.menu, "Attack A5.05").trigger()
    dialog = combat.combat.dialog
    dialog.windowHandle().requestActivate()  # keys go to the active window
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    QTest.keyClick(dialog.commit, Qt.Key_Return)  # the default button
    assert combat.session.decision()["kind"] == "hold_or_retreat"
    QTest.keyClick(QApplication.focusWidget(), Qt.Key_Space)  # the defender's first answer has the focus
    assert dialog.chart.rolled == "D2r2"


def test_hovering_a_hex_the_decision_offers_says_what_a_click_does(combat):
    dialog = open_attack(combat)
    hold_and_lose_two_steps(combat, dialog)
    hover(combat, hex_point(combat, "A7.06"))
    assert combat.statusBar().currentMessage() == "Retreat to A7.06 via A6.05: click to take it"
    hover(combat, hex_point(combat, "A7.05"))
    assert combat.statusBar().currentMessage().endswith("or 1 more: click to list them")


def test_a_reduced_side_no_document_prints_is_marked_estimated(qtbot):
    content, state = board({"us": ("Allied", "3-4-12", "A5.05", "reduced"), "ge": ("German", "6-4-12", "A4.04")})
    window = table_on(qtbot, content, state)
    text = plain(open_attack(window).odds)
    assert "us Inf Bn 1-2-12 · A5.05\n≈2\n2" in text  # its reduced side's defense: estimated
    assert "≈ estimated: a reduced side no rules document prints" in text
    assert "(reduced, ≈ estimated)" in plain(window.combat.dialog.choice.heading)


def test_a_fight_the_dialog_would_cover_is_brought_beside_it(qtbot):
    import random

    from PySide6.QtCore import QPointF

    from ardennes_qt.engine.autoplay import RandomPlayer
    from ardennes_qt.engine.session import Session
    from ardennes_qt.ui.attack_choice import attackable_hexes
    from tests.gui.planning_table import open_table

    session, player = Session.new("ardennes2/7.4", seed=3), RandomPlayer(random.Random(3))
    while not (session.phase().phase == "us_combat" and attackable_hexes(session)):
        player.step(session)
    window = open_table(qtbot, session)
    window.resize(1600, 1000)
    window.view.fit_map()  # the whole map in view: it cannot scroll
    hex_id = attackable_hexes(session)[0]
    dialog = open_attack(window, hex_id)
    view = window.view
    point = view.mapFromScene(QPointF(*view.terrain.layout.centre(view.terrain.map.parse(hex_id))))
    assert view.viewport().rect().contains(point)
    assert view.viewport().mapToGlobal(point).x() < dialog.frameGeometry().left()  # in sight, beside it
    assert view.counters.side * view.zoom() >= 30  # close enough to read the counters


def test_each_column_shift_is_listed_with_its_reason_and_rule(qtbot):
    """1.3's example: a City with some Woods, two stacks each behind a Stream."""
    content, state = board(
        {"us": ("Allied", "3-5-10", "A5.05"), "ge1": ("German", "4-4-12", "A4.04", "mech"),
         "ge2": ("German", "4-4-12", "A4.05", "mech")},
        terrain={"A5.05": {"city", "woods"}},
        hexsides={("A4.04", "A5.05"): {"stream"}, ("A4.05", "A5.05"): {"stream"}},
    )
    window = table_on(qtbot, content, state)
    text = plain(open_attack(window).odds)
    report = window.session.odds(("ge1", "ge2"), "A5.05")
    assert "Column shifts:" in text and len(report.shifts) == 3
    for shift, reason, rule in report.shifts:
        assert f"{shift:+d} column{'s' if abs(shift) > 1 else ''}: {reason} ({rule})" in text
    assert f"Combat Table column: {report.column}" in text


def marked(dialog) -> set[str]:
    return {h for marks in dialog.marks.values() for h in marks.hexes}


def test_the_marks_leave_the_map_with_the_dialog_and_stay_off(combat):
    session = combat.session
    dialog = open_attack(combat)
    assert marked(dialog) == {"A4.04", "A4.05", "A5.05"}
    hold_and_lose_two_steps(combat, dialog)
    dialog.close_button.click()  # the retreat goes on in the Decision dock
    assert not marked(dialog)
    combat.history.undo.trigger()  # the game changes after: the old combat is not marked again
    assert not marked(dialog)
    while session.can_undo:
        combat.history.undo.trigger()
    assert not marked(dialog)


def test_after_the_roll_the_dialog_stays_over_the_map_and_the_end_is_a_calm_notice(combat):
    session = combat.session
    dialog = open_attack(combat)
    hold_and_lose_two_steps(combat, dialog)
    assert dialog.height() <= combat.view.height() and dialog.geometry().bottom() <= combat.geometry().bottom()
    assert dialog.decision.isVisible() and dialog.happened.isVisible()
    click(combat, hex_point(combat, "A7.05"))
    dialog.decision.picks.setCurrentRow(0)
    dialog.decision.take.click()
    answer_button(dialog.decision, "No advance").click()
    assert session.decision() is None
    assert dialog.notice.text() == "The combat is over." and dialog.notice.isVisible() and not dialog.error.text()
    picture = dialog.notice.grab().toImage()
    reds = [(x, y) for x in range(picture.width()) for y in range(picture.height())
            if (c := picture.pixelColor(x, y)).red() > 150 and c.green() < 90 and c.blue() < 90]
    assert not reds  # not in an error's red
