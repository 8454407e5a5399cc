"""Files written before the table of a game's own counter values (module format 1, saved-game
format 4 and earlier) open through their migration step with it empty, and their content's
check sum still holds."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from ardennes_qt.store import editorfile, gamefile
from ardennes_qt.store.editorfile import read_module
from ardennes_qt.store.gamefile import read_game

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as db:
        return {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def test_a_module_of_format_1_opens_with_no_unit_values(tmp_path):
    path = tmp_path / "old.ardmod"
    shutil.copy(FIXTURES / "release_0_1" / "house-rules.ardmod", path)
    assert "unit_values" not in _tables(path) and editorfile.SCHEMA_VERSION == 3
    module = read_module(path)
    assert module.counters and all(not c.values and not c.printed_name for c in module.counters.values())
    assert all(not f.level and not f.parent for f in module.formations.values())
    assert "unit_values" not in _tables(path)  # the file itself is left as it was


def test_a_save_of_format_3_opens_with_no_unit_values_and_its_content_sound(tmp_path):
    path = tmp_path / "old.ardennes"
    shutil.copy(FIXTURES / "format_3" / "campaign-7.1.ardennes", path)
    assert "unit_values" not in _tables(path) and gamefile.SCHEMA_VERSION == 6
    game = read_game(path)
    assert not game.physical_table and game.content.counters
    assert all(not c.values for c in game.content.counters.values())


def test_the_step_adds_the_table_to_a_file_that_lacks_it():
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
    gamefile.FILE_FORMAT.steps[4](db)
    editorfile.FILE_FORMAT.steps[1](db)  # the same table; a second step finds it there
    assert db.execute("SELECT count(*) FROM unit_values").fetchone() == (0,)
