"""The order-of-battle palette's side and formation filters and its search, chosen and
typed as a user does; the list shows what they leave."""

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest


def shown(palette) -> list[str]:
    return [palette.list.item(i).data(Qt.UserRole) for i in range(palette.list.count())]


def choose(combo, text: str) -> None:
    combo.setCurrentIndex(combo.findText(text))


def test_side_and_formation_filters_narrow_the_list_and_the_formations_offered(editor):
    palette = editor.oob
    editor.show_scenario("test")
    assert shown(palette) == ["1ID:A/1", "1ID:B/1", "1ID:DIVARTY", "1Pz:I/1", "1Pz:II/1"]
    choose(palette.side, "German")
    assert shown(palette) == ["1Pz:I/1", "1Pz:II/1"]
    offered = [palette.formation.itemText(i) for i in range(palette.formation.count())]
    assert offered == ["All formations", "1 Pz Div"]  # only the side's formations
    choose(palette.side, "Both sides")
    choose(palette.formation, "1 Inf Div")
    assert shown(palette) == ["1ID:A/1", "1ID:B/1", "1ID:DIVARTY"]
    choose(palette.side, "Allied")  # the formation chosen stays while it belongs to the side
    assert palette.formation.currentText() == "1 Inf Div" and len(shown(palette)) == 3
    choose(palette.side, "German")
    assert palette.formation.currentText() == "All formations" and shown(palette) == ["1Pz:I/1", "1Pz:II/1"]


def test_search_matches_id_name_and_formation_and_unused_only_hides_the_set_up(editor):
    palette = editor.oob
    editor.show_scenario("test")
    palette.search.setFocus()
    QTest.keyClicks(palette.search, "arty")
    assert shown(palette) == ["1ID:DIVARTY"]
    palette.search.clear()
    QTest.keyClicks(palette.search, "pz div")  # the formation's name
    assert shown(palette) == ["1Pz:I/1", "1Pz:II/1"]
    palette.search.clear()
    QTest.keyClicks(palette.search, "no such unit")
    assert shown(palette) == []
    palette.search.clear()
    palette.unused.click()
    assert shown(palette) == []  # the test scenario sets up or brings in every counter
    palette.unused.click()
    assert len(shown(palette)) == 5
    assert "at A2.03" in palette.list.item(1).text()  # where the scenario sets it up
    assert "arrives turn 2" in palette.list.item(4).text()
