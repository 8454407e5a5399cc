"""The screenshot command renders the window offscreen to a PNG of the asked size."""

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtGui import QImage

from ardennes_qt.engine.session import Session
from ardennes_qt.ui import play_controls
from ardennes_qt.ui.launch import screenshot
from ardennes_qt.ui.table_window import TableWindow
from tests.builders import small_content

ROOT = Path(__file__).resolve().parents[2]


def colours(image: QImage, step: int = 7) -> set[int]:
    return {image.pixel(x, y) for x in range(0, image.width(), step) for y in range(0, image.height(), step)}


def test_screenshot_writes_a_picture_of_the_table(qapp, tmp_path):
    out = tmp_path / "shots" / "table.png"
    window = TableWindow(Session(small_content()), autosave=False, remember_layout=False)
    assert screenshot(qapp, window, out, (1000, 700), "A2.03", 1.5) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1000, 700)
    assert len(colours(image)) > 200  # terrain, counters, text: far from a blank window


def test_a_zoomed_screenshot_waits_for_what_comes_after_the_first_frame(qapp, tmp_path, monkeypatch):
    # The markers, the arrivals and what is left to do are filled just after the first frame:
    # a picture taken close in (few tiles to wait for) must show them too, however long after.
    monkeypatch.setattr(play_controls, "AFTER_FIRST_FRAME_MS", 1500)
    window = TableWindow(Session.new("ardennes2/7.1", seed=1), autosave=False, remember_layout=False)
    assert screenshot(qapp, window, tmp_path / "close.png", (1200, 800), "B27.40", 1.0) == 0
    assert window.play.panels_filled
    assert window.play.arrivals.topLevelItemCount() > 0
    assert window.phase_bar.todo.text()
    assert window.play.markers.markers  # the VP control flags


def test_the_screenshot_command_renders_the_campaign(qapp, tmp_path):
    out = tmp_path / "campaign.png"
    env = dict(os.environ)
    env.pop("QT_QPA_PLATFORM", None)  # the command itself goes offscreen for a screenshot
    env["PYTHONPATH"] = str(ROOT)
    result = subprocess.run(
        [sys.executable, "-m", "ardennes_qt", "--scenario", "ardennes2/7.1", "--seed", "1",
         "--screenshot", str(out), "--size", "1280x800"],
        env=env, capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stderr
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1280, 800)
    assert len(colours(image)) > 500


def test_the_screenshot_command_reports_a_bad_scenario(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    result = subprocess.run(
        [sys.executable, "-m", "ardennes_qt", "--scenario", "ardennes2/9.9", "--screenshot", str(tmp_path / "x.png")],
        env=env, capture_output=True, text=True, timeout=120,
    )
    assert result.returncode != 0
    assert "9.9" in result.stderr and "Traceback" not in result.stderr


def test_the_table_command_keeps_its_record_code_for_the_next_start(tmp_path):
    # The record classes' compiled methods (store/record_code.py) are written on the first
    # start, and the next start finds every one of them: it has nothing to write.
    env = dict(os.environ, PYTHONPATH=str(ROOT), ARDENNES_QT_CACHE=str(tmp_path / "cache"))
    command = [sys.executable, "-m", "ardennes_qt", "--scenario", "ardennes2/7.1", "--seed", "1",
               "--screenshot", str(tmp_path / "t.png"), "--size", "800x600"]
    first = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
    assert first.returncode == 0, first.stderr
    (kept,) = (tmp_path / "cache").glob("records-*.bin")
    written = kept.stat().st_mtime_ns, kept.read_bytes()
    assert len(written[1]) > 10_000
    second = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
    assert second.returncode == 0, second.stderr
    assert (kept.stat().st_mtime_ns, kept.read_bytes()) == written
