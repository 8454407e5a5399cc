"""The map's frame: its outline, the seam between sheets, the sheet names, the
friendly map edges (1.3) as coloured bands in the margin, and the entry-area letters.
"""

from __future__ import annotations

from functools import cached_property

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen

from ardennes_qt.core.geometry import HexLayout
from ardennes_qt.core.hexgrid import OWNED_DIRECTIONS, Direction, Hex, Hexside
from ardennes_qt.core.numbering import offset_to_axial
from ardennes_qt.core.mapdata import EntryArea, MapData
from ardennes_qt.core.numbering import offset_to_axial
from ardennes_qt.ui import map_style as style

SIDE_WORDS = {"German": "German map edge", "Allied": "Allied map edge"}


class MapEdges:
    def __init__(self, map_data: MapData, layout: HexLayout) -> None:
        self.map = map_data
        self.layout = layout
        self.margin = layout.size * 1.6

    def _rim(self) -> list[Hex]:
        """Hexes on the map's edge: the only ones the frame needs."""
        numbering = self.map.numbering
        out = []
        for column in range(1, numbering.total_columns + 1):
            if column in (1, numbering.total_columns):
                rows = range(numbering.first_row, numbering.top_row + 1)
            else:
                rows = (numbering.first_row, numbering.top_row)
            out.extend(offset_to_axial(column, row) for row in rows)
        return out

    @cached_property
    def bounds(self) -> tuple[float, float, float, float]:
        xs, ys = [], []
        for h in self._rim():
            cx, cy = self.layout.centre(h)
            xs.append(cx)
            ys.append(cy)
        s, half = self.layout.size, self.layout.height / 2
        return min(xs) - s, min(ys) - half, max(xs) + s, max(ys) + half

    @cached_property
    def rim_sides(self) -> list[tuple[Hex, Hexside]]:
        """The hexsides of the map's own edge, each with the hex of the map it bounds."""
        return [(h, Hexside.of(h, d)) for h in self._rim() for d in Direction if not self.map.contains(h.neighbour(d))]

    @cached_property
    def _outline_and_seams(self) -> tuple[QPainterPath, QPainterPath]:
        outline, seams = QPainterPath(), QPainterPath()
        for h in self._rim():
            for direction in Direction:
                if not self.map.contains(h.neighbour(direction)):
                    (x1, y1), (x2, y2) = self.layout.side_segment(Hexside.of(h, direction))
                    outline.moveTo(x1, y1)
                    outline.lineTo(x2, y2)
        numbering = self.map.numbering
        extents = numbering.sheet_extents()
        if len(extents) > 1:
            # The seams between sheets: the sides, along each sheet's own edge, whose other
            # hex lies on another sheet.
            for sheet, (c0, r0, c1, r1) in extents.items():
                edge = [(c, r) for c in range(c0, c1 + 1) for r in (r0, r1)] + [(c, r) for r in range(r0, r1 + 1) for c in (c0, c1)]
                for column, row in dict.fromkeys(edge):
                    h = offset_to_axial(column, row)
                    for direction in OWNED_DIRECTIONS:
                        other = h.neighbour(direction)
                        if numbering.contains(other) and numbering.sheet_column_row(other)[0] != sheet:
                            (x1, y1), (x2, y2) = self.layout.side_segment(Hexside.of(h, direction))
                            seams.moveTo(x1, y1)
                            seams.lineTo(x2, y2)
        return outline, seams

    @cached_property
    def sheet_boxes(self) -> dict[str, QRectF]:
        """Each sheet's extent on the scene, by the centres of its corner hexes."""
        out = {}
        for sheet, (c0, r0, c1, r1) in self.map.numbering.sheet_extents().items():
            points = [self.layout.centre(offset_to_axial(c, r)) for c in (c0, c0 + 1, c1 - 1, c1) for r in (r0, r1)]
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            out[sheet] = QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        return out

    def refresh_entry_areas(self) -> None:
        """Find the letters' spots again (the editor changed an entry area)."""
        self.__dict__.pop("entry_letter_spots", None)

    @cached_property
    def entry_letter_spots(self) -> dict[EntryArea, tuple[float, float]]:
        """Each entry area's letter goes on its hex nearest the middle of the area."""
        spots = {}
        for area in self.map.entry_areas.values():
            if not area.hexes:
                continue
            points = [self.layout.centre(h) for h in area.hexes]
            mx = sum(p[0] for p in points) / len(points)
            my = sum(p[1] for p in points) / len(points)
            spots[area] = min(points, key=lambda p: (p[0] - mx) ** 2 + (p[1] - my) ** 2)
        return spots

    def paint_margin(self, painter: QPainter, rect: QRectF) -> None:
        """The table around the map, the friendly-edge bands and the sheet names."""
        x0, y0, x1, y1 = self.bounds
        painter.fillRect(rect, style.OFF_MAP)
        band = self.margin * 0.45
        gap = self.layout.size * 0.25
        strips = {
            "north": QRectF(x0, y0 - gap - band, x1 - x0, band),
            "south": QRectF(x0, y1 + gap, x1 - x0, band),
            "west": QRectF(x0 - gap - band, y0, band, y1 - y0),
            "east": QRectF(x1 + gap, y0, band, y1 - y0),
        }
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(1, round(band * 0.62)))
        font.setBold(True)
        painter.setFont(font)
        for edge, strip in strips.items():
            side = self.map.friendly_edges.get(edge)
            if side is None or not strip.intersects(rect):
                continue
            painter.fillRect(strip, style.side_colour(side))
            painter.save()
            painter.translate(strip.center())
            if edge in ("west", "east"):
                painter.rotate(-90 if edge == "west" else 90)
            painter.setPen(QColor(255, 255, 255, 220))
            text_box = QRectF(-600, -band, 1200, 2 * band)
            painter.drawText(text_box, Qt.AlignCenter, SIDE_WORDS.get(side, side))
            painter.restore()
        self._paint_sheet_names(painter, rect)

    def _paint_sheet_names(self, painter: QPainter, rect: QRectF) -> None:
        """Each sheet's name above it; for sheets set one above the other, the top one's above the
        map, the bottom one's below it (any between, beside it)."""
        x0, y0, x1, y1 = self.bounds
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(1, round(self.margin * 0.55)))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor(235, 230, 210))
        boxes = self.sheet_boxes
        side_by_side = len({round(b.top()) for b in boxes.values()}) == 1
        tops = sorted(boxes, key=lambda sheet: boxes[sheet].top())
        for sheet, extent in boxes.items():
            if not sheet:  # a map of one unnamed sheet (XXYY numbering) has no name
                continue
            if side_by_side or sheet in (tops[0], tops[-1]):
                top = y0 - self.margin * 1.8 if side_by_side or sheet == tops[0] else y1 + self.margin * 0.75
                box = QRectF(extent.left() if side_by_side else x0, top, extent.width() if side_by_side else x1 - x0,
                             self.margin * 1.05)
                if box.intersects(rect):
                    painter.drawText(box, Qt.AlignCenter, f"Map {sheet}")
                continue
            box = QRectF(x0 - self.margin * 1.8, extent.top(), self.margin * 1.05, extent.height())
            if box.intersects(rect):
                painter.save()
                painter.translate(box.center())
                painter.rotate(-90)
                painter.drawText(QRectF(-box.height() / 2, -box.width() / 2, box.height(), box.width()),
                                 Qt.AlignCenter, f"Map {sheet}")
                painter.restore()

    def _near_frame(self, rect: QRectF) -> tuple[bool, bool]:
        """Whether a region reaches the map's outline, and a seam between sheets: a small
        region inside one sheet (the editor repainting a hex) strokes neither long path."""
        x0, y0, x1, y1 = self.bounds
        reach = self.layout.size * 2
        inner = QRectF(x0 + reach, y0 + reach, x1 - x0 - 2 * reach, y1 - y0 - 2 * reach)
        within_a_sheet = any(box.adjusted(reach, reach, -reach, -reach).contains(rect) for box in self.sheet_boxes.values())
        return not inner.contains(rect), len(self.sheet_boxes) > 1 and not within_a_sheet

    def paint_outline(self, painter: QPainter, scale: float, rect: QRectF | None = None) -> None:
        outline, seams = self._outline_and_seams
        near_outline, near_seam = self._near_frame(rect) if rect is not None else (True, True)
        painter.setBrush(Qt.NoBrush)
        # Only what is near: a printer strokes even an empty path (a PDF then holds a
        # shape with no point that readers complain of).
        if near_seam and not seams.isEmpty():
            seam_pen = QPen(style.SHEET_SEAM, max(self.layout.size * 0.05, 1.0 / scale))
            seam_pen.setDashPattern([4.0, 3.0])
            painter.setPen(seam_pen)
            painter.drawPath(seams)
        if near_outline and not outline.isEmpty():
            painter.setPen(QPen(QColor("#2a2620"), max(self.layout.size * 0.07, 1.2 / scale), Qt.SolidLine, Qt.RoundCap))
            painter.drawPath(outline)


def paint_entry_letter(painter: QPainter, area: EntryArea, x: float, y: float, radius: float) -> None:
    """The area's letter in a roundel of its side's colour, as printed reinforcement areas are.
    A longer name (Ardennes 1944 names its entry hexes by their ids, 16.1) gets a smaller font."""
    painter.setPen(QPen(QColor(255, 255, 255), radius * 0.14))
    painter.setBrush(style.side_colour(area.side))
    painter.drawEllipse(QPointF(x, y), radius, radius)
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(1, round(radius * (1.25 if len(area.letter) <= 1 else 2.4 / len(area.letter)))))
    font.setBold(True)
    painter.setFont(font)
    painter.setPen(Qt.white)
    painter.drawText(QRectF(x - radius, y - radius, 2 * radius, 2 * radius), Qt.AlignCenter, area.letter)
