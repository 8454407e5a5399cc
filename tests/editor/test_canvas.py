"""The map canvas as a map maker moves about it: the wheel zooms around the pointer."""

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from tests.editor.mouse import at_hex


def wheel(window, where: QPoint, clicks: int) -> None:
    viewport = window.canvas.viewport()
    for _ in range(abs(clicks)):
        step = QPoint(0, 120 if clicks > 0 else -120)
        event = QWheelEvent(QPointF(where), QPointF(viewport.mapToGlobal(where)), QPoint(), step, Qt.NoButton,
                            Qt.NoModifier, Qt.NoScrollPhase, False)
        QApplication.sendEvent(viewport, event)


def test_the_wheel_zooms_in_and_out_around_the_hex_under_the_pointer(editor):
    canvas = editor.canvas
    where = at_hex(editor, "B3.05")
    zoom = canvas.zoom()
    wheel(editor, where, 3)
    assert canvas.zoom() > zoom * 1.5
    assert (at_hex(editor, "B3.05") - where).manhattanLength() <= 2
    wheel(editor, where, -2)
    assert canvas.zoom() < zoom * 1.5
    assert (at_hex(editor, "B3.05") - where).manhattanLength() <= 2
