"""A line of sight and a viewshed drawn on the map, from the rules' answers.

A line goes centre to centre over its crossed hexes, tinted lightly: one colour where it is
clear, another where it is hindered; a blocked line is drawn solid up to where the rules
say it is blocked, dashed beyond, and the blocking hex (or hexside) is marked.  A viewshed
shades every hex the Location sees, clear and hindered apart, under the counters.

Whether a line is seen, hindered or blocked, and where, is the rules' answer (``SightLine``):
nothing here decides it.
"""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsLineItem, QGraphicsPathItem, QGraphicsScene

from ardennes_qt.core.hexgrid import Direction, Hex, Hexside
from ardennes_qt.core.system import SightLine, SightStep
from ardennes_qt.ui.counter_item import UnderCounters
from ardennes_qt.ui.hex_marks import MARKS_Z, HexMarks, MarkStyle
from ardennes_qt.ui.terrain_painter import TerrainPainter

CLEAR, HINDERED, BLOCKED = "clear", "hindered", "blocked"
COLOURS = {CLEAR: QColor("#1e8e3e"), HINDERED: QColor("#e08a00"), BLOCKED: QColor("#c62828")}
CASING = QColor(255, 255, 255, 200)
CROSSED = MarkStyle(QColor(40, 40, 40, 90), QColor(255, 255, 255, 70), 0.03)
ENDS = MarkStyle(QColor("#283593"), QColor(0, 0, 0, 0), 0.12)
LINE_WIDTH = 0.12  # of the hex size
PREVIEW_ALPHA = 150
LINE_Z = MARKS_Z + 0.4  # over the crossed hexes' tint (at MARKS_Z), under a fanned stack
SHADE_Z = 5.0  # a viewshed's shading: over the terrain and names, under the counters
# A viewshed's tints, named in the dock: blue stands out on woods and farmland alike.
SEEN_CLEAR = QColor(30, 136, 229, 80)
SEEN_HINDERED = QColor(224, 138, 0, 100)
SHADE_WORDS = {CLEAR: "blue", HINDERED: "amber"}


def sight_kind(line: SightLine) -> str:
    """How the rules' answer is drawn: blocked (not seen), hindered (seen through a Hindrance), clear."""
    if not line.seen:
        return BLOCKED
    return HINDERED if line.hindrance > 0 else CLEAR


def blocking_step(line: SightLine) -> SightStep | None:
    """The step the rules name as blocking the line (their effect "blocks"); a line not seen
    with no such step is blocked at its last step."""
    if line.seen:
        return None
    for step in line.steps:
        if step.effect.lower().startswith("block"):
            return step
    return line.steps[-1] if line.steps else None


def _hex_of(terrain: TerrainPainter, text: str) -> Hex | None:
    m = terrain.map
    try:
        h = m.parse(text.strip())
    except (ValueError, KeyError):
        return None
    return h if m.contains(h) else None


class SightDrawing:
    """One line of sight on the map: a few plain items, replaced whole when the line changes."""

    def __init__(self, scene: QGraphicsScene, terrain: TerrainPainter, preview: bool = False) -> None:
        self.scene = scene
        self.terrain = terrain
        self.preview = preview  # the line to the hex under the pointer: lighter, no tint
        self.kind = ""
        self.blocked_at: str = ""  # where the rules say the line is blocked (a hex or hexside)
        self.crossed = HexMarks(terrain, CROSSED)
        self.ends = HexMarks(terrain, ENDS, LINE_Z + 0.1)
        self.casing = QGraphicsLineItem()
        self.seen_part = QGraphicsLineItem()  # solid: the whole line, or up to the block
        self.beyond = QGraphicsLineItem()  # dashed: past the block
        self.block_mark = QGraphicsPathItem()
        for z, item in enumerate((self.casing, self.seen_part, self.beyond, self.block_mark)):
            item.setZValue(LINE_Z + z * 0.01)
            item.setAcceptedMouseButtons(Qt.NoButton)
        for item in (self.crossed, self.ends, self.casing, self.seen_part, self.beyond, self.block_mark):
            item.hide()
            scene.addItem(item)

    def items(self) -> tuple[QGraphicsItem, ...]:
        return self.crossed, self.ends, self.casing, self.seen_part, self.beyond, self.block_mark

    def show_line(self, line: SightLine, viewer_hex: str, target_hex: str) -> None:
        layout, m, size = self.terrain.layout, self.terrain.map, self.terrain.size
        start = QPointF(*layout.centre(m.parse(viewer_hex)))
        end = QPointF(*layout.centre(m.parse(target_hex)))
        self.kind = sight_kind(line)
        colour = QColor(COLOURS[self.kind])
        if self.preview:
            colour.setAlpha(PREVIEW_ALPHA)
        width = size * LINE_WIDTH * (0.7 if self.preview else 1.0)
        stop, mark = end, QPainterPath()
        step = blocking_step(line)
        self.blocked_at = step.where if step else ""
        if step is not None:
            stop, mark = self._block_place(step.where, line.crossed, start, end)
        self.casing.setLine(QLineF(start, end))
        self.casing.setPen(QPen(CASING, width * 2.2, Qt.SolidLine, Qt.RoundCap))
        self.seen_part.setLine(QLineF(start, stop))
        self.seen_part.setPen(QPen(colour, width, Qt.SolidLine, Qt.RoundCap))
        self.beyond.setLine(QLineF(stop, end))
        dashed = QPen(colour, width * 0.8, Qt.DashLine, Qt.FlatCap)
        self.beyond.setPen(dashed)
        self.beyond.setVisible(step is not None)
        self.block_mark.setPath(mark)
        self.block_mark.setPen(QPen(colour if self.preview else COLOURS[BLOCKED], width * 1.2, Qt.SolidLine,
                                    Qt.RoundCap, Qt.RoundJoin))
        self.block_mark.setVisible(not mark.isEmpty())
        for item in (self.casing, self.seen_part):
            item.show()
        if self.preview:
            self.crossed.clear()
            self.ends.clear()
        else:
            self.crossed.show_hexes([h for h in line.crossed if _hex_of(self.terrain, h) is not None])
            self.ends.show_hexes((viewer_hex, target_hex))
            self.crossed.show()
            self.ends.show()

    def _block_place(self, where: str, crossed, start: QPointF, end: QPointF) -> tuple[QPointF, QPainterPath]:
        """Where the solid part ends and the mark of what blocks: a hex outlined and crossed out,
        or a hexside ("StK6-K7") drawn over, between the crossed hex it names and the next."""
        layout = self.terrain.layout
        mark = QPainterPath()
        h = _hex_of(self.terrain, where)
        if h is not None:
            mark.addPolygon(self.terrain.polygon(h))
            mark.closeSubpath()
            cx, cy, r = *layout.centre(h), self.terrain.size * 0.45
            mark.moveTo(cx - r, cy - r)
            mark.lineTo(cx + r, cy + r)
            mark.moveTo(cx - r, cy + r)
            mark.lineTo(cx + r, cy - r)
            return QPointF(cx, cy), mark
        first = _hex_of(self.terrain, where.partition("-")[0])
        path = [x for x in (_hex_of(self.terrain, c) for c in crossed) if x is not None]
        if first is None or first not in path:
            return end, mark
        i = path.index(first)
        other = path[i + 1] if i + 1 < len(path) else path[i - 1] if i > 0 else None
        if other is None or other not in {first.neighbour(d) for d in Direction}:
            return QPointF(*layout.centre(first)), mark
        (x1, y1), (x2, y2) = layout.side_segment(Hexside.between(first, other))
        mark.moveTo(x1, y1)
        mark.lineTo(x2, y2)
        side_middle = QPointF((x1 + x2) / 2, (y1 + y2) / 2)
        return _nearest_on(start, end, side_middle), mark

    def clear(self) -> None:
        self.kind, self.blocked_at = "", ""
        for item in self.items():
            item.hide()

    def remove(self) -> None:
        for item in self.items():
            if item.scene() is not None:
                item.scene().removeItem(item)


def _nearest_on(a: QPointF, b: QPointF, p: QPointF) -> QPointF:
    """The point of segment ab nearest to p."""
    d = b - a
    length2 = d.x() ** 2 + d.y() ** 2
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, QPointF.dotProduct(p - a, d) / length2))
    return a + d * t


class ViewshedShade(UnderCounters, QGraphicsItem):
    """The hexes a Location sees, shaded under the counters: clear ones in one tint, hindered
    ones in another; the viewer's hex ringed."""

    def __init__(self, terrain: TerrainPainter) -> None:
        super().__init__()
        self.terrain = terrain
        self.seen: dict[str, int] = {}
        self.viewer = ""
        self._clear = QPainterPath()
        self._hindered = QPainterPath()
        self._ring = QPainterPath()
        self._rect = QRectF()
        self.setZValue(SHADE_Z)
        self.setAcceptedMouseButtons(Qt.NoButton)
        self.setCacheMode(QGraphicsItem.DeviceCoordinateCache)

    def show_seen(self, viewer: str, seen: dict[str, int]) -> None:
        """``seen``: the rules' viewshed, hex id -> Hindrance total (0: clear)."""
        self.prepareGeometryChange()
        self.viewer, self.seen = viewer, dict(seen)
        self._clear, self._hindered, self._ring = QPainterPath(), QPainterPath(), QPainterPath()
        for path in (self._clear, self._hindered):
            path.setFillRule(Qt.WindingFill)
        for hex_id, hindrance in self.seen.items():
            h = _hex_of(self.terrain, hex_id)
            if h is not None:
                (self._hindered if hindrance > 0 else self._clear).addPolygon(self.terrain.polygon(h))
        h = _hex_of(self.terrain, viewer) if viewer else None
        if h is not None:
            self._ring.addPolygon(self.terrain.polygon(h))
            self._ring.closeSubpath()
        margin = self.terrain.size * 0.2
        rect = self._clear.boundingRect() | self._hindered.boundingRect() | self._ring.boundingRect()
        self._rect = rect.adjusted(-margin, -margin, margin, margin)
        self.setFlag(QGraphicsItem.ItemHasNoContents, not (self.seen or viewer))
        self.update()
        self.under_counters_changed()

    def clear(self) -> None:
        self.show_seen("", {})

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setPen(Qt.NoPen)
        painter.setBrush(SEEN_CLEAR)
        painter.drawPath(self._clear)
        painter.setBrush(SEEN_HINDERED)
        painter.drawPath(self._hindered)
        painter.setRenderHint(QPainter.Antialiasing, True)
        painter.setBrush(Qt.NoBrush)
        painter.setPen(QPen(ENDS.line, self.terrain.size * ENDS.width))
        painter.drawPath(self._ring)
