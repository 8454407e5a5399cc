"""The scenario tab shows the rules' settings for the scenario (supply sources, victory)
in words a reader takes in, not as the rule files write them."""

from editor.panels.readable import readable
from editor.panels.scenario_tab import ScenarioTab

FILE_MARKS = ("[[", "[entry", '= "', "vp_schedule", "map_edges")


def test_the_supply_sources_and_victory_read_as_settings_not_file_text(shipped_editor):
    tab = shipped_editor.findChild(ScenarioTab)
    texts = [t.toPlainText() for t in tab.table_texts]
    assert len(texts) == 2 and all(texts)
    for text in texts:
        assert not any(mark in text for mark in FILE_MARKS), text
    supply, victory = texts
    assert "Allied:\n  • Kind: map edges" in supply
    assert "VP schedule:" in victory and "• At least: 33 · Result: Major German Victory · Winner: German" in victory


def test_nested_settings_are_indented_lines():
    text = readable({"kind": "vp", "exit_formations": {"1SS": 7}, "hexes": ["B20.34", "B21.29"], "on": True})
    assert text.splitlines() == ["Kind: VP", "Exit formations:", "  1SS: 7", "Hexes: B20.34, B21.29", "On: yes"]
