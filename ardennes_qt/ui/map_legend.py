"""The legend: a game's map symbols and the parts of its counters (``legend_data``), drawn
by the same code that draws the map and the counters, so the legend cannot show what the
map does not.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QWidget

from ardennes_qt.core.mapdata import EntryArea, Place
from ardennes_qt.engine.views import UnitView
from ardennes_qt.ui import map_style as style
from ardennes_qt.ui import terrain_symbols as sym
from ardennes_qt.ui.counter_art import face_of, paint_counter
from ardennes_qt.ui.legend_data import Legend
from ardennes_qt.ui.map_edges import paint_entry_letter
from ardennes_qt.ui.place_labels import draw_place_label
from ardennes_qt.ui.unit_symbols import draw_symbol, symbol_for

S = 22.0  # hex size of a legend sample, in pixels
MARK_ENLARGED = 1.7
ROW = 46
COLUMN = 320

# Two sample counters: full strength, DG and exploit capable; reduced, with its estimated values.
_SAMPLE = UnitView(
    id="sample", name="II/130 Pz Bn", side="German", nationality="Wehrmacht", formation="130", formation_name="Pz Lehr",
    unit_type="Pz Bn", designation="II/130", values="5-3-12", full_values="5-3-12", reduced_values="3-2-12", steps=2,
    max_steps=2, hex=None, where="map", dg=True, reduced=False, ma_type="mech", exploit=True, artillery=False,
    estimated=("reduced",),
)
_REDUCED_SAMPLE = UnitView(
    id="sample2", name="1/112 Inf Bn", side="Allied", nationality="US", formation="28ID", formation_name="28 Inf Div",
    unit_type="Inf Bn", designation="1/112", values="1-2-10", full_values="2-3-10", reduced_values="1-2-10", steps=1,
    max_steps=2, hex=None, where="map", dg=False, reduced=True, ma_type="leg", exploit=False, artillery=False,
    estimated=("reduced",),
)


def _hexagon(cx: float, cy: float) -> QPolygonF:
    angles = [math.radians(60 * k) for k in range(6)]
    return QPolygonF([QPointF(cx + S * math.cos(a), cy + S * math.sin(a)) for a in angles])


def paint_map_sample(painter: QPainter, what: tuple, cx: float, cy: float) -> None:
    """One legend sample centred at (cx, cy)."""
    kind = what[0]
    if kind == "place":
        draw_place_label(painter, Place("Bastogne", 5), cx + S * 0.9, cy + 5, 12)
        return
    painter.setPen(QPen(style.GRID, 1.0))
    painter.setBrush(style.BASE_FILLS.get(what[1], style.OPEN) if kind == "fill" else style.OPEN)
    painter.drawPolygon(_hexagon(cx, cy))
    if kind == "fill" and len(what) > 2:
        sym.paint_symbol(painter, what[2], cx, cy, S, 1)
    elif kind == "mark":
        # Marks sit off-centre in a hex and small: here, in the middle and larger.
        offsets = {"traffic_jam": (0.38, -0.36), "poi": (-0.45, 0.40), "plunger": (-0.40, -0.20)}
        dx, dy = offsets[what[1]]
        big = S * MARK_ENLARGED
        sym.paint_mark(painter, what[1], cx + dx * big, cy + dy * big, big)
    elif kind == "side":
        painter.setPen(style.hexside_pen(what[1], S, 1.0))
        painter.drawLine(QPointF(cx - S * 0.5, cy + S * 0.866), QPointF(cx + S * 0.5, cy - S * 0.866))
    elif kind == "zone":
        painter.setPen(Qt.NoPen)
        painter.setBrush(style.ZONE_WASHES[what[1]])
        painter.drawPolygon(_hexagon(cx, cy))
    elif kind == "road":
        look = style.ROAD_LOOKS.get(what[1], "road")
        pens = {"road": lambda: style.road_pens(S, 1.0), "minor": lambda: style.minor_road_pens(S, 1.0),
                "track": lambda: (style.track_pen(S, 1.0),)}[look]()
        for pen in pens:
            painter.setPen(pen)
            painter.drawLine(QPointF(cx - S, cy), QPointF(cx + S, cy))
    elif kind == "bridge":
        painter.setPen(QPen(style.WATER, S * 0.17))
        painter.drawLine(QPointF(cx, cy - S * 0.8), QPointF(cx, cy + S * 0.8))
        for pen in style.road_pens(S, 1.0):
            painter.setPen(pen)
            painter.drawLine(QPointF(cx - S, cy), QPointF(cx + S, cy))
        sym.draw_bridge(painter, (cx, cy), (1.0, 0.0), S, what[1])
    elif kind == "play":
        hexagon = _hexagon(cx, cy)
        painter.setPen(Qt.NoPen)
        painter.setBrush(style.OUT_OF_PLAY)
        painter.drawPolygon(hexagon)
        painter.setBrush(QBrush(style.OUT_OF_PLAY_HATCH, Qt.BDiagPattern))
        painter.drawPolygon(hexagon)
        painter.setPen(QPen(style.PLAY_AREA_EDGE, S * 0.12, Qt.SolidLine, Qt.RoundCap))
        painter.drawPolyline(QPolygonF([hexagon[5], hexagon[0], hexagon[1]]))  # its eastern sides
    elif kind == "entry":
        paint_entry_letter(painter, EntryArea(what[1], "German", frozenset()), cx, cy, S * 0.55)


class LegendWidget(QWidget):
    """A game's map symbols in two columns, then its unit symbols, then two annotated counters."""

    def __init__(self, legend: Legend, parent=None) -> None:
        super().__init__(parent)
        self.legend = legend
        self._map_rows = math.ceil(len(legend.map_entries) / 2)
        self._symbol_rows = math.ceil(len(legend.symbol_entries) / 2)
        height = 30 + self._map_rows * ROW + 40 + self._symbol_rows * 34 + 40 + max(130, len(legend.counter_notes) * 17) + 20
        self.setMinimumSize(QSize(2 * COLUMN + 120, height))

    def sizeHint(self) -> QSize:
        return self.minimumSize()

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing, True)
        painter.fillRect(self.rect(), QColor("#faf8f0"))
        y = self._heading(painter, "Map", 8)
        for i, (what, words) in enumerate(self.legend.map_entries):
            x = 10 + (i // self._map_rows) * COLUMN
            cy = y + (i % self._map_rows) * ROW + ROW / 2
            painter.save()
            paint_map_sample(painter, what, x + S + 4, cy)
            painter.restore()
            # The town sample is a label as wide as a name: its words go after it.
            self._words(painter, x + 2 * S + (84 if what[0] == "place" else 16), cy, words)
        y = self._heading(painter, "Unit symbols", y + self._map_rows * ROW + 8)
        for i, (unit_type, words) in enumerate(self.legend.symbol_entries):
            x = 10 + (i // self._symbol_rows) * COLUMN
            top = y + (i % self._symbol_rows) * 34
            box = QRectF(x + 4, top + 5, 40, 24)
            painter.setPen(QPen(QColor("#111111"), 1.2))
            painter.setBrush(QColor("#f4f1e6"))
            painter.drawRect(box)
            draw_symbol(painter, box.adjusted(1.5, 1.5, -1.5, -1.5), symbol_for(unit_type), QColor("#111111"))
            self._words(painter, x + 56, top + 17, words)
        y = self._heading(painter, "Counters", y + self._symbol_rows * 34 + 8)
        full, reduced = self.legend.samples or (_SAMPLE, _REDUCED_SAMPLE)
        paint_counter(painter, QRectF(14, y + 6, 110, 110), face_of(full, "#9c2f2f"), 110)
        paint_counter(painter, QRectF(136, y + 6, 110, 110), face_of(reduced, "#2f6b3a"), 110)
        for i, note in enumerate(self.legend.counter_notes):
            self._words(painter, 264, y + 12 + i * 17, note, width=self.width() - 270)
        painter.end()

    def _heading(self, painter: QPainter, text: str, y: float) -> float:
        font = QFont("DejaVu Sans")
        font.setPixelSize(15)
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor("#222222"))
        painter.drawText(QPointF(10, y + 18), text)
        return y + 28

    def _words(self, painter: QPainter, x: float, cy: float, text: str, width: float = COLUMN) -> None:
        font = QFont("DejaVu Sans")
        font.setPixelSize(12)
        painter.setFont(font)
        painter.setPen(QColor("#222222"))
        width = min(width, self.width() - x - 6)  # a long entry wraps within the legend, not past its edge
        painter.drawText(QRectF(x, cy - 17, width, 34), Qt.AlignVCenter | Qt.AlignLeft | Qt.TextWordWrap, text)
