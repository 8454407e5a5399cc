"""Each game reads its own rule tables: a house rule in one game changes nothing in another,
even on the same map, and in another thread (the overlays' worker)."""

from __future__ import annotations

import threading

from ardennes_qt.rules.ardennes2.mapindex import map_index
from ardennes_qt.rules.ardennes2.movecosts import hex_cost
from ardennes_qt.rules.ardennes2.ruleset import Ardennes2
from ardennes_qt.rules.ardennes2.tables import TABLES, terrain_chart
from tests.builders import small_content

CHEAP_FOREST = (TABLES / "terrain.toml").read_text().replace('[hex.forest]\nleg = 3\nmech = "P"', '[hex.forest]\nleg = 1\nmech = 1')


def test_two_games_on_one_map_each_search_with_their_own_terrain_costs():
    assert "leg = 1\nmech = 1" in CHEAP_FOREST
    content = small_content()
    house = Ardennes2().tables({"terrain": CHEAP_FOREST})
    shipped = Ardennes2().tables({})
    with house.in_use():
        cheap = map_index(content.map)
        assert hex_cost(frozenset({"forest"}), "mech")[0] == 2  # half MPs: 1 MP
    with shipped.in_use():
        dear = map_index(content.map)
        assert hex_cost(frozenset({"forest"}), "mech")[0] is None  # P
    assert cheap is not dear
    with house.in_use():
        assert map_index(content.map) is cheap


def test_the_tables_in_use_are_the_threads_own():
    house = Ardennes2().tables({"terrain": CHEAP_FOREST})
    seen = {}

    def other_thread() -> None:
        seen["forest"] = terrain_chart().hexes["forest"].cost["mech"]

    with house.in_use():
        worker = threading.Thread(target=other_thread)
        worker.start()
        worker.join()
        assert terrain_chart().hexes["forest"].cost["mech"] == 2
    assert seen["forest"] is None  # the other thread reads the shipped tables
