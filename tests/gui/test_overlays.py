"""The planning overlays: toggled from the toolbar and by their shortcuts, remembered,
drawn from the engine's answers, worked out again on every change, explained on hover."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.core.system import Overlays as OverlaysCapability
from ardennes_qt.engine.session import Session
from ardennes_qt.rules.ardennes2 import overlay_facts
from ardennes_qt.rules.ardennes2.threat import threat_map
from tests.gui.mouse import hex_point, hover
from tests.gui.planning_table import no_overlays_remembered, open_table, played, settle  # noqa: F401

pytestmark = pytest.mark.usefixtures("no_overlays_remembered")


@pytest.fixture(scope="module")
def st_vith_game() -> Session:
    return played("ardennes2/7.4", 150)


@pytest.fixture
def table(qtbot, st_vith_game):
    return open_table(qtbot, st_vith_game.forked())


def test_the_toolbar_offers_every_overlay_with_icon_shortcut_and_tooltip(table):
    overlays = table.planning.overlays
    assert [a.text() for a in overlays.buttons.toolbar.actions()] == [
        "German supply", "Allied supply", "German ZOC Bonds", "Allied ZOC Bonds",
        "German reach", "Allied reach", "Markers and DG", "VP hexes",
    ]
    for action in overlays.buttons.toolbar.actions():
        assert action.isCheckable() and not action.icon().isNull() and action.isEnabled()
        assert action.shortcut().toString() and action.shortcut().toString() in action.toolTip()
    assert overlays.buttons.menu.actions() == overlays.buttons.toolbar.actions()
    plan = next(a.menu() for a in table.menuBar().actions() if a.text() == "&Plan")
    assert overlays.buttons.menu.menuAction() in plan.actions()


def test_supply_overlay_by_shortcut_rings_the_units_out_of_supply(qtbot, table):
    table.view.fit_map()
    assert table.view.counters.baking  # the whole map: chips at rest in the background
    QTest.keyClick(table, Qt.Key_2, Qt.ControlModifier | Qt.AltModifier)
    overlays = table.planning.overlays
    assert overlays.actions["supply_allied"].isChecked()
    settle(qtbot, table)
    assert not table.view.counters.baking  # the overlay lies under the counters: they are items over it
    layer = overlays.layer
    picture = overlay_facts.supply_picture(table.session.content, table.session.state, "Allied")
    assert layer.shown("supply_allied") and overlays.answers["supply_allied"].facts == picture
    assert picture.units_cut_off, "the random game leaves Allied units cut off"
    assert [label.text for label in layer.labels_of("supply_allied")] == ["out of supply"] * len(picture.cut_off)
    QTest.keyClick(table, Qt.Key_2, Qt.ControlModifier | Qt.AltModifier)
    assert not overlays.actions["supply_allied"].isChecked() and not layer.shown("supply_allied")
    assert table.view.counters.baking


def test_zoc_bonds_markers_and_the_other_sides_supply_from_the_toolbar(qtbot, table):
    overlays = table.planning.overlays
    for key in ("supply_german", "zoc_german", "markers"):
        overlays.actions[key].trigger()
    settle(qtbot, table)
    session = table.session
    zoc = overlay_facts.zoc_picture(session.content, session.state, "German")
    marks = overlay_facts.marker_picture(session.content, session.state)
    assert overlays.answers["supply_german"].facts == overlay_facts.supply_picture(session.content, session.state, "German")
    assert overlays.answers["zoc_german"].facts == zoc and overlays.answers["markers"].facts == marks
    assert all(overlays.layer.shown(key) for key in ("supply_german", "zoc_german", "markers"))
    assert zoc.links and marks.dg, "the random game has German ZOC Bonds and DG stacks"

    post, bond, other = zoc.links[0]
    table.view.zoom_to(1.0, bond)
    hover(table, hex_point(table, bond) + QPoint(0, 18))
    assert f"German ZOC Bond (1.2: +4 MP to enter, stops a retreat): Posts {post} and {other}" in table.hover_label.text()
    dg_hex, dg_units, stack = marks.dg[0]
    table.view.zoom_to(1.0, dg_hex)
    hover(table, hex_point(table, dg_hex) + QPoint(0, 18))
    assert f"{dg_units} of {stack} units DG (3.4)" in table.hover_label.text()


def test_an_overlay_shown_is_remembered_for_the_next_window(qtbot, table, st_vith_game):
    table.planning.overlays.actions["vp_hexes"].trigger()
    settle(qtbot, table)
    again = open_table(qtbot, st_vith_game.forked())
    settle(qtbot, again)
    assert again.planning.overlays.actions["vp_hexes"].isChecked()
    assert again.planning.overlays.layer.shown("vp_hexes")


def test_hovering_a_hex_says_what_the_overlays_show_there(qtbot, table):
    overlays = table.planning.overlays
    overlays.actions["supply_allied"].trigger()
    overlays.actions["vp_hexes"].trigger()
    settle(qtbot, table)
    table.view.zoom_to(1.0, "B20.34")
    hover(table, hex_point(table, "B20.34") + QPoint(0, 18))
    text = table.hover_label.text()
    assert "St. Vith Allied-controlled (6.0) (≈ provisional choices: the victory table)" in text
    assert "Allied supplied: " in text or "Allied out of supply: " in text
    assert "(3.7" in text and "(≈ provisional choices: the supply table)" in text  # 7.4 names its sources


def test_an_overlay_resting_on_provisional_choices_says_which_and_why(table):
    tip = table.planning.overlays.actions["supply_german"].toolTip()
    assert "≈ Rests on provisional choices" in tip and "the supply table, enemy units block" in tip
    assert "SCS 12.0 is not provided" in tip
    assert "provisional" not in table.planning.overlays.actions["markers"].toolTip()


def test_the_threat_map_runs_in_the_background_with_progress_and_follows_the_game(qtbot, table):
    overlays = table.planning.overlays
    reports = []
    overlays.progress.valueChanged.connect(lambda value: reports.append((overlays.progress.format(), value)))
    overlays.actions["threat_german"].trigger()
    assert overlays.busy  # the window is free meanwhile: the search is on a snapshot
    settle(qtbot, table)
    session = table.session
    expected = threat_map(session.content, session.state, "German")
    assert overlays.answers["threat_german"].facts == expected and overlays.layer.shown("threat_german")
    assert reports and reports[-1] == ("German reach: %v of %m units", expected.units)
    assert not overlays.progress.isVisible()

    mover = next(u for u in session.units() if u.side == "German" and u.where == "map")
    session.apply(MoveUnits((mover.id,), "B1.01", free=True))
    assert overlays.busy  # worked out again after the engine's change
    settle(qtbot, table)
    assert overlays.answers["threat_german"].facts == threat_map(session.content, session.state, "German")


def test_a_rule_system_without_these_questions_offers_no_overlays(table, free_content):
    table.set_session(Session(free_content, seed=3))
    overlays = table.planning.overlays
    # A game without the Overlays capability shows none: no buttons, no menu entries.
    assert overlays.actions == {} and overlays.kinds == ()
    assert table.overlay_buttons.toolbar.actions() == [] and table.overlay_buttons.menu.actions() == []
    table.set_session(Session.new("ardennes2/7.4", seed=1))
    assert "supply_german" in overlays.actions and len(table.overlay_buttons.toolbar.actions()) == 8


def test_an_overlay_turned_on_again_on_the_same_position_is_only_painted(qtbot, table):
    overlays = table.planning.overlays
    asked = []
    capability = overlays.session.capability(OverlaysCapability)
    ask = capability.overlay

    def counted(content, state, key, progress=None):
        asked.append(key)
        return ask(content, state, key, progress)

    capability.overlay = counted
    try:
        overlays.actions["zoc_german"].setChecked(True)
        settle(qtbot, table)
        assert asked == ["zoc_german"] and overlays.layer._picture is not None
        answer = overlays.answers["zoc_german"]
        overlays.actions["zoc_german"].setChecked(False)
        assert not overlays.layer.shown("zoc_german") and overlays.busy  # the thread paints the picture
        settle(qtbot, table)
        overlays.actions["zoc_german"].setChecked(True)
        assert overlays.layer.shown("zoc_german")
        settle(qtbot, table)
        assert asked == ["zoc_german"] and overlays.answers["zoc_german"] is answer
        assert overlays.layer._picture is not None and not overlays.layer._coming
    finally:
        del capability.overlay
