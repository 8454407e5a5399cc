"""The setup sheet's values: each side's set-up and reinforcements, unit by unit, what the map
excerpt draws, and the legend of the marks the sheet uses.  ``setup_sheet.py`` builds them
from a Content; the plain-text form and the printed sheet lay them out.
"""

from __future__ import annotations

from dataclasses import dataclass

from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.engine.setup_sheet_words import MARK, marked
from ardennes_qt.engine.views import UnitView


@dataclass(frozen=True)
class SheetUnit:
    """One counter as the sheet lists it."""

    counter_id: str
    designation: str
    unit_type: str
    values: str  # the printed, full-strength values
    values_estimated: bool
    reduced_values: str  # "" for a one-step unit
    reduced_estimated: bool
    step_loss: bool = False
    dg: bool = False

    @property
    def shown_values(self) -> str:
        return marked(self.values, self.values_estimated)

    @property
    def status(self) -> str:
        """The start status: "DG", "Step Loss: ≈2-3-10", both, or ""."""
        parts = []
        if self.step_loss:
            parts.append(f"Step Loss: {marked(self.reduced_values, self.reduced_estimated)}")
        if self.dg:
            parts.append("DG")
        return ", ".join(parts)


@dataclass(frozen=True)
class SetupLine:
    """One unit's set-up line: the place as listed, the hex it stands for, and where the map shows
    the unit when that is not the listed hex."""

    place: str  # the listed hex, "B27.49", or "w/i 1 B40.38"
    hex: Hex
    within: int
    unit: SheetUnit
    shown_at: str = ""  # where the map shows the unit, when that is not the listed hex

    @property
    def status(self) -> str:
        shown = f"map: {self.shown_at}" if self.shown_at else ""
        return ", ".join(p for p in (self.unit.status, shown) if p)


@dataclass(frozen=True)
class FormationSetup:
    """One formation's set-up lines on the sheet, under its name and counter colour."""

    code: str
    name: str
    colour: str
    lines: tuple[SetupLine, ...]


@dataclass(frozen=True)
class SideSetup:
    """One side's set-up on the sheet, formation by formation."""

    side: str
    formations: tuple[FormationSetup, ...]

    @property
    def count(self) -> int:
        return sum(len(f.lines) for f in self.formations)


@dataclass(frozen=True)
class ArrivalEntry:
    """One printed Order of Arrival line."""

    place: str  # "Entry Area N or O", "B9.28 or B9.29", "w/i 1 B17.49", "Map A south edge", "See 5.1.", "Remove"
    formation: str
    units: tuple[SheetUnit, ...]
    remove: bool = False
    roll: int = 0  # arrives only on 1d6 >= roll
    note: str = ""
    outside: bool = False  # printed where the scenario's maps do not reach
    enters_at: str = ""  # where the rules bring such a unit in instead ("B1.48"), or ""

    @property
    def conditions(self) -> str:
        parts = []
        if self.roll:
            parts.append(f"Arrives only on a die roll of {self.roll}+.")
        if self.outside and self.enters_at:
            parts.append(f"Printed outside the play area: enters at {self.enters_at}, the play area's edge nearest it.")
        elif self.outside:
            parts.append("Enters outside the play area.")
        return " ".join(parts)

    @property
    def remarks(self) -> str:
        """The conditions and the printed note, as sentences."""
        return " ".join(r for r in (self.conditions, self.note) if r)


@dataclass(frozen=True)
class TurnArrivals:
    """One turn's reinforcements of a side on the sheet, by entry place in printed order."""

    turn: int
    date: str
    places: tuple[tuple[str, tuple[ArrivalEntry, ...]], ...]  # by entry place, in printed order


@dataclass(frozen=True)
class SideArrivals:
    """One side's reinforcements on the sheet, turn by turn."""

    side: str
    turns: tuple[TurnArrivals, ...]


@dataclass(frozen=True)
class MapStack:
    """The counters the map excerpt draws in one hex, bottom first."""

    hex: Hex
    units: tuple[UnitView, ...]


@dataclass(frozen=True)
class Spread:
    """A "w/i N <hex>" set-up: the area its units may stand in."""

    centre: Hex
    within: int
    place: str


@dataclass(frozen=True)
class SetupSheet:
    """A scenario's setup sheet: its facts, printed rules and markers, each side's set-up and
    reinforcements, the legend, the estimates and notes, and what the map excerpt draws."""

    @property
    def which(self) -> str:
        """The game and the scenario's number, as a player names them: "Ardennes II, scenario 7.3"."""
        return f"{self.game}, scenario {self.scenario_id}"

    key: str
    title: str
    game: str  # the game's name, as a player knows it
    scenario_id: str  # the scenario's number as the rules print it ("7.3")
    map_title: str
    representative_map: bool
    turns: str
    dates: str
    maps: str
    play_area: str
    setup_source: str  # where a borrowed set-up comes from, or ""
    rules: tuple[tuple[str, str], ...]  # (heading, printed wording)
    markers: tuple[str, ...]  # control, blown bridges, dead units at the start
    sides: tuple[SideSetup, ...]
    reinforcements: tuple[SideArrivals, ...]
    marks: tuple[tuple[str, str], ...]  # the legend: (mark, meaning)
    estimates: tuple[tuple[str, str], ...]  # what is estimated on the counters drawn, and the stated rule
    notes: tuple[str, ...]
    stacks: tuple[MapStack, ...]
    spreads: tuple[Spread, ...]
    play_area_hexes: frozenset[Hex]


def marks(setups: tuple[SideSetup, ...], arrivals: tuple[SideArrivals, ...]) -> tuple[tuple[str, str], ...]:
    """The legend of the marks this sheet uses, and only those."""
    units = [line.unit for s in setups for f in s.formations for line in f.lines]
    units += [u for a in arrivals for t in a.turns for _, es in t.places for e in es for u in e.units]
    lines = [line for s in setups for f in s.formations for line in f.lines]
    out = []
    if any(u.values_estimated or (u.step_loss and u.reduced_estimated) for u in units):
        out.append((MARK, "estimated: no document prints this value; a stated rule gives it"))
    if any(u.step_loss for u in units):
        out.append(("Step Loss", "starts on its reduced side, whose values follow"))
    if any(u.dg for u in units):
        out.append(("DG", "starts Disorganized, with a DG marker on its stack (3.4)"))
    if any(line.within for line in lines):
        out.append(("w/i N", "set up within N hexes of the hex, as the owner chooses"))
    if any(line.shown_at for line in lines):
        out.append(("map:", "where the map excerpt (and the table) places a unit listed in a choice of "
                              "hexes or in a hex it cannot use"))
    return tuple(out)
