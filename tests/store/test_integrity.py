"""A save's check sums (integrity.py): a game whose content, log or lines were changed
outside the program says so when it opens, and the regressions of the issue - a deleted
``map_hexsides`` (every river gone), changed unit values, a flipped bit, a dropped what-if
line, a line whose position is -1 (it hung the program) - and saves of older formats,
which open through the migration chain instead of as if they were current."""

from __future__ import annotations

import re
import sqlite3

import pytest

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.engine import Session
from ardennes_qt.engine.branches import BranchSet
from ardennes_qt.store.errors import ContentError, NotASaveFile
from ardennes_qt.store.gamefile import CHANGED_CONTENT, CHANGED_LOG, SCHEMA_VERSION, ContentChanged, read_game
from tests.builders import small_content


@pytest.fixture
def saved(tmp_path):
    session = Session(small_content(), seed=7)
    session.apply(MoveUnits(("1ID:A/1",), "A3.03", free=True))
    lines = BranchSet.of(session)
    lines.fork("Careful").session.apply(MoveUnits(("1ID:B/1",), "A1.02", free=True))
    lines.fork("Bold").session.apply(MoveUnits(("1Pz:I/1",), "B2.02", free=True))
    session.apply(MoveUnits(("1Pz:I/1",), "B4.04", free=True))
    path = tmp_path / "game.ardennes"
    session.save(path)
    return path


def change(path, *sql: str) -> None:
    conn = sqlite3.connect(path)
    for statement in sql:
        conn.execute(statement)
    conn.commit()
    conn.close()


def test_a_save_holds_the_check_sums_of_its_content_log_and_lines(saved):
    conn = sqlite3.connect(saved)
    meta = dict(conn.execute("SELECT key, value FROM meta"))
    assert meta["schema"] == str(SCHEMA_VERSION)
    assert all(len(meta[k]) == 32 for k in ("content_digest", "game_digest", "lines_digest"))
    assert all(len(d) == 32 for (d,) in conn.execute("SELECT digest FROM lines"))
    conn.close()
    assert Session.load(saved).warnings == []


@pytest.mark.parametrize("sql", [
    "DELETE FROM map_hexsides",  # every river gone
    "UPDATE counters SET \"full\" = '9-9-10' WHERE id = '1ID:A/1'",
    "UPDATE map_places SET vp = 9",
    "UPDATE placements SET hex = 'A4.04' WHERE counter = '1ID:DIVARTY'",
])
def test_a_save_whose_content_was_changed_is_not_played_without_a_word(saved, sql):
    change(saved, sql)
    with pytest.raises(ContentChanged, match="game.ardennes: the game's map, counters or scenario are not the ones"):
        Session.load(saved)
    anyway = Session.load(saved, accept_changed_content=True)
    assert anyway.physical_table and CHANGED_CONTENT in anyway.warnings
    anyway.save(saved)  # saved again, it stays a physical-table game
    assert Session.load(saved).physical_table


def test_a_flipped_bit_in_the_content_is_found(saved):
    data = bytearray(saved.read_bytes())
    spot = data.index(b"Test Creek")
    data[spot] ^= 0x01  # "Uest Creek": SQLite cannot see it
    saved.write_bytes(bytes(data))
    with pytest.raises(ContentChanged):
        Session.load(saved)


def test_a_dropped_what_if_line_is_said(saved):
    change(saved, "DELETE FROM lines WHERE name = 'Bold'")
    opened = Session.load(saved)
    assert opened.lines.names() == ["Main line", "Careful"]
    assert any("removed, added or renamed outside ardennes-qt" in w for w in opened.warnings)


def test_a_what_if_line_changed_outside_is_left_out_and_said(saved):
    change(saved, "UPDATE lines SET pointer = 0 WHERE name = 'Bold'")
    opened = Session.load(saved)
    assert opened.lines.names() == ["Main line", "Careful"]
    assert any("'Bold' is left out: it was changed outside ardennes-qt" in w for w in opened.warnings)


def test_a_what_if_line_at_position_minus_one_no_longer_hangs(saved):
    change(saved, "UPDATE lines SET pointer = -1, digest = '' WHERE name = 'Bold'", "DELETE FROM meta WHERE key = 'lines_digest'")
    opened = Session.load(saved)
    assert "Bold" not in opened.lines.names()
    assert "The what-if line 'Bold' is left out: its position (-1) lies outside its 2 actions." in opened.warnings


def test_a_log_changed_outside_keeps_the_position_but_not_the_history(saved):
    change(saved, """UPDATE actions SET action = replace(action, 'A3.03', 'A2.02')""")
    opened = Session.load(saved)
    assert opened.unit("1ID:A/1").hex == "A3.03" and not opened.can_undo
    assert CHANGED_LOG in opened.warnings


# --- formats -------------------------------------------------------------------------------------


def test_a_save_of_release_0_1s_format_opens_through_the_migration_chain(saved):
    change(saved, "UPDATE meta SET value = '2' WHERE key = 'schema'", "ALTER TABLE lines DROP COLUMN digest",
           "ALTER TABLE lines DROP COLUMN state")
    before = saved.read_bytes()
    game = read_game(saved)
    assert [line.name for line in game.lines] == ["Careful", "Bold"] and game.lines[0].state_json is None
    assert saved.read_bytes() == before  # migrated in memory: the file is as it was


@pytest.mark.parametrize("schema, said", [
    ("99", "newer version of ardennes-qt (format 99)"),
    ("0", "format 0, older than any this version of ardennes-qt opens"),
    ("", "does not say which version"),
    ("three", "does not say which version"),
])
def test_a_save_of_a_format_this_version_cannot_open_says_so(saved, schema, said):
    change(saved, f"UPDATE meta SET value = '{schema}' WHERE key = 'schema'")
    with pytest.raises(NotASaveFile, match=re.escape(said)):
        Session.load(saved)


def test_a_huge_map_is_refused_before_it_is_built(saved):
    change(saved, "UPDATE meta SET value = 'scs sheets=A,B columns=100000 rows=0-54' WHERE key = 'map_numbering'")
    with pytest.raises(ContentError, match="outside what the program opens"):
        Session.load(saved)
