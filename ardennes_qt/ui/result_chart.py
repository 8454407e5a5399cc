"""The exact chance of each Combat Table result on the attack's column, as a bar chart
drawn with QPainter: one bar per result in the order the dice reach them, its share of
36, and the result rolled outlined once the dice are thrown.

Colours read the table's notation (A# attacker steps, D# defender steps, r# retreat
hexes): red as the attacker suffers, green as the defender does, amber for both.
"""

from __future__ import annotations

import re
from fractions import Fraction

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

_CODE = re.compile(r"^(?:A(\d))?(?:D(\d))?(?:r(\d))?$")
NONE = QColor("#9e9e9e")
ATTACKER_HURT = QColor("#c62828")
BOTH_HURT = QColor("#f9a825")
DEFENDER_HURT = (QColor("#9ccc65"), QColor("#66bb6a"), QColor("#2e7d32"), QColor("#1b5e20"))
ROLLED = QColor("#ffd54a")
LEGEND = "A# attacker loses # steps · D# defender loses # steps · r# defender retreats # hexes · – no effect"


def result_parts(code: str) -> tuple[int, int, int]:
    """(attacker steps, defender steps, retreat hexes) as the table writes them."""
    m = _CODE.match(code)
    if code in ("-", "–") or not m or not code:
        return 0, 0, 0
    return tuple(int(g) if g else 0 for g in m.groups())


def result_words(code: str) -> str:
    a, d, r = result_parts(code)
    parts = [f"attacker loses {a} step{'s' if a > 1 else ''}"] if a else []
    parts += [f"defender loses {d} step{'s' if d > 1 else ''}"] if d else []
    parts += [f"defender retreats {r} hex{'es' if r > 1 else ''}"] if r else []
    return ", ".join(parts) or "no effect"


def result_colour(code: str) -> QColor:
    a, d, r = result_parts(code)
    if a and (d or r):
        return BOTH_HURT
    if a:
        return ATTACKER_HURT
    if d or r:
        return DEFENDER_HURT[min(d + (1 if r else 0) + (1 if r >= 2 else 0), 4) - 1]
    return NONE


def percent(share: Fraction) -> str:
    value = float(share) * 100
    return f"{value:.0f}%" if value >= 9.5 or value == int(value) else f"{value:.1f}%"


class ResultChart(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.results: tuple[tuple[str, Fraction], ...] = ()
        self.rolled = ""
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Fixed)
        self.setMinimumHeight(150)

    def sizeHint(self) -> QSize:
        return QSize(max(360, 64 * len(self.results)), 170)

    def show_results(self, results, rolled: str = "") -> None:
        self.results = tuple(results)
        self.rolled = rolled
        tips = [f"{code}: {result_words(code)} — {share * 36} in 36 ({percent(share)})" for code, share in self.results]
        self.setToolTip("\n".join(tips))
        self.setAccessibleDescription("; ".join(tips))
        self.updateGeometry()
        self.update()

    def _bars(self) -> list[tuple[QRectF, str, Fraction]]:
        if not self.results:
            return []
        top, bottom = 24.0, self.height() - 26.0
        slot = (self.width() - 8.0) / len(self.results)
        tallest = max(share for _, share in self.results)
        bars = []
        for i, (code, share) in enumerate(self.results):
            height = (bottom - top) * float(share / tallest)
            x = 4.0 + i * slot + slot * 0.14
            bars.append((QRectF(x, bottom - height, slot * 0.72, height), code, share))
        return bars

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing, True)
        painter.fillRect(self.rect(), self.palette().base())
        if not self.results:
            painter.setPen(self.palette().color(self.foregroundRole()))
            painter.drawText(self.rect(), Qt.AlignCenter, "No attack possible: no odds to show")
            return
        font = QFont(self.font())
        bold = QFont(font)
        bold.setBold(True)
        text = self.palette().color(self.foregroundRole())
        baseline = self.height() - 26.0
        painter.setPen(QPen(QColor(0, 0, 0, 60), 1))
        painter.drawLine(QPointF(2, baseline), QPointF(self.width() - 2, baseline))
        for rect, code, share in self._bars():
            rolled = code == self.rolled
            if rolled:
                painter.setPen(Qt.NoPen)
                painter.setBrush(ROLLED)
                painter.drawRoundedRect(rect.adjusted(-5, -20, 5, 24), 5, 5)
            painter.setPen(QPen(result_colour(code).darker(130), 1))
            painter.setBrush(result_colour(code))
            painter.drawRect(rect)
            painter.setPen(text)
            painter.setFont(bold if rolled else font)
            above = QRectF(rect.left() - 12, rect.top() - 19, rect.width() + 24, 17)
            painter.drawText(above, Qt.AlignCenter, percent(share))
            painter.setFont(bold)
            below = QRectF(rect.left() - 12, baseline + 4, rect.width() + 24, 18)
            painter.drawText(below, Qt.AlignCenter, "–" if code == "-" else code)
        painter.end()

    def mouseMoveEvent(self, event) -> None:
        pos = event.position()
        for rect, code, share in self._bars():
            if rect.left() - 6 <= pos.x() <= rect.right() + 6:
                QToolTip.showText(event.globalPosition().toPoint(),
                                  f"{code}: {result_words(code)}\n{share * 36} in 36 ({percent(share)})", self)
                return
        QToolTip.hideText()
