"""The table on the Ardennes II campaign (7.1): every unit on the map, and a move,
an undo and a save made with the mouse."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from ardennes_qt.core.hexgrid import Direction
from ardennes_qt.engine.session import Session
from tests.gui.mouse import counter_point, drag, hex_point


@pytest.fixture(scope="module")
def campaign_content():
    return Session.new("ardennes2/7.1", seed=1).content


@pytest.fixture
def campaign(qtbot, campaign_content):
    from ardennes_qt.ui.table_window import TableWindow

    window = TableWindow(Session(campaign_content, seed=1), autosave=False, remember_layout=False)
    qtbot.addWidget(window)
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    return window


def into_german_movement(session):
    """End phases, as the engine offers, until the German player moves."""
    while session.state.phase != "ge_movement":
        end_phase = next(a for a in session.legal_actions() if a.kind == "end_phase")
        session.apply(end_phase)


def test_every_unit_on_the_map_has_its_counter(campaign):
    on_map = {u.id for u in campaign.session.units() if u.where == "map"}
    assert on_map and set(campaign.view.counters.items) == on_map


def test_the_phase_bar_follows_the_sequence_of_play(campaign):
    bar = campaign.phase_bar
    assert bar.label.text() == "Turn 1 (16 Dec 44) · Pre-Turn: Weather Determination · Allied to act"
    bar.end_phase.trigger()
    assert campaign.session.state.phase == "ge_movement"
    assert bar.label.text().startswith("Turn 1 (16 Dec 44) · German Player Turn: Movement & Barrage · German to act")
    assert campaign.history.undo.text() == "Undo end the phase"
    campaign.history.undo.trigger()
    assert bar.label.text().endswith("Weather Determination · Allied to act")


def test_a_move_the_rules_refuse_is_shown_and_undone_on_the_map(campaign):
    session = campaign.session
    unit = next(u for u in session.units() if u.side == "German" and u.hex)
    campaign.view.zoom_to(1.0, unit.hex)
    before = campaign.view.counters.items[unit.id].pos()
    target = session.map.hex_id(session.map.parse(unit.hex).neighbour(Direction.SW))
    drag(campaign, counter_point(campaign, unit.id), hex_point(campaign, target))
    assert session.unit(unit.id).hex == unit.hex  # the game starts in the Pre-Turn: nobody moves yet
    assert campaign.view.counters.items[unit.id].pos() == before
    assert campaign.statusBar().currentMessage().startswith("Not allowed: units move only in a Movement")


def test_drag_undo_save_and_open_on_the_campaign(campaign, tmp_path):
    session = campaign.session
    into_german_movement(session)
    unit, target = next(
        (u, hex_id)
        for u in session.units()
        if u.side == "German" and u.hex and len(session.stack_at(u.hex)) == 1
        for hex_id in session.legal_moves([u.id])
        if hex_id != u.hex and not session.stack_at(hex_id)
    )
    campaign.view.zoom_to(1.0, unit.hex)
    drag(campaign, counter_point(campaign, unit.id), hex_point(campaign, target))
    assert session.unit(unit.id).hex == target
    assert campaign.history.undo.text().startswith(f"Undo move {unit.name}")
    campaign.history.undo.trigger()
    assert session.unit(unit.id).hex == unit.hex
    campaign.history.redo.trigger()
    assert campaign.save_game(tmp_path / "campaign.ardennes")
    assert campaign.open_game(tmp_path / "campaign.ardennes")
    assert campaign.session.unit(unit.id).hex == target
    assert campaign.session.content.scenario.key == "ardennes2/7.1"


def test_new_game_offers_the_shipped_scenarios(campaign):
    campaign.menus.new_game()
    chooser = campaign.menus.chooser
    keys = [chooser.list.item(i).data(Qt.UserRole) for i in range(chooser.list.count())]
    assert keys[0] == "ardennes2/7.1" and "ardennes2/7.5" in keys
    assert chooser.list.currentItem().data(Qt.UserRole) == "ardennes2/7.1"
    assert "Ardennes Campaign" in chooser.brief.text() and "All of Maps A and B." in chooser.brief.text()
    chooser.list.setCurrentRow(keys.index("ardennes2/7.5"))
    # The scenario picked is described beside the list.
    brief = chooser.brief.text()
    assert "Turns 4–11: 19 Dec 44 to 26 Dec 44" in brief
    assert "Allied: 15 units set up, 2 arrive later. German: 24 units set up, 4 arrive later." in brief
    assert "Controls Bastogne by the end of play." in brief and "Bridge Blown" in brief
    chooser.seed.setValue(42)
    map_size, log_size = campaign.view.size(), campaign.docks["log"].size()
    chooser.accept()
    assert campaign.session.content.scenario.key == "ardennes2/7.5"
    assert campaign.play.arrivals.topLevelItemCount() == 0  # nothing of the game before, until this one's are listed
    # The new map takes the old one's room; the docks keep theirs.
    QApplication.processEvents()
    assert campaign.view.size() == map_size and campaign.docks["log"].size() == log_size
    assert campaign.session.seed == 42
    assert set(campaign.view.counters.items) == {u.id for u in campaign.session.units() if u.where == "map"}
    assert "Bastogne" in campaign.windowTitle()


def test_a_scenario_that_cannot_be_read_is_described_by_why(qapp):
    from ardennes_qt.ui.scenario_chooser import brief_html

    words = brief_html("ardennes2/9.9")
    assert "<b>ardennes2/9.9</b> cannot be read:" in words
