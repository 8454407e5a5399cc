"""What every game's overlays share: a picture's hover words worded with the game's tables
(they are asked later, from another thread), and how a side's supply is drawn - the supplied
hexes tinted and outlined as one area, with the enemy-held hexes inside it (no friendly unit
could stand there anyway, so the tint has no holes), and the hexes of units cut off ringed.
"""

from __future__ import annotations

import weakref
from dataclasses import replace
from typing import AbstractSet, Callable, Iterable

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
    around = _neighbour_ids(content.map)
    return {e for e in enemy if all(n in hexes or n in enemy for n in around(e))}


_AROUND: dict[int, tuple[weakref.ref, dict[str, tuple[str, ...]]]] = {}


def _neighbour_ids(game_map) -> Callable[[str], tuple[str, ...]]:
    """The printed ids of a hex's neighbours on the map, by its printed id: worked out once
    per hex and map (kept while the map lives)."""
    entry = _AROUND.get(id(game_map))
    if entry is None or entry[0]() is not game_map:
        key = id(game_map)
        entry = _AROUND[key] = (weakref.ref(game_map, lambda _ref, key=key: _AROUND.pop(key, None)), {})
    known = entry[1]
    parse, hex_id, contains = game_map.parse, game_map.hex_id, game_map.contains

    def around(e: str) -> tuple[str, ...]:
        found = known.get(e)
        if found is None:
            found = known[e] = tuple(hex_id(n) for n in parse(e).neighbours() if contains(n))
        return found

    return around
