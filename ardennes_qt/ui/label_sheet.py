"""Town names and entry letters as drawn for the map's first frame, kept on disk between
runs: the next start copies them instead of drawing some fifty names with their halos and
VP roundels (about a tenth of the first frame).

A sheet holds the pictures drawn at one pixel size, pixel for pixel as they were drawn
(premultiplied ARGB, not re-encoded).  Its file is named after what the pictures show and
how they are drawn: the size, the drawing modules' source, the Qt release and the font the
names are set in; a different map adds pictures it lacks, drawn as usual.  A file that
cannot be read is a sheet missed, never an error; one whose pictures are not those it was
written with (a checksum of them is in its index) is not used at all.
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import qVersion
from PySide6.QtGui import QFontInfo, QImage

from ardennes_qt.store.atomic import write_bytes_atomic
from ardennes_qt.store.checksum import Checksum
from ardennes_qt.ui.drawing_code import add_drawing_code
from ardennes_qt.ui.place_labels import label_font

FILE_MARK = b"ardennes-qt label sheet 1\n"
# The modules whose drawing the pictures show.
DRAWING_MODULES = ("place_labels", "map_labels_item", "map_style", "ringed_shapes", "map_edges")
FORMAT = QImage.Format_ARGB32_Premultiplied

# A picture: the image and where it sits from its anchor, by its key (a tuple of str and int).
Pictures = dict[tuple, tuple[QImage, float, float]]


class LabelSheet:
    """The pictures of one pixel size (``size``, any tuple of numbers) in ``folder``."""

    def __init__(self, folder: Path, size: tuple) -> None:
        self.path = Path(folder) / f"labels-{_sheet_digest(size)}.bin"

    def read(self) -> Pictures:
        """The pictures kept; none if there is no readable sheet."""
        try:
            data = self.path.read_bytes()
        except OSError:
            return {}
        return _pictures_in(data)

    def write(self, pictures: Pictures) -> None:
        index, blobs, at = [], [], 0
        for key, (image, ox, oy) in pictures.items():
            image = image.convertToFormat(FORMAT)
            blob = bytes(image.constBits())[: image.sizeInBytes()]
            index.append([list(key), image.width(), image.height(), image.bytesPerLine(), ox, oy, at, len(blob)])
            blobs.append(blob)
            at += len(blob)
        body = b"".join(blobs)
        head = json.dumps({"pictures": index, "body": Checksum(body).hexdigest()}).encode("utf-8")
        try:
            write_bytes_atomic(self.path, FILE_MARK + len(head).to_bytes(4, "little") + head + body)
        except OSError:
            pass  # a cache not written: the names are drawn again next time


def _pictures_in(data: bytes) -> Pictures:
    if not data.startswith(FILE_MARK):
        return {}
    start = len(FILE_MARK) + 4
    try:
        length = int.from_bytes(data[len(FILE_MARK):start], "little")
        head = json.loads(data[start:start + length])
        body = start + length
        if Checksum(data[body:]).hexdigest() != head["body"]:  # pictures damaged or cut short
            return {}
        pictures = {}
        for key, width, height, per_line, ox, oy, at, size in head["pictures"]:
            if size != per_line * height or body + at + size > len(data) or per_line < width * 4:
                return {}
            image = QImage(data[body + at:body + at + size], width, height, per_line, FORMAT).copy()
            pictures[tuple(key)] = (image, float(ox), float(oy))
        return pictures
    except (ValueError, TypeError, KeyError):  # a damaged index (JSONDecodeError is a ValueError)
        return {}


def _sheet_digest(size: tuple) -> str:
    digest = Checksum(FILE_MARK)
    digest.update_part(repr(size).encode())
    digest.update_part(qVersion().encode())
    for bold in (0, 1):  # the font the names are set in, as this machine has it
        info = QFontInfo(label_font(12, bold))
        digest.update_part(f"{info.family()}|{info.styleName()}|{info.bold()}".encode())
    add_drawing_code(digest, __package__, DRAWING_MODULES)
    return digest.hexdigest()
