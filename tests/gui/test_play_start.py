"""Opening a game quickly: the terrain's overview is kept on disk, named after the map and
the code that draws it, and the first frame shows it while the tiles are painted after."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from PySide6.QtGui import QImage

from ardennes_qt.store.library import load_content
from ardennes_qt.ui.overview_cache import OverviewCache, map_digest
from ardennes_qt.ui.terrain_item import OVERVIEW_SCALE, TerrainItem
from ardennes_qt.ui.terrain_painter import TerrainPainter

ROOT = Path(__file__).resolve().parents[2]


def test_the_digest_is_the_same_in_every_run_and_differs_for_another_map():
    code = "from ardennes_qt.store.library import load_content; from ardennes_qt.ui.overview_cache import map_digest; " \
           "print(map_digest(load_content('ardennes2/7.1').map))"
    runs = {subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120).stdout
            for _ in range(2)}
    assert runs == {map_digest(load_content("ardennes2/7.1").map) + "\n"}
    other = load_content("ardennes2/7.1").map
    other.places.popitem()
    assert map_digest(other) != map_digest(load_content("ardennes2/7.1").map)


def test_the_overview_is_drawn_once_then_read_from_the_disk(qapp, tmp_path, monkeypatch):
    m = load_content("ardennes2/7.4").map
    painter = TerrainPainter(m)
    first = TerrainItem(painter, OverviewCache(m, tmp_path, OVERVIEW_SCALE))
    first.prepare_overview()
    (saved,) = tmp_path.glob("overview-*.png")
    assert QImage(str(saved)).size() == first._overview.size()

    def no_painting(*args, **kwargs):
        raise AssertionError("the overview was painted again")

    monkeypatch.setattr(painter, "paint", no_painting)
    second = TerrainItem(painter, OverviewCache(m, tmp_path, OVERVIEW_SCALE))
    second.prepare_overview()
    assert second._overview.size() == first._overview.size()


def test_an_unreadable_cache_folder_is_only_a_cache_missed(qapp, tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    m = load_content("ardennes2/7.4").map
    item = TerrainItem(TerrainPainter(m), OverviewCache(m, blocked, OVERVIEW_SCALE))
    item.prepare_overview()
    assert item._overview is not None
