"""What every game's overlays share: a picture's hover words worded with the game's tables
(they are asked later, from another thread), and how a side's supply is drawn - the supplied
hexes tinted and outlined as one area, with the enemy-held hexes inside it (no friendly unit
could stand there anyway, so the tint has no holes), and the hexes of units cut off ringed.
"""

from __future__ import annotations

from dataclasses import replace
from typing import AbstractSet, Iterable

from ardennes_qt.core.content import Content
from ardennes_qt.core.planning import Area, Line, OverlayPicture, Rings
from ardennes_qt.core.tableset import TableSet


def worded_with(tables: TableSet, picture: OverlayPicture) -> OverlayPicture:
    """The picture with its hover words asked with ``tables`` in use, whatever thread asks."""
    describe = picture.describe
    if describe is None:
        return picture

    def described(hex_id: str) -> str:
        with tables.in_use():
            return describe(hex_id)

    return replace(picture, describe=described)


def supply_shapes(content: Content, side: str, supplied: Iterable[str], enemy_held: AbstractSet[str],
                  cut_off: tuple[str, ...]) -> tuple[Area, Rings]:
    """The area ``side`` supplies and the rings of its units cut off, by printed hex id."""
    area = set(supplied) | _enclosed(content, set(supplied), enemy_held)
    return (
        Area(frozenset(area), f"side:{side}", 38, Line(0.07, 1.6)),
        Rings(cut_off, "warning", 0.86, Line(0.11, 2.2, (1.4, 0.8), casing=True)),
    )


def _enclosed(content: Content, hexes: set[str], enemy: AbstractSet[str]) -> set[str]:
    """Enemy-held hexes inside an area: every neighbour on the map in it or enemy-held."""
    parse, hex_id, contains = content.map.parse, content.map.hex_id, content.map.contains
    out = set()
    for e in enemy:
        around = [hex_id(n) for n in parse(e).neighbours() if contains(n)]
        if all(n in hexes or n in enemy for n in around):
            out.add(e)
    return out
