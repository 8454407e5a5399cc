"""The terrain's overview - the whole map drawn small - kept on disk between runs, so that
opening a game shows its first frame without drawing every hex of the map first.

The picture is named after what it shows: the map's data and the source of the code that
draws terrain.  A different map, or a change in how terrain is drawn, names another file;
a file that cannot be read or written is only a cache missed, never an error.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QImage

from ardennes_qt.core.mapdata import MapData
from ardennes_qt.store.atomic import write_bytes_atomic
from ardennes_qt.store.maptext import format_map

# The modules whose drawing the overview shows.
PAINTING_MODULES = ("terrain_painter", "map_style", "terrain_symbols", "terrain_index", "map_edges", "grid_lines",
                    "symbol_stamps", "terrain_item")


def map_digest(m: MapData) -> str:
    """The same for the same map drawn by the same code, in any run."""
    digest = hashlib.sha1(format_map(m).encode("utf-8"))
    here = Path(__file__).parent
    for name in PAINTING_MODULES:
        digest.update((here / f"{name}.py").read_bytes())
    return digest.hexdigest()[:20]


class OverviewCache:
    def __init__(self, m: MapData, folder: Path, scale: float) -> None:
        self.map = m
        self.folder = Path(folder)
        self.scale = scale
        self._path: Path | None = None

    @property
    def path(self) -> Path:
        if self._path is None:
            self._path = self.folder / f"overview-{map_digest(self.map)}-{round(self.scale * 1000)}.png"
        return self._path

    def load(self) -> QImage | None:
        image = QImage(str(self.path))
        return None if image.isNull() else image.convertToFormat(QImage.Format_RGB32)

    def save(self, image: QImage) -> None:
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.WriteOnly)
        image.save(buffer, "PNG")
        try:
            write_bytes_atomic(self.path, bytes(data))
        except OSError:
            pass  # a cache not written is drawn again next time
