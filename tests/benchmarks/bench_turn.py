"""One full random turn of the 7.1 campaign, timed.

    python tests/benchmarks/bench_turn.py [seed]

The random player (``ardennes_qt.engine.autoplay``) plays Turn 1 of 7.1 through every
phase, both sides, answering every Decision.  Printed:

- the whole turn: actions taken, seconds, and the share spent choosing (asking the rules
  for their families of legal actions) and applying;
- the time of each phase;
- the same action log replayed without choosing, from the same seed (the floor: only the
  rules' checks and effects), and the ratio of the turn to it.

It asserts nothing about time, which depends on the machine.
"""

from __future__ import annotations

import random
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from ardennes_qt.engine.autoplay import RandomPlayer  # noqa: E402
from ardennes_qt.engine.session import Session  # noqa: E402


def main(seed: int = 1) -> None:
    session = Session.new("ardennes2/7.1", seed=seed)
    # An active player: up to 60 actions in each phase before ending it.
    player = RandomPlayer(random.Random(seed), actions_per_phase=60, end_phase_weight=0.0)
    choosing = applying = 0.0
    per_phase: dict[str, float] = defaultdict(float)
    actions = []
    in_phase, key = 0, None
    started = time.perf_counter()
    while session.state.turn < 2 and not session.phase().game_over:
        phase = session.state.phase
        t0 = time.perf_counter()
        action = player.choose(session, in_phase)
        t1 = time.perf_counter()
        session.apply(action)
        t2 = time.perf_counter()
        choosing += t1 - t0
        applying += t2 - t1
        per_phase[phase] += t2 - t0
        actions.append(action)
        new_key = (session.state.turn, session.state.phase)
        in_phase = in_phase + 1 if new_key == key else 0
        key = new_key
    total = time.perf_counter() - started

    replay = Session.new("ardennes2/7.1", seed=seed)
    t0 = time.perf_counter()
    for action in actions:
        replay.apply(action)
    floor = time.perf_counter() - t0
    assert replay.state_hash() == session.state_hash()

    kinds = defaultdict(int)
    for action in actions:
        kinds[action.kind] += 1
    print(f"7.1 Turn 1, seed {seed}: {len(actions)} actions ({', '.join(f'{k} {n}' for k, n in sorted(kinds.items()))})")
    print(f"  whole turn          {total:8.2f} s   ({1000 * total / len(actions):.1f} ms per action)")
    print(f"  choosing            {choosing:8.2f} s   ({100 * choosing / total:.0f}%)")
    print(f"  applying            {applying:8.2f} s   ({100 * applying / total:.0f}%)")
    print(f"  replaying the log   {floor:8.2f} s   turn / replay = {total / floor:.1f}x")
    print("  by phase:")
    for phase, seconds in sorted(per_phase.items(), key=lambda kv: -kv[1]):
        print(f"    {phase:26} {seconds:8.2f} s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
