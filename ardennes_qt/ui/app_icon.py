"""The applications' icons, drawn with the program's own art: the table's is a counter
on a map hex crossed by a road, the editor's a patch of map hexes in their terrain
colours with a road being drawn across them.  ``packaging/make_icons.py`` writes them
out as SVG and PNG (and the Windows and macOS icon files); the windows show the PNGs.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPainterPath, QPen, QPolygonF

from ardennes_qt.core.units import NATIONALITY_COLOURS
from ardennes_qt.desktop import ICON_SIZES, Application, icon_png
from ardennes_qt.ui import map_style as style
from ardennes_qt.ui.counter_art import CounterFace, paint_counter
from ardennes_qt.ui.unit_symbols import symbol_for

ARMOUR = CounterFace(
    nationality_colour=NATIONALITY_COLOURS["US"], band_colour="#d9c35c", designation="CCB",
    symbol=symbol_for("Arm Bn"), values="6-5-10", mech=True, exploit=False, reduced=False, dg=False,
    estimated=False,
)


def _hexagon(centre: QPointF, radius: float) -> QPolygonF:
    """A flat-topped hex (the map's own orientation) of ``radius`` centre to corner."""
    return QPolygonF([QPointF(centre.x() + radius * math.cos(math.radians(60 * k)),
                              centre.y() + radius * math.sin(math.radians(60 * k))) for k in range(6)])


def _road(painter: QPainter, path: QPainterPath, width: float) -> None:
    painter.setBrush(Qt.NoBrush)
    painter.setPen(QPen(style.ROAD_CASING, width * 1.6, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
    painter.drawPath(path)
    painter.setPen(QPen(style.ROAD_FILL, width, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
    painter.drawPath(path)


def paint_table_icon(painter: QPainter, size: float) -> None:
    s = size
    hexagon = _hexagon(QPointF(s * 0.5, s * 0.5), s * 0.49)
    painter.setRenderHint(QPainter.Antialiasing, True)
    painter.setPen(QPen(style.FOREST_TREE, s * 0.03))
    painter.setBrush(style.OPEN)
    painter.drawPolygon(hexagon)
    road = QPainterPath(QPointF(s * 0.06, s * 0.62))
    road.cubicTo(QPointF(s * 0.35, s * 0.50), QPointF(s * 0.62, s * 0.78), QPointF(s * 0.94, s * 0.44))
    painter.save()
    clip = QPainterPath()
    clip.addPolygon(hexagon)
    painter.setClipPath(clip)
    _road(painter, road, s * 0.05)
    painter.restore()
    side = s * 0.56
    paint_counter(painter, QRectF(s * 0.22, s * 0.18, side, side), ARMOUR, side)


def paint_editor_icon(painter: QPainter, size: float) -> None:
    s = size
    r = s * 0.185  # the seven hexes fit the square
    w, h = r * 1.5, r * math.sqrt(3)
    centres = [(0, 0, style.WOODS), (w, -h / 2, style.OPEN), (w, h / 2, style.FOREST),
               (0, h, style.MARSH), (-w, h / 2, style.OPEN), (-w, -h / 2, style.CITY), (0, -h, style.WOODS)]
    middle = QPointF(s * 0.5, s * 0.5)
    painter.setRenderHint(QPainter.Antialiasing, True)
    for dx, dy, fill in centres:
        painter.setPen(QPen(style.FOREST_TREE, s * 0.025))
        painter.setBrush(fill)
        painter.drawPolygon(_hexagon(middle + QPointF(dx, dy), r * 0.98))
    tip = middle + QPointF(w * 0.55, -h * 0.32)
    road = QPainterPath(middle + QPointF(-w, h / 2))
    road.lineTo(middle)
    road.lineTo(tip)
    _road(painter, road, s * 0.045)
    # The drawing pen: a pencil laid across the patch, its point on the road's end.
    painter.save()
    painter.translate(tip)
    painter.rotate(-45)
    length, thick = s * 0.30, s * 0.10
    painter.setPen(QPen(QColor("#2b2b2b"), s * 0.012))
    painter.setBrush(QColor("#f4f1e6"))
    painter.drawPolygon(QPolygonF([QPointF(0, 0), QPointF(thick * 1.2, -thick / 2), QPointF(thick * 1.2, thick / 2)]))
    painter.setBrush(style.VP_BADGE)
    painter.drawRect(QRectF(thick * 1.2, -thick / 2, length, thick))
    painter.setBrush(QColor("#2b2b2b"))
    painter.drawPolygon(QPolygonF([QPointF(0, 0), QPointF(thick * 0.45, -thick * 0.19),
                                   QPointF(thick * 0.45, thick * 0.19)]))
    painter.restore()


def application_icon(application: Application) -> QIcon:
    """The icon of a window of ``application``: its PNGs, as many sizes as were made."""
    icon = QIcon()
    for size in ICON_SIZES:
        path = icon_png(application, size)
        if path.is_file():
            icon.addFile(str(path))
    return icon
