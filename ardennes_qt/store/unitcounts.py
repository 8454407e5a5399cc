"""A scenario text's ``counts``: how many counters each side sets up and brings in later.  A
set-up line or an arrival lost from the text (a line deleted, an ooa.toml emptied) is found
by comparing what was read with it, instead of giving a scenario short of units."""

from __future__ import annotations

from ardennes_qt.core.units import SIDES, Counter

COUNT_KEYS = ("set_up", "arriving")
SHAPE = "counts is { set_up = { Allied = n, German = n }, arriving = { ... } }"


def counts_problem(counts, set_up: list[str], arriving: list[str], counters: dict[str, Counter],
                   sides: tuple[str, ...] = SIDES) -> str:
    """What is wrong with the counters read against ``counts`` ("" when they agree)."""
    shape = isinstance(counts, dict) and set(counts) == set(COUNT_KEYS) and all(
        isinstance(by_side, dict) and set(by_side) <= set(sides)
        and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in by_side.values())
        for by_side in counts.values())
    if not shape:
        return SHAPE
    for key, listed in (("set_up", set_up), ("arriving", arriving)):
        for side in sides:
            n = sum(1 for cid in listed if counters[cid].side == side)
            said = counts[key].get(side, 0)
            if n != said:
                what = "set up" if key == "set_up" else "arriving"
                lost = "" if n > said else (": a set-up line may have been lost" if key == "set_up" else
                                            ": an arrival may have been lost from the text")
                return f"{n} {side} counters {what}, but counts says {said}{lost}"
    return ""
