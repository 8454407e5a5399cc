"""Dice that come only from the seed in the game state.

A roll is a pure function of (seed, draw number): replaying the same actions from the
same seed gives the same rolls, on any machine and any Python version, and undoing
and redoing an action cannot reroll it.
"""

from __future__ import annotations


def die_value(seed: int, draw: int, sides: int = 6) -> int:
    """The ``draw``-th roll of a ``sides``-sided die for ``seed``, unbiased (rejection sampling)."""
    from hashlib import sha256  # with the first roll: a game opens without OpenSSL loaded

    limit = (1 << 64) - ((1 << 64) % sides)
    attempt = 0
    while True:
        digest = sha256(f"{seed}:{draw}:{attempt}".encode()).digest()
        value = int.from_bytes(digest[:8], "big")
        if value < limit:
            return value % sides + 1
        attempt += 1
