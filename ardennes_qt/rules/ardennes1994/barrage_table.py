"""The Barrage Table (1.10b B, D; checklist item 42; ``tables/barrage.toml``): the column of
the total points fired, its shifts - 1 left without a spotter, 1 left for forest, village,
village-forest or city, 1 right for three or more steps in the hex - and the exact chance of
each result of the two dice before they are rolled.

Results: "-" nothing, "DG" the stack is DG'd, a number: that many steps lost, and DG.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import ceil, floor

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes1994.artillery import Points
from ardennes_qt.rules.ardennes1994.dg import barrage_affects
from ardennes_qt.rules.ardennes1994.situation import side_of, supply_unit
from ardennes_qt.rules.ardennes1994.tables import provisional_reason, table
from ardennes_qt.rules.ardennes1994.terrain import hex_kind

NO_EFFECT, DG = "-", "DG"
Shift = tuple[int, str, str]  # (columns: + right, - left; reason; rule)
PROVISIONAL = "≈ rounding of fractions and shifts past the table's ends are SCS series rules we do not have: provisional"
ESTIMATED = "≈ barrage strengths are estimated: the rules print no counter values"


def barrage_rows() -> dict:
    return table("barrage")


def columns() -> list[str]:
    return list(barrage_rows()["columns"])


def column_of(points: Fraction) -> int | None:
    """The column holding a total (fractions dropped, provisional); None below the first."""
    whole = floor(points) if barrage_rows()["procedure"]["fractions"] == "drop" else ceil(points)
    fitting = [i for i, least in enumerate(barrage_rows()["least_points"]) if least <= whole]
    return fitting[-1] if fitting else None


# --- the shifts, one clause each ---------------------------------------------------------------


def can_spot(content: Content, unit_id: str) -> bool:
    """Barrage Table: any friendly unit spots, Greif Teams too, Hidden or not (2.1bE); "Dumps
    (German or Allied) can never spot" (3.3).  Reading: German Supply Units are the German
    dumps 3.3 speaks of ("destroyed in the same way as any other German dump"), so they do
    not spot either; US dumps are not units at all."""
    return not supply_unit(content, unit_id)


def spotters(content: Content, state: GameState, side: str, target: Hex) -> list[str]:
    """The units of ``side`` next to the target hex that spot for a barrage of it."""
    out = []
    for h in target.neighbours():
        out.extend(u for u in state.units_at(h) if side_of(content, u) == side and can_spot(content, u))
    return sorted(out)


def spotter_shift(content: Content, state: GameState, side: str, target: Hex) -> Shift | None:
    """Barrage Table: 1 left "if no friendly unit adjacent to target hex" (1.10: no spotter is
    required, but a barrage without one shifts back)."""
    if spotters(content, state, side, target):
        return None
    return (int(barrage_rows()["shifts"]["no_spotter"]), "no friendly unit next to the target to spot",
            "1.10, Barrage Table")


def terrain_shift(content: Content, target: Hex) -> Shift | None:
    """Barrage Table: 1 left if the target hex is forest, village, village-forest or city.  1.10bD
    sends the reader to the TEC, whose column shifts are the CRT's; the Barrage Table's own
    note gives the barrage one shift for any of the four, and that is the one applied."""
    shifts = barrage_rows()["shifts"]
    kind = hex_kind(content.map.terrain(target))
    if kind not in shifts["protective"]:
        return None
    return int(shifts["protective_terrain"]), f"the target hex is {kind.replace('_', ' & ')}", "1.10bD, Barrage Table"


def steps_under_fire(content: Content, state: GameState, target: Hex, side: str) -> int:
    """The steps in the target hex a barrage can hit: the enemy units' steps left, not a Supply
    Unit's stacking steps (2.4) nor a Hidden Greif Team (2.1bB)."""
    return sum(state.units[u].steps for u in state.units_at(target)
               if side_of(content, u) != side and barrage_affects(content, state, u))


def stack_shift(content: Content, state: GameState, target: Hex, side: str) -> Shift | None:
    """Barrage Table: 1 right "if three or more steps are in the target hex"."""
    shifts = barrage_rows()["shifts"]
    steps = steps_under_fire(content, state, target, side)
    if steps < int(shifts["big_stack_steps"]):
        return None
    return int(shifts["big_stack"]), f"{steps} steps in the target hex", "Barrage Table"


def barrage_shifts(content: Content, state: GameState, side: str, target: Hex) -> list[Shift]:
    found = (spotter_shift(content, state, side, target), terrain_shift(content, target),
             stack_shift(content, state, target, side))
    return [s for s in found if s is not None]


# --- the chances -------------------------------------------------------------------------------


@dataclass(frozen=True)
class BarrageChances:
    """One barrage at one hex before its dice are rolled: what fires, the column, the shifts
    and the result of every roll with its chance."""

    target: str
    side: str
    points: tuple[Points, ...]  # each gun's (and the Air Points') share, with reason and rule
    total: Fraction
    first_column: int | None  # the column of the total; None under the first
    shifts: tuple[Shift, ...]
    column: int | None  # after the shifts; None: shifted off the left of the table
    column_name: str
    outcomes: tuple[tuple[int, str], ...]  # (two-dice total, result) for 2-12
    chances: tuple[tuple[str, Fraction], ...]  # each result and its chance, "-" first
    notes: tuple[str, ...]  # provisional or estimated values it rests on

    def result(self, roll: int) -> str:
        return dict(self.outcomes)[roll]

    def chance(self, result: str) -> Fraction:
        return dict(self.chances).get(result, Fraction(0))

    @property
    def shift(self) -> int:
        return sum(s[0] for s in self.shifts)

    def reasons(self) -> tuple[str, ...]:
        """Every part of the total and every shift, each with its rule, as the log shows them."""
        parts = [f"{why} = {_points(p)} point(s) ({rule})" for p, why, rule in self.points]
        parts += [f"{s:+d} column: {why} ({rule})" for s, why, rule in self.shifts]
        return (*parts, *self.notes)


def _points(value: Fraction) -> str:
    whole, part = divmod(value, 1)
    return str(whole) if not part else (f"{whole} {part}" if whole else str(part))


TWO_DICE = tuple(a + b for a in range(1, 7) for b in range(1, 7))


def barrage_chances(content: Content, state: GameState, target: Hex, side: str, points: list[Points],
                    estimated: bool = False) -> BarrageChances:
    """The column of the points fired, its shifts, and every result's exact chance on two dice."""
    rows = barrage_rows()
    total = sum((p[0] for p in points), Fraction(0))
    first = column_of(total)
    shifts = tuple(barrage_shifts(content, state, side, target))
    last = len(columns()) - 1
    column = None if first is None else first + sum(s[0] for s in shifts)
    notes = [ESTIMATED] if estimated else []
    procedure = provisional_reason("barrage", "procedure")
    if procedure and (total != floor(total) or column is None or column < 0 or column > last):
        notes.append(PROVISIONAL)
    if column is not None and column < 0:
        column = None
    elif column is not None:
        column = min(column, last)
    if column is None:
        outcomes = tuple((roll, str(rows["procedure"]["left_of_table"])) for roll in range(2, 13))
        name = "left of the table"
    else:
        outcomes = tuple((roll, str(rows["rows"][str(roll)][column])) for roll in range(2, 13))
        name = columns()[column]
    by_roll = dict(outcomes)
    counts: dict[str, int] = {}
    for roll in TWO_DICE:
        counts[by_roll[roll]] = counts.get(by_roll[roll], 0) + 1
    order = sorted(counts, key=lambda r: (r != NO_EFFECT, r != DG, r))
    return BarrageChances(
        content.map.hex_id(target), side, tuple(points), total, first, shifts, column, name, outcomes,
        tuple((r, Fraction(counts[r], len(TWO_DICE))) for r in order), tuple(notes),
    )


def steps_lost(result: str) -> int:
    """A number on the table is that many steps lost (and DG); "-" and "DG" lose none."""
    return int(result) if result.isdigit() else 0
