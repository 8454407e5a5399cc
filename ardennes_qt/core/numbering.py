"""Printed hex numbering schemes, each a small converter to and from axial hexes:
SCS sheets (``A12.34``), Vae Victis column and row (``3201``), ASL hexrows (``StAA15``).
They are siblings: each answers the ``Numbering`` protocol over a rectangular grid of
flat-topped hexes (``RectangularGrid``), and none is a kind of another.

SCS sheet numbering: ``A12.34`` is sheet A, column 12, row 34, columns growing to the
right of the printed sheet and rows upward.  Ardennes II prints its maps north up
(the scenario bounds "north of xx.36" and "east of B9.xx" and the VP table agree) and
sets its sheets side by side west to east, so sheet A's last column abuts sheet B's
first (Senochamps A38.16 lies just west of Bastogne B1.16).  A game may instead stack
its sheets along the rows (``stack=rows``): the next sheet's row 0 follows the last row
of the one before.  Within the seamless map, a hex's global column and row count on
from the sheets before it; even global columns stand half a hex higher than odd ones
(the Gemünd bridge of Ardennes II's 3.8 joins B22.15 and B23.16).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterator, Protocol

from ardennes_qt.core.hexgrid import Hex

_SCS_ID = re.compile(r"^\s*([A-Za-z])\s*(\d{1,2})\s*\.\s*(\d{1,2})\s*$")


class HexIdError(ValueError):
    """A hex id that does not parse, or lies off the map."""


def _scs_parts(text: str) -> tuple[str, int, int]:
    """Sheet letter (upper case), column and row of an id like ``A12.34``."""
    # Ids as the program writes them are split without the pattern (a map's thousands of
    # hexes are read at every start); anything else - spaces, lower case - is matched.
    column, dot, row = text[1:].partition(".")
    if dot and 0 < len(column) <= 2 and 0 < len(row) <= 2 and (column + row).isascii() and (column + row).isdigit() \
            and text[:1].isascii() and text[:1].isupper():
        return text[0], int(column), int(row)
    m = _SCS_ID.match(text)
    if not m:
        raise HexIdError(f"'{text}' is not a hex id of the form A12.34")
    return m.group(1).upper(), int(m.group(2)), int(m.group(3))


# SCS numberings by their text: a map read again (a new game, a saved one) gets the same
# numbering, with the hex ids it has already read and written.
_SHEETS: dict[str, ScsSheets] = {}


def _raised(column: int) -> int:
    """1 for the columns standing half a hex north (the even ones)."""
    return 1 - (column & 1)


def offset_to_axial(column: int, row: int) -> Hex:
    """Global column and north-growing row to an axial hex."""
    doubled_row = 2 * row + _raised(column)
    return Hex(column, (1 - column - doubled_row) // 2)


def axial_to_offset(h: Hex) -> tuple[int, int]:
    doubled_row = 1 - 2 * h.r - h.q
    return h.q, (doubled_row - _raised(h.q)) // 2


class Numbering(Protocol):
    """What the map, scenario bounds, the rules' arrays and the store ask of a numbering."""

    name: str
    sheets: tuple[str, ...]

    def parse(self, text: str) -> Hex: ...

    def format(self, h: Hex) -> str: ...

    def contains(self, h: Hex) -> bool: ...

    def sheet_column_row(self, h: Hex) -> tuple[str, int, int]:
        """The sheet, its column and its row as printed."""
        ...

    def hexes(self) -> Iterator[Hex]: ...

    @property
    def total_columns(self) -> int: ...

    @property
    def first_row(self) -> int: ...

    @property
    def top_row(self) -> int:
        """The last global row of the grid."""
        ...

    def sheet_extents(self) -> dict[str, tuple[int, int, int, int]]:
        """Each sheet's first and last global column and row: (column, row, column, row)."""
        ...

    def index(self, h: Hex) -> int: ...

    def hex_at(self, index: int) -> Hex: ...

    @property
    def size(self) -> int: ...

    def to_text(self) -> str: ...


@dataclass(frozen=True)
class RectangularGrid:
    """The seamless grid a numbering names: global columns ``1..total_columns`` and rows
    ``first_row..`` (``rows`` of them), with a dense index for arrays over the whole map."""

    columns: int = 40
    first_row: int = 0
    last_row: int = 54

    @property
    def total_columns(self) -> int:
        return self.columns

    @property
    def rows(self) -> int:
        return self.last_row - self.first_row + 1

    @property
    def total_rows(self) -> int:
        return self.rows

    @property
    def top_row(self) -> int:
        """The last global row of the whole grid (a sheet's ``last_row`` on one sheet)."""
        return self.first_row + self.total_rows - 1

    def contains(self, h: Hex) -> bool:
        column, row = axial_to_offset(h)
        return 1 <= column <= self.total_columns and self.first_row <= row < self.first_row + self.total_rows

    def offset(self, h: Hex) -> tuple[int, int]:
        """Global column (1-based) and row."""
        return axial_to_offset(h)

    def hexes(self) -> Iterator[Hex]:
        """Every hex, column by column from the left, each column from the bottom up."""
        for column in range(1, self.total_columns + 1):
            for row in range(self.first_row, self.first_row + self.total_rows):
                yield offset_to_axial(column, row)

    def index(self, h: Hex) -> int:
        """A dense 0-based index, for arrays over the whole map."""
        column, row = axial_to_offset(h)
        return (column - 1) * self.total_rows + (row - self.first_row)

    def sheet_extents(self) -> dict[str, tuple[int, int, int, int]]:
        """One sheet: the whole grid."""
        name = self.sheets[0] if getattr(self, "sheets", None) else ""
        return {name: (1, self.first_row, self.total_columns, self.first_row + self.total_rows - 1)}

    def hex_at(self, index: int) -> Hex:
        column, row = divmod(index, self.total_rows)
        return offset_to_axial(column + 1, row + self.first_row)

    @property
    def size(self) -> int:
        return self.total_columns * self.total_rows


STACKS = ("columns", "rows")


@dataclass(frozen=True)
class ScsSheets(RectangularGrid):
    """Map sheets, each ``columns`` wide and rows ``first_row..last_row``, side by side in
    the order listed (``stack="columns"``: west to east on a north-up map) or one above
    the other (``stack="rows"``: each sheet's rows counting on from the one before)."""

    sheets: tuple[str, ...] = ("A", "B")
    stack: str = "columns"
    # Hex ids read and written before: a map's few thousand hexes are named over and over
    # (loading content, every log line, every hover), and a numbering never changes.  Only
    # ids that parsed are kept, so the tables stay as small as the map.
    _parsed: dict[str, Hex] = field(default_factory=dict, init=False, repr=False, compare=False)
    _formatted: dict[Hex, str] = field(default_factory=dict, init=False, repr=False, compare=False)

    name = "scs"

    def __post_init__(self) -> None:
        if self.stack not in STACKS:
            raise ValueError(f"unknown way of setting sheets together '{self.stack}' (columns or rows)")

    @property
    def total_columns(self) -> int:
        return self.columns * len(self.sheets) if self.stack == "columns" else self.columns

    @property
    def total_rows(self) -> int:
        return self.rows if self.stack == "columns" else self.rows * len(self.sheets)

    def parse(self, text: str) -> Hex:
        h = self._parsed.get(text)
        if h is None:
            h = self._parsed[text] = self._parse(text)
        return h

    def _parse(self, text: str) -> Hex:
        sheet, col, row = _scs_parts(text)
        if sheet not in self.sheets:
            raise HexIdError(f"'{text}': there is no map sheet {sheet} (sheets: {', '.join(self.sheets)})")
        if not 1 <= col <= self.columns:
            raise HexIdError(f"'{text}': column {col} is outside 1-{self.columns}")
        if not self.first_row <= row <= self.last_row:
            raise HexIdError(f"'{text}': row {row:02d} is outside {self.first_row:02d}-{self.last_row:02d}")
        if self.stack == "columns":
            return offset_to_axial(self.sheets.index(sheet) * self.columns + col, row)
        return offset_to_axial(col, self.sheets.index(sheet) * self.rows + row)

    def format(self, h: Hex) -> str:
        text = self._formatted.get(h)
        if text is None:
            text = self._formatted[h] = self._format(h)
        return text

    def _format(self, h: Hex) -> str:
        if not self.contains(h):
            raise HexIdError(f"{h} is off the map")
        sheet, col, row = self.sheet_column_row(h)
        return f"{sheet}{col}.{row:02d}"

    def sheet_extents(self) -> dict[str, tuple[int, int, int, int]]:
        if self.stack == "columns":
            return {sheet: (i * self.columns + 1, self.first_row, (i + 1) * self.columns, self.last_row)
                    for i, sheet in enumerate(self.sheets)}
        return {sheet: (1, self.first_row + i * self.rows, self.columns, self.first_row + (i + 1) * self.rows - 1)
                for i, sheet in enumerate(self.sheets)}

    def sheet_column_row(self, h: Hex) -> tuple[str, int, int]:
        column, row = axial_to_offset(h)
        if self.stack == "columns":
            sheet_index, col = divmod(column - 1, self.columns)
            return self.sheets[sheet_index], col + 1, row
        sheet_index, sheet_row = divmod(row - self.first_row, self.rows)
        return self.sheets[sheet_index], column, sheet_row + self.first_row

    def to_text(self) -> str:
        stack = "" if self.stack == "columns" else f" stack={self.stack}"
        return f"scs sheets={','.join(self.sheets)} columns={self.columns} rows={self.first_row}-{self.last_row}{stack}"

    @staticmethod
    def from_text(text: str) -> ScsSheets:
        known = _SHEETS.get(text)
        if known is not None:
            return known
        fields = dict(p.split("=", 1) for p in text.split()[1:])
        first, last = fields.get("rows", "0-54").split("-")
        sheets = ScsSheets(
            sheets=tuple(fields.get("sheets", "A,B").split(",")),
            columns=int(fields.get("columns", "40")),
            first_row=int(first),
            last_row=int(last),
            stack=fields.get("stack", "columns"),
        )
        _SHEETS[text] = sheets
        return sheets


# The largest map a numbering may name: a file asking for more is refused before anything
# is built over its hexes (a map's arrays, its picture, its search tables).
MAX_HEXES = 40_000
MAX_COLUMNS = 1_000  # columns, and rows
MAX_SHEETS = 26


def numbering_from_text(text: str) -> Numbering:
    """A numbering from its text form: ``scs ...`` (sheets), ``xxyy ...`` or ``asl ...`` (one
    map).  ValueError for a text that names none, or a map larger than ``MAX_HEXES``."""
    scheme = text.split()[0] if text.split() else ""
    schemes = {ScsSheets.name: ScsSheets, ColumnRow.name: ColumnRow, AslBoard.name: AslBoard}
    if scheme not in schemes:
        raise ValueError(f"unknown numbering scheme '{text}'")
    numbering = schemes[scheme].from_text(text)
    check_size(numbering)
    return numbering


def check_size(numbering: RectangularGrid) -> None:
    """ValueError unless the numbering's map has at least one hex and at most ``MAX_HEXES``."""
    columns, rows, sheets = numbering.total_columns, numbering.total_rows, len(numbering.sheets)
    if not (1 <= columns <= MAX_COLUMNS and 1 <= rows <= MAX_COLUMNS and 1 <= sheets <= MAX_SHEETS):
        raise ValueError(f"a map of {columns} columns and {rows} rows on {sheets} sheet(s) is outside what the "
                         f"program opens (1-{MAX_COLUMNS} columns and rows, at most {MAX_SHEETS} sheets)")
    if columns * rows > MAX_HEXES:
        raise ValueError(f"a map of {columns * rows:,} hexes is larger than the program opens (at most {MAX_HEXES:,})")


_XXYY_ID = re.compile(r"^\s*(\d{2})(\d{2})\s*$")


@dataclass(frozen=True)
class ColumnRow(RectangularGrid):
    """One map numbered ``XXYY`` by column and row (Vae Victis: ``3201`` is column 32, row 1).

    Rows are counted from the top of the map down, as such maps print them; inside, rows
    grow upward as everywhere else.  The map is one sheet, named "".
    """

    sheets: tuple[str, ...] = ("",)
    columns: int = 32
    first_row: int = 1
    last_row: int = 24

    name = "xxyy"

    def _printed_row(self, row: int) -> int:
        return self.first_row + self.last_row - row

    def parse(self, text: str) -> Hex:
        m = _XXYY_ID.match(text)
        if not m:
            raise HexIdError(f"'{text}' is not a hex id of the form 3201 (column 32, row 01)")
        col, printed = int(m.group(1)), int(m.group(2))
        if not 1 <= col <= self.columns:
            raise HexIdError(f"'{text}': column {col} is outside 1-{self.columns}")
        if not self.first_row <= printed <= self.last_row:
            raise HexIdError(f"'{text}': row {printed:02d} is outside {self.first_row:02d}-{self.last_row:02d}")
        return offset_to_axial(col, self._printed_row(printed))

    def format(self, h: Hex) -> str:
        if not self.contains(h):
            raise HexIdError(f"{h} is off the map")
        column, row = axial_to_offset(h)
        return f"{column:02d}{self._printed_row(row):02d}"

    def sheet_column_row(self, h: Hex) -> tuple[str, int, int]:
        column, row = axial_to_offset(h)
        return "", column, self._printed_row(row)

    def to_text(self) -> str:
        return f"xxyy columns={self.columns} rows={self.first_row}-{self.last_row}"

    @staticmethod
    def from_text(text: str) -> ColumnRow:
        fields = dict(p.split("=", 1) for p in text.split()[1:])
        first, last = fields.get("rows", "1-24").split("-")
        return ColumnRow(columns=int(fields.get("columns", "32")), first_row=int(first), last_row=int(last))


_ASL_HEX = re.compile(r"^([A-Za-z])(\1*)(\d{1,3})$")
_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def hexrow_letters(column: int) -> str:
    """ASL hexrow letters of a 1-based column: A..Z, then AA..ZZ, AAA.. (a letter repeated, not AB)."""
    return _ALPHABET[(column - 1) % 26] * ((column - 1) // 26 + 1)


def hexrow_column(letters: str) -> int:
    return (len(letters) - 1) * 26 + _ALPHABET.index(letters[0].upper()) + 1


@dataclass(frozen=True)
class AslBoard(RectangularGrid):
    """One ASL board or map group: hexes like ``StAA15`` (map group St, hexrow AA, hex 15).

    Hexrows are the vertical columns, lettered west to east; hex numbers grow down each
    hexrow from the top edge.  On most boards hexrow A stands half a hex higher than B
    (A1 touches B0 and B1: the KGP hex grain A29-S38 runs straight south-east, and
    StHH47 touches StII48); an ``alternate`` board has B standing higher instead.
    Inside, even columns stand higher as everywhere else, so on a normal board the
    even hexrows (B, D...) are numbered one less for the same row: ``rows=1-10`` makes
    A1-A10 and B0-B9, each hexrow as long as the others.

    Several boards of the same size may make one map (``boards=St,Ch,Lg``: the three map
    groups of Kampfgruppe Peiper), side by side west to east in the order listed, each
    named by its prefix; a scenario plays on one of them as on an SCS sheet.  Boards set
    side by side need an even number of hexrows, so that each keeps its hex grain.
    """

    sheets: tuple[str, ...] = ("",)
    columns: int = 33
    first_row: int = 1
    last_row: int = 10
    alternate: bool = False

    name = "asl"

    def __post_init__(self) -> None:
        if len(self.sheets) > 1 and (self.columns % 2 or not all(self.sheets) or len(set(self.sheets)) < len(self.sheets)):
            raise ValueError("boards set side by side need an even number of hexrows and distinct names")

    @property
    def board(self) -> str:
        return self.sheets[0]

    @property
    def total_columns(self) -> int:
        return self.columns * len(self.sheets)

    def sheet_extents(self) -> dict[str, tuple[int, int, int, int]]:
        return {board: (i * self.columns + 1, self.first_row, (i + 1) * self.columns, self.last_row)
                for i, board in enumerate(self.sheets)}

    def _board_of(self, text: str) -> tuple[int, str]:
        """The board a hex id names (the longest prefix that fits) and the rest of the id."""
        if len(self.sheets) == 1:
            board = self.board
            if board and text[: len(board)].casefold() != board.casefold():
                raise HexIdError(f"'{text}' is not a hex of board {board}: write it like {board}A5")
            return 0, text[len(board):]
        for i, board in sorted(enumerate(self.sheets), key=lambda b: -len(b[1])):
            if text[: len(board)].casefold() == board.casefold():
                return i, text[len(board):]
        raise HexIdError(f"'{text}' names none of the boards {', '.join(self.sheets)}: write it like {self.board}A5")

    def _lower(self, column: int) -> int:
        """1 for the hexrows numbered one less than the inside row makes them (normal boards: B, D...)."""
        return 0 if self.alternate or column % 2 else 1

    def _printed(self, column: int, row: int) -> int:
        return self.first_row + self.last_row - row - self._lower(column)

    def parse(self, text: str) -> Hex:
        board, rest = self._board_of(text.strip())
        prefix = self.sheets[board]
        m = _ASL_HEX.match(rest)
        if not m:
            raise HexIdError(f"'{text}' is not a hex id of the form {prefix}A5 or {prefix}AA15")
        column = hexrow_column(m.group(1) + m.group(2))
        if not 1 <= column <= self.columns:
            raise HexIdError(f"'{text}': hexrow {m.group(1).upper() + m.group(2).upper()} is outside "
                             f"A-{hexrow_letters(self.columns)}")
        printed = int(m.group(3))
        lowest, highest = self._printed(column, self.last_row), self._printed(column, self.first_row)
        if not lowest <= printed <= highest:
            raise HexIdError(f"'{text}': hexrow {hexrow_letters(column)} runs {lowest}-{highest}")
        return offset_to_axial(board * self.columns + column,
                               self.first_row + self.last_row - printed - self._lower(column))

    def format(self, h: Hex) -> str:
        if not self.contains(h):
            raise HexIdError(f"{h} is off the map")
        board, column, printed = self.sheet_column_row(h)
        return f"{board}{hexrow_letters(column)}{printed}"

    def sheet_column_row(self, h: Hex) -> tuple[str, int, int]:
        column, row = axial_to_offset(h)
        board, column = divmod(column - 1, self.columns)
        return self.sheets[board], column + 1, self._printed(column + 1, row)

    def to_text(self) -> str:
        if len(self.sheets) > 1:
            board = f"boards={','.join(self.sheets)} "
        else:
            board = f"board={self.board} " if self.board else ""
        grain = " grain=alternate" if self.alternate else ""
        return f"asl {board}hexrows={self.columns} rows={self.first_row}-{self.last_row}{grain}"

    @staticmethod
    def from_text(text: str) -> AslBoard:
        fields = dict(p.split("=", 1) for p in text.split()[1:])
        first, last = fields.get("rows", "1-10").split("-")
        grain = fields.get("grain", "normal")
        if grain not in ("normal", "alternate"):
            raise ValueError(f"unknown hex grain '{grain}' (normal or alternate)")
        boards = tuple(fields["boards"].split(",")) if "boards" in fields else (fields.get("board", ""),)
        return AslBoard(sheets=boards, columns=int(fields.get("hexrows", "33")),
                        first_row=int(first), last_row=int(last), alternate=grain == "alternate")
