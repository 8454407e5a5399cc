"""The map text with hills (ASL): levels, building levels, slopes with their marks, walls and the rest
read and write back the same, and through SQLite; maps without them are written as before."""

from ardennes_qt.core.hexgrid import Hexside
from ardennes_qt.store.contentdb import read_map_tables, write_map_tables, create_tables, get_meta
from ardennes_qt.store.maptext import format_map, parse_map

import pytest
import sqlite_utils

TEXT = """map kgp "KGP test"
numbering asl boards=St,Ch hexrows=6 rows=1-8
source representative

hex StA1 open level=-1
hex StB1 stone_building steeple level=3 floors=1
hex StC2 pine_woods stream level=2

side StB1 SE crest slope=StB1
side StB1 NE wall hedge
side ChA1 SE wire
"""


def test_levels_and_slopes_round_trip():
    m = parse_map(TEXT)
    b1 = m.parse("StB1")
    assert m.level(m.parse("StA1")) == -1 and m.hexes[b1].floors == 1 and m.level(b1) == 3
    slope = [r for r in m.hexsides.values() if r.slope is not None]
    assert len(slope) == 1 and slope[0].slope == b1 and "crest" in slope[0].features
    assert format_map(parse_map(format_map(m))) == format_map(m)


def test_a_slope_alone_needs_no_other_feature():
    m = parse_map(TEXT.replace("side StB1 SE crest slope=StB1", "side StB1 SE slope=StB1"))
    assert format_map(m).count("side StB1 SE slope=StB1") == 1


def test_slope_marks_outside_the_side_are_refused():
    with pytest.raises(Exception, match="hash marks"):
        parse_map(TEXT.replace("slope=StB1", "slope=StC5"))


def test_levels_and_slopes_through_sqlite(tmp_path):
    m = parse_map(TEXT)
    db = sqlite_utils.Database(tmp_path / "map.sqlite")
    create_tables(db, [t for t in ("map_hexes", "map_hexsides", "map_roads", "map_bridges", "map_plungers",
                                   "map_places", "map_entry_areas", "map_edges")])
    write_map_tables(db, m)
    again = read_map_tables(db, get_meta(db))
    assert format_map(again) == format_map(m)
