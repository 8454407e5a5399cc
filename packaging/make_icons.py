#!/usr/bin/env python3
"""Write the applications' icons, drawn by ``ardennes_qt.ui.app_icon``, into
``ardennes_qt/desktop/icons``: an SVG, PNGs of every size the desktops ask for, a
Windows ``.ico`` and a macOS ``.icns`` (both hold PNGs), for the table and the editor.

    .venv/bin/python packaging/make_icons.py

Run it after changing the drawing; the files are kept in the repository.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, QSize  # noqa: E402
from PySide6.QtGui import QGuiApplication, QImage, QPainter  # noqa: E402
from PySide6.QtSvg import QSvgGenerator  # noqa: E402

from ardennes_qt.desktop import EDITOR, ICON_SIZES, ICONS, TABLE, icon_png  # noqa: E402
from ardennes_qt.ui.app_icon import paint_editor_icon, paint_table_icon  # noqa: E402

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09", 1024: b"ic10"}
SVG_SIZE = 256


def png_bytes(paint, size: int) -> bytes:
    image = QImage(size, size, QImage.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    paint(painter, size)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(data)


def ico(pngs: dict[int, bytes]) -> bytes:
    """An ICO file holding PNG images (Windows Vista on reads them)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(header) + 16 * len(pngs)
    entries, images = b"", b""
    for size, data in sorted(pngs.items()):
        edge = 0 if size >= 256 else size  # 0 stands for 256
        entries += struct.pack("<BBBBHHII", edge, edge, 0, 0, 1, 32, len(data), offset + len(images))
        images += data
    return header + entries + images


def icns(pngs: dict[int, bytes]) -> bytes:
    """An ICNS file holding PNG images, one per size macOS names."""
    body = b"".join(ICNS_TYPES[size] + struct.pack(">I", 8 + len(data)) + data for size, data in sorted(pngs.items()))
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def svg(paint, path: Path, title: str) -> None:
    generator = QSvgGenerator()
    generator.setFileName(str(path))
    generator.setSize(QSize(SVG_SIZE, SVG_SIZE))
    generator.setViewBox(QRectF(0, 0, SVG_SIZE, SVG_SIZE))
    generator.setTitle(title)
    generator.setDescription(f"The {title} icon, drawn by the program's own art")
    painter = QPainter(generator)
    paint(painter, SVG_SIZE)
    painter.end()


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])  # noqa: F841 - fonts need it
    ICONS.mkdir(parents=True, exist_ok=True)
    for application, paint in ((TABLE, paint_table_icon), (EDITOR, paint_editor_icon)):
        pngs = {size: png_bytes(paint, size) for size in sorted({*ICON_SIZES, *ICO_SIZES, *ICNS_TYPES})}
        for size in ICON_SIZES:
            icon_png(application, size).write_bytes(pngs[size])
        (ICONS / f"{application.command}.ico").write_bytes(ico({s: pngs[s] for s in ICO_SIZES}))
        (ICONS / f"{application.command}.icns").write_bytes(icns({s: pngs[s] for s in ICNS_TYPES}))
        svg(paint, ICONS / f"{application.command}.svg", application.title)
        print(f"{application.command}: {', '.join(str(s) for s in ICON_SIZES)} px, .ico, .icns, .svg")
    return 0


if __name__ == "__main__":
    sys.exit(main())
