"""Opening a late save, against starting a new game of the same scenario in the same run.

    python tests/benchmarks/bench_open.py [ACTIONS]

A campaign (7.1) is played by random legal actions to ACTIONS actions (815 by default,
the issue's late save) and saved with a what-if line.  Timed in turns, in this process:

- ``Session.new`` of 7.1: the limit (goal: opening the save takes 3x or less);
- ``Session.load`` of the save: it opens at its position (the state the file holds,
  checked against its check sums), its logs not replayed;
- replaying the logs (``verify_history``, which the table runs in the background), and
  so opening as before, when the log was replayed before the game was shown.

It prints figures and ratios; it asserts nothing about time.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
RUNS = 7


def main(actions: int) -> None:
    os.environ.setdefault("ARDENNES_QT_CACHE", tempfile.mkdtemp(prefix="ardennes-qt-bench-cache-"))
    from ardennes_qt.engine import Session
    from ardennes_qt.engine.autoplay import RandomPlayer
    from ardennes_qt.engine.branches import BranchSet
    from ardennes_qt.engine.history import replay_all

    session = Session.new("ardennes2/7.1", seed=5)
    player = RandomPlayer(random.Random(5), actions_per_phase=20, end_phase_weight=0.05)  # a long game
    began = time.perf_counter()
    player.play(session, max_actions=actions - 40)
    branch = BranchSet.of(session).fork("Other").session
    player.play(branch, max_actions=20)
    player.play(session, max_actions=40)
    played = time.perf_counter() - began
    path = Path(tempfile.mkdtemp(prefix="ardennes-qt-bench-")) / "late.ardennes"
    session.save(path)
    print(f"7.1 played to {len(session.action_log())} actions (turn {session.state.turn}) in {played:.1f} s, "
          f"a what-if line of {len(branch.action_log())}; the save is {path.stat().st_size / 1e6:.1f} MB")

    new, opened, replayed = [], [], []
    for _ in range(RUNS):  # in turns, so both meet the machine in the same mood
        began = time.perf_counter()
        Session.new("ardennes2/7.1", seed=5)
        new.append(time.perf_counter() - began)
        began = time.perf_counter()
        game = Session.load(path)
        opened.append(time.perf_counter() - began)
        assert game.state_hash() == session.state_hash()
    for _ in range(2):
        game = Session.load(path)
        began = time.perf_counter()
        sessions = [game.lines.session(name) for name in game.lines.names()]
        replays = [s.history_replay() for s in sessions]
        for s, replay, result in zip(sessions, replays, replay_all(replays)):  # as the table does, on a thread
            assert s.take_history(replay, result) is None
        replayed.append(time.perf_counter() - began)
    n, o, r = statistics.median(new), statistics.median(opened), statistics.median(replayed)
    print(f"Session.new 7.1 (the limit):       {n * 1000:8.1f} ms")
    print(f"Session.load of the save:          {o * 1000:8.1f} ms   {o / n:.2f}x the limit (goal: 3x or less)")
    print(f"its logs replayed (in background): {r * 1000:8.1f} ms   opening and replaying {(o + r) / n:.1f}x the limit")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 815)
