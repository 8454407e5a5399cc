"""A scenario's supply sources and victory conditions, edited from the scenario tab: the
button opens the table in the rule tables tab at the scenario's scope, a value changed
there is the scenario's house rule, and a game of the scenario plays with it."""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from ardennes_qt.engine.session import Session
from ardennes_qt.rules.ardennes2.supplysources import scenario_sources
from ardennes_qt.rules.ardennes2.victory import victory_rules
from tests.editor.test_rules_tab import item_at


def open_from_scenario_tab(editor, qtbot, button: str):
    editor.show_tab("scenarios")
    qtbot.mouseClick(editor.scenario_tab.findChild(QPushButton, button), Qt.LeftButton)
    assert editor.tabs.currentWidget() is editor.rules_tab
    return editor.rules_tab


def test_supply_sources_edited_from_the_scenario_tab_are_the_scenarios_house_rule(editor, qtbot):
    tab = open_from_scenario_tab(editor, qtbot, "editSupplySources")
    assert tab.table_name == "supply_sources" and tab.scope_key == "test"
    item = item_at(tab, "default", "German", "#1", "kind")
    assert item.text(1) == '"map_edges"'
    item.setText(1, '"area_edge"')
    module = editor.document.module
    qtbot.waitUntil(lambda: ("test", "supply_sources") in module.house_rules)
    edge = item_at(tab, "default", "German", "#1")
    edge_item = next(edge.child(i) for i in range(edge.childCount()) if edge.child(i).text(0) == "kind")
    assert edge_item.font(1).bold()  # marked: it differs from the shipped table
    session = Session(module.play_content("test"), seed=1)
    with session.tables.in_use():
        assert [s.kind for s in scenario_sources(session.content.scenario).sides["German"]] == ["area_edge"]
    assert ("map", "supply_sources") not in module.house_rules  # the map's other scenarios keep theirs


def test_victory_levels_edited_from_the_scenario_tab_judge_the_scenarios_games(editor, qtbot):
    tab = open_from_scenario_tab(editor, qtbot, "editVictory")
    assert tab.table_name == "victory" and tab.scope_key == "test"
    item = item_at(tab, "schedules", "6.0", "levels", "#1", "min")
    assert item.text(1) == "33"
    item.setText(1, "40")
    module = editor.document.module
    qtbot.waitUntil(lambda: ("test", "victory") in module.house_rules)
    session = Session(module.play_content("test"), seed=1)
    with session.tables.in_use():
        levels = victory_rules(session.content.scenario).schedule
    assert levels[0].min == 40 and levels[0].result == "Major German Victory"
