"""The screenshot command renders the window offscreen to a PNG of the asked size."""

from PySide6.QtGui import QImage

from ardennes_qt.engine.session import Session
from ardennes_qt.ui.launch import screenshot
from ardennes_qt.ui.table_window import TableWindow
from tests.builders import small_content


def colours(image: QImage, step: int = 7) -> set[int]:
    return {image.pixel(x, y) for x in range(0, image.width(), step) for y in range(0, image.height(), step)}


def test_screenshot_writes_a_picture_of_the_table(qapp, tmp_path):
    out = tmp_path / "shots" / "table.png"
    window = TableWindow(Session(small_content()), autosave=False, remember_layout=False)
    assert screenshot(qapp, window, out, (1000, 700), "A2.03", 1.5) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1000, 700)
    assert len(colours(image)) > 200  # terrain, counters, text: far from a blank window
