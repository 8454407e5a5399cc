"""Calibrating a scan from two or three clicked hex centres.

Three points fix any affine transform (a scanner that stretches one way more than the
other).  Two are enough for a scan that is only scaled, turned and moved, as a board laid
flat on a scanner is: two far corners such as StA1 and StTT56.  The backdrop always keeps
three points, so from two the third is worked out: the map hex farthest from the line
through the two, placed on the scan where that same turn, scale and shift put it.
"""

from __future__ import annotations

import math
from typing import Callable

from ardennes_qt.core.mapdata import MapData
from ardennes_qt.store.editormodel import CalibrationError

Point = tuple[float, float]


def calibration_points(clicks: list[Point | None], hex_texts: list[str], m: MapData,
                       centre_of: Callable[[str], Point]) -> tuple[tuple[float, float, str], ...]:
    """Three (pixel x, pixel y, hex id) from the rows that have both a click and a hex id:
    two or three of them.  ValueError names a hex id the map does not have; CalibrationError
    says why the points fix nothing."""
    rows = [(p, m.hex_id(m.parse(t))) for p, t in zip(clicks, hex_texts) if p is not None and t.strip()]
    if len(rows) < 2:
        raise CalibrationError("click two or three hex centres on the scan and type the id of each")
    points = tuple((px, py, hex_id) for (px, py), hex_id in rows)
    if len(points) == 3:
        return points
    (p1, h1), (p2, h2) = rows
    if h1 == h2:
        raise CalibrationError(f"{h1} is given twice: click two different hexes")
    return points + (_third_point(p1, p2, centre_of(h1), centre_of(h2), m, centre_of),)


def _third_point(p1: Point, p2: Point, m1: Point, m2: Point, m: MapData, centre_of) -> tuple[float, float, str]:
    """The map hex farthest from the line m1-m2, and its pixel under the similarity taking m1, m2 to p1, p2."""
    z1, z2 = complex(*m1), complex(*m2)
    scale = (complex(*p2) - complex(*p1)) / (z2 - z1)
    along = (z2 - z1) / abs(z2 - z1)

    def off_line(hex_id: str) -> float:
        return abs(((complex(*centre_of(hex_id)) - z1) / along).imag)

    third = max((m.hex_id(h) for h in m.all_hexes()), key=off_line)
    if math.isclose(off_line(third), 0.0, abs_tol=1e-9):
        raise CalibrationError("the map is one row of hexes: click three hexes")
    pixel = complex(*p1) + scale * (complex(*centre_of(third)) - z1)
    return pixel.real, pixel.imag, third
