"""The table writes settings (QSettings) and autosaves under the user's folders: point
those at a scratch folder so the tests never touch a real player's files."""

import os
import tempfile

_scratch = tempfile.mkdtemp(prefix="ardennes-qt-gui-tests-")
os.environ["XDG_DATA_HOME"] = os.path.join(_scratch, "data")
os.environ["XDG_CONFIG_HOME"] = os.path.join(_scratch, "config")

import pytest  # noqa: E402  (after the environment above is set)

from ardennes_qt.engine import systems  # noqa: E402
from ardennes_qt.engine.session import Session  # noqa: E402
from tests.builders import small_content  # noqa: E402
from tests.gui.free_table import SYSTEM, FreeTable, free_table_content  # noqa: E402


@pytest.fixture
def free_content(monkeypatch):
    """The small test content, on a rule system that lets counters go anywhere."""
    monkeypatch.setitem(systems._LOADED, SYSTEM, FreeTable())
    return free_table_content(small_content())


@pytest.fixture
def table(qtbot, free_content):
    """The table window on the small two-sheet test map, shown, without autosave."""
    from ardennes_qt.ui.table_window import TableWindow

    window = TableWindow(Session(free_content, seed=3), autosave=False, remember_layout=False)
    qtbot.addWidget(window)
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()  # keyboard shortcuts reach the active window only (xcb)
    qtbot.waitActive(window)
    return window
