"""Mouse gestures on the editor's map, sent to the canvas viewport at the view positions
of hexes and map points."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest


def at_hex(window, hex_id: str) -> QPoint:
    return window.canvas.mapFromScene(window.canvas.hex_point(hex_id))


def at_point(window, x: float, y: float) -> QPoint:
    return window.canvas.mapFromScene(QPointF(x, y))


def stroke(window, points: list[QPoint], modifier=Qt.NoModifier, steps: int = 4) -> None:
    """Press on the first point, move through the others in small steps, release on the last."""
    viewport = window.canvas.viewport()
    QTest.mousePress(viewport, Qt.LeftButton, modifier, points[0])
    for a, b in zip(points, points[1:]):
        for i in range(1, steps + 1):
            p = a + (b - a) * (i / steps)
            QTest.mouseMove(viewport, QPoint(round(p.x()), round(p.y())))
    QTest.mouseRelease(viewport, Qt.LeftButton, modifier, points[-1])


def click(window, point: QPoint, modifier=Qt.NoModifier) -> None:
    viewport = window.canvas.viewport()
    QTest.mouseClick(viewport, Qt.LeftButton, modifier, point)


def double_click(window, point: QPoint) -> None:
    QTest.mouseDClick(window.canvas.viewport(), Qt.LeftButton, Qt.NoModifier, point)
