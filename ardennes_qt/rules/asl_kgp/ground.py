"""The ground a line of sight crosses on a KGP map: each hex's level and terrain, each hexside's
slope and wall, and the Locations units stand in.

A hex's ``level`` is its base level (B10 hills; 0 to 8 at least on these maps, P item 2); a
stream hex is a depression whose crest is one level above its bed (P4.1). Slopes belong to a
hexside, with the hex the brown hash marks are drawn in (that hex is Down-Slope across it, the
other Up-Slope: P2.2).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ardennes_qt.core.hexgrid import Hex, Hexside
from ardennes_qt.core.numbering import AslBoard

# Terrain words as the chapter and the rulebook name them.
OPEN = "open"
WOODS = "woods"  # B13
PINE_WOODS = "pine woods"  # P1
BRUSH = "brush"
ORCHARD = "orchard"
BUILDING = "building"
TWO_STORY_HOUSE = "two-story house"  # P5.3
TERRAINS = (OPEN, WOODS, PINE_WOODS, BRUSH, ORCHARD, BUILDING, TWO_STORY_HOUSE)


@dataclass(frozen=True)
class HexGround:
    """One hex: its base level, its terrain, a building's upper levels and steeple, a stream, and
    hindering counters (an AFV or wreck)."""

    level: int = 0
    terrain: str = OPEN
    upper_levels: int = 0  # a building's levels above ground (a two-story house has 1)
    steeple: bool = False  # P5.2: a Location above the building's highest level
    stream: bool = False  # P4.1: a depression, its crest one level above its bed
    vehicles: int = 0  # AFVs or wrecks in the hex (Hindrances, P2.3 example)

    @property
    def crest_level(self) -> int:
        """The level a stream hex's vegetation rises from (P4.1); any other hex's own level."""
        return self.level + 1 if self.stream else self.level


@dataclass(frozen=True)
class SideGround:
    """One hexside: a slope (the hex whose side the hash marks are drawn on) and a wall or hedge."""

    slope_marks_in: Hex | None = None  # P2.2: that hex is Down-Slope across this side
    wall: str = ""  # "wall" or "hedge" (B9; P6 where the two sides' levels differ)


@dataclass(frozen=True)
class Location:
    """Where a unit stands: a hex, and in a building its level (0 ground), a steeple, or a stream
    hex's crest."""

    hex: Hex
    floor: int = 0
    steeple: bool = False
    crest: bool = False


@dataclass
class Ground:
    """A KGP map's ground for line of sight: hexes by their ids on one map group's board (``area``:
    its hexes, where the board is one of several set side by side; empty for the whole board)."""

    board: AslBoard
    hexes: dict[Hex, HexGround] = field(default_factory=dict)
    sides: dict[Hexside, SideGround] = field(default_factory=dict)
    area: frozenset[Hex] = frozenset()

    def targets(self):
        """Every hex a viewshed looks at: the map group's."""
        return sorted(self.area, key=self.board.index) if self.area else self.board.hexes()

    def at(self, h: Hex) -> HexGround:
        return self.hexes.get(h, HexGround())

    def side(self, a: Hex, b: Hex) -> SideGround:
        return self.sides.get(Hexside.between(a, b), SideGround())

    def hex_id(self, h: Hex) -> str:
        return self.board.format(h) if self.board.contains(h) else "beyond the map edge"

    def side_id(self, a: Hex, b: Hex) -> str:
        other = self.hex_id(b)
        board = self.board.sheet_column_row(b)[0] if self.board.contains(b) else ""
        return f"{self.hex_id(a)}-{other[len(board):]}"

    def location(self, text: str, floor: int = 0, steeple: bool = False, crest: bool = False) -> Location:
        return Location(self.board.parse(text), floor, steeple, crest)

    def set_hex(self, text: str, **values) -> None:
        self.hexes[self.board.parse(text)] = HexGround(**values)

    def set_slope(self, marks_in: str, across_from: str) -> None:
        """A slope hexside with its hash marks drawn in ``marks_in`` (Down-Slope there, P2.2)."""
        a, b = self.board.parse(marks_in), self.board.parse(across_from)
        side = Hexside.between(a, b)
        self.sides[side] = SideGround(a, self.sides.get(side, SideGround()).wall)

    def set_wall(self, a_text: str, b_text: str, kind: str = "wall") -> None:
        a, b = self.board.parse(a_text), self.board.parse(b_text)
        side = Hexside.between(a, b)
        self.sides[side] = SideGround(self.sides.get(side, SideGround()).slope_marks_in, kind)


def up_slope_across(ground: Ground, h: Hex, other: Hex) -> bool:
    """P2.2: a Location is Up-Slope across a slope hexside whose marks are in the adjacent hex."""
    marks = ground.side(h, other).slope_marks_in
    return marks is not None and marks == other
