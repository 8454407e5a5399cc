"""SQLite files with a write cut short: read as SQLite finishes them, moved and replaced
without separating a file from its journal, and the temporary files of a save cut short
cleared by the next."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time

import pytest

from ardennes_qt.store import sqlitefile
from ardennes_qt.store.atomic import ORPHAN_AGE_S, remove_orphans, replacing, write_sqlite_atomic
from ardennes_qt.store.errors import NotASaveFile
from ardennes_qt.store.sqlitefile import (
    finish_write,
    move_database,
    open_for_reading,
    sidecar,
    write_unfinished,
)

ROWS = 400

# Writes every row again with the page cache too small to hold the change, so that SQLite
# writes changed pages into the file before committing; then dies without committing.
CUT_SHORT = """
import os, sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("PRAGMA cache_size=1")
conn.execute("BEGIN")
conn.execute("UPDATE t SET x = 'changed ' || x")
os._exit(9)
"""


def database(path, rows=ROWS):
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE t (n INTEGER PRIMARY KEY, x TEXT)")
    conn.executemany("INSERT INTO t VALUES (?, ?)", [(n, f"row {n} " + "." * 200) for n in range(rows)])
    conn.commit()
    conn.close()


def cut_short(path):
    """``path`` left as a process killed inside a write leaves it: half written, journal hot."""
    subprocess.run([sys.executable, "-c", CUT_SHORT, str(path)], check=False)
    assert write_unfinished(path)


def first_rows(conn):
    return [x for (x,) in conn.execute("SELECT x FROM t ORDER BY n LIMIT 3")]


@pytest.fixture
def interrupted(tmp_path):
    path = tmp_path / "game.ardennes"
    database(path)
    cut_short(path)
    return path


def test_a_file_with_a_write_cut_short_cannot_be_read_read_only(interrupted):
    conn = sqlite3.connect(f"file:{interrupted}?mode=ro", uri=True)
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        conn.execute("SELECT count(*) FROM t").fetchone()
    conn.close()


def test_opening_for_reading_rolls_the_write_back_first(interrupted):
    conn = open_for_reading(interrupted, interrupted.name, "a game")
    assert first_rows(conn) == [f"row {n} " + "." * 200 for n in range(3)]
    conn.close()
    assert not write_unfinished(interrupted)


def test_a_file_that_may_not_be_written_is_read_from_a_finished_copy(interrupted, monkeypatch):
    def refused(path):
        raise sqlite3.OperationalError("attempt to write a readonly database")

    monkeypatch.setattr(sqlitefile, "finish_write", refused)
    before = interrupted.read_bytes()
    conn = open_for_reading(interrupted, interrupted.name, "a game")
    assert first_rows(conn)[0].startswith("row 0")
    conn.close()
    assert interrupted.read_bytes() == before and write_unfinished(interrupted)  # left as it was


def test_moving_a_file_finishes_its_write_and_leaves_no_journal_behind(interrupted, tmp_path):
    target = tmp_path / "previous.ardennes"
    move_database(interrupted, target)
    assert not sidecar(interrupted, "-journal").exists() and not sidecar(target, "-journal").exists()
    conn = sqlite3.connect(target)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert first_rows(conn)[0].startswith("row 0")
    conn.close()


def test_a_file_written_where_one_was_cut_short_is_not_damaged_by_its_journal(interrupted):
    write_sqlite_atomic(interrupted, lambda db: db["t"].insert({"n": 1, "x": "new"}, pk="n"))
    assert not write_unfinished(interrupted)
    conn = sqlite3.connect(interrupted)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert first_rows(conn) == ["new"]
    conn.close()


@pytest.mark.parametrize("payload, said", [
    (None, "no such file"), (b"", "not an SQLite database"), (b"text", "not an SQLite database"),
])
def test_what_is_no_database_is_named(tmp_path, payload, said):
    path = tmp_path / "odd#name?.ardennes"
    if payload is not None:
        path.write_bytes(payload)
    with pytest.raises(NotASaveFile, match=said):
        open_for_reading(path, path.name, "a game")


def test_a_folder_is_not_a_file(tmp_path):
    with pytest.raises(NotASaveFile, match="folder"):
        open_for_reading(tmp_path, tmp_path.name, "a game")


def test_a_file_name_with_uri_characters_is_one_file(tmp_path):
    path = tmp_path / "game #1?.ardennes"
    database(path, rows=3)
    conn = open_for_reading(path, path.name, "a game")
    assert len(first_rows(conn)) == 3
    conn.close()


def test_the_temporary_files_of_a_write_cut_short_are_cleared_by_the_next(tmp_path):
    path = tmp_path / "game.ardennes"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    gone_pid = int(dead.stdout)  # a process that has ended
    orphans = [tmp_path / f".game.ardennes.{gone_pid}.1a2b3c4d.tmp", tmp_path / f".game.ardennes.{gone_pid}.1a2b3c4d.tmp-journal"]
    old = tmp_path / ".game.ardennes.k2_x9abc.tmp"  # as an earlier release named them
    for p in orphans + [old]:
        p.write_bytes(b"half")
    os.utime(old, (time.time() - ORPHAN_AGE_S - 5,) * 2)
    alive = tmp_path / f".game.ardennes.{os.getppid()}.00ff00ff.tmp"  # another running program's write
    other = tmp_path / ".other.ardennes.99999999.1a2b3c4d.tmp"
    for p in (alive, other):
        p.write_bytes(b"busy")
    with replacing(path) as tmp:
        tmp.write_bytes(b"whole")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["game.ardennes", alive.name, other.name])
    assert remove_orphans(path) == []


def test_finishing_a_sound_file_changes_nothing(tmp_path):
    path = tmp_path / "sound.db"
    database(path, rows=3)
    before = path.read_bytes()
    finish_write(path)
    assert path.read_bytes() == before
