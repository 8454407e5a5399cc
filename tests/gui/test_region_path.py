"""A region of hexes drawn as its edge (``overlay_paint.region_path``): the same rings,
piece by piece and hole by hole, as chaining every hex's outer sides corner to corner."""

from __future__ import annotations

import random
from types import SimpleNamespace

from PySide6.QtCore import QPointF

from ardennes_qt.core.geometry import HexLayout
from ardennes_qt.core.hexgrid import Direction, Hex
from ardennes_qt.ui.overlay_paint import region_path

SIZE = 37.5


def outer_sides(layout: HexLayout, hexes: set[Hex]) -> set[tuple[tuple[float, float], tuple[float, float]]]:
    """Every side between a hex of the region and one outside, as its two corners (rounded)."""
    sides = set()
    for h in hexes:
        for direction in Direction:
            if h.neighbour(direction) not in hexes:
                a, b = layout.side_segment(_side(h, direction))
                sides.add(frozenset({_key(a), _key(b)}))
    return sides


def _side(h: Hex, direction: Direction):
    from ardennes_qt.core.hexgrid import Hexside

    return Hexside.of(h, direction)


def _key(point) -> tuple[float, float]:
    x, y = point if isinstance(point, tuple) else (point.x(), point.y())
    return round(x, 6), round(y, 6)


def rings(path) -> list[list[tuple[float, float]]]:
    """The closed rings of a path, as lists of corners (the closing point dropped)."""
    out = []
    for polygon in path.toSubpathPolygons():
        points = [_key(p) for p in polygon]
        assert points[0] == points[-1]
        out.append(points[:-1])
    return out


def path_sides(path) -> set:
    sides = set()
    for ring in rings(path):
        for a, b in zip(ring, ring[1:] + ring[:1]):
            sides.add(frozenset({a, b}))
    return sides


def inside(layout: HexLayout, h: Hex) -> QPointF:
    """A point well inside the hex, off the rows of corners (a ray from the centre would
    graze them)."""
    x, y = layout.centre(h)
    return QPointF(x + SIZE * 0.1, y + SIZE * 0.2)


def blob(seed: int, count: int) -> set[Hex]:
    """A random region grown from a hex, with holes punched in it."""
    rng = random.Random(seed)
    hexes = {Hex(10, 10)}
    while len(hexes) < count:
        h = rng.choice(sorted(hexes))
        hexes.add(h.neighbour(rng.choice(list(Direction))))
    for h in rng.sample(sorted(hexes), count // 10):
        hexes.discard(h)
    return hexes


def test_a_single_hex_is_one_ring_of_its_six_corners():
    layout = HexLayout(SIZE)
    h = Hex(3, -2)
    (ring,) = rings(region_path(SimpleNamespace(layout=layout), {h}))
    assert sorted(ring) == sorted(_key(c) for c in layout.corners(h))
    # Round the hex the same way as its corners (clockwise, y down).
    start = ring.index(_key(layout.corners(h)[0]))
    assert ring[start:] + ring[:start] == [_key(c) for c in layout.corners(h)]


def test_a_region_with_pieces_and_holes_is_outlined_by_its_outer_sides_each_once():
    layout = HexLayout(SIZE)
    terrain = SimpleNamespace(layout=layout)
    for seed in range(8):
        hexes = blob(seed, 300) | blob(seed + 100, 40)
        path = region_path(terrain, hexes)
        expected = outer_sides(layout, hexes)
        assert path_sides(path) == expected
        assert sum(len(ring) for ring in rings(path)) == len(expected)  # no side twice
        # Filled with the odd-even rule it covers the region's hexes and nothing else.
        for h in hexes:
            assert path.contains(inside(layout, h))
        for h in {n for h in hexes for n in h.neighbours()} - hexes:
            assert not path.contains(inside(layout, h))


def test_an_empty_region_is_an_empty_path():
    assert region_path(SimpleNamespace(layout=HexLayout(SIZE)), set()).isEmpty()
