"""The representative map of The Ardennes (1994): its generator, and the hexes the rules print.

The rules (shared seed 002) print no map, only hex ids: set-ups, supply dumps, entry hexes,
blown bridges, Givet.  Every one of them is kept here as printed.
"""

from collections import deque
from pathlib import Path

import pytest

from ardennes_qt.core.hexgrid import Direction, Hexside
from ardennes_qt.core.mapdata import REPRESENTATIVE
from ardennes_qt.core.mapgen import generate, read_source
from ardennes_qt.store.maptext import format_map, parse_map

MAP_DIR = Path(__file__).resolve().parents[2] / "scenarios" / "ardennes1994" / "map"

# Every hex id the rules print (5.1-5.5 set-ups, dumps and blown bridges, the OOA's entry hexes,
# 2.5a's B48.10, 4.1's Givet), as printed, sheet B then sheet A.
PRINTED = """
    B2.35 B5.11 B5.24 B5.25 B6.06 B6.26 B7.09 B7.27 B8.01 B8.03 B8.06 B8.07 B8.08 B9.07 B9.08 B9.09
    B9.16 B9.19 B9.21 B9.22 B9.24 B9.30 B9.32 B10.01 B10.02 B10.04 B10.05 B10.06 B10.07 B10.15 B10.16
    B10.19 B11.01 B11.02 B11.03 B11.06 B11.07 B11.10 B11.11 B11.16 B11.26 B12.01 B12.03 B12.10 B12.20
    B13.04 B13.09 B13.12 B13.18 B13.19 B13.25 B13.30 B14.01 B14.10 B14.24 B14.25 B14.27 B14.28 B15.01
    B15.02 B15.04 B15.18 B15.22 B15.23 B15.24 B15.27 B15.28 B15.29 B15.31 B16.01 B16.03 B16.25 B16.27
    B16.28 B17.04 B17.05 B17.06 B18.02 B18.04 B18.05 B18.23 B18.24 B18.27 B18.30 B19.06 B19.08 B19.24
    B19.25 B19.31 B20.26 B20.27 B20.28 B20.32 B21.09 B21.12 B21.30 B22.08 B22.10 B23.07 B23.08 B23.10
    B23.16 B23.18 B24.06 B24.11 B24.13 B24.14 B24.15 B25.11 B26.07 B26.27 B26.28 B27.07 B27.14 B29.12
    B29.15 B29.18 B29.27 B29.29 B30.12 B30.15 B30.25 B30.26 B30.30 B31.16 B31.17 B31.30 B33.10 B33.11
    B33.21 B34.09 B34.10 B34.11 B34.20 B34.31 B35.12 B35.13 B35.24 B36.09 B36.10 B36.13 B36.14 B36.16
    B36.34 B37.10 B37.11 B37.32 B37.35 B38.08 B38.31 B38.32 B39.10 B39.13 B39.14 B39.15 B39.24 B39.26
    B39.32 B40.13 B40.25 B40.31 B41.03 B41.16 B41.17 B41.33 B41.34 B42.06 B42.09 B42.16 B42.20 B42.28
    B42.29 B42.30 B42.31 B43.11 B43.15 B43.16 B43.18 B43.21 B43.27 B43.28 B43.29 B43.30 B44.13 B44.14
    B44.15 B44.20 B44.29 B45.11 B45.16 B45.19 B45.21 B45.27 B45.28 B45.29 B45.30 B45.33 B46.16 B46.17
    B46.18 B46.27 B46.31 B47.07 B47.16 B47.18 B47.19 B47.28 B47.29 B47.32 B47.33 B47.35 B47.36 B48.06
    B48.07 B48.10 B48.21 B48.26 B48.27 B48.31 B48.33 B49.06 B49.07 B49.09 B49.16 B49.28 B49.30 B49.32
    B50.01 B50.06 B50.07 B50.21 B50.22 B51.01 B51.02 B51.03 B51.06 B51.07 B51.21 B52.01 B52.07 B52.08
    B52.15 B52.19 B52.20 B52.23 B53.01 B53.07 B53.08 B53.09 B53.14 B53.15 B53.16 B53.17 B53.18 B53.20
    B53.24 B54.00 B54.13 B54.14 B54.15 B54.16 B54.17 B55.09 B55.13 B55.14 B55.15 B55.17 B55.32 B56.09
    B56.10 B56.12 B56.13 B56.14 B56.15 B57.07 B57.08 B57.09 B57.10 B57.11 B57.12 B57.13 B57.15 B57.16
    B57.35 B58.07 B58.08 B58.12 B58.14 B58.15 B58.16 B59.10 B59.12 B59.13 B59.14 B59.15 B60.11 B60.12
    B60.13 B60.14 B60.15 B61.13 B61.14 B61.15 B62.11 B62.12 B62.13 B62.14 B62.15 B62.17 B62.33 B62.34
    A3.07 A4.16 A6.13 A7.16 A11.09 A11.29 A12.35 A14.02 A14.22 A15.23 A15.32 A18.12 A19.06 A19.18 A19.27
    A20.16 A21.29 A21.33 A22.17 A22.20 A23.13 A23.15 A23.21 A23.34 A24.13 A24.14 A24.18 A26.03 A26.14
    A27.27 A28.13 A28.26 A29.09 A29.12 A30.09 A30.11 A31.05 A31.06 A31.11 A31.16 A32.04 A32.05 A32.07
    A32.09 A33.07 A34.04 A34.05 A34.06 A34.07 A34.34 A35.04 A35.05 A36.02 A36.03 A38.02 A39.02 A39.03
    A44.31 A46.18 A47.18 A47.25 A48.18 A49.18 A50.05 A59.11
""".split()

# The towns the rules name at a hex (5.1-5.4 supply dumps; 4.1).
NAMED = {
    "Büllingen": "B54.13", "Spa": "B55.32", "St. Vith": "B41.16", "Vielsalm": "B39.26",
    "Houffalize": "B26.27", "Bastogne": "B15.28", "Manhay": "A36.02", "La Roche-en-Ardenne": "A26.03",
    "Givet": "A12.35",
}
TERRAIN = {"open", "forest", "village", "city", "traffic_jam", "eastern_zone"}


@pytest.fixture(scope="module")
def ardennes():
    return parse_map((MAP_DIR / "map.txt").read_text(encoding="utf-8"))


def sides_named(m, name):
    return {s for s, r in m.hexsides.items() if r.name == name}


def water_sides(m, hex_id, name):
    h = m.parse(hex_id)
    return [d for d in Direction if getattr(m.hexsides.get(Hexside.of(h, d)), "name", None) == name]


def bank(m, start, rivers):
    """The hexes reached from ``start`` without crossing the named rivers."""
    first = m.parse(start)
    seen, todo = {first}, deque([first])
    while todo:
        h = todo.popleft()
        for n in h.neighbours():
            record = m.hexsides.get(Hexside.between(h, n))
            if m.contains(n) and n not in seen and not (record and record.name in rivers):
                seen.add(n)
                todo.append(n)
    return seen


# --- the generator --------------------------------------------------------------------------


def test_the_committed_map_is_what_the_source_generates():
    generated = format_map(generate(read_source(MAP_DIR / "source.toml")))
    assert generated == (MAP_DIR / "map.txt").read_text(encoding="utf-8"), (
        "map.txt is stale: run python scenarios/ardennes1994/map/generate.py"
    )


def test_the_text_form_round_trips(ardennes):
    again = parse_map(format_map(ardennes))
    assert again == ardennes
    assert format_map(again) == format_map(ardennes)


def test_the_map_says_it_is_representative(ardennes):
    assert ardennes.id == "ardennes1994"
    assert ardennes.title == "The Ardennes (representative map)"
    assert ardennes.source == REPRESENTATIVE
    assert any("representative map, not the published" in note for note in ardennes.notes)


def test_the_vocabulary_is_this_games(ardennes):
    assert set().union(*(r.terrain for r in ardennes.hexes.values())) == TERRAIN
    assert {f for r in ardennes.hexsides.values() for f in r.features} == {"meuse", "river"}
    assert {r.kind for r in ardennes.roads.values()} == {"primary", "secondary"}


# --- the grid ---------------------------------------------------------------------------------


def test_the_grid_holds_every_printed_hex_and_no_more_columns_than_it_needs(ardennes):
    assert ardennes.numbering.to_text() == "scs sheets=B,A columns=62 rows=0-36 stack=rows"
    assert len(PRINTED) == len(set(PRINTED)) == 376
    columns = {int(h[1:].split(".")[0]) for h in PRINTED}
    rows = {int(h.split(".")[1]) for h in PRINTED}
    assert max(columns) == 62 and min(rows) == 0 and max(rows) == 36  # B47.36 (5.4) needs row 36


@pytest.mark.parametrize("hex_id", PRINTED)
def test_every_printed_hex_is_on_the_map_and_land(ardennes, hex_id):
    h = ardennes.parse(hex_id)
    assert ardennes.contains(h) and ardennes.hex_id(h) == hex_id
    assert ardennes.terrain(h) <= TERRAIN  # no water hexes at all: rivers run along hexsides


def test_north_is_to_the_right_and_west_is_up(ardennes):
    def column(hex_id):
        return ardennes.numbering.offset(ardennes.parse(hex_id))[0]

    def row(hex_id):
        return ardennes.numbering.offset(ardennes.parse(hex_id))[1]

    assert column("B55.32") > column("B15.28")  # Spa is north of Bastogne
    assert row("B54.13") < row("B55.32")  # Büllingen is east of Spa
    assert row("A36.02") > row("B39.26")  # Manhay (sheet A) is west of Vielsalm
    assert ardennes.parse("B12.36").neighbour(Direction.N) == ardennes.parse("A12.00")


# --- places --------------------------------------------------------------------------------


@pytest.mark.parametrize("name, hex_id", NAMED.items())
def test_the_named_towns_sit_on_their_printed_hexes(ardennes, name, hex_id):
    assert ardennes.places[ardennes.parse(hex_id)].name == name
    assert ardennes.place_named(name) == ardennes.parse(hex_id)


def test_liege_is_one_city_of_several_hexes_on_both_banks(ardennes):
    liege = {h for h, p in ardennes.places.items() if p.name == "Liège"}
    assert len(liege) >= 4
    assert all(ardennes.terrain(h) == {"city"} for h in liege)
    first = next(iter(liege))
    joined, todo = {first}, [first]
    while todo:
        for n in todo.pop().neighbours():
            if n in liege and n not in joined:
                joined.add(n)
                todo.append(n)
    assert joined == liege  # contiguous (4.1 Liège option)
    south = bank(ardennes, "A47.24", {"Meuse"})
    assert liege & south and liege - south
    assert any(Hexside.between(a, b) in ardennes.bridges for a in liege for b in liege if a.distance(b) == 1)


def test_the_other_cities(ardennes):
    for name in ("Bastogne", "Huy", "Dinant", "Verviers"):
        assert ardennes.terrain(ardennes.place_named(name)) == {"city"}


def test_a_village_in_forest_is_forest_and_village(ardennes):
    both = [h for h in ardennes.all_hexes() if {"forest", "village"} <= ardennes.terrain(h)]
    assert len(both) > 20
    assert {"forest", "village"} <= ardennes.terrain(ardennes.place_named("St. Hubert"))


# --- hexsides: the Meuse and the rivers -------------------------------------------------------


def test_the_meuse_is_the_major_river_past_givet_dinant_huy_and_liege(ardennes):
    meuse = sides_named(ardennes, "Meuse")
    assert len(meuse) > 50 and all(ardennes.hexsides[s].features == {"meuse"} for s in meuse)
    for town in ("Givet", "Dinant", "Huy", "Andenne"):
        assert water_sides(ardennes, ardennes.hex_id(ardennes.place_named(town)), "Meuse"), town
    south = bank(ardennes, "A47.24", {"Meuse"})
    assert ardennes.place_named("Huy") in south and ardennes.place_named("Dinant") in south
    assert ardennes.place_named("Givet") not in south  # 4.1 Paris: over the Givet bridge, off the edge
    assert Hexside.between(ardennes.parse("A12.34"), ardennes.parse("A12.35")) in ardennes.bridges
    exits = {ardennes.hex_id(h) for h, _, _, edge in ardennes.road_exits() if edge == "north"}
    assert "A12.36" in exits and ardennes.road_between(ardennes.parse("A12.35"), ardennes.parse("A12.36"))


@pytest.mark.parametrize("river", ["Ourthe", "Amblève", "Salm", "Our", "Sûre", "Clerve", "Wiltz", "Lesse", "Warche"])
def test_the_rivers_are_river_hexsides_with_their_names(ardennes, river):
    sides = sides_named(ardennes, river)
    assert len(sides) > 5 and all(ardennes.hexsides[s].features == {"river"} for s in sides)


def test_the_blown_bridges_of_54_and_55_are_bridges(ardennes):
    for hex_id in ("B45.29", "B45.27"):
        h = ardennes.parse(hex_id)
        assert any(Hexside.of(h, d) in ardennes.bridges for d in Direction), hex_id


@pytest.mark.parametrize("hex_id", ["B17.05", "B21.09", "B24.11"])
def test_the_german_bridges_emplaced_in_54_and_55_stand_on_the_our(ardennes, hex_id):
    assert water_sides(ardennes, hex_id, "Our")


# --- the Eastern Zone (2.5a) -------------------------------------------------------------------


def zone(m, hex_id):
    return "eastern_zone" in m.terrain(m.parse(hex_id))


@pytest.mark.parametrize("hex_id, inside", [
    ("B48.10", True), ("B48.11", False), ("B62.10", True), ("B62.11", False), ("B55.09", True),
    ("B57.11", False), ("B54.00", True), ("B53.09", True), ("B54.13", False),
    ("B47.07", True), ("B42.09", True), ("B39.10", True), ("B30.12", True), ("B24.11", True), ("B21.09", True),
    ("B17.05", True), ("B15.01", True), ("B41.16", False), ("B45.11", False), ("B31.17", False),
    ("B24.13", False), ("B21.12", False), ("B17.06", False), ("B15.04", False), ("B14.01", False),
    ("B15.28", False), ("A36.02", False),
])
def test_eastern_zone_sample_hexes(ardennes, hex_id, inside):
    assert zone(ardennes, hex_id) == inside


def test_the_eastern_zone_is_east_of_the_our_or_the_northern_block(ardennes):
    m = ardennes
    our = sides_named(m, "Our")
    for h in m.all_hexes():
        sheet, column, row = m.numbering.sheet_column_row(h)
        if sheet == "A":
            assert not zone(m, m.hex_id(h))
        elif column >= 48:
            assert zone(m, m.hex_id(h)) == (row <= 10)
        else:
            for n in h.neighbours():
                if not m.contains(n):
                    continue
                n_sheet, n_column, _ = m.numbering.sheet_column_row(n)
                if n_sheet != "B" or n_column >= 48:
                    continue
                if zone(m, m.hex_id(h)) != zone(m, m.hex_id(n)):  # the zone's edge south of B48 is the Our
                    assert Hexside.between(h, n) in our, (m.hex_id(h), m.hex_id(n))


def test_the_german_start_hexes_south_of_b48_are_east_of_the_our(ardennes):
    german = ["B15.01", "B15.02", "B16.01", "B16.03", "B17.04", "B18.02", "B18.04", "B18.05", "B19.06",
              "B19.08", "B22.10", "B23.10", "B25.11", "B24.06", "B26.07", "B27.07", "B29.12", "B33.10",
              "B33.11", "B34.09", "B34.10", "B34.11", "B36.09", "B36.10", "B37.10", "B38.08", "B41.03",
              "B42.06", "B47.07"]
    assert all(zone(ardennes, h) for h in german)


# --- roads, traffic jams, entry areas, edges -----------------------------------------------------


def test_the_traffic_jams_are_road_hexes(ardennes):
    jams = [h for h, r in ardennes.hexes.items() if "traffic_jam" in r.terrain]
    assert 4 <= len(jams) <= 12
    assert all(ardennes.roads_of(h) for h in jams)


@pytest.mark.parametrize("hex_id", ["B57.35", "B2.35", "B29.18", "A12.35"])
def test_the_entry_hexes_are_on_roads(ardennes, hex_id):
    assert ardennes.roads_of(ardennes.parse(hex_id))


def test_every_entry_area_a_to_n_exists_on_its_sides_edge(ardennes):
    assert sorted(ardennes.entry_areas) == list("ABCDEFGHIJKLMN")
    for letter, area in ardennes.entry_areas.items():
        assert area.hexes and area.side == ("German" if letter in "ABCD" else "Allied")
        for h in area.hexes:
            edges = {ardennes.edge_of(n) for n in h.neighbours() if not ardennes.contains(n)}
            assert edges, (letter, ardennes.hex_id(h))
            assert any(ardennes.friendly_edges[e] == area.side for e in edges), (letter, ardennes.hex_id(h))  # corners: either
        exits = [x for x in ardennes.road_exits() if x[0] in area.hexes]
        assert exits, f"no road leaves the map through entry area {letter}"


def test_the_play_areas_of_51_and_52_hold_their_entry_areas(ardennes):
    def sheet_column(h):
        sheet, column, _ = ardennes.numbering.sheet_column_row(h)
        return sheet, column
    assert all(sheet_column(h)[0] == "B" and sheet_column(h)[1] >= 43 for h in ardennes.entry_areas["N"].hexes)
    for letter in "EFG":
        assert all(sheet_column(h)[0] == "B" and sheet_column(h)[1] <= 29 for h in ardennes.entry_areas[letter].hexes)
    for letter in "HM":  # 5.1 and 5.2 bring these areas' units in at B57.35 and B2.35 instead
        assert all(sheet_column(h)[0] == "A" for h in ardennes.entry_areas[letter].hexes)


def test_us_supply_edges_and_the_german_edge(ardennes):
    # printed edges: north = the real west, east = the real north, west = the real south
    assert ardennes.friendly_edges == {"north": "Allied", "east": "Allied", "south": "German", "west": "Allied"}
