"""PySide6 asks of each module whether it uses PySide6 (``ui.pyside_start``): the quick
way gives the answers its own way gives."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# In a fresh interpreter, as ardennes-qt starts: the check is put in place before PySide6.
PROBE = """
import inspect, json, sys
from ardennes_qt.ui.pyside_start import quicker_module_check
put_in_place = quicker_module_check()
import PySide6.QtCore
names = ["ardennes_qt.core.hexgrid", "ardennes_qt.ui.map_style", "ardennes_qt.store.folders",
         "ardennes_qt.ui.pyside_start", "json", "sys"]
for name in names:
    __import__(name, fromlist=["__name__"])  # PySide6 asks of what each import statement gives
feature = sys.modules["shibokensupport.feature"]
def pysides_own_answer(module):
    try:
        return "PySide6" in inspect.getsource(module)
    except (TypeError, OSError):
        return False
print(json.dumps({
    "in_place": put_in_place,
    "quick": {n: feature._mod_uses_pyside(sys.modules[n]) for n in names},
    "own": {n: pysides_own_answer(sys.modules[n]) for n in names},
    "recorded": {n: feature.pyside_feature_dict.get(n) for n in names},
}))
"""


def probe() -> dict:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_quick_check_gives_pysides_own_answers():
    found = probe()
    assert found["in_place"] is True
    assert found["quick"] == found["own"]
    # A module of the table's screen uses PySide6, one of the rules core does not, nor does
    # a built-in module; PySide6 recorded each as it was imported (0 = uses it, -1 = does not).
    assert found["quick"]["ardennes_qt.ui.map_style"] is True
    assert found["quick"]["ardennes_qt.core.hexgrid"] is False
    assert found["quick"]["sys"] is False
    assert found["recorded"]["ardennes_qt.ui.map_style"] == 0
    assert found["recorded"]["ardennes_qt.core.hexgrid"] == -1
    assert found["recorded"]["ardennes_qt.store.folders"] == -1
    assert found["recorded"]["sys"] == -1


def test_putting_the_check_in_place_twice_changes_nothing():
    from ardennes_qt.ui.pyside_start import quicker_module_check

    feature = sys.modules.get("shibokensupport.feature")
    assert quicker_module_check() is True
    first = feature._mod_uses_pyside
    assert quicker_module_check() is True
    assert feature._mod_uses_pyside is first


def test_opening_the_table_puts_the_check_in_place_before_pyside6_loads(tmp_path):
    code = ("import sys; from ardennes_qt.app import quick_start; quick_start(); "
            "before = 'PySide6.QtCore' in sys.modules; "
            "asked = sys.modules['shibokensupport.feature']._mod_uses_pyside; "
            "print(before, getattr(asked, '_ardennes_qt_quick', False))")
    env = dict(os.environ, ARDENNES_QT_CACHE=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True"]
