"""The map canvas as a map maker moves about it: the wheel zooms around the pointer."""

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from tests.editor.mouse import at_hex


def wheel(window, where: QPoint, clicks: int) -> None:
    viewport = window.canvas.viewport()
    for _ in range(abs(clicks)):
        step = QPoint(0, 120 if clicks > 0 else -120)
        event = QWheelEvent(QPointF(where), QPointF(viewport.mapToGlobal(where)), QPoint(), step, Qt.NoButton,
                            Qt.NoModifier, Qt.NoScrollPhase, False)
        QApplication.sendEvent(viewport, event)


def test_the_wheel_zooms_in_and_out_around_the_hex_under_the_pointer(editor):
    canvas = editor.canvas
    where = at_hex(editor, "B3.05")
    zoom = canvas.zoom()
    wheel(editor, where, 3)
    assert canvas.zoom() > zoom * 1.5
    assert (at_hex(editor, "B3.05") - where).manhattanLength() <= 2
    wheel(editor, where, -2)
    assert canvas.zoom() < zoom * 1.5
    assert (at_hex(editor, "B3.05") - where).manhattanLength() <= 2


def _pixels(image):
    import numpy as np
    from PySide6.QtGui import QImage

    image = image.convertToFormat(QImage.Format_RGB32)
    rows = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), image.bytesPerLine())
    return rows[:, : image.width() * 4].reshape(image.height(), image.width(), 4)[..., :3].astype(int)


def test_a_river_reshaped_across_tracks_repaints_the_map_as_a_fresh_paint_would(editor, monkeypatch):
    """Only the changed sides' regions are painted again (each alone here, not joined
    with its neighbours); what is on screen is still the map as painted from scratch
    (up to a step of antialiasing)."""
    from PySide6.QtCore import QRectF

    from editor import map_canvas

    from ardennes_qt.ui import terrain_item
    from tests.editor.mouse import stroke
    from tests.editor.test_vector_layers import draw

    monkeypatch.setattr(map_canvas, "JOIN_SLACK", 0.0)
    canvas = editor.canvas
    editor.choose_tool("road")
    editor.toolbox.change(road_kind="track", road_erase=False)
    stroke(editor, [at_hex(editor, "A6.03"), at_hex(editor, "A1.03")])
    draw(editor, "polyline", "meuse", ("A2.05", "A3.02", "A4.05"))
    canvas.viewport().repaint()  # the tiles on screen, painted before the reshaping
    item = canvas.terrain_item
    assert item.cache.keys()
    editor.toolbox.change(layer_mode="edit")
    stroke(editor, [at_hex(editor, "A3.02"), at_hex(editor, "A4.02"), at_hex(editor, "A2.02")], steps=6)
    assert editor.document.undo_stack.count() == 3
    for key in item.cache.keys():
        level, col, row = key
        scale = level[1] / 1e6 if isinstance(level, tuple) else terrain_item._STEP**level
        extent = terrain_item.TILE_PIXELS / scale
        target = QRectF(item.boundingRect().left() + col * extent, item.boundingRect().top() + row * extent,
                        extent, extent)
        difference = abs(_pixels(item.cache.get(key)) - _pixels(item._paint_tile(target, scale))).sum(axis=2)
        assert difference.max() <= 12, key
