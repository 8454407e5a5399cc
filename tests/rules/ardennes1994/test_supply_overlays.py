"""The planning overlays of The Ardennes (1994) (the ``Overlays`` capability): each side's
supply (2.5, 3.3b, 3.4), the supply heads and their reach (2.4, 2.5b, 2.5d, 3.3), each
side's ZOC (SCS, provisional), the Eastern Zone (2.5a), the victory cities (4.2) and the DG
and Reserve stacks (1.8, 1.11), on the small supply board and on a shipped scenario.
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.planning import Area, Dots, Rings
from ardennes_qt.core.system import Overlays
from ardennes_qt.engine import Session
from ardennes_qt.rules.ardennes1994.overlays import Ardennes1994Overlays
from ardennes_qt.rules.ardennes1994.situation import rules_data, with_rules
from ardennes_qt.rules.ardennes1994.tables import TABLE_SET
from tests.rules.ardennes1994.supply_board import board

OVERLAYS = Ardennes1994Overlays()


def shape(picture, kind, tint=None):
    return next(s for s in picture.shapes if isinstance(s, kind) and (tint is None or s.tint == tint))


def test_the_game_offers_its_overlays_with_their_provisional_choices():
    """The capability is registered; the supply overlays carry the provisional readings they rest on."""
    s = Session.new("ardennes1994/5.1", seed=1)
    overlays = s.capability(Overlays)
    kinds = {k.key: k for k in overlays.overlays(s.content)}
    assert set(kinds) == {"supply_german", "supply_allied", "supply_heads", "zoc_german", "zoc_allied",
                          "eastern_zone", "vp_cities", "markers"}
    where = [w for w, _ in kinds["supply_allied"].provisional]
    assert where == ["the series table, zoc", "the supply table, play area edges", "the supply table, hex count"]
    assert [w for w, _ in kinds["vp_cities"].provisional] == ["the victory table, cities"]


def test_supply_overlay_tints_where_units_would_be_supplied_and_rings_those_cut_off():
    """2.5a: the Eastern Zone B1.05 reaches 5 hexes; the unit at B8.05 is ringed and labelled;
    a hex says why it is or is not supplied."""
    c, s = board({"18VG:293": "B6.05", "18VG:294": "B8.05"}, zone=["B1.05"])
    picture = OVERLAYS.overlay(c, s, "supply_german")
    area = shape(picture, Area).hexes
    assert {"B1.05", "B6.05", "B1.10"} <= area and "B7.05" not in area and "B8.05" not in area
    assert shape(picture, Rings).hexes == ("B8.05",)
    assert [(lb.hex, lb.text) for lb in picture.labels] == [("B8.05", "out of supply")]
    assert picture.says("B6.05").startswith("German supplied: 5 hexes to the Eastern Zone at B1.05 (2.5a)")
    assert picture.says("B7.05").startswith("German out of supply: no path of 5 hexes")


def test_supply_overlay_names_a_unit_still_marked_from_the_last_supply_phase():
    """1.14: a unit marked out of supply in its last Supply Phase stays so until the next, even
    where it could trace now."""
    c, s = board({"18VG:293": "B3.05"}, zone=["B1.05"], statuses={"18VG:293": ("out_of_supply",)})
    picture = OVERLAYS.overlay(c, s, "supply_german")
    assert [(lb.hex, lb.text) for lb in picture.labels] == [("B3.05", "marked out of supply")]
    assert "marked out of supply in the last Supply Phase" in picture.says("B3.05")


def test_supply_heads_overlay_dots_each_head_and_tints_its_reach_by_side():
    """2.5b, 2.5d, 3.3: the Supply Unit and the captured dump supply German hexes within 10 MP
    of their next-door hex, the US dump US ones; the dump's owner decides."""
    c, s = board({"GerSup:1": "B5.05"}, dumps={"B20.05": (False, "Allied"), "B25.08": (True, "German")})
    picture = OVERLAYS.overlay(c, s, "supply_heads")
    assert shape(picture, Dots).hexes == ("B20.05", "B25.08", "B5.05")
    german = shape(picture, Area, "reach:German").hexes
    us = shape(picture, Area, "reach:Allied").hexes
    assert {"B11.05", "B25.03"} <= german and "B12.05" not in german
    assert {"B14.05", "B26.05"} <= us and "B13.05" not in us
    assert picture.says("B20.05").startswith("US dump (3.3, 3.4)")
    assert "The Supply Unit 1 at B5.05 traces 10 MP" in picture.says("B11.05")


def test_zoc_overlay_shows_the_hexes_of_a_sides_zoc_and_where_it_comes_from():
    """SCS (provisional): a combat unit's ZOC is its hex and the six around it; a DG unit has
    none (1.11a), nor a Supply Unit (2.4)."""
    c, s = board({"2ID:9": "B10.05", "2ID:23": "B20.05", "GerSup:1": "B5.05"})
    s = s.with_units({"2ID:23": replace(s.units["2ID:23"], dg=True)})
    picture = OVERLAYS.overlay(c, s, "zoc_allied")
    assert len(shape(picture, Area).hexes) == 7 and "B10.05" in shape(picture, Area).hexes
    assert shape(picture, Dots).hexes == ("B10.05",)
    assert "US ZOC from B10.05" in picture.says("B11.05") and "provisional" in picture.says("B11.05")
    assert OVERLAYS.overlay(c, s, "zoc_german").shapes[0].hexes == frozenset()


def test_eastern_zone_and_victory_city_overlays():
    """2.5a: the Eastern Zone hexes; 4.2: each victory city hex in its controller's hue, with
    the city's estimated VP."""
    c, s = board({"18VG:293": "B15.06"}, zone=["B1.05", "B1.06"], places={"B15.05": "Liège", "B20.05": "Spa"},
                 control={"B15.05": "German"})
    zone = OVERLAYS.overlay(c, s, "eastern_zone")
    assert shape(zone, Area).hexes == {"B1.05", "B1.06"}
    assert "(2.5a)" in zone.says("B1.05") and zone.says("B2.05") == ""
    cities = OVERLAYS.overlay(c, s, "vp_cities")
    assert shape(cities, Area, "side:German").hexes == {"B15.05"}
    assert shape(cities, Area, "side:Allied").hexes == {"B20.05"}
    assert {lb.hex: lb.text for lb in cities.labels} == {"B15.05": "≈6 VP", "B20.05": "≈2 VP"}
    assert cities.says("B15.05").startswith("Liège: 6 VP (≈ estimated, not printed)")


def test_marker_overlay_rings_dg_and_reserve_stacks():
    """1.11: DG units; 1.8: Reserve markers; each stack named with how many of its units."""
    c, s = board({"2ID:9": "B10.05", "2ID:23": "B10.05", "18VG:293": "B20.05"})
    s = s.with_units({"2ID:9": replace(s.units["2ID:9"], dg=True)})
    s = with_rules(s, replace(rules_data(s), reserves=frozenset({"18VG:293"})))
    picture = OVERLAYS.overlay(c, s, "markers")
    assert [r.hexes for r in picture.shapes] == [("B10.05",), ("B20.05",)]
    assert {lb.hex: lb.text for lb in picture.labels} == {"B10.05": "DG 1/2", "B20.05": "Reserve"}
    assert "(1.11a)" in picture.says("B10.05") and "(1.8, 1.9)" in picture.says("B20.05")


def test_hover_words_keep_the_tables_the_overlay_was_worked_out_with():
    """A worker thread works an overlay out with the game's own tables; the words asked later,
    outside them, still use them (here a house rule of 6 Eastern Zone hexes)."""
    text = TABLE_SET.shipped.shipped_text("supply").replace("hexes = 5\n", "hexes = 6\n", 1)
    house = TABLE_SET.with_house_rules({"supply": text})
    c, s = board({"18VG:293": "B7.05"}, zone=["B1.05"])
    with house.in_use():
        picture = OVERLAYS.overlay(c, s, "supply_german")
    assert "B7.05" in shape(picture, Area).hexes
    assert picture.says("B7.05").startswith("German supplied: 6 hexes")
    assert OVERLAYS.overlay(c, s, "supply_german").says("B7.05").startswith("German out of supply")
