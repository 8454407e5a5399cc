"""Timed runs of moving on the table, on the 7.1 campaign in the German Movement Phase.

    python tests/benchmarks/bench_drag.py

- picking up a stack to its highlights on screen (every hex it can reach, with its MP
  cost, and its Overrun targets), for stacks all over the map (goal: 50 ms or less);
- the frames while a counter is carried across the whole map with its highlights and
  the route to the pointer on (goal: 16 ms or less per frame), with the whole map in
  view and closer in.

Each time is from the mouse event to the frame painted, as a player sees it; the CPU time
of the table's thread is printed beside it, which other programs running at the same
time do not inflate.  It prints figures; it asserts nothing about time, which depends on
the machine.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

SCENARIO = "ardennes2/7.1"
SIZE = (1600, 1000)
STACKS = 25
STEPS = 120  # pointer moves from one side of the view to the other


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def summary(measured: list[tuple[float, float]], goal_ms: float) -> str:
    """``measured``: (wall, CPU) seconds of each frame."""
    times = sorted(wall for wall, _ in measured)
    cpu = sorted(c for _, c in measured)
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    within = sum(t * 1000 <= goal_ms for t in times)
    return (f"median {ms(statistics.median(times))}, 95% {ms(p95)}, worst {ms(times[-1])}; "
            f"{within} of {len(times)} within {goal_ms:g} ms (CPU: median {ms(statistics.median(cpu))}, "
            f"worst {ms(cpu[-1])})")


def main() -> None:
    from PySide6.QtCore import QEventLoop, QPoint, Qt
    from PySide6.QtTest import QTest

    from ardennes_qt.engine.session import Session
    from ardennes_qt.rules.ardennes2.actions import EndPhase
    from ardennes_qt.ui.launch import application
    from ardennes_qt.ui.table_window import TableWindow

    app = application()
    session = Session.new(SCENARIO, seed=1)
    session.apply(EndPhase())
    window = TableWindow(session, autosave=False, remember_layout=False)
    window.resize(*SIZE)
    window.show()
    view = window.view
    viewport = view.viewport()

    def idle(seconds: float = 0.3) -> None:
        """Let the table finish what it does after a frame (tiles, panels), as between gestures."""
        end = time.monotonic() + seconds
        while time.monotonic() < end or view.terrain_item.pending:
            app.processEvents(QEventLoop.AllEvents, 20)
            time.sleep(0.002)

    def frame(send) -> tuple[float, float]:
        """Send one input event and paint the frame it asks for; the seconds it took, and the
        CPU seconds of this thread."""
        started, cpu = time.perf_counter(), time.thread_time()
        send()
        app.processEvents()
        return time.perf_counter() - started, time.thread_time() - cpu

    def point_of(unit_id: str) -> QPoint:
        return view.mapFromScene(view.counters.items[unit_id].scenePos())

    def look_at(unit, zoom: float | None) -> None:
        """The whole map in view (``zoom`` None), or ``unit``'s hex at ``zoom``."""
        if zoom is None:
            view.fit_map()
        else:
            view.zoom_to(zoom, unit.hex)

    idle(1.5)
    movers = [u for u in session.units() if u.side == "German" and u.hex and session.legal_moves([u.id])]
    movers = [u for i, u in enumerate(movers) if i % max(1, len(movers) // STACKS) == 0][:STACKS]

    # --- picking up ----------------------------------------------------------------------------
    for label, zoom in (("the whole map in view", None), ("closer in (zoom 1)", 1.0)):
        look_at(movers[0], zoom)
        idle(0.1)
        plain = [frame(lambda: viewport.repaint()) for _ in range(15)]  # the limit: a plain repaint, this run
        pick_ups, reach = [], []
        for unit in movers:
            look_at(unit, zoom)
            idle(0.1)
            start = point_of(unit.id)
            QTest.mousePress(viewport, Qt.LeftButton, Qt.ShiftModifier, start)
            app.processEvents()
            pick_ups.append(frame(lambda: QTest.mouseMove(viewport, start + QPoint(14, 0))))
            reach.append(len(window.play.preview.reach))
            QTest.mouseRelease(viewport, Qt.LeftButton, Qt.ShiftModifier, start)
            app.processEvents()
        print(f"picking up a stack to its highlights on screen, {label} ({len(pick_ups)} stacks, "
              f"{min(reach)}-{max(reach)} hexes within reach; goal <= 50 ms): {summary(pick_ups, 50)}")
        base = statistics.median(wall for wall, _ in plain)
        walls = sorted(wall for wall, _ in pick_ups)
        print(f"  against a plain repaint of the view ({ms(base)}): median {statistics.median(walls) / base:.1f}x, "
              f"worst {walls[-1] / base:.1f}x; worst {ms(walls[-1])} of the 50 ms goal ({walls[-1] * 1000 / 50:.2f})")

    # --- carrying across the map ----------------------------------------------------------------
    unit = max(movers, key=lambda u: len(session.legal_moves([u.id])))
    for label, zoom in (("the whole map in view", None), ("closer in (zoom 1)", 1.0)):
        look_at(unit, zoom)
        idle(0.3)
        start = point_of(unit.id)
        QTest.mousePress(viewport, Qt.LeftButton, Qt.NoModifier, start)
        app.processEvents()
        frame(lambda: QTest.mouseMove(viewport, start + QPoint(14, 0)))
        rect = viewport.rect()
        frames = []
        for i in range(STEPS + 1):
            # Across the view and back, on a slant so the route keeps changing.
            x = rect.left() + 10 + (rect.width() - 20) * i / STEPS
            y = rect.top() + 10 + (rect.height() - 20) * (0.5 + 0.4 * ((-1) ** i) * (i % 7) / 7)
            p = QPoint(round(x), round(y))
            frames.append(frame(lambda p=p: QTest.mouseMove(viewport, p)))
        routes = window.play.preview.route.isVisible()
        QTest.mouseRelease(viewport, Qt.LeftButton, Qt.NoModifier, start)
        app.processEvents()
        print(f"carrying {unit.id} ({len(session.legal_moves([unit.id]))} hexes within reach) across "
              f"{label}, {len(frames)} frames (goal <= 16 ms): {summary(frames, 16)}"
              + ("" if routes else " [no route shown at the end]"))
    window.close()


if __name__ == "__main__":
    main()
