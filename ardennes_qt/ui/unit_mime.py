"""Unit ids carried by a Qt drag: from a dock (the dead pile, the arrivals, the editor's
order of battle) to a map, the table's or the editor's."""

from __future__ import annotations

from PySide6.QtCore import QMimeData

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
