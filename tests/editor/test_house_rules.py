"""House rules: a module's rule tables replace the shipped ones in the games played from
it, and only in those."""

from dataclasses import replace

import pytest

from ardennes_qt.engine.session import Session
from ardennes_qt.rules.ardennes2.tables import TABLES, combat_table, shipped_table, terrain_chart
from ardennes_qt.store.editormodel import MAP_SCOPE
from ardennes_qt.store.errors import ContentError
from tests.editor.modules import small_module

CHEAP_OPEN = (
    '[hex.open]\nleg = 1\nmech = 1\nshift = 0\nbarrage_half = [3, 4]\nbarrage_full = [5, 6]\n'
)


def terrain_with_cheap_open() -> str:
    text = (TABLES / "terrain.toml").read_text()
    start = text.index("[hex.open]")
    end = text.index("[hex.woods]")
    return text[:start] + CHEAP_OPEN + "\n" + text[end:]


def test_a_game_from_a_module_plays_with_its_house_rules_and_a_shipped_game_does_not():
    module = small_module()
    module.house_rules[(MAP_SCOPE, "terrain")] = terrain_with_cheap_open()
    house = Session(module.play_content("test"), seed=1)
    with house.tables.in_use():  # each game reads its own tables
        assert terrain_chart().hexes["open"].cost == {"leg": 2, "mech": 2}  # half MPs: 1 MP each
    plain = Session(small_module().play_content("test"), seed=1)
    with plain.tables.in_use():
        assert terrain_chart().hexes["open"].cost == {"leg": 4, "mech": 6}
    with house.tables.in_use():
        assert terrain_chart().hexes["open"].cost["leg"] == 2
    assert terrain_chart().hexes["open"].cost == {"leg": 4, "mech": 6}  # no game's tables in use: the shipped


def test_a_scenarios_own_house_rule_wins_over_the_maps():
    module = small_module()
    crt = shipped_table("crt")
    module.house_rules[(MAP_SCOPE, "crt")] = "# map\n" + _toml_crt(crt, "DE")
    module.house_rules[("test", "crt")] = "# scenario\n" + _toml_crt(crt, "AE")
    assert module.house_rules_for("test")["crt"].startswith("# scenario")
    session = Session(module.play_content("test"), seed=1)
    with session.tables.in_use():
        assert set(combat_table().rows[7]) == {"AE"}


def test_a_house_rule_that_is_not_toml_is_refused_when_the_game_starts():
    module = small_module()
    module.house_rules[(MAP_SCOPE, "crt")] = "columns = ["
    with pytest.raises(ContentError, match="house rule for crt is not valid TOML"):
        Session(module.play_content("test"), seed=1)


def _toml_crt(crt: dict, result: str) -> str:
    columns = ", ".join(f'"{c}"' for c in crt["columns"])
    rows = "\n".join(f'{k} = [{", ".join(chr(34) + result + chr(34) for _ in crt["columns"])}]' for k in crt["rows"])
    return f"columns = [{columns}]\n\n[rows]\n{rows}\n"


def test_the_table_gets_its_own_copy_of_the_map():
    module = small_module()
    content = module.play_content("test")
    assert content.map == module.map and content.map.hexes is not module.map.hexes
    assert replace(content.scenario, options={}) == replace(module.scenarios["test"], options={})
