"""The representative Ardennes II map: its generator, and what the rules need from it."""

from collections import deque
from pathlib import Path

import pytest

from ardennes_qt.core.hexgrid import Direction, Hexside
from ardennes_qt.core.mapdata import REPRESENTATIVE
from ardennes_qt.core.mapgen import MapSourceError, generate, read_source
from ardennes_qt.core.rasterize import WATER, bridge_sites
from ardennes_qt.store.maptext import format_map, parse_map

MAP_DIR = Path(__file__).resolve().parents[2] / "scenarios" / "ardennes2" / "map"

# Rule 6.0, as printed.
VP_TABLE = [
    ("A1.46", "Namur", 3), ("A11.48", "Andenne", 2), ("A2.32", "Dinant", 3), ("A11.35", "Ciney", 2),
    ("A27.06", "Neufchateau", 1), ("A24.17", "St. Hubert", 1), ("A17.26", "Rochefort", 2),
    ("A23.31", "Marche-en-famenne", 2), ("A27.33", "Hotton", 2), ("A21.39", "Ocquier", 1), ("A18.49", "Huy", 3),
    ("A22.51", "Amay", 2), ("A36.54", "Liège", 3), ("A39.46", "Aywaille", 1), ("A32.43", "Hamoir", 1),
    ("A40.40", "Werbomont", 1), ("A39.35", "Manhay", 1), ("A34.27", "La Roche-en-Ardenne", 2),
    ("B1.32", "Baraque de Fraiture", 1), ("B1.16", "Bastogne", 5), ("B2.05", "Martelange", 1),
    ("B4.23", "Houffalize", 2), ("B11.14", "Wiltz", 1), ("B15.20", "Clervaux", 2), ("B20.25", "Ouren", 1),
    ("B21.29", "Burg Reuland", 1), ("B10.34", "Vielsalm", 2), ("B20.34", "St. Vith", 3), ("B8.39", "Trois Ponts", 2),
    ("B11.41", "Stavelot", 1), ("B15.43", "Malmedy", 2), ("B8.47", "Spa", 2), ("B7.54", "Verviers", 2),
    ("B24.46", "Elsenborn", 2), ("B29.49", "Wahlersheid", 1), ("B28.44", "Rocherath-Krinkelt", 1),
    ("B26.42", "Büllingen", 1), ("B22.07", "Diekirch", 1), ("B20.06", "Ettelbrück", 1),
]
CITIES = {"Namur", "Liège", "Huy", "Verviers", "Dinant", "Bastogne"}


@pytest.fixture(scope="module")
def ardennes():
    return parse_map((MAP_DIR / "map.txt").read_text(encoding="utf-8"))


def sides_of(m, hex_id):
    h = m.parse(hex_id)
    return {Hexside.of(h, d) for d in Direction}


def named(m, river):
    return {s for s, r in m.hexsides.items() if r.name == river}


# --- the generator --------------------------------------------------------------------------


def test_the_committed_map_is_what_the_source_generates():
    generated = format_map(generate(read_source(MAP_DIR / "source.toml")))
    assert generated == (MAP_DIR / "map.txt").read_text(encoding="utf-8"), (
        "map.txt is stale: run python scenarios/ardennes2/map/generate.py"
    )


def test_the_text_form_round_trips(ardennes):
    again = parse_map(format_map(ardennes))
    assert again == ardennes
    assert format_map(again) == format_map(ardennes)


def test_the_map_says_it_is_representative(ardennes):
    assert ardennes.source == REPRESENTATIVE
    assert any("representative map, not the published" in note for note in ardennes.notes)
    records = [*ardennes.hexes.values(), *ardennes.hexsides.values(), *ardennes.roads.values(),
               *ardennes.bridges.values(), *ardennes.places.values(), *ardennes.entry_areas.values()]
    assert {r.source for r in records} == {REPRESENTATIVE}


SMALL = {"map": {"id": "t", "title": "t", "numbering": "scs sheets=A,B columns=40 rows=0-54"}}


def road(name, *route):
    return {"name": name, "kind": "road", "route": list(route)}


@pytest.mark.parametrize(
    "extra, message",
    [
        ({"road": [road("Nowhere road", "A1.10", "A41.10")]}, "'Nowhere road': 'A41.10'"),
        ({"road": [{"name": "Lane", "kind": "lane", "route": ["A1.10", "A3.10"]}]}, "road or track"),
        ({"area": [{"name": "Jungle", "terrain": "jungle", "outline": ["A1.10", "A3.10", "A3.12"]}]}, "Jungle"),
        ({"area": [{"name": "Knot", "terrain": "woods", "outline": ["A1.10", "A5.14", "A5.10", "A1.14"]}]}, "crosses itself"),
        ({"water": [{"name": "Brook", "feature": "stream", "course": ["A1.10", "A5.10"], "joins": "Meuse"}]}, "Meuse"),
        ({"road": [road("Edge road", "off-map west of A5.10", "A6.10")]}, "not on the west edge"),
        ({"road": [road("Lost road", "off-map west of A1.10", "off-map west of A1.20")]}, "'Lost road': it does not"),
        ({"plunger": [{"hex": "A5.10"}]}, "no bridge"),
        ({"entry": [{"letter": "Z", "side": "Allied", "edge": "west", "from": "A5.10", "to": "A5.12"}]}, "west edge"),
        ({"entry": [{"letter": "Z", "side": "Allied", "hexes": []}]}, "entry area Z: it lists no hexes"),
        ({"entry": [{"letter": "Z", "side": "Allied", "hexes": ["A41.10"]}]}, "entry area Z: 'A41.10'"),
    ],
)
def test_a_bad_source_entry_is_named_in_the_error(extra, message):
    with pytest.raises(MapSourceError, match=message):
        generate({**SMALL, **extra})


def test_an_entry_area_may_list_its_hexes_anywhere_on_the_map():
    """Vae Victis Ardennes 1944 (16.1) prints single entry hexes, not all on an edge."""
    m = generate({**SMALL, "entry": [{"letter": "2521", "side": "Allied", "hexes": ["A5.10", "A6.10"]}]})
    assert m.entry_areas["2521"].side == "Allied"
    assert m.entry_areas["2521"].hexes == {m.parse("A5.10"), m.parse("A6.10")}


def test_rough_is_an_area_cover():
    m = generate({**SMALL, "area": [{"name": "Eifel", "terrain": "rough", "outline": ["A1.10", "A5.10", "A5.14", "A1.14"]}]})
    assert m.terrain(m.parse("A3.12")) == {"rough"}


# --- VP hexes (6.0) -------------------------------------------------------------------------


@pytest.mark.parametrize("hex_id, name, vp", VP_TABLE)
def test_every_vp_hex_is_named_with_its_vp(ardennes, hex_id, name, vp):
    place = ardennes.places[ardennes.parse(hex_id)]
    assert (place.name, place.vp) == (name, vp)
    terrain = ardennes.terrain(ardennes.parse(hex_id))
    assert ("city" in terrain) == (name in CITIES)
    assert "city" in terrain or "village" in terrain


def test_vp_totals(ardennes):
    vp = {sheet: sum(p.vp for h, p in ardennes.places.items() if ardennes.hex_id(h)[0] == sheet) for sheet in "AB"}
    assert len(VP_TABLE) == len([p for p in ardennes.places.values() if p.vp]) == 39
    assert vp == {"A": 33, "B": 35}


def test_every_vp_town_reaches_every_other_by_road(ardennes):
    """Roads only (not Tracks): one breadth-first search from Bastogne reaches all 39."""
    towns = {ardennes.parse(hex_id) for hex_id, _, _ in VP_TABLE}
    start = ardennes.parse("B1.16")
    seen, queue = {start}, deque([start])
    while queue:
        h = queue.popleft()
        for direction, kind in ardennes.roads_of(h).items():
            n = h.neighbour(direction)
            if kind == "road" and ardennes.contains(n) and n not in seen:
                seen.add(n)
                queue.append(n)
    assert {ardennes.hex_id(h) for h in towns - seen} == set()


@pytest.mark.parametrize("edge", ["north", "east", "south", "west"])
def test_roads_leave_every_map_edge(ardennes, edge):
    assert any(e == edge and kind == "road" for _, _, kind, e in ardennes.road_exits())


@pytest.mark.parametrize("hex_id", ["B4.24", "B12.20", "B12.22"])
def test_the_7_5_german_supply_hexes_are_on_roads(ardennes, hex_id):
    """7.5 Supply Sources: the Germans trace from these hexes, so the road net must reach them."""
    assert ardennes.roads_of(ardennes.parse(hex_id))


def test_a_road_leaves_the_goose_egg_westward(ardennes):
    """7.4 Supply Sources: the Allies trace only from a Road (not Track) leaving the play area's
    west edge, column B9 between rows 27 and 39."""
    edge = [ardennes.parse(f"B9.{row:02d}") for row in range(27, 40)]
    assert any(
        kind == "road" and ardennes.hex_id(h.neighbour(direction)).startswith("B8.")
        for h in edge
        for direction, kind in ardennes.roads_of(h).items()
    )


# --- rivers and the border ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "river, towns",
    [
        ("Meuse", "A2.32 A1.46 A11.48 A18.49 A22.51 A36.54"),
        ("Ourthe", "B4.23 A34.27 A27.33 A32.43"),
        ("Amblève", "B11.41 B8.39 A39.46"),
        ("Salm", "B10.34"),
        ("Warche", "B15.43"),
        ("Lomme", "A17.26"),
        ("Sûre", "B2.05 B20.06 B22.07"),
        ("Our", "B20.25"),
        ("Clerve", "B15.20"),
        ("Wiltz", "B11.14"),
    ],
)
def test_rivers_pass_along_the_towns_they_run_through(ardennes, river, towns):
    course = named(ardennes, river)
    for hex_id in towns.split():
        assert sides_of(ardennes, hex_id) & course, f"the {river} does not touch {hex_id}"


def test_the_meuse_is_its_own_prohibited_feature(ardennes):
    assert {frozenset(ardennes.hexsides[s].features) for s in named(ardennes, "Meuse")} == {frozenset({"meuse"})}


def test_the_our_is_a_river_named_our_and_much_of_it_is_the_border(ardennes):
    our = named(ardennes, "Our")
    assert our and all("river" in ardennes.hexsides[s].features for s in our)
    on_border = [s for s in our if "border" in ardennes.hexsides[s].features]
    assert len(on_border) > len(our) / 2


def test_every_water_hexside_is_named(ardennes):
    water = [r for r in ardennes.hexsides.values() if not r.features.isdisjoint(WATER)]
    assert water and all(r.name for r in water)


# --- bridges (3.8) ----------------------------------------------------------------------------------


@pytest.mark.parametrize("plunger", ["A17.26", "A33.27", "B8.39", "B20.06"])
def test_the_multi_bridge_plungers_of_3_8(ardennes, plunger):
    assert ardennes.plungers[plunger] == ardennes.parse(plunger)
    assert sum(b.plunger == plunger for b in ardennes.bridges.values()) >= 2


def test_bridges_are_exactly_where_roads_cross_water(ardennes):
    assert sorted(ardennes.bridges) == bridge_sites(ardennes)
    for side in ardennes.bridges:
        assert side in ardennes.roads
        assert not ardennes.hexsides[side].features.isdisjoint(WATER)


def test_german_built_bridges_cross_the_our_and_carry_no_plunger(ardennes):
    built = {s: b for s, b in ardennes.bridges.items() if b.built}
    assert len(built) >= 3
    for side, bridge in built.items():
        assert ardennes.hexsides[side].name == "Our"
        assert bridge.built.startswith("1944-12-") and not bridge.plunger


# --- special hexes, entry areas, edges ---------------------------------------------------------------


def test_west_wall_and_traffic_jams_are_on_the_german_map(ardennes):
    for terrain in ("west_wall", "traffic_jam"):
        hexes = [h for h, r in ardennes.hexes.items() if terrain in r.terrain]
        assert hexes and all(ardennes.hex_id(h).startswith("B") for h in hexes)


def test_entry_areas_lie_on_the_map_edge(ardennes):
    assert sorted(ardennes.entry_areas) == list("ABCD") + list("FGHIJKLMNOP")
    for letter, area in ardennes.entry_areas.items():
        assert area.side == ("German" if letter in "ABCD" else "Allied")
        edges = {ardennes.edge_of(n) for h in area.hexes for n in h.neighbours() if not ardennes.contains(n)}
        assert all(any(not ardennes.contains(n) for n in h.neighbours()) for h in area.hexes)
        assert ("east" in edges) == (letter in "ABCD")


@pytest.mark.parametrize("letter, hex_id", [("N", "A37.54"), ("N", "B1.54"), ("B", "B40.37")])
def test_entry_areas_fit_the_scenarios_that_use_them(ardennes, letter, hex_id):
    """7.6 (map A) and 7.3 (map B) both bring units in at N; 7.3 and 7.4 at B."""
    assert ardennes.parse(hex_id) in ardennes.entry_areas[letter].hexes


def test_friendly_map_edges_of_1_3(ardennes):
    assert ardennes.friendly_edges == {"north": "Allied", "west": "Allied", "south": "Allied", "east": "German"}
