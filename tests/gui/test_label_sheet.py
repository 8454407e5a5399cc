"""The names and entry letters drawn for the first frame are kept for the next run
(``ui.label_sheet``): copied then, pixel for pixel, rather than drawn again."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter, QTransform

from ardennes_qt.store.library import load_content
from ardennes_qt.ui import map_style as style
from ardennes_qt.ui.map_labels_item import MapNames
from ardennes_qt.ui.terrain_painter import TerrainPainter

SCALE = 0.18  # about the whole map in a 1600 x 1000 window


@pytest.fixture(scope="module")
def terrain(qapp):
    return TerrainPainter(load_content("ardennes2/7.1").map)


def first_frame(names: MapNames, terrain: TerrainPainter) -> QImage:
    """The names and letters of the whole map, as the view paints them into its background."""
    rect = terrain.scene_rect()
    image = QImage(int(rect.width() * SCALE) + 1, int(rect.height() * SCALE) + 1, QImage.Format_ARGB32_Premultiplied)
    image.fill(style.OFF_MAP)
    painter = QPainter(image)
    painter.setWorldTransform(QTransform.fromScale(SCALE, SCALE).translate(-rect.left(), -rect.top()))
    names.paint(painter, QRectF(rect))
    painter.end()
    return image


def test_the_next_run_copies_the_names_the_first_drew_pixel_for_pixel(terrain, tmp_path):
    first = MapNames(terrain, sheets=tmp_path)
    drawn = first_frame(first, terrain)
    assert first.keep_sheet()
    (sheet,) = tmp_path.glob("labels-*.bin")
    kept = sheet.read_bytes()
    again = MapNames(terrain, sheets=tmp_path)
    assert first_frame(again, terrain) == drawn
    assert not again._drawn  # nothing drawn: every name and letter came from the sheet
    assert not again.keep_sheet() and sheet.read_bytes() == kept  # and nothing to keep again
    # Without a folder (the editor) they are drawn, the same.
    assert first_frame(MapNames(terrain), terrain) == drawn


@pytest.mark.parametrize("damage", [
    lambda b: b[:100],  # cut short
    lambda b: b[:40] + b"x" * 20 + b[60:],  # its index
    lambda b: b[:-5000] + bytes(200) + b[-4800:],  # its pictures
    lambda b: b"other",
])
def test_a_damaged_sheet_is_not_used_and_is_kept_again(terrain, tmp_path, damage):
    drawn = first_frame(MapNames(terrain), terrain)
    first = MapNames(terrain, sheets=tmp_path)
    first_frame(first, terrain)
    first.keep_sheet()
    (sheet,) = tmp_path.glob("labels-*.bin")
    whole = sheet.read_bytes()
    sheet.write_bytes(damage(whole))
    again = MapNames(terrain, sheets=tmp_path)
    assert first_frame(again, terrain) == drawn and again._drawn  # drawn as without a sheet
    assert again.keep_sheet() and sheet.read_bytes() == whole


def test_a_renamed_town_is_drawn_and_the_rest_copied(terrain, tmp_path):
    first = MapNames(terrain, sheets=tmp_path)
    first_frame(first, terrain)
    first.keep_sheet()
    m = terrain.map
    bastogne = m.place_named("Bastogne")
    places = dict(m.places)
    places[bastogne] = replace(places[bastogne], name="Bastnach")
    renamed = TerrainPainter(replace(m, places=places))
    again = MapNames(renamed, sheets=tmp_path)
    image = first_frame(again, renamed)
    assert [key[1] for key in again._drawn] == ["Bastnach"]
    assert image == first_frame(MapNames(renamed), renamed)
