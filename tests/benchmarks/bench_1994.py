"""The Ardennes (1994), scenario 5.3, timed against the Ardennes II 7.1 campaign in the same run.

    python tests/benchmarks/bench_1994.py [seed]

Each figure for 5.3 is printed beside the same measurement of 7.1, with the ratio
1994 / Ardennes II; the limit is 1994 at most 3x Ardennes II, each ratio marked "ok" or
"over".  Measured through the public engine (``ardennes_qt.engine.Session``):

- legal moves: both games played at random (``ardennes_qt.engine.autoplay``) up to their
  first German Movement Phase, every Decision met on the way answered, and stopped before
  its first move.  Of the German units that can move there, 25 spread over the map (one a
  hex, taken at even steps across the map's columns); ``legal_moves((unit,))`` for each,
  on the position already asked about (as the table asks again while a unit is dragged)
  and, through the game's ``Movement`` capability, on a copy of it (cold: the first
  question after a move, when the board is read again).  Median and slowest unit, and the hexes each reaches;
- one game turn: Turn 1 played by the random player as in bench_turn.py (up to 60 actions
  in each phase, no phase ended early; 5.3's Turn 1 opens with its Set-Up), every
  Decision answered.  Seconds, actions, milliseconds an action (all, choosing, applying),
  milliseconds an action of each kind, and the time of each phase;
- opening a game (``Session.new``): in a fresh interpreter, the rules' imports included,
  and again in this one.

It asserts nothing about time, which depends on the machine.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from ardennes_qt.core.system import Movement  # noqa: E402
from ardennes_qt.engine import Session  # noqa: E402
from ardennes_qt.engine.autoplay import RandomPlayer  # noqa: E402

GAMES = (("1994", "ardennes1994/5.3"), ("Ardennes II", "ardennes2/7.1"))
LIMIT = 3.0  # 1994 / Ardennes II, at most
UNITS = 25  # units whose legal moves are timed
RUNS = 5  # calls per unit; the median is kept
OPENS = 10  # Session.new in this interpreter
FRESH = 3  # Session.new in a fresh interpreter


def median_of(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def verdict(ratio: float) -> str:
    return "ok" if ratio <= LIMIT else "over"


def row(label: str, ours: float, theirs: float, unit: str = "ms", digits: int = 2, judged: bool = True) -> None:
    """One figure of each game, the ratio and (for a time) whether it is within the limit."""
    ratio = ours / theirs if theirs else float("inf")
    print(f"  {label:44} {ours:10.{digits}f} {unit:2} {theirs:10.{digits}f} {unit:2} {ratio:7.2f}x  "
          f"{verdict(ratio) if judged else '(a count)'}")


def header(title: str) -> None:
    print()
    print(title)
    print(f"  {'':44} {'1994':>13} {'Ardennes II':>13} {'ratio':>8}  (limit {LIMIT:g}x)")


# --- legal moves -------------------------------------------------------------------------------------


def to_first_movement(scenario: str, seed: int) -> tuple[Session, int]:
    """A game played at random up to its first German Movement Phase, with no Decision
    waiting; and the number of actions that took."""
    session = Session.new(scenario, seed=seed)
    player = RandomPlayer(random.Random(seed), actions_per_phase=60, end_phase_weight=0.0)
    taken, in_phase, key = 0, 0, None
    while not (session.state.phase == "ge_movement" and session.decision() is None):
        if session.phase().game_over or player.step(session, in_phase) is None:
            raise SystemExit(f"{scenario}: the game ended before its first German Movement Phase")
        taken += 1
        new_key = (session.state.turn, session.state.phase)
        in_phase = in_phase + 1 if new_key == key else 0
        key = new_key
    return session, taken


def spread_units(session: Session) -> list[str]:
    """Up to UNITS German units that can move, one a hex, taken at even steps across the map."""
    content, state = session.content, session.state
    by_hex: dict = {}
    for uid, u in sorted(state.units.items()):
        if u.where == "map" and content.counter(uid).side == "German" and u.hex not in by_hex and session.legal_moves((uid,)):
            by_hex[u.hex] = uid
    hexes = sorted(by_hex, key=content.map.numbering.offset)
    if len(hexes) <= UNITS:
        return [by_hex[h] for h in hexes]
    return [by_hex[hexes[round(i * (len(hexes) - 1) / (UNITS - 1))]] for i in range(UNITS)]


def time_legal_moves(session: Session) -> dict[str, list[float]]:
    """Per unit: seconds asked again, seconds cold, hexes reached."""
    movement = session.capability(Movement)
    content, state = session.content, session.state
    out: dict[str, list[float]] = defaultdict(list)
    for uid in spread_units(session):
        ids = (uid,)
        reached = session.legal_moves(ids)
        out["warm"].append(median_of(lambda: session.legal_moves(ids), RUNS))
        out["cold"].append(median_of(lambda: movement.legal_moves(content, replace(state), ids), RUNS))
        out["hexes"].append(len(reached))
    return out


def legal_moves_figures(seed: int) -> None:
    figures = {}
    for name, scenario in GAMES:
        session, taken = to_first_movement(scenario, seed)
        figures[name] = time_legal_moves(session)
        print(f"{scenario}: Turn {session.state.turn} German Movement Phase after {taken} random actions; "
              f"{len(figures[name]['warm'])} German units timed")
    ours, theirs = figures["1994"], figures["Ardennes II"]
    header(f"legal_moves((unit,)) in the first German Movement Phase, seed {seed} (median of {RUNS} calls a unit)")
    for key, label in (("warm", "position already asked about"), ("cold", "cold (a copy of the position)")):
        row(f"{label}, median unit", 1e3 * statistics.median(ours[key]), 1e3 * statistics.median(theirs[key]), "ms", 3)
        row(f"{label}, slowest unit", 1e3 * max(ours[key]), 1e3 * max(theirs[key]), "ms", 3)
    row("hexes reached, median unit", statistics.median(ours["hexes"]), statistics.median(theirs["hexes"]), "", 0, False)
    row("hexes reached, most", max(ours["hexes"]), max(theirs["hexes"]), "", 0, False)
    ours_per_hex, theirs_per_hex = ([1e6 * t / n for t, n in zip(f["cold"], f["hexes"])] for f in (ours, theirs))
    row("cold, per hex reached (median)", statistics.median(ours_per_hex), statistics.median(theirs_per_hex), "us", 1)


# --- one game turn ---------------------------------------------------------------------------------


def play_turn(scenario: str, seed: int) -> dict:
    """Turn 1 played at random: seconds in all, choosing, applying, by phase and by kind of action."""
    session = Session.new(scenario, seed=seed)
    player = RandomPlayer(random.Random(seed), actions_per_phase=60, end_phase_weight=0.0)
    choosing = applying = 0.0
    per_phase: dict[str, float] = defaultdict(float)
    per_kind: dict[str, list[float]] = defaultdict(list)
    taken, in_phase, key = 0, 0, None
    started = time.perf_counter()
    while session.state.turn < 2 and not session.phase().game_over:
        phase = session.state.phase
        t0 = time.perf_counter()
        action = player.choose(session, in_phase)
        t1 = time.perf_counter()
        if action is None:
            break
        session.apply(action)
        t2 = time.perf_counter()
        choosing += t1 - t0
        applying += t2 - t1
        per_phase[phase] += t2 - t0
        per_kind[action.kind].append(t2 - t0)
        taken += 1
        new_key = (session.state.turn, session.state.phase)
        in_phase = in_phase + 1 if new_key == key else 0
        key = new_key
    total = time.perf_counter() - started
    return {"total": total, "actions": taken, "choosing": choosing, "applying": applying,
            "phases": per_phase, "kinds": per_kind}


def turn_figures(seed: int) -> None:
    ours, theirs = (play_turn(scenario, seed) for _, scenario in GAMES)
    header(f"Turn 1 played at random, seed {seed} (5.3 against 7.1)")
    row("whole turn", ours["total"], theirs["total"], "s")
    row("actions applied", ours["actions"], theirs["actions"], "", 0, False)
    row("per action", 1e3 * ours["total"] / ours["actions"], 1e3 * theirs["total"] / theirs["actions"], "ms", 1)
    row("choosing, per action", 1e3 * ours["choosing"] / ours["actions"], 1e3 * theirs["choosing"] / theirs["actions"], "ms", 1)
    row("applying, per action", 1e3 * ours["applying"] / ours["actions"], 1e3 * theirs["applying"] / theirs["actions"], "ms", 1)
    print("  by kind of action, ms each (count) - kinds both games have:")
    both = sorted(set(ours["kinds"]) & set(theirs["kinds"]), key=lambda k: -sum(ours["kinds"][k]))
    for kind in both:
        a, b = ours["kinds"][kind], theirs["kinds"][kind]
        row(f"  {kind} ({len(a)} / {len(b)})", 1e3 * sum(a) / len(a), 1e3 * sum(b) / len(b), "ms", 1)
    only = sorted(set(ours["kinds"]) - set(theirs["kinds"]), key=lambda k: -sum(ours["kinds"][k]))
    if only:
        print("  kinds only 1994 has: " + ", ".join(
            f"{k} {len(ours['kinds'][k])} x {1e3 * sum(ours['kinds'][k]) / len(ours['kinds'][k]):.1f} ms" for k in only))
    for name, figures in zip((g for g, _ in GAMES), (ours, theirs)):
        phases = sorted(figures["phases"].items(), key=lambda kv: -kv[1])
        print(f"  {name} by phase: " + ", ".join(f"{p} {s:.2f} s" for p, s in phases if s >= 0.005))


# --- opening a game --------------------------------------------------------------------------------

FRESH_OPEN = """
import sys, time
sys.path.insert(0, sys.argv[1])
from ardennes_qt.engine import Session
t = time.perf_counter()
Session.new(sys.argv[2], seed=1)
print(time.perf_counter() - t)
"""


def fresh_open(scenario: str) -> float:
    """Seconds of Session.new in a new interpreter (the engine already imported, the rules not)."""
    done = subprocess.run([sys.executable, "-c", FRESH_OPEN, str(ROOT), scenario],
                          cwd=ROOT, capture_output=True, text=True, check=True)
    return float(done.stdout.split()[-1])


def open_figures() -> None:
    fresh = {name: statistics.median(fresh_open(scenario) for _ in range(FRESH)) for name, scenario in GAMES}
    again = {name: median_of(lambda scenario=scenario: Session.new(scenario, seed=1), OPENS) for name, scenario in GAMES}
    header(f"Session.new (median of {FRESH} fresh interpreters; of {OPENS} in this one)")
    row("fresh interpreter (the rules imported)", 1e3 * fresh["1994"], 1e3 * fresh["Ardennes II"], "ms", 1)
    row("again in this interpreter", 1e3 * again["1994"], 1e3 * again["Ardennes II"], "ms", 1)


def main(seed: int = 1) -> None:
    started = time.perf_counter()
    legal_moves_figures(seed)
    turn_figures(seed)
    open_figures()
    print(f"\n(benchmark took {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
