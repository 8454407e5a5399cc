"""Opening a game quickly: the terrain's overview is kept on disk, named after the map and
the code that draws it, and the first frame shows it while the tiles are painted after."""

from __future__ import annotations

import copy
import dataclasses
import math
import subprocess
import sys
from pathlib import Path

from PySide6.QtGui import QImage

from ardennes_qt.store.library import load_content
from ardennes_qt.core.mapdata import Bridge, HexRecord, MapData, Place, RoadLink
from ardennes_qt.ui.overview_cache import DIGESTED_FIELDS, OverviewCache, map_digest
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


def test_the_digest_names_every_field_of_the_map():
    assert set(DIGESTED_FIELDS) == {f.name for f in dataclasses.fields(MapData)}


def test_any_change_to_what_the_terrain_shows_names_another_overview():
    base = load_content("ardennes2/7.4").map
    before = map_digest(base)
    some_hex = next(iter(base.hexes))
    some_side = next(iter(base.hexsides))
    some_road = next(iter(base.roads))
    some_place = next(iter(base.places))
    changes = [
        lambda m: m.hexes.__setitem__(some_hex, HexRecord(frozenset({"marsh"}))),
        lambda m: m.hexsides.pop(some_side),
        lambda m: m.roads.__setitem__(some_road, RoadLink("track" if m.roads[some_road].kind == "road" else "road")),
        lambda m: m.bridges.__setitem__(some_road, Bridge(built="20 Dec 44")),
        lambda m: m.places.__setitem__(some_place, Place(m.places[some_place].name, m.places[some_place].vp + 1)),
        lambda m: m.friendly_edges.__setitem__("north", "German"),
        lambda m: m.notes.append("a note"),
    ]
    for change in changes:
        m = copy.deepcopy(base)
        change(m)
        assert map_digest(m) != before
    assert map_digest(copy.deepcopy(base)) == before


def test_the_overview_is_drawn_once_then_read_from_the_disk(qapp, tmp_path, monkeypatch):
    m = load_content("ardennes2/7.4").map
    painter = TerrainPainter(m)
    first = TerrainItem(painter, OverviewCache(m, tmp_path, OVERVIEW_SCALE))
    first.prepare_overview()
    (saved,) = tmp_path.glob("overview-*.bmp")
    assert QImage(str(saved)).convertToFormat(first._overview.format()) == first._overview

    def no_painting(*args, **kwargs):
        raise AssertionError("the overview was painted again")

    monkeypatch.setattr(painter, "paint", no_painting)
    second = TerrainItem(painter, OverviewCache(m, tmp_path, OVERVIEW_SCALE))
    second.prepare_overview()
    assert second._overview.size() == first._overview.size()


def test_a_damaged_overview_file_is_drawn_again(qapp, tmp_path):
    m = load_content("ardennes2/7.4").map
    painter = TerrainPainter(m)
    first = TerrainItem(painter, OverviewCache(m, tmp_path, OVERVIEW_SCALE))
    first.prepare_overview()
    (saved,) = tmp_path.glob("overview-*.bmp")
    saved.write_bytes(b"BM not a picture")
    second = TerrainItem(painter, OverviewCache(m, tmp_path, OVERVIEW_SCALE))
    second.prepare_overview()
    assert second._overview == first._overview
    assert QImage(str(saved)).convertToFormat(first._overview.format()) == first._overview  # and written again


def test_an_unreadable_cache_folder_is_only_a_cache_missed(qapp, tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    m = load_content("ardennes2/7.4").map
    item = TerrainItem(TerrainPainter(m), OverviewCache(m, blocked, OVERVIEW_SCALE))
    item.prepare_overview()
    assert item._overview is not None


def test_counters_are_drawn_once_the_window_is_shown_at_its_fitted_size(qtbot, free_content):
    # Drawn for the view's first, unfitted scale they would be drawn twice before the first frame.
    from ardennes_qt.engine.session import Session
    from ardennes_qt.ui.counter_item import MARGIN, face_pixels
    from ardennes_qt.ui.table_window import TableWindow

    window = TableWindow(Session(free_content, seed=3), autosave=False, remember_layout=False)
    qtbot.addWidget(window)
    items = window.view.counters.items.values()
    assert items and all(item.pixmap().isNull() for item in items)
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    zoom = window.view.zoom() * window.view.devicePixelRatioF()
    size = math.ceil(face_pixels(window.view.counters.side, zoom) * (1 + 2 * MARGIN))
    assert all(item.pixmap().width() == size for item in items)  # the whole small map is in view


def test_the_collector_is_held_off_while_the_table_opens_and_runs_again_after_its_first_frame(qtbot, free_content):
    import gc

    from ardennes_qt.app import hold_collection
    from ardennes_qt.engine.session import Session
    from ardennes_qt.ui.launch import resume_collection
    from ardennes_qt.ui.table_window import TableWindow

    hold_collection()
    try:
        window = TableWindow(Session(free_content, seed=3), autosave=False, remember_layout=False)
        qtbot.addWidget(window)
        resume_collection(window)
        assert not gc.isenabled()
        with qtbot.waitSignal(window.view.firstPainted, timeout=5000):
            window.show()
        qtbot.waitUntil(gc.isenabled, timeout=2000)
    finally:
        gc.enable()


def test_the_table_command_leaves_the_collector_running_when_it_cannot_open(tmp_path):
    import gc

    from ardennes_qt.app import main

    assert main(["--scenario", "ardennes2/9.9", "--screenshot", str(tmp_path / "x.png")]) == 2
    assert gc.isenabled()
