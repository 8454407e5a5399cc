"""Moving on the campaign through the real rules: picking up a counter shows where it can
go and what each hex costs, the route follows the pointer with its costs and reasons, a
drop the rules refuse goes back with the reason, move mode moves by clicks, and the rules
assistance setting (enforce / warn / off) changes what a refused drop does."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.core.outcome import Refused
from ardennes_qt.engine.session import Session
from ardennes_qt.rules.ardennes2.actions import EndPhase
from ardennes_qt.ui.rules_assistance import ENFORCE, OFF, WARN
from tests.gui.mouse import click, counter_point, drag, hex_point, hover

SEED = 41  # a game of its own: its rules assistance setting is kept apart from other tests'


@pytest.fixture(scope="module")
def campaign_content():
    return Session.new("ardennes2/7.1", seed=SEED).content


@pytest.fixture
def moving(qtbot, campaign_content):
    """The campaign's table in the German Movement Phase of Turn 1, rules enforced."""
    from ardennes_qt.ui.table_window import TableWindow

    session = Session(campaign_content, seed=SEED)
    session.apply(EndPhase())
    window = TableWindow(session, autosave=False, remember_layout=False)
    qtbot.addWidget(window)
    window.resize(1300, 850)
    window.show()
    qtbot.waitExposed(window)
    window.play.assistance.set_mode(ENFORCE)
    yield window
    window.play.assistance.set_mode(ENFORCE)


def lone_german(session):
    """A German unit alone in its hex that can move, with a hex it can reach and one it cannot."""
    for u in session.units():
        if u.side != "German" or not u.hex or len(session.stack_at(u.hex)) != 1:
            continue
        reach = session.legal_moves([u.id])
        here = session.map.parse(u.hex)
        near = [h for h, mp in reach.items() if h != u.hex and not session.stack_at(h) and mp >= 2]
        if near:
            far = next(session.map.hex_id(h) for h in session.map.all_hexes()
                       if session.map.hex_id(h) not in reach and h.distance(here) == 12)
            closest = min(near, key=lambda h: (session.map.parse(h).distance(here), h))  # in view when zoomed in
            return u, reach, closest, far
    raise AssertionError("no German unit to move")


def press_and_carry(window, unit_id: str, hex_id: str) -> None:
    """Pick a counter up and carry it over a hex, without dropping it."""
    viewport = window.view.viewport()
    start, end = counter_point(window, unit_id), hex_point(window, hex_id)
    QTest.mousePress(viewport, Qt.LeftButton, Qt.NoModifier, start)
    for i in range(1, 7):
        p = start + (end - start) * (i / 6)
        QTest.mouseMove(viewport, QPoint(round(p.x()), round(p.y())))


def test_picking_up_shows_every_reachable_hex_and_the_route_with_its_costs(moving):
    session = moving.session
    unit, reach, near, _ = lone_german(session)
    moving.view.zoom_to(1.2, unit.hex)
    press_and_carry(moving, unit.id, near)
    preview = moving.play.preview
    assert preview.reach == reach and preview.tint.isVisible() and preview.costs.isVisible()
    steps = session.path([unit.id], near)
    assert preview.route.isVisible() and len(preview.route._points) == len(steps)
    heading = preview.note._lines[0][0]
    assert heading == f"{near}: {reach[near]:g} MP"
    reasons = [text for text, _ in preview.note._lines[1:]]
    assert reasons[0].startswith(f"+{steps[-1].reasons[0][0]:g} {steps[-1].reasons[0][1]}")
    assert moving.statusBar().currentMessage().startswith(heading)
    QTest.mouseRelease(moving.view.viewport(), Qt.LeftButton, Qt.NoModifier, hex_point(moving, near))
    assert session.unit(unit.id).hex == near
    assert not preview.tint.isVisible() and not preview.route.isVisible()


def test_a_drop_out_of_reach_is_refused_with_the_reason_and_the_counter_goes_back(moving):
    session = moving.session
    unit, _, _, far = lone_german(session)
    moving.view.zoom_to(0.35, unit.hex)
    before = moving.view.counters.items[unit.id].pos()
    press_and_carry(moving, unit.id, far)
    assert moving.statusBar().currentMessage() == f"{far} is out of reach: a drop there is refused"
    QTest.mouseRelease(moving.view.viewport(), Qt.LeftButton, Qt.NoModifier, hex_point(moving, far))
    assert session.unit(unit.id).hex == unit.hex
    assert moving.view.counters.items[unit.id].pos() == before
    assert moving.statusBar().currentMessage().startswith("Not allowed: ")
    assert not session.can_undo or session.undo_text() == "end the phase"


def test_move_mode_moves_the_selected_unit_by_a_click(moving):
    session = moving.session
    unit, reach, near, _ = lone_german(session)
    moving.view.zoom_to(1.2, unit.hex)
    click(moving, counter_point(moving, unit.id))
    assert moving.unit_panel.unit_id == unit.id
    QTest.keyClick(moving, Qt.Key_M)
    preview = moving.play.preview
    assert preview.move_mode and preview.reach == reach
    hover(moving, hex_point(moving, near))
    assert preview.route.isVisible()
    click(moving, hex_point(moving, near))
    assert session.unit(unit.id).hex == near
    assert not preview.move_mode and moving.view.hex_click_filter is None


def test_with_the_rules_off_a_counter_goes_wherever_it_is_dropped(moving):
    session = moving.session
    unit, _, _, far = lone_german(session)
    moving.play.assistance.actions[OFF].trigger()
    assert moving.play.assistance.button.text() == "Rules: off"
    moving.view.zoom_to(0.35, unit.hex)
    drag(moving, counter_point(moving, unit.id), hex_point(moving, far))
    assert session.unit(unit.id).hex == far
    assert session.log()[-1].reasons == ("moved by hand, unchecked",)
    assert not moving.play.preview.tint.isVisible()  # nothing to highlight: every hex is allowed


def test_warn_asks_and_a_refused_move_is_made_anyway_when_the_player_says_so(moving, qtbot):
    session = moving.session
    unit, _, _, far = lone_german(session)
    moving.play.assistance.set_mode(WARN)
    moving.view.zoom_to(0.35, unit.hex)
    drag(moving, counter_point(moving, unit.id), hex_point(moving, far))
    question = moving.play.moves.question
    assert question is not None and question.isVisible()
    assert session.unit(unit.id).hex == unit.hex
    with pytest.raises(Refused) as refusal:
        session.ruleset.apply(session.content, session.state, MoveUnits((unit.id,), far))
    assert question.informativeText().startswith(str(refusal.value))
    question.button(QMessageBox.Yes).click()
    assert session.unit(unit.id).hex == far
    assert moving.play.moves.question is None


def test_the_setting_is_kept_for_the_game(moving, qtbot, campaign_content):
    from ardennes_qt.ui.table_window import TableWindow

    moving.play.assistance.set_mode(WARN)
    again = TableWindow(Session(campaign_content, seed=SEED), autosave=False, remember_layout=False)
    qtbot.addWidget(again)
    assert again.play.assistance.mode == WARN
    assert again.play.assistance.actions[WARN].isChecked()
    other = TableWindow(Session(campaign_content, seed=SEED + 1), autosave=False, remember_layout=False)
    qtbot.addWidget(other)
    assert other.play.assistance.mode == ENFORCE


def test_a_counters_menu_starts_move_mode(moving):
    from tests.gui.play_table import entry, right_click

    unit, reach, near, _ = lone_german(moving.session)
    moving.view.zoom_to(1.2, unit.hex)
    menu = right_click(moving, unit_id=unit.id)
    entry(menu, "Move This Unit").trigger()
    menu.close()  # as a click on the entry closes it
    preview = moving.play.preview
    assert moving.unit_panel.unit_id == unit.id
    assert preview.move_mode and preview.reach == reach
    QTest.keyClick(moving, Qt.Key_Escape)
    assert not preview.move_mode and not preview.tint.isVisible()


def test_a_stack_carried_onto_an_enemy_it_may_overrun_offers_the_overrun(qtbot):
    from tests.gui.play_table import table_on
    from tests.rules.combat_board import board

    content, state = board(
        {"us": ("Allied", "3-4-12", "A5.05", "mech"), "pz": ("German", "12-4-12", "A3.04", "mech")},
        roads=[("A3.04", "A4.04", "A5.05", "A6.05")],
        phase="ge_movement",
    )
    window = table_on(qtbot, content, state)
    press_and_carry(window, "pz", "A5.05")
    preview = window.play.preview
    assert set(preview.overruns) == {"A5.05"} and preview.tint.isVisible()
    assert preview.note._lines[0][0].startswith("Overrun A5.05: ")
    QTest.mouseRelease(window.view.viewport(), Qt.LeftButton, Qt.NoModifier, hex_point(window, "A5.05"))
    dialog = window.combat.dialog
    assert dialog is not None and dialog.isVisible() and dialog.windowTitle() == "Overrun"
    assert window.session.unit("pz").hex == "A3.04"  # nothing happens before the dialog's roll
