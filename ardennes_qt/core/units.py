"""Counters: what is printed on them, which values the rules documents give, and which
ones had to be estimated.

Values are printed ``attack-defense-movement`` (``3-5-10``); artillery prints its
range in brackets instead of an attack strength (``[9]-1-16``).  Each counter keeps
the provenance of every value that is not printed in the setup listings: the side
and formation come from the listing (``rule``), the reduced side, the Leg/Mech MA
colour, the exploit banner and the number of steps are ``estimated`` by a stated rule
unless a rule gives them (all artillery has one step, designer's notes), and the
editor marks what a user changed as ``user``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

SIDES = ("Allied", "German")
NATIONALITIES = {
    "Allied": ("US", "CW", "Belgian"),
    "German": ("Wehrmacht", "SS", "Luftwaffe"),
}
# 1.2 Counter Ownership gives each nationality's counter colour.
NATIONALITY_COLOURS = {
    "US": "#6b8e4e",
    "CW": "#9a7048",
    "Belgian": "#5b7fb8",
    "Wehrmacht": "#8d9297",
    "SS": "#2b2b2b",
    "Luftwaffe": "#6f8fb8",
}
MA_TYPES = ("leg", "mech")
PROVENANCE = ("rule", "estimated", "user")

_VALUES = re.compile(r"^\s*(\[(\d+)\]|(\d+))\s*-\s*(\d+)\s*-\s*(\d+)\s*$")


@dataclass(frozen=True)
class Values:
    """One side of a counter.  ``attack`` is None for artillery, which prints a number in
    brackets instead (``bracket``): its range in Ardennes II, its barrage strength in The
    Ardennes (1994); each game's schema names it."""

    attack: int | None
    defense: int
    movement: int
    bracket: int | None = None

    @staticmethod
    def parse(text: str) -> Values:
        m = _VALUES.match(text)
        if not m:
            raise ValueError(f"'{text}' is not a counter value string like 3-5-10 or [9]-1-16")
        if m.group(2) is not None:
            return Values(None, int(m.group(4)), int(m.group(5)), int(m.group(2)))
        return Values(int(m.group(3)), int(m.group(4)), int(m.group(5)))

    def __str__(self) -> str:
        first = f"[{self.bracket}]" if self.bracket is not None else str(self.attack)
        return f"{first}-{self.defense}-{self.movement}"

    @property
    def is_artillery(self) -> bool:
        return self.bracket is not None


@dataclass(frozen=True)
class Formation:
    """A division (or brigade, group) with its counter colour; ``independent`` units stack with anyone."""

    code: str
    name: str
    side: str
    nationality: str
    colour: str
    colour_source: str = "estimated"
    independent: bool = False


@dataclass(frozen=True)
class Counter:
    """One counter: side, formation, designation and type, its full and reduced values, steps, MA
    type and exploit banner, and where each value comes from."""

    id: str
    side: str
    nationality: str
    formation: str
    designation: str
    unit_type: str
    full: Values
    reduced: Values | None
    steps: int
    ma_type: str
    exploit: bool
    provenance: dict[str, str] = field(default_factory=dict, hash=False, compare=False)
    notes: str = ""
    # Other printed sides that are not a step loss, by name: an artillery unit's move side
    # (The Ardennes 1994, 1.10a), an engineer's Bridge side (2.3).
    sides: dict[str, Values] = field(default_factory=dict, hash=False)

    @property
    def name(self) -> str:
        """Designation and type, "293 Inf Rgt"; the type alone where it begins with the
        designation ("Divarty Rgt", not "Divarty Divarty Rgt")."""
        if self.designation and self.unit_type.split(" ", 1)[0] == self.designation:
            return self.unit_type
        return f"{self.designation} {self.unit_type}".strip()

    @property
    def is_artillery(self) -> bool:
        return self.full.is_artillery

    def values_at(self, steps_left: int) -> Values:
        """The printed values showing for a unit with this many steps left."""
        if steps_left >= self.steps or self.reduced is None:
            return self.full
        return self.reduced

    def estimated_fields(self) -> list[str]:
        return sorted(k for k, v in self.provenance.items() if v.startswith("estimated"))

    def source_of(self, field_name: str) -> str:
        return self.provenance.get(field_name, "rule")
