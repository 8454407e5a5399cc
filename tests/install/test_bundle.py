"""The bundle's smoke test: the built executables run offscreen from another folder.

Building the bundle takes a minute or more, so it is not part of every run: the command
that builds it runs this test after (``python3 packaging/bootstrap.py bundle``), and
``pytest -m slow tests/install/test_bundle.py`` runs it again on the folder built last
(``$ARDENNES_QT_BUNDLE``, or ``dist/ardennes-qt``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from ardennes_qt import __version__
from tests.install.programs import ROOT, SCENARIO, assert_a_picture, expected_setup_text, run

pytestmark = pytest.mark.slow


def bundle_folder() -> Path:
    built = Path(os.environ.get("ARDENNES_QT_BUNDLE") or ROOT / "dist" / "ardennes-qt")
    app = built.with_name(built.name + ".app") / "Contents" / "MacOS"
    return app if sys.platform == "darwin" and app.is_dir() else built


def executable(name: str) -> Path:
    return bundle_folder() / (name + ".exe" if sys.platform == "win32" else name)


@pytest.fixture(autouse=True)
def built(request):
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("the bundle's smoke test: build and run it with python3 packaging/bootstrap.py bundle")
    if not executable("ardennes-qt").is_file():
        pytest.fail(f"no bundle at {bundle_folder()}: build it with python3 packaging/bootstrap.py bundle")


def test_the_bundled_commands_say_their_version(tmp_path):
    for program in ("ardennes-qt", "ardennes-qt-editor"):
        result = run([executable(program), "--version"], tmp_path)
        assert (result.returncode, result.stdout.strip()) == (0, f"{program} {__version__}")


def test_the_bundled_table_prints_setup_sheets(tmp_path):
    result = run([executable("ardennes-qt"), "print-setup", SCENARIO, "--format", "text"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == expected_setup_text()
    pdf = tmp_path / "sheet.pdf"
    result = run([executable("ardennes-qt"), "print-setup", SCENARIO, "-o", pdf], tmp_path)
    assert result.returncode == 0, result.stderr
    assert pdf.read_bytes().startswith(b"%PDF")
    result = run([executable("ardennes-qt"), "print-setup", "nosuchgame/1", "--format", "text"], tmp_path)
    assert result.returncode == 2
    assert "there is no rule system 'nosuchgame'" in result.stderr and "Traceback" not in result.stderr


def test_the_bundled_table_and_editor_draw_their_windows(tmp_path):
    for program in ("ardennes-qt", "ardennes-qt-editor"):
        shot = tmp_path / f"{program}.png"
        result = run([executable(program), "--screenshot", shot, "--size", "1400x900"], tmp_path)
        assert result.returncode == 0, result.stderr
        assert "Traceback" not in result.stderr
        assert_a_picture(shot, (1400, 900))
