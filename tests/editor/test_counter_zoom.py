"""The scenario's counters on the editor's map are drawn for its zoom, like the table's:
sharp at every zoom, the same size on the map, picked where they show."""

import math

from ardennes_qt.ui.counter_item import MARGIN, face_pixels

UNIT = "1Pz:I/1"


def drawn_width(canvas, zoom: float) -> int:
    return math.ceil(face_pixels(canvas.setup.side, zoom * canvas.devicePixelRatioF()) * (1 + 2 * MARGIN))


def test_set_up_counters_are_drawn_for_the_canvas_zoom(editor):
    canvas = editor.canvas
    item = canvas.setup.items[UNIT]
    hex_id = editor.document.module.map.hex_id(next(p.hex for p in canvas.setup.scenario.placements
                                                    if p.counter == UNIT))
    for zoom in (0.7, 2.5):
        canvas.zoom_to(zoom, hex_id)
        assert item.pixmap().width() == drawn_width(canvas, zoom)
        assert abs(item.sceneBoundingRect().width() - canvas.setup.side * (1 + 2 * MARGIN)) <= 2 / zoom
        assert canvas.setup.counter_at(item.x() + canvas.setup.side * 0.45, item.y()) == UNIT
    canvas.zoom_by(1.2, canvas.mapFromScene(item.pos()))  # a wheel notch over the counter
    assert item.pixmap().width() == drawn_width(canvas, canvas.zoom())
