"""Timed runs of the planning overlays on a 7.1 campaign part-way through (400 random
actions), each against a limit measured in the same run.

    python tests/benchmarks/bench_overlays.py

- working out each overlay on a snapshot (the threat map is a movement search per unit),
  and the longest the window's event loop waits meanwhile (goal: one 60 Hz frame, 16 ms,
  or a little more: the work runs in a thread): all eight turned on on a new position
  (after one more random action, each of ``RUNS`` times), turned on again on the same
  position, and one turned off;
- repainting the map view with every overlay shown, against the same view without them
  (goal: 1.5x or less: the overlays are blitted from their picture), with the whole map in
  view and at 2x zoom, and a pan step at 2x zoom; and painting that picture anew, once
  after each zoom or change of the overlays (goal: a few frames, under 100 ms).

It prints figures and ratios; it asserts nothing about time, which depends on the machine.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

SCENARIO = "ardennes2/7.1"
ACTIONS = 400
SIZE = (1600, 1000)
RUNS = 5
FRAME_MS = 1000 / 60


def median_ms(run, runs: int = RUNS) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    from PySide6.QtCore import QEventLoop
    from PySide6.QtWidgets import QApplication

    app = QApplication([sys.argv[0]])
    from ardennes_qt.ui.quiet_collection import quiet_collection

    quiet_collection(app)  # as the table's application has it (launch.application)
    from ardennes_qt.engine.autoplay import RandomPlayer
    from ardennes_qt.engine.session import Session
    from ardennes_qt.core.system import Overlays
    from ardennes_qt.ui.table_window import TableWindow

    session = Session.new(SCENARIO, seed=1)
    RandomPlayer(random.Random(1)).play(session, max_actions=ACTIONS)
    content, state = session.content, session.state
    on_map = sum(1 for u in state.units.values() if u.where == "map")
    print(f"{SCENARIO} after {ACTIONS} random actions: Turn {state.turn}, {on_map} units on the map")

    print("\nworking out (ms, median of 3):")
    overlays_asked = session.capability(Overlays)
    for kind in overlays_asked.overlays(content):
        ms = median_ms(lambda k=kind: overlays_asked.overlay(content, state, k.key, lambda done, of: True), runs=3)
        print(f"  {kind.title:<18} {ms:8.1f}")

    window = TableWindow(session, autosave=False, remember_layout=False)
    window.resize(*SIZE)
    window.show()
    app.processEvents()
    overlays = window.planning.overlays
    for action in overlays.actions.values():
        action.setChecked(False)
    app.processEvents()

    viewport = window.view.viewport()

    def repaint() -> None:
        viewport.repaint()

    def pan() -> None:
        bar = window.view.horizontalScrollBar()
        bar.setValue(bar.value() + (7 if bar.value() % 2 else -7))
        viewport.repaint()

    def at_fit() -> None:
        window.fit_map()
        app.processEvents()

    def at_2x() -> None:
        window.view.zoom_to(2.0, "B20.34")
        app.processEvents()

    def picture_anew() -> None:
        overlays.layer._stale()  # as after a zoom, or after the overlays changed
        viewport.repaint()

    at_fit()
    bare = {"fit": median_ms(repaint)}
    at_2x()
    bare["2x"], bare["pan"] = median_ms(repaint), median_ms(pan)

    def until_drawn(change) -> tuple[float, float]:
        """Make ``change`` to the overlays shown; ms until drawn, and the longest wait of the
        window's event loop meanwhile."""
        gaps = []
        started = time.perf_counter()
        change()
        last = time.perf_counter()
        gaps.append((last - started) * 1000)
        while overlays.busy:
            app.processEvents(QEventLoop.AllEvents, 5)
            time.sleep(0.002)  # an idle event loop waits; spinning would keep the thread from the interpreter
            now = time.perf_counter()
            gaps.append((now - last) * 1000)
            last = now
        viewport.repaint()  # the frame that shows them (painting the picture, if the window does)
        gaps.append((time.perf_counter() - last) * 1000)
        return (time.perf_counter() - started) * 1000, max(gaps)

    def all_shown(on: bool) -> None:
        for action in overlays.actions.values():
            action.setChecked(on)

    player = RandomPlayer(random.Random(2))
    figures: dict[str, list[tuple[float, float]]] = {"new": [], "same": [], "one off": []}
    for _ in range(RUNS):
        all_shown(False)
        until_drawn(lambda: None)
        player.play(session, max_actions=1)  # a new position: nothing worked out on it yet
        figures["new"].append(until_drawn(lambda: all_shown(True)))
        figures["one off"].append(until_drawn(lambda: overlays.actions["supply_german"].setChecked(False)))
        overlays.actions["supply_german"].setChecked(True)
        until_drawn(lambda: None)
        all_shown(False)
        until_drawn(lambda: None)
        figures["same"].append(until_drawn(lambda: all_shown(True)))
    print(f"\nthe overlays shown (ms until drawn, and the window's longest wait; median and worst of {RUNS}; "
          f"goals 150 ms and {FRAME_MS:.1f} ms; a plain repaint {bare['2x']:.1f} ms):")
    for key, words in (("new", "all eight on, on a new position"), ("same", "all eight on again, same position"),
                       ("one off", "one turned off")):
        totals, waits = sorted(t for t, _ in figures[key]), sorted(w for _, w in figures[key])
        print(f"  {words:<36} {statistics.median(totals):6.0f} {totals[-1]:6.0f} ({totals[-1] / 150:.2f} of the goal)"
              f"   longest wait {statistics.median(waits):5.1f} {waits[-1]:5.1f} ({waits[-1] / FRAME_MS:.2f} frames)")

    at_fit()
    repaint()
    shown = {"fit": median_ms(repaint), "fit anew": median_ms(picture_anew)}
    at_2x()
    repaint()
    shown.update({"2x": median_ms(repaint), "pan": median_ms(pan), "2x anew": median_ms(picture_anew)})
    print("\nrepainting the view (ms, median of 5)      no overlays   all overlays   ratio")
    for key, words in (("fit", "whole map in view"), ("2x", "2x zoom on St. Vith"), ("pan", "a pan step at 2x zoom")):
        print(f"  {words:<40} {bare[key]:9.1f}   {shown[key]:12.1f}   {shown[key] / bare[key]:5.2f}x")
    print("painting the overlays' picture anew (ms): "
          f"whole map {shown['fit anew']:.1f}, 2x zoom {shown['2x anew']:.1f}")
    window.close()


if __name__ == "__main__":
    main()
