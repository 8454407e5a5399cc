"""Where hexes lie on the plane: centres, corners, hexside segments, point to hex.

Map units: ``size`` is the distance from a hex centre to a corner; x grows east and
y grows south (screen convention, north at the top).  Hexes are flat-topped.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ardennes_qt.core.hexgrid import Direction, Hex, Hexside, hex_round

SQRT3 = math.sqrt(3.0)

# Corner k sits at 60*k degrees (y down, so 60 degrees is south of east).
# The side facing each direction joins these two corners.
_SIDE_CORNERS: dict[Direction, tuple[int, int]] = {
    Direction.N: (4, 5),
    Direction.NE: (5, 0),
    Direction.SE: (0, 1),
    Direction.S: (1, 2),
    Direction.SW: (2, 3),
    Direction.NW: (3, 4),
}


# Corner k of a unit hex, at 60*k degrees: worked out once, as the grid is drawn corner by corner.
_CORNERS = tuple((math.cos(math.radians(60 * k)), math.sin(math.radians(60 * k))) for k in range(6))


@dataclass(frozen=True)
class HexLayout:
    """Flat-topped hexes of one ``size`` (centre to corner) on the plane: where a hex, its corners
    and hexsides lie, and which hex holds a point."""

    size: float = 1.0

    @property
    def width(self) -> float:
        """Corner to corner, west to east."""
        return 2.0 * self.size

    @property
    def height(self) -> float:
        """Flat side to flat side, north to south."""
        return SQRT3 * self.size

    def centre(self, h: Hex) -> tuple[float, float]:
        return 1.5 * self.size * h.q, SQRT3 * self.size * (h.r + h.q / 2.0)

    def corner(self, h: Hex, k: int) -> tuple[float, float]:
        cx, cy = self.centre(h)
        dx, dy = _CORNERS[k % 6]
        return cx + self.size * dx, cy + self.size * dy

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        cx, cy = self.centre(h)
        size = self.size
        return [(cx + size * dx, cy + size * dy) for dx, dy in _CORNERS]

    def side_segment(self, side: Hexside) -> tuple[tuple[float, float], tuple[float, float]]:
        a, b = _SIDE_CORNERS[side.direction]
        return self.corner(side.hex, a), self.corner(side.hex, b)

    def side_midpoint(self, side: Hexside) -> tuple[float, float]:
        (x1, y1), (x2, y2) = self.side_segment(side)
        return (x1 + x2) / 2.0, (y1 + y2) / 2.0

    def hex_at(self, x: float, y: float) -> Hex:
        q = (2.0 / 3.0) * x / self.size
        r = (-1.0 / 3.0 * x + SQRT3 / 3.0 * y) / self.size
        return hex_round(q, r)

    def polygon(self, h: Hex):
        from shapely.geometry import Polygon

        return Polygon(self.corners(h))
