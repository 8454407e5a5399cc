"""A route as the SCS games explain it: each hex with the MPs spent up to it and every cost of
entering it as (MP, reason, rule).  Costs are counted in half MPs (a road costs 1/2 MP), so
every cost and allowance is a whole number, and shown as the number a player reads.
"""

from __future__ import annotations

from typing import NamedTuple


class Step(NamedTuple):
    """One hex of a route: its id, the MPs spent up to it, and each cost of entering it."""

    hex: str
    mp: int | float
    reasons: tuple[tuple[int | float, str, str], ...]


def mps(half: int) -> int | float:
    """Half MPs as the number a player reads: 5 -> 2.5, 6 -> 3."""
    return half // 2 if half % 2 == 0 else half / 2
