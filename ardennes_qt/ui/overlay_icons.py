"""The overlay toolbar's icons, drawn by the program in each overlay's own colours: an
area with its edge (supply), two hexes linked through a third (ZOC Bonds), a reach
arrow, a marker ring with its DG tag, a VP flag."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPainterPath, QPen, QPixmap, QPolygonF

from ardennes_qt.ui.overlay_shapes import DG_HUE, OUT_OF_SUPPLY, REACH_HUES, SIDE_HUES, hue

SIZE = 32


def _hexagon(cx: float, cy: float, r: float) -> QPolygonF:
    return QPolygonF([QPointF(cx + r * math.cos(math.radians(60 * k)), cy + r * math.sin(math.radians(60 * k))) for k in range(6)])


def _supply(p: QPainter, side: str) -> None:
    p.setPen(QPen(hue(side), 2.4))
    p.setBrush(hue(side, 70))
    p.drawPolygon(_hexagon(14, 16, 11))
    p.setPen(QPen(OUT_OF_SUPPLY, 2.2))
    p.setBrush(Qt.NoBrush)
    p.drawEllipse(QPointF(25, 24), 5, 5)


def _zoc(p: QPainter, side: str) -> None:
    p.setPen(QPen(hue(side, 200), 1.4))
    p.setBrush(hue(side, 110))
    p.drawPolygon(_hexagon(16, 16, 7))
    p.setPen(QPen(hue(side), 3, Qt.SolidLine, Qt.RoundCap))
    p.drawLine(QPointF(5, 22), QPointF(16, 16))
    p.drawLine(QPointF(16, 16), QPointF(27, 22))
    p.setPen(QPen(QColor("white"), 1))
    p.setBrush(hue(side))
    for x in (5, 27):
        p.drawEllipse(QPointF(x, 22), 4, 4)


def _reach(p: QPainter, side: str) -> None:
    colour = hue(side, hues=REACH_HUES)
    p.setPen(QPen(colour, 2, Qt.DashLine))
    p.setBrush(hue(side, 60, REACH_HUES))
    p.drawEllipse(QRectF(3, 5, 26, 24))
    path = QPainterPath(QPointF(8, 24))
    path.lineTo(22, 10)
    p.setPen(QPen(colour, 3.2, Qt.SolidLine, Qt.RoundCap))
    p.drawPath(path)
    p.setBrush(colour)
    p.setPen(Qt.NoPen)
    p.drawPolygon(QPolygonF([QPointF(25, 7), QPointF(15, 9), QPointF(23, 17)]))


def _markers(p: QPainter, side: str) -> None:
    p.setPen(QPen(hue("German"), 3))
    p.setBrush(Qt.NoBrush)
    p.drawPolygon(_hexagon(13, 17, 10))
    p.setPen(QPen(DG_HUE, 3))
    p.drawPolygon(_hexagon(13, 17, 6))
    font = QFont("DejaVu Sans Condensed")
    font.setPixelSize(11)
    font.setBold(True)
    p.setFont(font)
    p.setPen(QPen(QColor("#212121"), 1))
    p.setBrush(QColor("white"))
    p.drawRoundedRect(QRectF(16, 1, 15, 12), 3, 3)
    p.drawText(QRectF(16, 1, 15, 12), Qt.AlignCenter, "DG")


def _vp(p: QPainter, side: str) -> None:
    p.setPen(QPen(QColor("#424242"), 2.2, Qt.SolidLine, Qt.RoundCap))
    p.drawLine(QPointF(8, 29), QPointF(8, 3))
    flag = QPolygonF([QPointF(9, 4), QPointF(28, 9), QPointF(9, 16)])
    p.setPen(Qt.NoPen)
    p.setBrush(SIDE_HUES["German"])
    p.drawPolygon(flag)
    p.setBrush(SIDE_HUES["Allied"])
    p.drawPolygon(QPolygonF([QPointF(9, 16), QPointF(22, 19), QPointF(9, 23)]))


PAINTERS = {"area": _supply, "links": _zoc, "reach": _reach, "rings": _markers, "flag": _vp}


def overlay_icon(icon: str, side: str) -> QIcon:
    """The icon of an overlay, by the picture its game declares for it ("area", "links"...)."""
    pixmap = QPixmap(SIZE, SIZE)
    pixmap.fill(Qt.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.Antialiasing)
    PAINTERS.get(icon, _supply)(painter, side)
    painter.end()
    return QIcon(pixmap)
