"""The rule tables tab: a value changed becomes a house rule, marked against the shipped
table; a scenario's own house rule wins over the map's; a game from the module reads it."""

from ardennes_qt.engine.session import Session
from ardennes_qt.rules.ardennes2.tables import terrain_chart


def item_at(tab, *path):
    tree = tab.tree
    items = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    item = None
    for key in path:
        item = next(i for i in items if i.text(0) == key)
        items = [item.child(j) for j in range(item.childCount())]
    return item


def test_changing_a_value_makes_a_marked_house_rule_that_games_play_with(editor, qtbot):
    editor.show_tab("rules")
    tab = editor.rules_tab
    tab.open_table("terrain", "map")
    item_at(tab, "hex", "forest", "mech").setText(1, "6")
    module = editor.document.module
    qtbot.waitUntil(lambda: ("map", "terrain") in module.house_rules)
    assert ("map", "terrain") in module.house_rules
    item = item_at(tab, "hex", "forest", "mech")
    assert item.text(1) == "6" and item.text(2) == '"P"' and item.font(1).bold()
    assert "terrain  (house rule)" in [tab.tables.item(i).text() for i in range(tab.tables.count())]
    session = Session(module.play_content("test"), seed=1)
    with session.tables.in_use():
        assert terrain_chart().hexes["forest"].cost["mech"] == 12  # half MPs
    tab.put_back()
    assert ("map", "terrain") not in module.house_rules
    editor.document.undo_stack.undo()
    assert ("map", "terrain") in module.house_rules


def test_a_scenarios_own_house_rule_starts_from_the_maps(editor, qtbot):
    tab = editor.rules_tab
    module = editor.document.module
    tab.open_table("crt", "map")
    tab.grid.item(0, 0).setText("AE")
    qtbot.waitUntil(lambda: ("map", "crt") in module.house_rules)
    tab.open_table("crt", "test")
    assert tab.grid.item(0, 0).text() == "AE"  # inherited from the map's
    assert ("test", "crt") not in module.house_rules
    tab.grid.item(1, 0).setText("DE")
    qtbot.waitUntil(lambda: ("test", "crt") in module.house_rules)
    rules = module.house_rules_for("test")["crt"]
    assert '2 = ["AE"' in rules and '3 = ["DE"' in rules


def test_a_value_that_is_not_toml_is_refused(editor):
    tab = editor.rules_tab
    tab.open_table("zoc", "map")
    first = tab.tree.topLevelItem(0)
    leaf = first if first.childCount() == 0 else first.child(0)
    leaf.setText(1, "[unclosed")
    assert "is not a value" in editor.statusBar().currentMessage()
    assert not editor.document.module.house_rules


def test_provisional_tables_say_so_with_their_reason(editor):
    tab = editor.rules_tab
    tab.open_table("bridge_blowing", "map")
    assert "Provisional" in tab.note.text() and "Not printed in the Ardennes II rules" in tab.note.text()


def test_the_combat_results_table_is_a_grid_to_type_results_into(editor, qtbot):
    tab = editor.rules_tab
    tab.open_table("crt", "map")
    grid = tab.grid
    assert tab.views.currentWidget() is grid
    assert grid.horizontalHeaderItem(0).text() == "1:4" and grid.verticalHeaderItem(0).text() == "2"
    before = grid.item(5, 4).text()
    grid.item(5, 4).setText("DE")
    qtbot.waitUntil(lambda: ("map", "crt") in editor.document.module.house_rules)
    rules = editor.document.module.house_rules[("map", "crt")]
    assert '7 = ["-", "-", "-", "-", "DE"' in rules
    assert tab.grid.item(5, 4).toolTip() == f"Shipped: {before}"
