"""Reading content and saved games with sqlite3 alone: the same content as through
sqlite-utils, and opening a game loads neither sqlite-utils nor numpy."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import sqlite_utils

from ardennes_qt.store.contentdb import read_content
from ardennes_qt.store.library import content_db
from ardennes_qt.store.sqlite_rows import RowReader

ROOT = Path(__file__).resolve().parents[2]


def test_the_light_reader_reads_the_same_content_as_sqlite_utils():
    path = content_db("ardennes2/7.4")
    light = RowReader(sqlite3.connect(path))
    full = sqlite_utils.Database(path)
    try:
        assert sorted(light.table_names()) == sorted(full.table_names())
        assert list(light["arrivals"].rows_where(order_by="seq")) == list(full["arrivals"].rows_where(order_by="seq"))
        assert read_content(light, path.name) == read_content(full, path.name)
    finally:
        light.close()
        full.close()


def test_opening_a_game_loads_neither_sqlite_utils_nor_numpy():
    content_db("ardennes2/7.1")  # built here when the cache is cold: building may use both
    code = ("import sys; from ardennes_qt.engine.session import Session; Session.new('ardennes2/7.1', seed=1); "
            "print(sorted(m for m in ('sqlite_utils', 'numpy', 'shapely') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_hexsides_are_read_whatever_the_spelling_of_their_direction(tmp_path):
    import shutil

    import pytest

    from ardennes_qt.store.errors import ContentError

    path = tmp_path / "content.sqlite"
    shutil.copy(content_db("ardennes2/7.1"), path)
    with sqlite3.connect(content_db("ardennes2/7.1")) as conn:
        expected = read_content(RowReader(conn), "shipped").map
    with sqlite3.connect(path) as conn:  # as a person might write them by hand
        conn.execute("UPDATE map_hexsides SET dir = lower(dir) WHERE rowid % 2 = 0")
        conn.execute("UPDATE map_roads SET dir = lower(dir) WHERE rowid % 3 = 0")
    with sqlite3.connect(path) as conn:
        read = read_content(RowReader(conn), "file").map
    assert read.hexsides == expected.hexsides and read.roads == expected.roads
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE map_hexsides SET dir = 'UP' WHERE rowid = 1")
    with sqlite3.connect(path) as conn, pytest.raises(ContentError, match="cannot be read"):
        read_content(RowReader(conn), "file")
