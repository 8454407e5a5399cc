"""Timed runs of the editor on the shipped Ardennes II map, each step against one frame.

    python tests/benchmarks/bench_editor.py

- painting a 200-hex brush stroke: each step of the drag paints the hexes the pointer
  crossed, merges into the stroke's undo entry, repaints their region of the cached
  tiles and draws the frame (goal: under 16 ms, one frame at 60 Hz, per step);
- reshaping a 60-hexside river: each step of a point's drag rasterizes the layer again
  (shapely), swaps the changed hexsides and bridges in, and draws the frame (goal:
  under 16 ms per step).

Both are compared with blitting an image of the view's size in the same run (the
floor of any frame).  Each step is timed by the clock and by the process's own CPU
time: on a machine busy with other work the clock counts their turns too, the CPU
time only this program's.  It prints figures and ratios; it asserts nothing about time.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

SIZE = (1600, 1000)
FRAME_MS = 16.0


class Steps:
    """Each step's clock time and CPU time, in milliseconds."""

    def __init__(self) -> None:
        self.clock: list[float] = []
        self.cpu: list[float] = []

    def __enter__(self):
        self._started = (time.perf_counter(), time.process_time())
        return self

    def __exit__(self, *_) -> None:
        clock, cpu = self._started
        self.clock.append((time.perf_counter() - clock) * 1000)
        self.cpu.append((time.process_time() - cpu) * 1000)


def _spread(times_ms: list[float]) -> tuple[float, float, float]:
    times = sorted(times_ms)
    return statistics.median(times), times[int(len(times) * 0.95) - 1], times[-1]


def figures(name: str, steps: Steps, floor_ms: float) -> None:
    median, p95, worst = _spread(steps.clock)
    cpu_median, cpu_p95, cpu_worst = _spread(steps.cpu)
    n = len(steps.clock)
    print(f"{name}: {n} steps, median {median:.2f} ms, 95% {p95:.2f} ms, worst {worst:.2f} ms; "
          f"{sum(t < FRAME_MS for t in steps.clock)}/{n} under one frame ({FRAME_MS:.0f} ms); "
          f"median/blit {median / floor_ms:.1f}x")
    print(f"  CPU time: median {cpu_median:.2f} ms, 95% {cpu_p95:.2f} ms, worst {cpu_worst:.2f} ms; "
          f"{sum(t < FRAME_MS for t in steps.cpu)}/{n} under one frame")


def main() -> int:
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QApplication
    from shapely.geometry import LineString

    app = QApplication([sys.argv[0]])
    from ardennes_qt.core.rasterize import hexside_path
    from editor.editor_window import EditorWindow
    from editor.files import shipped_document
    from editor.tools.layer_tool import layer_change
    from editor.commands import EditLayer

    window = EditorWindow(shipped_document(autosave=False))
    window.resize(*SIZE)
    window.show()
    app.processEvents()
    canvas = window.canvas
    canvas.zoom_to(0.5, "B10.30")
    viewport = canvas.viewport()
    viewport.repaint()
    m = window.document.module.map

    # The floor: an image of the view's size drawn onto another, as a frame's blit.
    image = QImage(viewport.size(), QImage.Format_RGB32)
    image.fill(0)
    target = QImage(viewport.size(), QImage.Format_RGB32)
    blits = []
    for _ in range(50):
        started = time.perf_counter()
        painter = QPainter(target)
        painter.drawImage(0, 0, image)
        painter.end()
        blits.append((time.perf_counter() - started) * 1000)
    frame = []
    for _ in range(20):
        started = time.perf_counter()
        viewport.repaint()
        frame.append((time.perf_counter() - started) * 1000)
    floor = statistics.median(blits)
    print(f"floor: image blit {floor:.3f} ms; a frame of the view with nothing changed {statistics.median(frame):.2f} ms")

    # A 200-hex stroke: a zigzag through 200 distinct hexes, one pointer step per hex.
    window.choose_tool("brush")
    window.toolbox.change(terrain=frozenset({"forest", "village"}), paint_mode="set")
    brush = window.tools["brush"]
    path = []
    for column in range(2, 12):
        rows = range(20, 40) if column % 2 == 0 else range(39, 19, -1)
        path += [m.parse(f"B{column}.{row:02d}") for row in rows]
    centre = canvas.terrain.layout.centre
    brush.press(*centre(path[0]))
    steps = Steps()
    for h in path[1:]:
        with steps:
            brush.move(*centre(h))
            viewport.repaint()
    brush.release(*centre(path[-1]))
    painted = sum(1 for h in path if m.terrain(h) == {"forest", "village"})
    print(f"stroke: {painted} hexes painted, {window.document.undo_stack.count()} undo entry")
    figures("brush stroke (200 hexes)", steps, floor)

    # A river of about 60 hexsides, one of its points dragged back and forth.
    size = canvas.terrain.size
    points = [tuple(c / size for c in centre(m.parse(h))) for h in ("B20.05", "B24.14", "B21.22", "B26.30")]
    window.choose_tool("layer")
    window.toolbox.change(layer_mode="draw", layer_shape="polyline", layer_feature="stream")
    tool = window.tools["layer"]
    for x, y in points:
        tool.press(x * size, y * size)
    tool.finish()
    layer = window.document.module.layers["stream 1"]
    print(f"river: {len(layer.output)} hexsides "
          f"(rasterizer alone {len(hexside_path(window.document.plane, LineString(layer.points)))})")
    window.toolbox.change(layer_mode="edit")
    moves = Steps()
    raster = Steps()
    x0, y0 = points[1]
    for i in range(60):
        dx = 0.9 * ((i % 12) - 6) / 6
        layer = window.document.module.layers["stream 1"]
        moved = list(layer.points)
        moved[1] = (x0 + dx, y0 + dx / 2)
        with moves:
            with raster:
                edits = layer_change(window.document, layer, replace(layer, points=tuple(moved)))
            window.document.push(EditLayer(window.document, edits, "Reshape", stroke=1))
            viewport.repaint()
    print(f"river after the drag: {len(window.document.module.layers['stream 1'].output)} hexsides, "
          f"{window.document.undo_stack.count()} undo entries")
    figures("river point drag (rasterize + swap + frame)", moves, floor)
    print(f"  of which rasterizing: median {statistics.median(raster.clock):.2f} ms "
          f"(CPU {statistics.median(raster.cpu):.2f} ms)")
    window.document.undo_stack.setClean()
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
