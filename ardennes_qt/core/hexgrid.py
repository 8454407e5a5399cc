"""Hex math as small value classes, apart from any numbering scheme or rendering.

Hexes are flat-topped and stand in vertical columns (the SCS maps number them by
column and row).  Internally a hex is an axial coordinate ``(q, r)``: ``q`` is the
column counted eastward, and moving one hex north lowers ``r`` by one.  The six
directions are named as a player reads them on a north-up map.

A hexside has one canonical id shared by both hexes it separates: the hex that owns
it (each hex owns its N, NE and SE sides) and the direction.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Iterator


class Direction(IntEnum):
    """The six neighbours of a flat-topped hex, clockwise from north."""

    N = 0
    NE = 1
    SE = 2
    S = 3
    SW = 4
    NW = 5

    @property
    def opposite(self) -> Direction:
        return Direction((self + 3) % 6)

    @property
    def delta(self) -> tuple[int, int]:
        return _DELTAS[self]


# Axial deltas (dq, dr) of each direction: north is r - 1, north-east keeps r.
_DELTAS: dict[Direction, tuple[int, int]] = {
    Direction.N: (0, -1),
    Direction.NE: (1, -1),
    Direction.SE: (1, 0),
    Direction.S: (0, 1),
    Direction.SW: (-1, 1),
    Direction.NW: (-1, 0),
}

OWNED_DIRECTIONS = (Direction.N, Direction.NE, Direction.SE)


@dataclass(frozen=True, order=True, slots=True)
class Hex:
    """One hex in axial coordinates."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def neighbour(self, direction: Direction) -> Hex:
        dq, dr = direction.delta
        return Hex(self.q + dq, self.r + dr)

    def neighbours(self) -> Iterator[Hex]:
        for direction in Direction:
            yield self.neighbour(direction)

    def distance(self, other: Hex) -> int:
        dq = self.q - other.q
        dr = self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def direction_to(self, other: Hex) -> Direction | None:
        """The direction of an adjacent hex, or None when ``other`` is not adjacent."""
        delta = (other.q - self.q, other.r - self.r)
        for direction, d in _DELTAS.items():
            if d == delta:
                return direction
        return None

    def ring(self, radius: int) -> Iterator[Hex]:
        if radius == 0:
            yield self
            return
        h = Hex(self.q + Direction.SW.delta[0] * radius, self.r + Direction.SW.delta[1] * radius)
        # Walk the ring clockwise from its south-west corner.
        for direction in (Direction.N, Direction.NE, Direction.SE, Direction.S, Direction.SW, Direction.NW):
            for _ in range(radius):
                yield h
                h = h.neighbour(direction)

    def within(self, radius: int) -> Iterator[Hex]:
        for k in range(radius + 1):
            yield from self.ring(k)

    def line_to(self, other: Hex) -> list[Hex]:
        """Hexes on the straight line between two hex centres (cube lerp, nudged off ties)."""
        n = self.distance(other)
        if n == 0:
            return [self]
        out = []
        for i in range(n + 1):
            t = i / n
            q = self.q + (other.q - self.q) * t + 1e-6
            r = self.r + (other.r - self.r) * t + 1e-6
            out.append(hex_round(q, r))
        return out


def hex_round(qf: float, rf: float) -> Hex:
    sf = -qf - rf
    q, r, s = round(qf), round(rf), round(sf)
    dq, dr, ds = abs(q - qf), abs(r - rf), abs(s - sf)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(q, r)


@dataclass(frozen=True, order=True, slots=True)
class Hexside:
    """A hexside in canonical form: the owning hex and one of its N, NE, SE sides."""

    hex: Hex
    direction: Direction

    @staticmethod
    def between(a: Hex, b: Hex) -> Hexside:
        direction = a.direction_to(b)
        if direction is None:
            raise ValueError(f"{a} and {b} are not adjacent")
        return Hexside.of(a, direction)

    @staticmethod
    def of(h: Hex, direction: Direction) -> Hexside:
        if direction in OWNED_DIRECTIONS:
            return Hexside(h, direction)
        return Hexside(h.neighbour(direction), direction.opposite)

    @property
    def hexes(self) -> tuple[Hex, Hex]:
        return self.hex, self.hex.neighbour(self.direction)

    def other(self, h: Hex) -> Hex:
        a, b = self.hexes
        if h == a:
            return b
        if h == b:
            return a
        raise ValueError(f"{h} is not on {self}")
