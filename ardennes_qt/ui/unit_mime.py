"""Unit ids carried by a Qt drag: from a dock (the dead pile, the arrivals, the editor's
order of battle) to a map, the table's or the editor's."""

from __future__ import annotations

from PySide6.QtCore import QMimeData, QPoint, Qt
from PySide6.QtGui import QDrag, QPixmap
from PySide6.QtWidgets import QWidget

UNITS_MIME = "application/x-ardennes-units"


def units_to_mime(unit_ids: tuple[str, ...]) -> QMimeData:
    mime = QMimeData()
    mime.setData(UNITS_MIME, "\n".join(unit_ids).encode("utf-8"))
    return mime


def units_from_mime(mime: QMimeData) -> tuple[str, ...]:
    if not mime.hasFormat(UNITS_MIME):
        return ()
    text = bytes(mime.data(UNITS_MIME)).decode("utf-8")
    return tuple(u for u in text.split("\n") if u)


def drag_units(source: QWidget, unit_ids: tuple[str, ...], counter: QPixmap) -> None:
    """Carry ``unit_ids`` from a dock, the pointer in the middle of their counter's picture:
    the player aims the counter at a hex, and the drop lands where the counter is seen (with
    the pointer at the picture's corner it landed a hex or two up and to the left)."""
    drag = QDrag(source)
    drag.setMimeData(units_to_mime(unit_ids))
    drag.setPixmap(counter)
    ratio = counter.devicePixelRatio() or 1.0
    drag.setHotSpot(QPoint(round(counter.width() / ratio / 2), round(counter.height() / ratio / 2)))
    drag.exec(Qt.MoveAction)
