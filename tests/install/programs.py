"""Running the installed programs as a user does: from a folder outside the checkout,
with no shipped-content override and private cache, settings and data folders."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from PySide6.QtGui import QImage

from ardennes_qt.engine.setup_sheet import setup_sheet
from ardennes_qt.engine.setup_sheet_text import setup_sheet_text
from ardennes_qt.store.library import content_from_text

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = "ardennes2/7.3"  # the scenario the issue tried


def user_environment(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("ARDENNES_QT_SCENARIOS", "PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env.update(QT_QPA_PLATFORM="offscreen", HOME=str(home), ARDENNES_QT_CACHE=str(home / "cache"),
               XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
               XDG_CACHE_HOME=str(home / "xdg-cache"))
    return env


def run(command: list, home: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    elsewhere = home / "elsewhere"
    elsewhere.mkdir(parents=True, exist_ok=True)
    return subprocess.run([str(c) for c in command], cwd=elsewhere, env=user_environment(home),
                          capture_output=True, text=True, timeout=timeout)


def expected_setup_text(key: str = SCENARIO) -> str:
    """The setup sheet as the checkout writes it."""
    return setup_sheet_text(setup_sheet(content_from_text(key)))


def assert_a_picture(path: Path, size: tuple[int, int]) -> None:
    image = QImage(str(path))
    assert (image.width(), image.height()) == size
    seen = {image.pixel(x, y) for x in range(0, image.width(), 9) for y in range(0, image.height(), 9)}
    assert len(seen) > 200  # a map, counters and text: far from a blank window
