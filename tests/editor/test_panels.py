"""The docks and tabs' other fields, each through the undo stack: the map's name and
friendly edges, a scenario's title, maps, play area and reinforcement source, arrivals
added and deleted, a formation's name."""

from ardennes_qt.core.scenario import Bounds


def test_the_maps_name_and_friendly_edges(editor):
    panel = editor.map_panel
    panel.title.setText("Bulge")
    panel._retitle()
    assert editor.document.module.map.title == "Bulge"
    box = panel.edges["east"]
    box.setCurrentIndex(box.findData(""))
    panel._edge("east")
    assert "east" not in editor.document.module.map.friendly_edges
    editor.document.undo_stack.undo()
    assert editor.document.module.map.friendly_edges["east"] == "German"
    assert editor.document.undo_stack.undoText() == "Rename the map"


def test_a_scenarios_title_maps_and_play_area(editor):
    tab = editor.scenario_tab
    tab.title.setText("Renamed")
    tab._change("Rename", title="Renamed")
    s = editor.document.module.scenarios["test"]
    assert s.title == "Renamed" and "Renamed" in editor.scenario_bar.combo.currentText()
    editor.document.module.scenarios["test"] = type(s)(**{**s.__dict__, "bounds": (Bounds("A", max_row=3),)})
    tab.refresh()
    assert "Map A" in tab.bounds.text()
    tab.map_boxes["A"].setChecked(False)
    s = editor.document.module.scenarios["test"]
    assert s.maps == ("B",) and s.bounds == ()
    tab.map_boxes["B"].setChecked(False)
    assert "at least one map" in editor.statusBar().currentMessage()
    assert editor.document.module.scenarios["test"].maps == ("B",)


def test_a_scenario_without_reinforcements_gets_none_until_it_has_its_own_list(editor):
    tab = editor.scenario_tab
    module = editor.document.module
    tab._reinforcement_source("none")
    assert module.scenarios["test"].arrivals == [] and not tab.arrivals.editable
    tab.add_arrival()
    assert "its own list" in editor.statusBar().currentMessage()
    tab._reinforcement_source("own")
    tab.add_arrival()
    arrivals = module.scenarios["test"].arrivals
    assert len(arrivals) == 1 and arrivals[0].counters == ("1Pz:II/1",)
    tab.table.setCurrentIndex(tab.arrivals.index(0, 0))
    tab.delete_arrival()
    assert module.scenarios["test"].arrivals == []


def test_a_formations_name(editor):
    editor.show_tab("counters")
    tab = editor.counters_tab
    tab.select_formation("1Pz")
    tab.f_name.setText("1 Panzer")
    tab._edit_formation(name="1 Panzer")
    assert editor.document.module.formations["1Pz"].name == "1 Panzer"
    tab._edit_formation(name=" ")
    assert "needs a name" in editor.statusBar().currentMessage()


def test_each_tool_shows_its_own_options_and_alone_looks_chosen(editor):
    from PySide6.QtWidgets import QCheckBox

    terrain_boxes = [b for b in editor.tool_options.findChildren(QCheckBox) if b.text() == "Woods"]
    assert terrain_boxes
    for action in editor.tool_actions.actions():
        action.trigger()
        chosen = [a.data() for a in editor.tool_actions.actions() if a.isChecked()]
        assert chosen == [action.data()]
        assert editor.canvas.tool is editor.tools[action.data()]
        brush_fields = any(b.isVisible() for b in terrain_boxes)
        assert brush_fields == (action.data() in ("brush", "fill", "eyedropper")), action.data()
    editor.choose_tool("setup")
    assert "set-up counter" in editor.tool_options.help.text()
    editor.choose_tool("play_area")
    assert "play area" in editor.tool_options.help.text()
