"""Timed line of sight on a KGP-sized map group, against a limit measured in the same run.

    python tests/benchmarks/bench_kgp_los.py

- one line explained in full (``los.sight``), on lines of 10 to 40 hexes: goal well under a
  frame (16 ms);
- a whole-map viewshed from one Location (``viewshed.viewshed``, about 2,600 hexes), against
  the same verdicts found line by line with every step explained (``viewshed.brute_force``):
  the ratio is the limit measured in the same run.

The ground is random terrain on a board of 46 hexrows (A-TT) by 57 rows, like a map section of
the St group; it prints figures and asserts nothing about time.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from ardennes_qt.core.numbering import AslBoard  # noqa: E402
from ardennes_qt.rules.asl_kgp.ground import ORCHARD, PINE_WOODS, WOODS, Ground, HexGround, Location  # noqa: E402
from ardennes_qt.rules.asl_kgp.los import sight  # noqa: E402
from ardennes_qt.rules.asl_kgp.viewshed import brute_force, viewshed  # noqa: E402


def kgp_like_ground(seed: int = 1) -> Ground:
    rng = random.Random(seed)
    ground = Ground(AslBoard(sheets=("St",), columns=46, first_row=1, last_row=57))
    for h in ground.board.hexes():
        level = min(8, max(0, (h.q // 6) + rng.choice((-1, 0, 0, 1))))
        terrain = rng.choice(("open",) * 6 + (WOODS, PINE_WOODS, ORCHARD))
        ground.hexes[h] = HexGround(level=level, terrain=terrain)
    return ground


def main() -> None:
    ground = kgp_like_ground()
    hexes = list(ground.board.hexes())
    rng = random.Random(2)
    pairs = [(a, b) for a, b in (rng.sample(hexes, 2) for _ in range(400)) if 10 <= a.distance(b) <= 40][:200]
    times = []
    for a, b in pairs:
        start = time.perf_counter()
        sight(ground, Location(a), Location(b))
        times.append((time.perf_counter() - start) * 1000)
    print(f"one line explained ({len(pairs)} lines of 10-40 hexes): median {statistics.median(times):.2f} ms, "
          f"worst {max(times):.2f} ms (goal: under 16 ms)")
    viewer = Location(ground.board.parse("StW30"))
    start = time.perf_counter()
    fast = viewshed(ground, viewer)
    fast_s = time.perf_counter() - start
    start = time.perf_counter()
    full = brute_force(ground, viewer)
    full_s = time.perf_counter() - start
    assert fast == full, "the viewshed disagrees with the lines explained one by one"
    print(f"viewshed of {len(hexes)} hexes from StW30: {fast_s * 1000:.0f} ms, {len(fast)} seen; "
          f"line by line explained: {full_s * 1000:.0f} ms; ratio {fast_s / full_s:.2f} (limit 1.00)")


if __name__ == "__main__":
    main()
