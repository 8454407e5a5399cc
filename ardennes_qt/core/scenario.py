"""A scenario: which maps and turns, where every unit sets up, what arrives when, and
how the game is won.  Plain data, read from the text form under ``scenarios/``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ardennes_qt.core.hexgrid import Hex


@dataclass(frozen=True)
class Placement:
    """One counter's set-up: in ``hex`` (or within ``within`` hexes of it), maybe DG or reduced."""

    counter: str
    hex: Hex
    within: int = 0
    dg: bool = False
    step_loss: bool = False
    note: str = ""


@dataclass(frozen=True)
class Arrival:
    """One Order of Arrival entry.

    Where the OOA places them: entry area letters (``("N", "O")`` = "N or O"), or one of
    ``hexes`` (``"B9.28 or B9.29"``) with ``within``, or a named edge such as ``"A:south"``.
    ``remove`` entries take the counters out of play for good; ``roll`` is the 1d6 minimum
    for a conditional arrival (5+ for the 653 JgTg Bn).  ``step_loss`` and ``dg`` name the
    counters that arrive reduced or DG.
    """

    turn: int
    side: str
    counters: tuple[str, ...]
    areas: tuple[str, ...] = ()
    hexes: tuple[Hex, ...] = ()
    within: int = 0
    edge: str = ""
    remove: bool = False
    roll: int = 0
    step_loss: tuple[str, ...] = ()
    dg: tuple[str, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class Bounds:
    """A rectangular play area on one sheet, inclusive; None means unbounded."""

    sheet: str
    min_column: int | None = None
    max_column: int | None = None
    min_row: int | None = None
    max_row: int | None = None

    def holds(self, sheet: str, column: int, row: int) -> bool:
        if sheet != self.sheet:
            return False
        if self.min_column is not None and column < self.min_column:
            return False
        if self.max_column is not None and column > self.max_column:
            return False
        if self.min_row is not None and row < self.min_row:
            return False
        if self.max_row is not None and row > self.max_row:
            return False
        return True


# The kinds of a field of a game's own scenario section: text, a whole number, true/false,
# a list of texts, a side, a formation code, counter ids, a hex id, hex ids.
ENTRY_KINDS = ("text", "int", "bool", "texts", "side", "formation", "ids", "hex", "hexes")


@dataclass(frozen=True)
class EntryField:
    """One key of an entry of a game's scenario section, and its kind (``ENTRY_KINDS``)."""

    name: str
    kind: str = "text"
    required: bool = False

    def __post_init__(self) -> None:
        if self.kind not in ENTRY_KINDS:
            raise ValueError(f"field '{self.name}': kind '{self.kind}' is not one of {', '.join(ENTRY_KINDS)}")


@dataclass(frozen=True)
class ScenarioSection:
    """A ``[[name]]`` section a game's scenario files (or its ooa.toml: ``file = "ooa"``) carry
    for its own rules: its entries are checked by their fields' kinds and kept, typed, in the
    scenario's ``extras[name]`` (a list of plain dicts, in the file's order).  ``others``
    is the kind of keys the game does not name (a support pool's markers: "int"), "" where
    there are none.  A section whose entries set up their ``units`` (``places_units``: a
    division the player places over two hexes) counts them as set up.

    Declared for the program's own ``setup`` section, the fields are the keys a game adds to
    its entries: each entry's are kept in ``extras["setup"]`` with its ``units``."""

    name: str
    fields: tuple[EntryField, ...]
    file: str = "scenario"
    others: str = ""
    places_units: bool = False

    def entry_field(self, name: str) -> EntryField | None:
        return next((f for f in self.fields if f.name == name), None)


HOUSE_RULES_OPTION = "house_rules"  # Scenario.options key: rule tables an editor module replaced


@dataclass
class Scenario:
    """One scenario: its maps and play area, turns and dates, set-up, arrivals, what starts dead,
    blown or controlled, VP changes, options and printed text."""

    system: str
    id: str
    title: str
    first_turn: int
    last_turn: int
    dates: dict[int, str] = field(default_factory=dict)
    maps: tuple[str, ...] = ("A", "B")
    bounds: tuple[Bounds, ...] = ()
    placements: list[Placement] = field(default_factory=list)
    arrivals: list[Arrival] = field(default_factory=list)
    dead: tuple[str, ...] = ()
    blown_bridges: tuple[Hex, ...] = ()
    initial_control: dict[Hex, str] = field(default_factory=dict)
    vp_overrides: dict[Hex, int] = field(default_factory=dict)  # this scenario's VP for a hex; 0 = not a VP hex
    options: dict[str, object] = field(default_factory=dict)
    text: dict[str, str] = field(default_factory=dict)  # air strikes, supply, victory, special rules, as printed
    notes: list[str] = field(default_factory=list)  # transcription decisions
    # What only the game's own rules read (plain JSON values): the weather at start, units placed
    # freely at the start, supply dumps...
    extras: dict[str, object] = field(default_factory=dict)

    @property
    def key(self) -> str:
        return f"{self.system}/{self.id}"

    def hex_in_play(self, numbering, h: Hex) -> bool:
        """Maps in Play (7.x): ``h`` is a hex of the map ``numbering`` numbers, on this
        scenario's sheets and within its printed limits."""
        return numbering.contains(h) and self.in_play_area(*numbering.sheet_column_row(h))

    def in_play_area(self, sheet: str, column: int, row: int) -> bool:
        if sheet not in self.maps:
            return False
        rects = [b for b in self.bounds if b.sheet == sheet]
        return not rects or any(b.holds(sheet, column, row) for b in rects)
