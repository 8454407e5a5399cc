"""``session.tables()``: every rule table of the game by name, with its rows, where it comes
from (shipped or a house rule) and which parts no rules document prints."""

from __future__ import annotations

from ardennes_qt.core.scenario import HOUSE_RULES_OPTION
from ardennes_qt.engine import Session
from ardennes_qt.store.library import load_content


def test_the_1994_tables_with_their_provisional_parts():
    tables = Session.new("ardennes1994/5.3").tables()
    assert {"crt", "barrage", "terrain", "weather", "victory", "estimates"} <= set(tables)
    assert tables["barrage"].rows["columns"] == ["1", "2-3", "4-5", "6-8", "9-12", "13-17", "18-23", "24+"]
    assert tables["barrage"].title.startswith("Barrage Table, The Ardennes 1994")
    assert [part for part, _ in tables["weather"].provisional] == ["the whole table"]
    assert "cities" in [part for part, _ in tables["victory"].provisional]
    assert not tables["terrain"].estimated
    assert {t.source for t in tables.values()} == {"shipped"}


def test_a_house_rule_replaces_its_table_for_that_game_only():
    content = load_content("ardennes2/7.1")
    content.scenario.options[HOUSE_RULES_OPTION] = {"weather": "[freeze]\nroll = 2\n"}
    house, plain = Session(content, seed=1).tables(), Session.new("ardennes2/7.1").tables()
    assert house["weather"].source == "house rule" and house["weather"].rows == {"freeze": {"roll": 2}}
    assert plain["weather"].source == "shipped" and plain["weather"].rows != house["weather"].rows
