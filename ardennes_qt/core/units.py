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
    # Vae Victis Ardennes 1944 prints one German and one British colour (its nationalities).
    "German": "#8d9297",
    "British": "#9a7048",
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
class PrintedValues:
    """The values a counter prints when they are not attack-defense-movement: the text as printed
    ("9-3-4": strength, steps, quality; "3 · B": an HQ's support and C3I) and the value fields
    it shows, so that an estimated one among them is marked."""

    text: str
    fields: tuple[str, ...]
    designation: str = ""  # the name in the counter's band
    symbol: str = ""  # type words for its NATO symbol ("Arm Rgt")
    band: str = ""  # the band's colour: its formation's colour code (1.1)

    def __str__(self) -> str:
        return self.text


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
    # Where a game has levels of formations (army > corps > division): this one's level and
    # the code(s) of the formation(s) above it ("|"-separated where it serves two).
    level: str = ""
    parent: str = ""
    values: dict[str, object] = field(default_factory=dict, hash=False)  # the game's own values
    provenance: dict[str, str] = field(default_factory=dict, hash=False, compare=False)

    @property
    def parents(self) -> tuple[str, ...]:
        return tuple(p for p in self.parent.split("|") if p)


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
    full: Values | None  # None for a game that prints no attack-defense-movement values
    reduced: Values | None
    steps: int
    ma_type: str
    exploit: bool
    provenance: dict[str, str] = field(default_factory=dict, hash=False, compare=False)
    notes: str = ""
    # Other printed sides that are not a step loss, by name: an artillery unit's move side
    # (The Ardennes 1994, 1.10a), an engineer's Bridge side (2.3).
    sides: dict[str, Values] = field(default_factory=dict, hash=False)
    # A game's own values (its ``UnitColumns``), typed, by column name; empty for the SCS games.
    values: dict[str, object] = field(default_factory=dict, hash=False)
    printed_name: str = ""  # the name as the counter prints it, where the game gives one

    @property
    def name(self) -> str:
        """Designation and type, "293 Inf Rgt"; the type alone where it begins with the
        designation ("Divarty Rgt", not "Divarty Divarty Rgt"); the printed name where
        the game gives one."""
        if self.printed_name:
            return self.printed_name
        if self.designation and self.unit_type.split(" ", 1)[0] == self.designation:
            return self.unit_type
        return f"{self.designation} {self.unit_type}".strip()

    @property
    def is_artillery(self) -> bool:
        return self.full is not None and self.full.is_artillery

    def value(self, name: str, default: object = None) -> object:
        """One of the game's own values (``values``), or ``default`` where it has none."""
        found = self.values.get(name)
        return default if found is None else found

    def values_at(self, steps_left: int) -> Values:
        """The printed values showing for a unit with this many steps left."""
        if steps_left >= self.steps or self.reduced is None:
            return self.full
        return self.reduced

    def estimated_fields(self) -> list[str]:
        return sorted(k for k, v in self.provenance.items() if v.startswith("estimated"))

    def source_of(self, field_name: str) -> str:
        return self.provenance.get(field_name, "rule")


# --- a game's own columns -------------------------------------------------------------------

# The kinds of value a game's column holds: a whole number, text, one capital letter, yes/no.
VALUE_KINDS = ("int", "text", "letter", "yesno")
# The fields of every counter and formation a game's column may fill, by their text form.
COUNTER_FIELDS = ("id", "side", "nationality", "formation", "name", "unit_type", "steps", "notes")
FORMATION_FIELDS = ("code", "level", "name", "aliases", "side", "nationality", "parent", "colour", "independent")


@dataclass(frozen=True)
class Column:
    """One column of a game's counters.csv or formations.csv, in the file's order.

    ``field`` names the field of every counter (or formation) it fills (``COUNTER_FIELDS``,
    ``FORMATION_FIELDS``); a column without one is a value of the game's own, kept by its
    name in ``values``, of ``kind`` (``VALUE_KINDS``).  A ``sourced`` column is followed by
    ``<name>_source``: where the value comes from (one of the game's ``sources``), or empty
    where the value is."""

    name: str
    kind: str = "text"
    field: str = ""
    sourced: bool = False
    label: str = ""  # the player's word for it ("C3I")

    def __post_init__(self) -> None:
        if self.kind not in VALUE_KINDS:
            raise ValueError(f"column '{self.name}': kind '{self.kind}' is not one of {', '.join(VALUE_KINDS)}")

    @property
    def heading(self) -> str:
        return self.label or self.name.replace("_", " ").capitalize()


@dataclass(frozen=True)
class UnitColumns:
    """What a game's counters and formations print, as its text files hold them: the columns
    in order, the formation levels from the top, each side's nationalities, and the words
    for where a value comes from."""

    counters: tuple[Column, ...]
    formations: tuple[Column, ...]
    nationalities: dict[str, tuple[str, ...]]
    levels: tuple[str, ...] = ()
    sources: tuple[str, ...] = ("printed", "rule", "estimated", "user")

    def __post_init__(self) -> None:
        for columns, fields in ((self.counters, COUNTER_FIELDS), (self.formations, FORMATION_FIELDS)):
            wrong = [c.field for c in columns if c.field and c.field not in fields]
            if wrong:
                raise ValueError(f"no such field(s) {', '.join(wrong)} (fields: {', '.join(fields)})")
            names = [n for c in columns for n in (c.name, f"{c.name}_source" if c.sourced else "") if n]
            if len(names) != len(set(names)):
                raise ValueError("a column is declared twice")
        missing = [f for f in ("id", "side", "formation", "steps") if f not in {c.field for c in self.counters}]
        if missing:
            raise ValueError(f"the counter columns fill no {', '.join(missing)}")

    def counter_values(self) -> tuple[Column, ...]:
        """The counter columns that are the game's own values."""
        return tuple(c for c in self.counters if not c.field)

    def formation_values(self) -> tuple[Column, ...]:
        return tuple(c for c in self.formations if not c.field)
