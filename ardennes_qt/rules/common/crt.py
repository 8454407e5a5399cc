"""An odds-ratio Combat Results Table as data: the dice it declares, its columns by odds ratio,
the result of a roll on a column, and the exact chance of each result.

A table is read from a game's ``crt.toml`` in either of two layouts:

- ``[results]``: each result with the readings giving it in each column, as ranges in the
  dice's order ("11..16", "65", "" for none) - The Ardennes (1994) prints its d66 table so;
- ``[rows]``: each reading with the result in each column - a 2d6 or 1d6 table printed by
  rows, as Ardennes II's.

A table read by a *modified* roll declares it: ``dice = "1d6 + modifiers"`` with ``row_min`` and
``row_max`` (Ardennes 1944 prints rows 0 .. 8 for one die and its modifiers).  Its rows are
the modified rolls; a roll plus its modifier beyond either end reads the end row.

Columns are named by their odds ("1:5", "3:1", "7:1-8:1", "9:1+"); the first ratio in a name
is the least odds the column takes.  Raw odds, rounded to a whole ratio by the game's own
rule, are placed on one scale: the printed columns
0 .. n-1, odds beyond either end counted on past it one whole ratio a column (1:6 is one
left of a 1:5 column, 10:1 one right of 9:1+), so shifts may count from the true odds.
Shared by every game: nothing here knows one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping

from ardennes_qt.rules.common.dice import Dice, dice

_RATIO = re.compile(r"^\s*(\d+)\s*:\s*(\d+)")


def column_ratio(name: str) -> Fraction:
    """The least odds a column takes, from its name: "1:5" 1/5, "7:1-8:1" 7, "9:1+" 9."""
    m = _RATIO.match(name)
    if not m:
        raise ValueError(f"'{name}' does not name an odds column (like 1:2 or 3:1)")
    return Fraction(int(m.group(1)), int(m.group(2)))


def ratio_name(ratio: Fraction) -> str:
    """A whole ratio as a player writes it: 3 is "3:1", 1/4 is "1:4"."""
    return f"{ratio.numerator}:1" if ratio >= 1 else f"1:{ratio.denominator}"


@dataclass(frozen=True)
class CombatTable:
    """One Combat Results Table: columns by odds, a result for every reading of its dice."""

    dice: Dice
    columns: tuple[str, ...]
    cells: Mapping[str, Mapping[int, str]]  # column -> row -> result
    rows: tuple[int, ...] = ()  # the modified-roll rows, lowest first; () when read by the bare dice

    @property
    def modified(self) -> bool:
        return bool(self.rows)

    @staticmethod
    def from_data(data: Mapping) -> CombatTable:
        """A table from its data file (``[results]`` or ``[rows]`` layout, see the module)."""
        notation, plus, modifiers = str(data.get("dice", "2d6")).partition("+")
        if plus and modifiers.strip() != "modifiers":
            raise ValueError(f"'{data['dice']}': a table is read by its dice or by its dice + modifiers")
        kind = dice(notation.strip())
        rows = tuple(range(int(data["row_min"]), int(data["row_max"]) + 1)) if plus else ()
        columns = tuple(str(c) for c in data["columns"])
        for name in columns:
            column_ratio(name)
        cells: dict[str, dict[int, str]] = {c: {} for c in columns}
        if "results" in data:
            for result, spans in data["results"].items():
                _check_width(result, spans, columns)
                for column, text in zip(columns, spans):
                    for reading in kind.span(text):
                        if reading in cells[column]:
                            raise ValueError(f"{column}: the roll {reading} gives both {cells[column][reading]} and {result}")
                        cells[column][reading] = str(result)
        else:
            for reading, results in data["rows"].items():
                _check_width(reading, results, columns)
                r = _modified_row(reading, rows) if rows else kind.span(str(reading))
                for column, result in zip(columns, results):
                    for one in r:
                        cells[column][one] = str(result)
        order = rows or kind.readings
        return CombatTable(kind, columns, {c: dict(sorted(v.items(), key=lambda kv: order.index(kv[0])))
                                           for c, v in cells.items()}, rows)

    def problems(self) -> list[str]:
        """Every reading a column misses: a table is whole when each column gives one result for
        each reading of its dice (duplicates are refused when the table is read)."""
        out = []
        for column in self.columns:
            missing = [r for r in self.rows or self.dice.readings if r not in self.cells[column]]
            if missing:
                out.append(f"{column}: no result for {', '.join(map(str, missing))}")
        ratios = [column_ratio(c) for c in self.columns]
        if ratios != sorted(set(ratios)):
            out.append("the columns do not rise in odds from left to right")
        return out

    def result(self, column: str, reading: int) -> str:
        return self.cells[column][reading]

    def row(self, reading: int, modifier: int = 0) -> int:
        """The row a reading of the dice gives with ``modifier`` added: held to the table's
        end rows on a modified table; the reading itself on one read by the bare dice."""
        if not self.rows:
            if modifier:
                raise ValueError("this table is read by the bare dice: no modifier applies")
            return reading
        return min(max(reading + modifier, self.rows[0]), self.rows[-1])

    def row_chances(self, modifier: int = 0) -> tuple[tuple[int, Fraction], ...]:
        """The exact chance of reading each row with ``modifier``, in the table's order."""
        shares: dict[int, Fraction] = {}
        for reading in self.dice.readings:
            row = self.row(reading, modifier)
            shares[row] = shares.get(row, Fraction(0)) + self.dice.chance(reading)
        order = self.rows or self.dice.readings
        return tuple(sorted(shares.items(), key=lambda kv: order.index(kv[0])))

    def chances(self, column: str, modifier: int = 0) -> tuple[tuple[str, Fraction], ...]:
        """The exact chance of each result on ``column`` (with ``modifier`` on a modified
        table), in the order the dice reach them."""
        shares: dict[str, Fraction] = {}
        for row, chance in self.row_chances(modifier):
            result = self.cells[column][row]
            shares[result] = shares.get(result, Fraction(0)) + chance
        return tuple(shares.items())

    # --- odds ------------------------------------------------------------------------------

    def position(self, ratio: Fraction) -> int:
        """Where a whole ratio stands on the column scale: 0 .. n-1 on the table; below the
        first column one step per ratio (1:6 is -1 from 1:5), above the last likewise."""
        bounds = [column_ratio(c) for c in self.columns]
        if ratio < bounds[0]:
            return -int(1 / ratio - 1 / bounds[0])
        if ratio > bounds[-1] and ratio >= 1 and bounds[-1] >= 1:
            return len(bounds) - 1 + int(ratio - bounds[-1])
        return max(i for i, b in enumerate(bounds) if b <= ratio)

    def column_at(self, position: int) -> str:
        """The printed column for a position, held to the table's ends."""
        return self.columns[min(max(position, 0), len(self.columns) - 1)]

    def off_table(self, position: int) -> str:
        """"" on the table; else which end holds the odds ("below", "above")."""
        if position < 0:
            return "below"
        return "above" if position >= len(self.columns) else ""


def _modified_row(key, rows: tuple[int, ...]) -> tuple[int]:
    try:
        row = int(key)
    except ValueError:
        raise ValueError(f"row '{key}' is not a modified roll") from None
    if row not in rows:
        raise ValueError(f"row {row} is outside the table's rows {rows[0]} .. {rows[-1]}")
    return (row,)


def _check_width(key, values, columns) -> None:
    if len(values) != len(columns):
        raise ValueError(f"'{key}' has {len(values)} entries for {len(columns)} columns")
