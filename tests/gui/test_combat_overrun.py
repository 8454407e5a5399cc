"""An Overrun through the combat dialog (3.3): the road route and its +2 MP, the odds from
the hex next to the defender, Hold and the roll, and the stack entering the emptied hex
with no advance after combat."""

from ardennes_qt.ui.combat_dialog import run_overrun
from tests.gui.play_table import answer_button, entry, plain, right_click, table_on
from tests.rules.combat_board import board, dice


def overrun_table(qtbot, throw: int):
    content, state = board(
        {"us": ("Allied", "3-4-12", "A5.05", "mech"), "pz": ("German", "12-4-12", "A3.04", "mech")},
        roads=[("A3.04", "A4.04", "A5.05", "A6.05")],
        phase="ge_movement",
    )
    return table_on(qtbot, content, dice(state, throw))


def test_run_overrun_shows_the_route_and_the_odds_from_the_launch_hex(qtbot):
    window = overrun_table(qtbot, 9)  # 12 to 4 = 3:1; 9 is D2r2
    dialog = run_overrun(window, ("pz",), "A5.05")
    assert dialog.windowTitle() == "Overrun" and dialog.chosen_attackers() == ("pz",)
    assert dialog.choice.route.text().startswith("Road route: A3.04 › A4.04, then the overrun into A5.05: ")
    assert "+2 Overrun along the road, 3.3; TEC note 2" in dialog.choice.route.text()
    assert "No advance after an Overrun" in dialog.choice.route.text()
    assert "pz Inf Bn 12-4-12 · A4.04" in plain(dialog.odds)  # it attacks from the hex next to the defender
    assert "Raw odds: 12 to 4 = 3:1" in plain(dialog.odds)
    assert dialog.commit.text() == "&Overrun"

    dialog.commit.click()
    answer_button(dialog.decision, "Hold and roll").click()
    session = window.session
    assert dialog.chart.rolled == "D2r2"
    assert session.unit("us").where == "dead"
    assert session.unit("pz").hex == "A5.05"  # into the emptied hex at no MP cost
    assert session.decision() is None  # and no advance after an overrun
    assert dialog.notice.text() == "The combat is over." and not dialog.error.text()


def test_the_overrun_is_offered_in_the_stacks_menu(qtbot):
    window = overrun_table(qtbot, 9)
    entry(right_click(window, unit_id="pz"), "Overrun A5.05").trigger()
    assert window.combat.dialog.isVisible() and window.combat.dialog.windowTitle() == "Overrun"


def test_an_overrun_the_rules_refuse_says_why_and_changes_nothing(qtbot):
    window = overrun_table(qtbot, 9)
    dialog = run_overrun(window, ("pz",), "A6.05")  # nobody there
    dialog.commit.click()
    assert dialog.error.text().startswith("Not allowed:")
    assert window.session.history_position == 0
