"""A barrage's chances before its die is rolled, as the engine gives them: the terrain's
Success Roll, every die roll modifier with its reason and rule, and the share of the six
faces that place a Half marker, a Full marker or nothing - in words and as one bar."""

from __future__ import annotations

from fractions import Fraction
from html import escape

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

NOTHING = QColor("#bdbdbd")
HALF = QColor("#ffb74d")
FULL = QColor("#e64a19")


def span(r: tuple[int, int]) -> str:
    return str(r[0]) if r[0] == r[1] else f"{r[0]}-{r[1]}"


def share(value: Fraction) -> str:
    return f"{float(value) * 100:.0f}% ({value * 6} in 6)"


def chances_html(chances) -> str:
    """The terrain, its Success Roll, the modifiers and the chances, for the dialog."""
    half = f"Half on {span(chances.half_range)}, " if chances.half_range else "no Half result, "
    roll = f"<b>{escape(chances.terrain.replace('_', ' ').capitalize())}</b>: {half}Full on {span(chances.full_range)} (TEC Barrage Success Roll, 3.5)"
    if chances.modifiers:
        mods = "".join(f"<div><b>{amount:+d}</b> {escape(reason)} <i>({escape(rule)})</i></div>" for amount, reason, rule in chances.modifiers)
        mods = f"<div>Die roll modifiers, {chances.drm:+d} in all:</div>{mods}"
    else:
        mods = "<div>No die roll modifiers.</div>"
    odds = (f"<div style='margin-top:4px'>Full marker <b>{share(chances.full)}</b> · Half marker <b>{share(chances.half)}</b>"
            f" · no effect {share(chances.nothing)}</div>")
    return f"<div>{roll}</div>{mods}{odds}"


class ChancesBar(QWidget):
    """Full, Half and no effect as one bar, in that order."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.parts: tuple[tuple[str, Fraction, QColor], ...] = ()
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Fixed)

    def sizeHint(self) -> QSize:
        return QSize(360, 34)

    def show_chances(self, chances) -> None:
        self.parts = () if chances is None else (
            ("Full", chances.full, FULL), ("Half", chances.half, HALF), ("no effect", chances.nothing, NOTHING))
        self.setToolTip(" · ".join(f"{name} {share(value)}" for name, value, _ in self.parts))
        self.update()

    def paintEvent(self, event) -> None:
        if not self.parts:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing, True)
        x, width, height = 1.0, self.width() - 2.0, self.height() - 4.0
        for name, value, colour in self.parts:
            w = width * float(value)
            if w <= 0:
                continue
            rect = QRectF(x, 2, w, height)
            painter.setPen(QPen(colour.darker(125), 1))
            painter.setBrush(colour)
            painter.drawRect(rect)
            painter.setPen(Qt.black)
            label = f"{name} {float(value) * 100:.0f}%"
            if painter.fontMetrics().horizontalAdvance(label) + 6 < w:
                painter.drawText(rect, Qt.AlignCenter, label)
            x += w
        painter.end()
