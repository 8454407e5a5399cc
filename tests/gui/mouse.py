"""Mouse gestures on the map view, sent as QTest events to its viewport (where a real
pointer's events arrive), at the view positions of scene points."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

STEPS = 6


def hex_point(window, hex_id: str) -> QPoint:
    view = window.view
    return view.mapFromScene(QPointF(*view.terrain.layout.centre(view.terrain.map.parse(hex_id))))


def counter_point(window, unit_id: str) -> QPoint:
    view = window.view
    return view.mapFromScene(view.counters.items[unit_id].scenePos())


def drag(window, start: QPoint, end: QPoint, modifier=Qt.NoModifier) -> None:
    """Press at ``start``, move there in a few steps, release at ``end`` (view positions)."""
    viewport = window.view.viewport()
    QTest.mousePress(viewport, Qt.LeftButton, modifier, start)
    for i in range(1, STEPS + 1):
        p = start + (end - start) * (i / STEPS)
        QTest.mouseMove(viewport, QPoint(round(p.x()), round(p.y())))
    QTest.mouseRelease(viewport, Qt.LeftButton, modifier, end)


def click(window, point: QPoint) -> None:
    viewport = window.view.viewport()
    QTest.mousePress(viewport, Qt.LeftButton, Qt.NoModifier, point)
    QTest.mouseRelease(viewport, Qt.LeftButton, Qt.NoModifier, point)


def hover(window, point: QPoint) -> None:
    """A pointer move with no button held, straight to the viewport.

    QTest.mouseMove moves the (shared) cursor, and offscreen the move can reach another
    test's window at the same place; a direct event reaches this one.
    """
    viewport = window.view.viewport()
    event = QMouseEvent(QEvent.MouseMove, QPointF(point), QPointF(viewport.mapToGlobal(point)),
                        Qt.NoButton, Qt.NoButton, Qt.NoModifier)
    QApplication.sendEvent(viewport, event)
