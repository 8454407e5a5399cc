"""The terrain's overview - the whole map drawn small - kept on disk between runs, so that
opening a game shows its first frame without drawing every hex of the map first.

The picture is named after what it shows: the map's data and the source of the code that
draws terrain.  A different map, or a change in how terrain is drawn, names another file;
a file that cannot be read or written is only a cache missed, never an error.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QImage

from ardennes_qt.core.hexgrid import Direction
from ardennes_qt.core.mapdata import MapData
from ardennes_qt.store.atomic import write_bytes_atomic
from ardennes_qt.store.checksum import Checksum
from ardennes_qt.ui.drawing_code import add_drawing_code

# The modules whose drawing the overview shows.
PAINTING_MODULES = ("terrain_painter", "map_style", "terrain_symbols", "terrain_index", "map_edges", "grid_lines",
                    "symbol_stamps", "terrain_item")


# Kept uncompressed: read in a quarter of the time a PNG of it takes to unpack (some 2 ms
# against 8 for the first frame), for a file of about a megabyte.
FILE_FORMAT = "BMP"

# Every field of MapData the fingerprint below names (a test keeps the two in step).
DIGESTED_FIELDS = ("id", "title", "numbering", "source", "notes", "friendly_edges", "hexes", "hexsides", "roads",
                   "bridges", "plungers", "places", "entry_areas")


def map_fingerprint(m: MapData) -> str:
    """Every value of the map in a fixed order, as text: hexes in axial numbers rather than
    printed ids (formatting thousands of ids would cost the first frame more than the rest
    of its key), sets sorted so that any run writes the same."""
    def at(h) -> tuple[int, int]:
        return h.q, h.r

    def side(item) -> tuple[int, int, int]:
        return item[0].hex.q, item[0].hex.r, int(item[0].direction)

    name = {d: d.name for d in Direction}  # an enum member's name is slow to ask for, thousands of times

    out = [m.id, m.title, m.numbering.to_text(), m.source, *m.notes]
    out += [f"edge {e} {m.friendly_edges[e]}" for e in sorted(m.friendly_edges)]
    for h, r in sorted(m.hexes.items(), key=lambda item: at(item[0])):
        out.append(f"h {h.q} {h.r} {' '.join(sorted(r.terrain))} {r.source}")
    for s, r in sorted(m.hexsides.items(), key=side):
        out.append(f"s {s.hex.q} {s.hex.r} {name[s.direction]} {' '.join(sorted(r.features))} {r.name!r} {r.source}")
    for s, r in sorted(m.roads.items(), key=side):
        out.append(f"r {s.hex.q} {s.hex.r} {name[s.direction]} {r.kind} {r.source}")
    for s, r in sorted(m.bridges.items(), key=side):
        out.append(f"b {s.hex.q} {s.hex.r} {name[s.direction]} {r.built!r} {r.plunger!r} {r.source}")
    out += [f"p {k!r} {m.plungers[k].q} {m.plungers[k].r}" for k in sorted(m.plungers)]
    for h, p in sorted(m.places.items(), key=lambda item: at(item[0])):
        out.append(f"t {h.q} {h.r} {p.name!r} {p.vp} {p.source}")
    for k in sorted(m.entry_areas):
        a = m.entry_areas[k]
        out.append(f"e {a.letter} {a.side} {a.source} " + " ".join(f"{h.q},{h.r}" for h in sorted(a.hexes, key=at)))
    return "\n".join(out)


def map_digest(m: MapData) -> str:
    """The same for the same map drawn by the same code, in any run."""
    digest = Checksum()
    digest.update_part(map_fingerprint(m).encode("utf-8"))
    add_drawing_code(digest, __package__, PAINTING_MODULES)
    return digest.hexdigest()


class OverviewCache:
    def __init__(self, m: MapData, folder: Path, scale: float) -> None:
        self.map = m
        self.folder = Path(folder)
        self.scale = scale
        self._path: Path | None = None

    @property
    def path(self) -> Path:
        if self._path is None:
            self._path = self.folder / f"overview-{map_digest(self.map)}-{round(self.scale * 1000)}.bmp"
        return self._path

    def load(self) -> QImage | None:
        image = QImage(str(self.path))
        return None if image.isNull() else image.convertToFormat(QImage.Format_RGB32)

    def save(self, image: QImage) -> None:
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.WriteOnly)
        image.save(buffer, FILE_FORMAT)
        try:
            write_bytes_atomic(self.path, bytes(data))
        except OSError:
            pass  # a cache not written is drawn again next time
