"""What a picked-up stack can do, drawn on the map: every hex it can reach tinted, with
its MP cost; the hexes it may Overrun ringed in red; and, following the pointer, the
route the rules would take there, with a note of what each step costs and why.

Three items, whatever the size of the reach: the tint under the counters, the costs
over them, and the route with its note.  Each is painted from data prepared once per
pick-up, so a frame while dragging only blits (the tint) or draws a few shapes.
"""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from ardennes_qt.core.hexgrid import Direction, Hexside
from ardennes_qt.ui.counter_item import UnderCounters
from ardennes_qt.ui.terrain_painter import TerrainPainter

REACH_FILL = QColor(47, 125, 225, 78)
REACH_EDGE = QColor(20, 80, 170, 220)
OVERRUN_RING = QColor("#d32f2f")
COST_PILL = QColor(255, 255, 255, 235)
COST_TEXT = QColor("#0d3b7a")
ROUTE = QColor("#0d3b7a")
ROUTE_CASING = QColor(255, 255, 255, 210)
EXTRA_COST = QColor("#ef6c00")
NOTE_BACK = QColor(250, 250, 246, 242)
NOTE_EDGE = QColor(13, 59, 122, 200)
NOTE_TEXT = QColor("#1c1c1c")

COSTS_FROM = 20.0  # pixels per hex size from which the MP costs are printed
NOTE_PIXELS = 12  # the route note's text size, in pixels at any zoom
COST_PIXELS = 9  # the least text size of an MP cost
NOTE_LINES = 7


def mp_text(mp: float) -> str:
    return f"{mp:g}"


class ReachTint(UnderCounters, QGraphicsItem):
    """The hexes within reach tinted, with one firm line around the whole reach (not one per
    hex), under the counters; the hexes the stack may Overrun ringed in red."""

    def __init__(self, terrain: TerrainPainter) -> None:
        super().__init__()
        self.terrain = terrain
        self._fill = QPainterPath()
        self._edge: list[QLineF] = []
        self._overruns: list[QPolygonF] = []
        self._rect = QRectF()
        self.setCacheMode(QGraphicsItem.DeviceCoordinateCache)

    def show_reach(self, hexes, overruns=()) -> None:
        self.prepareGeometryChange()
        inside = set(hexes)
        layout = self.terrain.layout
        fill = QPainterPath()
        fill.setFillRule(Qt.WindingFill)  # hexes that touch add up, never cancel out
        for h in inside:
            fill.addPolygon(self.terrain.polygon(h))
        self._fill = fill
        self._edge = [QLineF(*layout.side_segment(Hexside.of(h, d))[0], *layout.side_segment(Hexside.of(h, d))[1])
                      for h in inside for d in Direction if h.neighbour(d) not in inside]
        self._overruns = [self.terrain.polygon(h) for h in overruns]
        rect = fill.boundingRect()
        for polygon in self._overruns:
            rect = rect.united(polygon.boundingRect())
        margin = self.terrain.size * 0.2
        self._rect = rect.adjusted(-margin, -margin, margin, margin)
        self.update()
        self.under_counters_changed()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        scale = option.levelOfDetailFromTransform(painter.worldTransform())
        # One fill without antialiasing: the hexes meet exactly, with no darker seams.
        painter.fillPath(self._fill, REACH_FILL)
        painter.setRenderHint(QPainter.Antialiasing, True)
        painter.setPen(QPen(REACH_EDGE, max(self.terrain.size * 0.07, 1.6 / scale), Qt.SolidLine, Qt.RoundCap))
        painter.drawLines(self._edge)
        painter.setPen(QPen(OVERRUN_RING, max(self.terrain.size * 0.12, 2.4 / scale)))
        painter.setBrush(QColor(211, 47, 47, 50))
        for polygon in self._overruns:
            painter.drawPolygon(polygon)


class ReachCosts(QGraphicsItem):
    """The MP cost of each hex within reach, in a small label at the foot of the hex, over
    the counters; "Overrun" under the hexes the stack may overrun."""

    def __init__(self, terrain: TerrainPainter) -> None:
        super().__init__()
        self.terrain = terrain
        self._labels: list[tuple[QPointF, str, bool]] = []
        self._rect = QRectF()
        self.setFlag(QGraphicsItem.ItemUsesExtendedStyleOption, True)
        # Painted once per pick-up and zoom, then blitted: the frames of a drag repaint the
        # route and the counters over it, and dozens of labels each frame would cost more.
        self.setCacheMode(QGraphicsItem.DeviceCoordinateCache)

    def show_costs(self, costs: dict, origin, overruns: dict, occupied) -> None:
        """``costs`` and ``overruns``: MP by Hex; the origin's 0 is left out.  A cost sits in
        the middle of an empty hex, at the foot of one with counters."""
        self.prepareGeometryChange()
        layout, size = self.terrain.layout, self.terrain.size

        def at(h) -> QPointF:
            x, y = layout.centre(h)
            return QPointF(x, y + (size * 0.66 if h in occupied else 0.0))

        labels = [(at(h), mp_text(mp), False) for h, mp in costs.items() if h != origin]
        labels += [(at(h), f"Overrun {mp_text(mp)}", True) for h, mp in overruns.items()]
        self._labels = labels
        xs = [p.x() for p, _, _ in labels] or [0.0]
        ys = [p.y() for p, _, _ in labels] or [0.0]
        self._rect = QRectF(min(xs) - size, min(ys) - size * 0.3, max(xs) - min(xs) + 2 * size, max(ys) - min(ys) + size * 0.6)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        scale = option.levelOfDetailFromTransform(painter.worldTransform())
        size = self.terrain.size
        if size * scale < COSTS_FROM:
            return
        exposed = option.exposedRect.adjusted(-size, -size, size, size)
        font = QFont("DejaVu Sans Condensed")
        font.setPixelSize(max(COST_PIXELS, round(size * 0.24 * scale)))
        font.setBold(True)
        painter.setFont(font)
        painter.setRenderHint(QPainter.Antialiasing, True)
        # Text in device pixels: crisp at any zoom.
        to_device = painter.worldTransform()
        painter.resetTransform()
        metrics = QFontMetricsF(font)
        height = metrics.height() * 1.05
        for point, text, overrun in self._labels:
            if not exposed.contains(point):
                continue
            at = to_device.map(point)
            width = metrics.horizontalAdvance(text) + height * 0.6
            pill = QRectF(at.x() - width / 2, at.y() - height / 2, width, height)
            painter.setPen(QPen(OVERRUN_RING if overrun else REACH_EDGE, 1.0))
            painter.setBrush(OVERRUN_RING if overrun else COST_PILL)
            painter.drawRoundedRect(pill, height / 2, height / 2)
            painter.setPen(QColor("#ffffff") if overrun else COST_TEXT)
            painter.drawText(pill, Qt.AlignCenter, text)


class RouteLine(QGraphicsItem):
    """The route to the hex under the pointer: a line through the hexes, a mark where a
    step costs more than its terrain."""

    def __init__(self, terrain: TerrainPainter) -> None:
        super().__init__()
        self.terrain = terrain
        self._points: list[QPointF] = []
        self._extras: list[QPointF] = []
        self._rect = QRectF()

    def show_route(self, hexes, extra_steps) -> None:
        """``hexes``: the route from the start; ``extra_steps``: the indexes of steps that
        cost more than their terrain (a stream crossed, an enemy ZOC entered...)."""
        self.prepareGeometryChange()
        centre = self.terrain.layout.centre
        self._points = [QPointF(*centre(h)) for h in hexes]
        self._extras = [(self._points[i - 1] + self._points[i]) / 2 for i in extra_steps if i > 0]
        polygon = QPolygonF(self._points)
        m = self.terrain.size * 0.3
        self._rect = polygon.boundingRect().adjusted(-m, -m, m, m)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        if len(self._points) < 2:
            return
        scale = option.levelOfDetailFromTransform(painter.worldTransform())
        size = self.terrain.size
        painter.setRenderHint(QPainter.Antialiasing, True)
        line = QPolygonF(self._points)
        width = max(size * 0.1, 2.5 / scale)
        painter.setPen(QPen(ROUTE_CASING, width * 2.0, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
        painter.drawPolyline(line)
        painter.setPen(QPen(ROUTE, width, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
        painter.drawPolyline(line)
        painter.setBrush(ROUTE)
        painter.drawEllipse(self._points[0], width * 1.4, width * 1.4)
        painter.setPen(QPen(QColor("#ffffff"), width * 0.5))
        painter.setBrush(EXTRA_COST)
        radius = max(size * 0.13, 4.0 / scale)
        for p in self._extras:
            painter.drawPolygon(QPolygonF([p + QPointF(0, -radius), p + QPointF(radius, 0),
                                           p + QPointF(0, radius), p + QPointF(-radius, 0)]))


class RouteNote(QGraphicsItem):
    """Beside the pointer: the MPs the route costs, and what the last step costs and why.
    Drawn at one pixel size at every zoom."""

    def __init__(self) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.ItemIgnoresTransformations, True)
        self._lines: list[tuple[str, bool]] = []
        self._rect = QRectF()
        font = QFont("DejaVu Sans Condensed")
        font.setPixelSize(NOTE_PIXELS)
        self._font = font
        self._bold = QFont(font)
        self._bold.setBold(True)

    def show_note(self, heading: str, lines: list[str]) -> None:
        """``heading`` in bold, then up to NOTE_LINES lines (the rest summed up)."""
        if len(lines) > NOTE_LINES:
            lines = lines[: NOTE_LINES - 1] + [f"… and {len(lines) - NOTE_LINES + 1} more"]
        self.prepareGeometryChange()
        self._lines = [(heading, True)] + [(line, False) for line in lines]
        metrics, bold = QFontMetricsF(self._font), QFontMetricsF(self._bold)
        width = max(bold.horizontalAdvance(t) if b else metrics.horizontalAdvance(t) for t, b in self._lines)
        self._rect = QRectF(0, 0, width + 14, len(self._lines) * (metrics.height() + 1) + 8)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        painter.setRenderHint(QPainter.Antialiasing, True)
        painter.setPen(QPen(NOTE_EDGE, 1.0))
        painter.setBrush(QBrush(NOTE_BACK))
        painter.drawRoundedRect(self._rect.adjusted(0.5, 0.5, -0.5, -0.5), 5, 5)
        height = QFontMetricsF(self._font).height() + 1
        y = 4.0
        for text, bold in self._lines:
            painter.setFont(self._bold if bold else self._font)
            painter.setPen(NOTE_TEXT if bold or not text.startswith("+") else EXTRA_COST.darker(130))
            painter.drawText(QRectF(7, y, self._rect.width() - 10, height), Qt.AlignLeft | Qt.AlignVCenter, text)
            y += height
