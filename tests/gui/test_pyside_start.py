"""PySide6 asks of each module whether it uses PySide6 (``ui.pyside_start``): the quick
way gives the answers its own way gives."""

from __future__ import annotations

import abc
import json
import os
import re
import subprocess
import sys
from pathlib import Path

from ardennes_qt.ui.pyside_start import FirstUse

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


# As ardennes-qt starts: shiboken6 (and PySide6's support modules) imported with the code
# kept in the cache folder; then a call PySide6's support answers (a wrong argument's message).
SUPPORT_PROBE = """
import json, os, sys
from pathlib import Path
kept = None
if os.environ.get("KEEP") == "1":
    from ardennes_qt.store.folders import code_key
    from ardennes_qt.ui.pyside_start import import_shiboken
    kept = import_shiboken(Path(os.environ["ARDENNES_QT_CACHE"]), code_key())
import shiboken6
parser = sys.modules["shibokensupport.signature.parser"]
finditer = parser.arglistParser._finditer  # a compiled pattern's method, taken ahead of use
waiting = getattr(getattr(finditer, "pattern", None), "waiting", None)
from PySide6.QtCore import QPoint
try:
    QPoint("east", 1)
    message = None
except TypeError as exc:
    message = str(exc)
stubs = sys.modules["shibokensupport.signature.lib.pyi_generator"].Formatter
print(json.dumps({"waiting": waiting, "waiting_after": getattr(getattr(finditer, "pattern", None), "waiting", None),
                  "split": stubs.split("f(a, [b, c]), g"),"compiled": kept.compiled if kept else None, "used": len(kept.used) if kept else None,
                  "message": message, "flags": parser.pyside_type_init.__code__.co_flags,
                  "file": parser.pyside_type_init.__code__.co_filename}))
"""


def support_probe(cache: Path, keep: bool) -> dict:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", ARDENNES_QT_CACHE=str(cache), KEEP="1" if keep else "0")
    done = subprocess.run([sys.executable, "-c", SUPPORT_PROBE], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_pysides_support_modules_load_from_code_kept_by_an_earlier_start(tmp_path):
    cache = tmp_path / "cache"
    cache.mkdir()
    plain = support_probe(cache, keep=False)
    first = support_probe(cache, keep=True)
    (kept,) = cache.glob("pyside-support-*.bin")
    written = kept.stat().st_mtime_ns, kept.read_bytes()
    second = support_probe(cache, keep=True)
    assert first["used"] > 5 and len(written[1]) > 50_000  # the first start keeps every support module
    assert second["compiled"] == 0 and second["used"] == first["used"]  # the next compiles none
    assert (kept.stat().st_mtime_ns, kept.read_bytes()) == written  # and has nothing to write
    # PySide6 answers as it does on its own: same messages, code compiled the same way.
    assert "QPoint" in plain["message"]
    assert first["message"] == second["message"] == plain["message"]
    assert first["flags"] == second["flags"] == plain["flags"] and second["file"] == plain["file"]
    # The support modules' patterns are compiled when first used (reading a signature for the
    # message), and then do what PySide6's own do.
    assert plain["waiting"] is None and first["waiting"] is second["waiting"] is True
    assert first["waiting_after"] is second["waiting_after"] is False
    assert first["split"] == second["split"] == plain["split"]


def test_a_damaged_support_code_file_is_compiled_again(tmp_path):
    cache = tmp_path / "cache"
    cache.mkdir()
    support_probe(cache, keep=True)
    (kept,) = cache.glob("pyside-support-*.bin")
    whole = kept.read_bytes()
    kept.write_bytes(whole[:200])  # cut short
    again = support_probe(cache, keep=True)
    assert "QPoint" in again["message"] and len(kept.read_bytes()) == len(whole)  # compiled, and kept again
    assert support_probe(cache, keep=True)["compiled"] == 0


def test_a_pattern_compiled_on_first_use_answers_as_the_compiled_one():
    text = "B1.16 Bastogne, A38.16 Senochamps; b20.34"
    source, flags = r"([A-Z])(\d+)\.(\d+)", re.IGNORECASE
    compiled, waiting = re.compile(source, flags), FirstUse(source, flags)
    finditer = waiting.finditer  # taken ahead of use, as a support module does
    assert waiting.waiting
    assert [m.groups() for m in finditer(text)] == [m.groups() for m in compiled.finditer(text)]
    assert not waiting.waiting
    for method, args in [("match", (text,)), ("search", ("x A1.01",)), ("findall", (text,)), ("split", (text,)),
                         ("sub", ("#", text)), ("fullmatch", ("A1.01",))]:
        ours, theirs = getattr(waiting, method)(*args), getattr(compiled, method)(*args)
        assert (ours.group(0) if isinstance(ours, re.Match) else ours) == \
               (theirs.group(0) if isinstance(theirs, re.Match) else theirs)
    assert (waiting.pattern, waiting.flags, waiting.groups) == (compiled.pattern, compiled.flags, compiled.groups)


def test_a_pattern_method_kept_in_a_class_is_not_bound_to_its_instances():
    class Words(abc.ABC):  # an abstract class asks each of its values whether it is abstract
        split = FirstUse(r",\s*").split

    assert Words.split.pattern.waiting  # asking did not compile it
    assert Words().split("Clervaux, Wiltz,Bastogne") == ["Clervaux", "Wiltz", "Bastogne"]
    try:
        FirstUse("x").no_such_thing
    except AttributeError:
        pass
    else:
        raise AssertionError("a pattern has no such attribute")
