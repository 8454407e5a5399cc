"""What keeping compiled code between starts is worth, and what checking it costs.

    python tests/benchmarks/bench_start_code.py [--before CHECKOUT]

The table keeps the code of its record classes' methods and of PySide6's support modules
in the cache folder (``store.record_code``, ``ui.pyside_start``), signed with a key that
lives outside it: a file whose signature does not hold is not run.  This times whole
program starts, from launching Python to the table window's first painted frame (the
7.1 campaign), in turns:

- ``kept``: as ardennes-qt starts, the kept code read, its signature checked and used;
- ``compiled``: the same start with nothing kept, every method compiled as Python does by
  itself - the start the program would have without the cache;

and, in this process, how long checking the signatures of the kept files takes.  With
``--before`` (a checkout of an earlier version, e.g. one made by ``git worktree add``) its
starts with kept code are timed in turns with these too.  It prints figures and ratios;
it asserts nothing about time.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(os.environ.get("BENCH_ROOT") or Path(__file__).resolve().parents[2])  # the checkout a child starts
sys.path.insert(0, str(ROOT))
SCENARIO = "ardennes2/7.1"
RUNS = 9


def first_frame(kind: str) -> None:
    """In a child: start as ``kind`` says, open the table on the campaign, print the seconds
    to its first painted frame."""
    started = time.perf_counter()
    from ardennes_qt import app

    if kind == "kept":
        app.quick_start()
    else:  # the same start but for the code kept between runs
        from ardennes_qt.ui.pyside_start import quicker_module_check

        app.hold_collection()
        quicker_module_check()
    from PySide6.QtCore import QEventLoop

    from ardennes_qt.engine.session import Session
    from ardennes_qt.ui.launch import application, resume_collection
    from ardennes_qt.ui.table_window import TableWindow

    qt = application()
    window = TableWindow(Session.new(SCENARIO, seed=1), autosave=False, remember_layout=False, staged=True)
    resume_collection(window)
    painted = []
    window.view.firstPainted.connect(lambda: painted.append(time.perf_counter()))
    window.resize(1600, 1000)
    window.show()
    while not painted:
        qt.processEvents(QEventLoop.WaitForMoreEvents)
    print(f"first_frame={painted[0] - started:.4f}", flush=True)
    if kind == "kept":
        app.finish()  # as ardennes-qt does when it closes: the code kept for the next start


def start(kind: str, env: dict, root: Path = ROOT) -> float:
    began = time.perf_counter()
    done = subprocess.run([sys.executable, __file__, "--child", kind], env=dict(env, PYTHONPATH=str(root), BENCH_ROOT=str(root)),
                          capture_output=True, text=True, timeout=300)
    wall = time.perf_counter() - began
    if done.returncode != 0:
        raise RuntimeError(done.stderr)
    return wall


def check_cost(folder: Path) -> tuple[float, float, int]:
    """Seconds to read the kept files (signatures checked, code unmarshalled), of them the
    signatures alone, and the files' size."""
    from importlib.util import MAGIC_NUMBER

    from ardennes_qt.store.folders import code_key
    from ardennes_qt.store.record_code import FILE_MARK, read_code_file, sign
    from ardennes_qt.ui.pyside_start import SUPPORT_CODE_MARK

    key = code_key()
    files = [(folder / f"records-{sys.implementation.cache_tag}.bin", FILE_MARK),
             (folder / f"pyside-support-{sys.implementation.cache_tag}.bin", MAGIC_NUMBER + SUPPORT_CODE_MARK)]
    datas = [p.read_bytes() for p, _ in files if p.exists()]
    reading, signing = [], []
    for _ in range(20):
        began = time.perf_counter()
        for path, mark in files:
            read_code_file(path, mark, key=key)
        reading.append(time.perf_counter() - began)
        began = time.perf_counter()
        for data in datas:
            sign(key, data)
        signing.append(time.perf_counter() - began)
    return statistics.median(reading), statistics.median(signing), sum(map(len, datas))


def main(before: Path | None) -> None:
    cache = Path(tempfile.mkdtemp(prefix="ardennes-qt-bench-cache-"))
    config = Path(tempfile.mkdtemp(prefix="ardennes-qt-bench-config-"))
    env = dict(os.environ, ARDENNES_QT_CACHE=str(cache), XDG_CONFIG_HOME=str(config))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env_before = dict(env, ARDENNES_QT_CACHE=str(Path(tempfile.mkdtemp(prefix="ardennes-qt-bench-cache-"))))
    for _ in range(2):  # untimed: build the content and keep the code
        start("kept", env)
        if before:
            start("kept", env_before, before)
    kept, compiled, earlier = [], [], []
    for _ in range(RUNS):  # in turns, so all meet the machine in the same mood
        kept.append(start("kept", env))
        compiled.append(start("compiled", env))
        if before:
            earlier.append(start("kept", env_before, before))
    k, c = statistics.median(kept), statistics.median(compiled)
    print(f"program start to the campaign's first frame, median of {RUNS}:")
    print(f"  code kept (signed, checked): {k * 1000:7.1f} ms")
    print(f"  nothing kept (compiled):     {c * 1000:7.1f} ms   kept saves {(c - k) * 1000:.1f} ms ({c / k:.2f}x)")
    if before:
        b = statistics.median(earlier)
        print(f"  {before.name} (code kept):   {b * 1000:7.1f} ms   this version {(k - b) * 1000:+.1f} ms ({k / b:.2f}x)")
    os.environ["ARDENNES_QT_CACHE"] = str(cache)
    os.environ["XDG_CONFIG_HOME"] = str(config)
    reading, signing, size = check_cost(cache)
    print(f"  reading the kept code ({size / 1024:.0f} kB): {reading * 1000:.2f} ms of each start, of which "
          f"checking its signatures {signing * 1000:.2f} ms")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        first_frame(sys.argv[2])
    else:
        main(Path(sys.argv[2]).resolve() if sys.argv[1:2] == ["--before"] else None)
