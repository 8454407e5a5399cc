"""The picked counter drawn as on the table: its full and reduced sides and its DG look,
side by side with their names, as large as the pane allows (drawn again on a resize,
so nothing is cut off in a narrow pane)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPixmap
from PySide6.QtWidgets import QLabel, QSizePolicy

from ardennes_qt.ui.counter_art import counter_face, paint_counter

PREVIEW = 112  # pixels a side at most
PREVIEW_PAD = 14


def preview_faces(counter, colour: str) -> list:
    faces = [("Full", counter_face(counter, colour))]
    if counter.reduced is not None:
        faces.append(("Reduced", counter_face(counter, colour, reduced=True)))
    faces.append(("DG", counter_face(counter, colour, dg=True)))
    return faces


def preview_image(counter, colour: str, width: int | None = None) -> QImage:
    """The counter's sides side by side, as the table draws them, with their names; as
    large as ``width`` pixels allow, up to PREVIEW a side."""
    faces = preview_faces(counter, colour)
    pad = PREVIEW_PAD
    side = PREVIEW if width is None else max(24, min(PREVIEW, (width - pad * (len(faces) + 1)) // len(faces)))
    image = QImage(len(faces) * (side + pad) + pad, side + 2 * pad + 16, QImage.Format_ARGB32_Premultiplied)
    image.fill(QColor("#3a3f46"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.Antialiasing, True)
    font = QFont("DejaVu Sans")
    font.setPixelSize(12)
    painter.setFont(font)
    for i, (caption, face) in enumerate(faces):
        x = pad + i * (side + pad)
        paint_counter(painter, QRectF(x, pad, side, side), face, side)
        painter.setPen(QColor("#e8e4d8"))
        painter.drawText(QRectF(x, pad + side + 2, side, 16), Qt.AlignCenter, caption)
    painter.end()
    return image


class CounterPreview(QLabel):
    """The picked counter's sides, drawn again to fit whenever the pane is resized."""

    def __init__(self) -> None:
        super().__init__()
        self.setAlignment(Qt.AlignCenter)
        self.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Fixed)
        self.setMinimumHeight(PREVIEW + 2 * PREVIEW_PAD + 16)
        self._shown = None  # (counter, colour)

    def show_counter(self, counter, colour: str) -> None:
        self._shown = (counter, colour) if counter is not None else None
        self._draw()

    def _draw(self) -> None:
        if self._shown is None:
            self.clear()
            return
        self.setPixmap(QPixmap.fromImage(preview_image(*self._shown, width=self.width())))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._draw()
