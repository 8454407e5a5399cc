"""Where a unit may be put on the map without moving there: set-up spreads ("w/i 1
B40.38", 7.4) and reinforcement placement (2.2).

A placed unit goes into a hex of the scenario's play area (7.x "Maps in Play") that holds
no enemy units, has room under the stacking limit of 3 units (3.1), and whose terrain
does not prohibit the unit's MA type unless a road runs through it (TEC; 1.3a).
"""

from __future__ import annotations

from typing import Iterable, Iterator, Mapping

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.numbering import axial_to_offset
from ardennes_qt.core.scenario import Scenario
from ardennes_qt.rules.ardennes2.tables import table, table_cache
from ardennes_qt.rules.ardennes2.terrain import hex_entry_cost

STACKING_LIMIT = 3  # 3.1 Maximum Stacking is 3 units


def in_play_area(content: Content, h: Hex) -> bool:
    """7.x Maps in Play: the scenario's sheets and printed limits."""
    return content.in_play_area(h)


def terrain_allows(content: Content, unit_id: str, h: Hex) -> bool:
    """TEC: a hex whose terrain is P for the unit's MA type only holds it on a road (1.3a)."""
    cost, _ = hex_entry_cost(content.map.terrain(h), content.counter(unit_id).ma_type)
    return cost is not None or bool(content.map.roads_of(h))


def stacks_with(content: Content, a: str, b: str) -> bool:
    """3.1 Divisional Integrity: units of one Division stack freely; Independents with anyone."""
    fa, fb = content.formation_of(a), content.formation_of(b)
    return fa.code == fb.code or fa.independent or fb.independent


def can_place(
    content: Content, occupancy: Mapping[Hex, list[str]], unit_id: str, h: Hex, keep_divisions: bool = False
) -> bool:
    """May ``unit_id`` be put into ``h`` given who is where (``occupancy``: hex -> unit ids)?

    ``keep_divisions`` also refuses a hex holding another Division's units (3.1), for
    placements the rules make on the owner's behalf.
    """
    if not in_play_area(content, h) or not terrain_allows(content, unit_id, h):
        return False
    here = occupancy.get(h, ())
    if len(here) >= STACKING_LIMIT:
        return False
    side = content.counter(unit_id).side
    if any(content.counter(other).side != side for other in here):
        return False
    return not keep_divisions or all(stacks_with(content, unit_id, other) for other in here)


def rings(centres: Iterable[Hex], radius: int) -> Iterator[list[Hex]]:
    """The hexes at distance 0, 1, ... ``radius`` from the nearest centre, ring by ring
    (each ring in a fixed order)."""
    centres = tuple(centres)
    seen: set[Hex] = set()
    for distance in range(radius + 1):
        ring = sorted({h for c in centres for h in c.ring(distance)} - seen)
        seen.update(ring)
        yield ring


def nearest_first(centres: Iterable[Hex], radius: int) -> Iterator[Hex]:
    """The hexes within ``radius`` of any centre, nearest first (ties in a fixed order)."""
    for ring in rings(centres, radius):
        yield from ring


def first_with_room(content: Content, occupancy: Mapping[Hex, list[str]], unit_id: str, centres: list[Hex]) -> list[Hex]:
    """The printed hexes that can take the unit; failing those, the nearest ring of hexes
    that can (tables/reinforcements.toml [placement], provisional)."""
    here = [h for h in centres if can_place(content, occupancy, unit_id, h)]
    if here or not centres:
        return here
    for ring in rings(centres, content.map.numbering.total_columns):
        here = [h for h in ring if can_place(content, occupancy, unit_id, h)]
        if here:
            return here
    return []


_EDGE_HEXES: dict[tuple, tuple[Hex, ...]] = {}


def play_area_edge_nearest(scenario: Scenario, numbering, printed: Iterable[Hex]) -> tuple[Hex, ...]:
    """Where a unit printed to enter outside the play area enters (tables/options.toml
    outside_arrivals, 7.2 reading): for each printed hex, the play area's hex nearest it
    column for column and row for row (the least sum of the two differences) - beyond one side
    of the play area, that side's hex in the printed row or column.  In map order."""
    printed = tuple(printed)
    key = (id(numbering), scenario.maps, scenario.bounds, printed)
    found = _EDGE_HEXES.get(key)
    if found is None:
        inside = [(h, axial_to_offset(h)) for h in numbering.hexes() if scenario.hex_in_play(numbering, h)]
        out: set[Hex] = set()
        for p in printed:
            col, row = axial_to_offset(p)
            apart = {h: abs(c - col) + abs(r - row) for h, (c, r) in inside}
            least = min(apart.values(), default=None)
            out.update(h for h, d in apart.items() if d == least)
        found = _EDGE_HEXES[key] = tuple(sorted(out, key=numbering.index))
    return found


@table_cache
def reinforcement_table() -> dict:
    """tables/reinforcements.toml: placement rules, the vdH Success Table, 5.1's groups."""
    return table("reinforcements")
