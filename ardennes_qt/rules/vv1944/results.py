"""Combat results (7.6, 7.8): a CRT cell read as the attacker's and the defender's result - a number
of steps lost and/or hexes retreated at the owner's choice, "-" nothing, "E" the entire stack
eliminated - whether it is red (the side must lose a step before retreating) or bold (a
Breakthrough), each with its source, and the exact chance of each result for a column and the
die roll modifiers.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ardennes_qt.rules.vv1944.combat_model import PREPARED
from ardennes_qt.rules.vv1944.combat_tables import bold_cells, combat_table, red_cells

NONE, ELIMINATED = "-", "E"
ATTACKER, DEFENDER = "attacker", "defender"


@dataclass(frozen=True)
class SideResult:
    """One side's part of a result."""

    text: str  # as printed: "-", "2", "E"
    red: str = ""  # "" not red; else the source of the red ("printed", "provisional")
    step_first: str = ""  # why the first loss must be a step: "7.6 red result", "7.3.2 Prepared Attack"

    @property
    def eliminated(self) -> bool:
        return self.text == ELIMINATED

    @property
    def number(self) -> int:
        """Steps and/or hexes; 0 for "-" and for "E" (the whole stack goes instead)."""
        return int(self.text) if self.text.isdigit() else 0

    @property
    def adverse(self) -> bool:
        return self.text != NONE


@dataclass(frozen=True)
class CombatResult:
    """A CRT cell as the rules read it."""

    cell: str  # as printed, "1/2"
    attacker: SideResult
    defender: SideResult
    breakthrough: str = ""  # "" none; else its source: "printed" (the Q&A's 6:1 roll 3) or "provisional"


@dataclass(frozen=True)
class ResultChance:
    result: CombatResult
    chance: Fraction
    rows: tuple[int, ...]  # the modified rolls giving it


def read_cell(column: str, row: int, attack_type: str, breakthrough_possible: bool = True) -> CombatResult:
    """The result of ``row`` (the modified roll, 0 .. 8) on ``column``.  A Prepared Attack's attacker
    must take a step first on any adverse result (7.3.2, 7.6); a red side must lose a step before
    retreating (7.6).  SNAFU 3 makes a breakthrough impossible (``breakthrough_possible``)."""
    cell = combat_table().result(column, row)
    attacker_text, _, defender_text = cell.partition("/")
    red = red_cells()

    def side(text: str, who: str) -> SideResult:
        colour = red.get((row, column, who), "")
        first = "7.6 red result" if colour and text != NONE else ""
        if who == ATTACKER and attack_type == PREPARED and text != NONE:
            first = first or "7.3.2 Prepared Attack"
        return SideResult(text, colour, first)

    bold = bold_cells().get((row, column), "") if breakthrough_possible else ""
    return CombatResult(cell, side(attacker_text, ATTACKER), side(defender_text, DEFENDER), bold)


def result_chances(column: str, modifier: int, attack_type: str, breakthrough_possible: bool = True) -> tuple[ResultChance, ...]:
    """The exact chance of each result on ``column`` with the roll modified by ``modifier`` and held
    to rows 0 .. 8 (7.6); results in the order the die reaches them, summing to 1."""
    shares: dict[CombatResult, tuple[Fraction, tuple[int, ...]]] = {}
    for row, chance in combat_table().row_chances(modifier):
        result = read_cell(column, row, attack_type, breakthrough_possible)
        before, rows = shares.get(result, (Fraction(0), ()))
        shares[result] = (before + chance, rows + (row,))
    return tuple(ResultChance(r, c, rows) for r, (c, rows) in shares.items())


def roll_row(roll: int, modifier: int) -> int:
    """The CRT row of a 1d6 ``roll`` with its modifiers (rows 0 and 8 starred: 0 or less, 8 or more)."""
    return combat_table().row(roll, modifier)
