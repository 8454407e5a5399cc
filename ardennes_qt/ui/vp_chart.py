"""The German VP total by turn as a line chart, drawn with QPainter: each turn's total at
its end (6.0), a dashed step to the total now, the greatest total ringed (where the
scenario is judged on it), and behind them the bands of the scenario's victory levels
(6.0, or 7.3's own) named in their winner's colour.  ``paint_vp_chart`` draws into any
rectangle (a dock, the end of the scenario); ``VpChart`` is the widget."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from ardennes_qt.core.planning import VpTrack

LINE = QColor("#1f4e9c")
GREATEST = QColor("#c62828")
AXIS = QColor("#5f6368")
GRID = QColor(0, 0, 0, 28)
TEXT = QColor("#202124")
BAND = {"German": QColor(31, 78, 156, 40), "Allied": QColor(0, 121, 107, 40), "": QColor(120, 120, 120, 30)}
BAND_TEXT = {"German": QColor("#1f4e9c"), "Allied": QColor("#00695c"), "": QColor("#5f6368")}


def _font(pixels: float, bold: bool = False) -> QFont:
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(8, round(pixels)))
    font.setBold(bold)
    return font


def _top_of_scale(track: VpTrack) -> int:
    highest = max([track.current] + [vp for _, vp in track.by_turn] + [lv.min or 0 for lv in track.levels])
    step = 5 if highest > 12 else 2
    return max(step * 2, (highest // step + 1) * step + (step if track.levels else 0))


def paint_vp_chart(painter: QPainter, rect: QRectF, track: VpTrack, dates: dict[int, str] | None = None) -> None:
    """Draw the chart in ``rect`` (device units of ``painter``)."""
    dates = dates or {}
    px = max(9.0, min(14.0, rect.height() / 16, rect.width() / 40))
    small, label_font = _font(px * 0.9), _font(px, True)
    metrics = QFontMetricsF(small)
    top = _top_of_scale(track)
    left = rect.left() + metrics.horizontalAdvance(str(top)) + px * 1.4
    plot = QRectF(left, rect.top() + px * 0.8, rect.right() - left - px * 0.8, rect.height() - px * 4.0)
    turns = list(range(track.first_turn, track.last_turn + 1))
    span = max(len(turns) - 1, 1)

    def x(turn: float) -> float:
        return plot.left() + (turn - track.first_turn) / span * plot.width()

    def y(vp: float) -> float:
        return plot.bottom() - vp / top * plot.height()

    painter.save()
    painter.setRenderHint(QPainter.Antialiasing)
    _paint_bands(painter, plot, track, y, label_font)
    _paint_axes(painter, rect, plot, turns, top, x, y, small, dates)
    _paint_line(painter, plot, track, x, y, px)
    painter.restore()


def _paint_bands(painter: QPainter, plot: QRectF, track: VpTrack, y, font: QFont) -> None:
    """Each victory level from its minimum up to the next level's (6.0: first level reached)."""
    painter.setFont(font)
    ceiling = plot.top()
    for level in track.levels:
        floor = y(level.min) if level.min is not None else plot.bottom()
        band = QRectF(plot.left(), ceiling, plot.width(), max(floor - ceiling, 0))
        painter.fillRect(band, BAND[level.winner])
        painter.setPen(QPen(BAND_TEXT[level.winner].lighter(130), 1, Qt.DashLine))
        if level.min is not None:
            painter.drawLine(QPointF(plot.left(), floor), QPointF(plot.right(), floor))
        painter.setPen(BAND_TEXT[level.winner])
        words = f"{level.result}" + (f" ({level.min}+)" if level.min is not None else "")
        if band.height() > QFontMetricsF(font).height() * 0.9:
            painter.drawText(band.adjusted(6, 0, -6, 0), Qt.AlignRight | Qt.AlignVCenter, words)
        ceiling = floor


def _paint_axes(painter: QPainter, rect: QRectF, plot: QRectF, turns, top: int, x, y, font: QFont, dates) -> None:
    painter.setFont(font)
    metrics = QFontMetricsF(font)
    step = 5 if top > 14 else 2
    for vp in range(0, top + 1, step):
        painter.setPen(QPen(GRID, 1))
        painter.drawLine(QPointF(plot.left(), y(vp)), QPointF(plot.right(), y(vp)))
        painter.setPen(AXIS)
        width = metrics.horizontalAdvance(str(top))
        box = QRectF(plot.left() - width - metrics.height() * 0.9, y(vp) - metrics.height() / 2, width, metrics.height())
        painter.drawText(box, Qt.AlignRight | Qt.AlignVCenter, str(vp))
    words = {turn: (str(turn), " ".join(dates.get(turn, "").split()[:2])) for turn in turns}
    widths = {turn: max(metrics.horizontalAdvance(w) for w in pair) for turn, pair in words.items()}
    spans = turn_label_spans(turns, x, widths, rect.left(), rect.right(), gap=metrics.horizontalAdvance("  "))
    painter.setPen(QPen(AXIS, 1))
    painter.drawLine(plot.bottomLeft(), plot.bottomRight())
    for turn in turns:
        painter.drawLine(QPointF(x(turn), plot.bottom()), QPointF(x(turn), plot.bottom() + 3))
    for turn, (left, right) in spans.items():
        number, date = words[turn]
        box = QRectF(left, plot.bottom() + metrics.height() * 0.6, right - left, metrics.height())
        painter.drawText(box, Qt.AlignHCenter | Qt.AlignTop, number)
        if date:
            painter.drawText(box.translated(0, metrics.height()), Qt.AlignHCenter | Qt.AlignTop, date)


def turn_label_spans(turns: list[int], x, widths: dict[int, float], left: float, right: float,
                     gap: float) -> dict[int, tuple[float, float]]:
    """The turns named under the axis and where each name spans (from, to): each centred
    under its turn but kept inside ``left``-``right``, at most one in every few turns evenly,
    the first and last always, and none nearer its neighbour than ``gap``."""
    def span(turn: int) -> tuple[float, float]:
        half = widths[turn] / 2
        start = min(max(x(turn) - half, left), right - widths[turn])
        return start, start + widths[turn]

    widest = max(widths.values(), default=0.0) + gap
    pitch = abs(x(turns[-1]) - x(turns[0])) / max(len(turns) - 1, 1) if turns else 0.0
    every = max(1, math.ceil(widest / pitch)) if pitch > 0 else 1
    named = turns[::every]
    if turns and named[-1] != turns[-1]:
        named.append(turns[-1])
    spans: dict[int, tuple[float, float]] = {}
    limit = right + gap
    for turn in reversed(named):  # from the last turn back: it is always named
        start, end = span(turn)
        if end + gap <= limit or not spans:
            spans[turn] = (start, end)
            limit = start
    first = turns[0] if turns else None
    if first is not None and first not in spans:  # the first too, in place of those it meets
        start, end = span(first)
        last_start = spans[turns[-1]][0]
        if end + gap <= last_start:
            spans = {t: s for t, s in spans.items() if s[0] >= end + gap}
            spans[first] = (start, end)
    return dict(sorted(spans.items()))


def _paint_line(painter: QPainter, plot: QRectF, track: VpTrack, x, y, px: float) -> None:
    points = [QPointF(x(turn), y(vp)) for turn, vp in track.by_turn]
    if len(points) > 1:
        path = QPainterPath(points[0])
        for p in points[1:]:
            path.lineTo(p)
        painter.setPen(QPen(LINE, px * 0.28, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
        painter.setBrush(Qt.NoBrush)
        painter.drawPath(path)
    now = QPointF(x(min(track.turn, track.last_turn)), y(track.current))
    if not track.final:
        if points:
            painter.setPen(QPen(LINE, px * 0.2, Qt.DashLine, Qt.RoundCap))
            painter.drawLine(points[-1], now)
        painter.setPen(QPen(LINE, px * 0.22))
        painter.setBrush(QColor("white"))
        painter.drawEllipse(now, px * 0.42, px * 0.42)
    painter.setPen(QPen(QColor("white"), px * 0.12))
    painter.setBrush(LINE)
    for p in points:
        painter.drawEllipse(p, px * 0.38, px * 0.38)
    if track.greatest is not None and track.kind == "vp":  # 7.4-7.6 are not judged on it
        best = QPointF(x(track.greatest_turn), y(track.greatest))
        painter.setPen(QPen(GREATEST, px * 0.2))
        painter.setBrush(Qt.NoBrush)
        painter.drawEllipse(best, px * 0.8, px * 0.8)
        font = _font(px * 0.9, True)
        words = f"greatest {track.greatest}"
        width = QFontMetricsF(font).horizontalAdvance(words) + px
        left = min(max(best.x() - width / 2, plot.left()), plot.right() - width)
        top = best.y() - px * 2.4 if best.y() - px * 2.4 > plot.top() else best.y() + px
        painter.setFont(font)
        painter.setPen(GREATEST)
        painter.drawText(QRectF(left, top, width, px * 1.4), Qt.AlignCenter, words)


class VpChart(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.track: VpTrack | None = None
        self.dates: dict[int, str] = {}
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        self.setMinimumSize(200, 110)

    def sizeHint(self) -> QSize:
        return QSize(320, 200)

    def show_track(self, track: VpTrack | None, dates: dict[int, str]) -> None:
        self.track, self.dates = track, dates
        self.update()

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("white"))
        if self.track is not None:
            paint_vp_chart(painter, QRectF(self.rect()).adjusted(4, 4, -4, -4), self.track, self.dates)
        painter.end()
