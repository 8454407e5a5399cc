"""Shipped scenarios: text built into SQLite, read back the same, rebuilt when text changes."""

import shutil

import pytest

from ardennes_qt.store import library
from ardennes_qt.store.errors import ContentError


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("ARDENNES_QT_CACHE", str(tmp_path / "cache"))


def test_every_shipped_scenario_is_listed():
    keys = [key for key, _ in library.list_scenarios()]
    assert keys == ([f"ardennes1994/5.{n}" for n in range(1, 6)] + [f"ardennes2/7.{n}" for n in range(1, 7)]
                    + [f"asl_kgp/CG{n}" for n in range(1, 4)] + ["vv1944/17.1", "vv1944/17.2"])


def test_the_sqlite_build_reads_back_what_the_text_says():
    from_text = library.content_from_text("ardennes2/7.1")
    built = library.load_content("ardennes2/7.1")
    assert built.scenario.placements == from_text.scenario.placements
    assert built.scenario.arrivals == from_text.scenario.arrivals
    assert built.counters == from_text.counters
    assert {k: v.colour for k, v in built.formations.items()} == {k: v.colour for k, v in from_text.formations.items()}
    assert built.map.hexes == from_text.map.hexes
    assert built.map.hexsides == from_text.map.hexsides
    assert built.map.roads == from_text.map.roads
    assert built.map.bridges == from_text.map.bridges
    assert built.map.places == from_text.map.places
    assert built.map.entry_areas == from_text.map.entry_areas


def test_a_map_read_back_holds_each_record_value_once():
    # A woods hex or a road link recurs thousands of times: read back, equal records are one
    # shared value (they cannot be changed in place), not thousands of copies.
    m = library.load_content("ardennes2/7.1").map
    for records in (m.hexes.values(), m.hexsides.values(), m.roads.values()):
        records = list(records)
        assert len({id(r) for r in records}) == len(set(records)) < len(records)


def test_a_changed_text_gets_a_new_build(tmp_path, monkeypatch):
    copy = tmp_path / "scenarios"
    shutil.copytree(library.scenarios_root(), copy)
    monkeypatch.setenv("ARDENNES_QT_SCENARIOS", str(copy))
    first = library.content_db("ardennes2/7.1")
    toml = copy / "ardennes2" / "7.1.toml"
    toml.write_text(toml.read_text().replace('title = "Ardennes Campaign"', 'title = "Ardennes Campaign (house)"'))
    second = library.content_db("ardennes2/7.1")
    assert second != first
    assert library.load_content("ardennes2/7.1").scenario.title == "Ardennes Campaign (house)"


@pytest.mark.parametrize(
    "key, message",
    [("ardennes2/9.9", "has no scenario '9.9'"), ("chess/1", "no rule system 'chess'"), ("7.1", "not a scenario name")],
)
def test_unknown_scenarios_are_named(key, message):
    with pytest.raises(ContentError, match=message):
        library.load_content(key)
