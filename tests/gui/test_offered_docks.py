"""The docks only some games fill: a game shows the VP track where it keeps one, the Decision
where its rules wait on players' decisions and the arrivals where the scenario has an Order of
Arrival or units to place; Kampfgruppe Peiper's free table shows neither the VP track nor the
Decision (nor their View menu entries) from its first frame, shows its Initial Scenario's units to
place, and keeps the dead pile in its own words.  The SCS games' tables keep them all."""

from __future__ import annotations

import pytest

from ardennes_qt.engine.session import Session
from ardennes_qt.engine.systems import register_system
from ardennes_qt.rules.asl_kgp.ruleset import AslKgp
from ardennes_qt.ui.table_window import DOCKS, TableWindow
from tests.gui.test_table_start import FirstFrame, staged_window

ONLY_SOME = {"vp", "decision", "arrivals"}
NOT_FOR_KGP = {"vp", "decision"}  # its Initial Scenario's units are placed from the arrivals
TITLES = {key: title for key, title, *_ in DOCKS}


@pytest.fixture
def cg1():
    register_system(AslKgp())  # the entry point may not be installed in a checkout's environment
    return Session.new("asl_kgp/CG1", seed=2)


def view_entries(window) -> dict:
    return {a.text(): a for a in window.menu("&View").actions() if a.isVisible()}


def shown(window) -> set[str]:
    return {key for key, dock in window.docks.items() if not dock.isHidden()}


def test_kgp_shows_no_vp_track_or_decision_from_its_first_frame(qtbot, cg1):
    window = staged_window(qtbot, cg1, autosave=False, remember_layout=False)
    window.resize(1400, 900)
    first = FirstFrame(window)
    window.show()
    qtbot.waitUntil(lambda: window.filled, timeout=10000)
    qtbot.waitUntil(lambda: window.play.panels_filled, timeout=10000)
    assert shown(window) & NOT_FOR_KGP == set()
    assert {"unit", "stack", "dead", "log", "branches", "arrivals"} <= shown(window)
    entries = view_entries(window)
    assert not {TITLES[key] for key in NOT_FOR_KGP} & set(entries) and "Dead pile" in entries
    assert window.dead_pile.item(0).text() == ("No counters taken off the map yet. Drag a counter here to take it "
                                               "off the map.")
    assert window.campaign.dock.isVisible()
    assert first.seen is not None and not NOT_FOR_KGP & set(first.seen["docks"])  # never shown, then hidden


def test_the_scs_games_keep_every_dock(qtbot):
    window = TableWindow(Session.new("ardennes2/7.1", seed=1), autosave=False, remember_layout=False)
    qtbot.addWidget(window)
    window.show()
    assert shown(window) >= {key for key, *_ in DOCKS}
    assert {TITLES[key] for key in ONLY_SOME} <= set(view_entries(window))
    assert window.dead_pile.item(0).text() == "No dead units. Drag a counter here from the map to remove it (1.2)."


def test_a_game_put_on_the_table_after_kgp_brings_its_docks_back(qtbot, cg1):
    window = TableWindow(cg1, autosave=False, remember_layout=False)
    qtbot.addWidget(window)
    window.show()
    assert not shown(window) & NOT_FOR_KGP
    window.set_session(Session.new("ardennes2/7.1", seed=1))
    assert shown(window) >= ONLY_SOME and {TITLES[key] for key in ONLY_SOME} <= set(view_entries(window))


def test_a_layout_remembered_from_kgp_leaves_the_next_games_docks_shown(qtbot, cg1):
    first = TableWindow(cg1, autosave=False)
    qtbot.addWidget(first)
    first.show()
    first.close()
    second = staged_window(qtbot, Session.new("ardennes2/7.1", seed=1), autosave=False)
    second.show()
    qtbot.waitUntil(lambda: second.filled, timeout=10000)
    assert shown(second) >= ONLY_SOME


def test_the_phase_bar_says_the_cg_date_not_a_turn(qtbot, cg1):
    window = TableWindow(cg1, autosave=False, remember_layout=False)
    qtbot.addWidget(window)
    window.show()
    bar = window.phase_bar
    assert bar.label.text() == "Refit Phase: 8.619 Purchasing Reinforcement Groups"
    assert bar.conditions.text().startswith("CG Date: 19 AM · ")
    assert "Turn" not in window.planning.branches.list.item(0).text()
