"""Dice as a game's tables declare them: one die ("1d6"), two dice summed ("2d6"), or two dice
read as tens and units ("d66": 11, 12 ... 16, 21 ... 66).

A ``Dice`` knows every reading it can give, in the order its tables are written (a range
"11..16" runs over that order), how many of the equally likely throws give each, and how
to read the faces of one throw.  The faces come from the game state's seeded dice, so a
game replays exactly.  Shared by every game: nothing here knows one.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Callable, Mapping

from ardennes_qt.core.state import GameState

RANGE = ".."  # "11..16": every reading from 11 to 16 in the dice's order


@dataclass(frozen=True)
class Dice:
    """One kind of throw: its notation, its readings in table order and the ways to get each."""

    notation: str
    count: int  # dice thrown
    readings: tuple[int, ...]
    ways: Mapping[int, int]  # reading -> throws giving it
    reader: Callable[[tuple[int, ...]], int]

    @property
    def throws(self) -> int:
        """All the equally likely throws (36 for two dice)."""
        return 6 ** self.count

    def read(self, faces: tuple[int, ...]) -> int:
        """The reading of one throw's faces, in throwing order."""
        if len(faces) != self.count or not all(1 <= f <= 6 for f in faces):
            raise ValueError(f"{faces} is not a throw of {self.notation}")
        return self.reader(tuple(faces))

    def chance(self, reading: int) -> Fraction:
        return Fraction(self.ways.get(reading, 0), self.throws)

    def span(self, text: str) -> tuple[int, ...]:
        """The readings a table cell names: "11..16" (a range in the dice's order), "65" (one),
        "11..13, 15" (several parts) or "" (none).  ValueError for a reading the dice cannot give."""
        out: list[int] = []
        for part in (p.strip() for p in str(text).split(",")):
            if not part:
                continue
            first, _, last = part.partition(RANGE)
            a, b = self._index(first), self._index(last or first)
            if b < a:
                raise ValueError(f"'{part}' runs backwards in {self.notation} order")
            out.extend(self.readings[a:b + 1])
        return tuple(out)

    def _index(self, text: str) -> int:
        try:
            return self.readings.index(int(text))
        except ValueError:
            raise ValueError(f"'{text}' is not a reading of {self.notation}") from None


def _all_faces(count: int):
    return product(range(1, 7), repeat=count)


def _dice(notation: str, count: int, reader: Callable[[tuple[int, ...]], int]) -> Dice:
    ways: dict[int, int] = {}
    for faces in _all_faces(count):
        r = reader(faces)
        ways[r] = ways.get(r, 0) + 1
    return Dice(notation, count, tuple(sorted(ways)), ways, reader)


DICE = {
    "1d6": _dice("1d6", 1, lambda f: f[0]),
    "2d6": _dice("2d6", 2, lambda f: f[0] + f[1]),
    "d66": _dice("d66", 2, lambda f: 10 * f[0] + f[1]),  # first die the tens, second the units
}


def dice(notation: str) -> Dice:
    """The dice a table declares; ValueError for notation no game here uses."""
    try:
        return DICE[notation]
    except KeyError:
        raise ValueError(f"unknown dice '{notation}' (known: {', '.join(DICE)})") from None


def throw(state: GameState, kind: Dice) -> tuple[GameState, tuple[int, ...], int]:
    """Throw ``kind`` with the state's seeded dice: (the new state, the faces, the reading)."""
    faces = []
    for _ in range(kind.count):
        state, face = state.rolled()
        faces.append(face)
    return state, tuple(faces), kind.read(tuple(faces))
