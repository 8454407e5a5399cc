"""The backdrop: a scan or photo of a printed map shown under the tracing.

Images are read safely: ``QImageReader`` learns the size from the header before
decoding anything, refuses what would need more memory than ``ALLOCATION_MB``, and
decodes a large scan straight to a smaller size (a JPEG decoder skips the detail), so
any size of file opens.  The decoded picture is cut into tiles (pixmaps) so a frame
draws only the tiles in view.  Before calibration the image spans the map's width;
after it, three hex centres (two clicked may stand for three: calibration.py) fix where every
pixel lies (editormodel.Backdrop).
"""

from __future__ import annotations

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QImage, QImageReader, QPainter, QPixmap, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from ardennes_qt.store.editormodel import Backdrop
from ardennes_qt.ui.terrain_painter import TerrainPainter

ALLOCATION_MB = 512
LARGEST_SIDE = 6000  # pixels kept of a bigger scan's longer side
TILE = 1024
LARGEST_FILE = 400 * 1024 * 1024


class BackdropError(ValueError):
    """An image that cannot be used as a backdrop; the message says why."""


def read_image(data: bytes, largest_side: int = LARGEST_SIDE) -> tuple[QImage, QSize]:
    """The picture (at most ``largest_side`` pixels on its longer side) and its full size."""
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.ReadOnly)
    reader = QImageReader(buffer)
    reader.setAllocationLimit(ALLOCATION_MB)
    reader.setAutoTransform(True)
    size = reader.size()
    if not size.isValid() or size.isEmpty():
        raise BackdropError(f"this is not a picture that can be read ({reader.errorString()}); use PNG or JPEG")
    if max(size.width(), size.height()) > largest_side:
        reader.setScaledSize(size.scaled(largest_side, largest_side, Qt.KeepAspectRatio))
    image = reader.read()
    if image.isNull():
        raise BackdropError(f"the picture cannot be decoded ({reader.errorString()})")
    return image, size


def backdrop_from_file(path: str) -> Backdrop:
    """A new backdrop from an image file; BackdropError says what is wrong with it."""
    try:
        with open(path, "rb") as f:
            data = f.read(LARGEST_FILE + 1)
    except OSError as exc:
        raise BackdropError(f"cannot read the file ({exc.strerror})") from None
    if len(data) > LARGEST_FILE:
        raise BackdropError(f"the file is larger than {LARGEST_FILE // (1024 * 1024)} MB")
    _, size = read_image(data, largest_side=64)
    return Backdrop(name=path.replace("\\", "/").rsplit("/", 1)[-1], data=data, width=size.width(), height=size.height())


class BackdropItem(QGraphicsItem):
    def __init__(self, document, terrain: TerrainPainter) -> None:
        super().__init__()
        self.document = document
        self.terrain = terrain
        self._data: bytes | None = None
        self._tiles: list[tuple[QRectF, QPixmap]] = []
        self._rect = QRectF()
        self.error = ""
        self.reload()

    @property
    def backdrop(self) -> Backdrop | None:
        return self.document.module.backdrop.get("backdrop")

    def reload(self) -> None:
        """Follow the document's backdrop: a new picture is decoded, the rest only moves or fades."""
        self.prepareGeometryChange()
        b = self.backdrop
        if b is None:
            self._data, self._tiles, self._rect = None, [], QRectF()
            self.hide()
            return
        if b.data is not self._data:
            self._decode(b)
        self.setOpacity(b.opacity)
        self.setVisible(b.visible and bool(self._tiles))
        self.setTransform(self.to_scene(b))
        self.update()

    def _decode(self, b: Backdrop) -> None:
        self._data = b.data
        self._tiles = []
        try:
            image, _ = read_image(b.data)
        except BackdropError as exc:
            self.error = str(exc)
            self._rect = QRectF()
            return
        self.error = ""
        self._rect = QRectF(0, 0, image.width(), image.height())
        for top in range(0, image.height(), TILE):
            for left in range(0, image.width(), TILE):
                piece = image.copy(left, top, min(TILE, image.width() - left), min(TILE, image.height() - top))
                self._tiles.append((QRectF(left, top, piece.width(), piece.height()), QPixmap.fromImage(piece)))

    def to_scene(self, b: Backdrop) -> QTransform:
        """From the decoded picture's pixels to map units."""
        shrink = QTransform.fromScale(b.width / max(self._rect.width(), 1), b.height / max(self._rect.height(), 1))
        affine = b.transform(lambda hex_id: self.terrain.layout.centre(self.document.module.map.parse(hex_id)))
        if affine is None:
            x0, y0, x1, _ = self.terrain.edges.bounds
            k = (x1 - x0) / b.width
            return shrink * QTransform(k, 0, 0, k, x0, y0)
        a, b_, c, d, e, f = affine
        return shrink * QTransform(a, d, b_, e, c, f)

    def image_point(self, x: float, y: float) -> tuple[float, float]:
        """A map point as a pixel of the original image (for calibration)."""
        b = self.backdrop
        inverse, _ = self.to_scene(b).inverted()
        p = inverse.map(QPointF(x, y))
        return p.x() * b.width / max(self._rect.width(), 1), p.y() * b.height / max(self._rect.height(), 1)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        painter.setRenderHint(QPainter.SmoothPixmapTransform, True)
        exposed = option.exposedRect
        for rect, pixmap in self._tiles:
            if rect.intersects(exposed):
                painter.drawPixmap(rect.topLeft(), pixmap)
