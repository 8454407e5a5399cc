"""Markers a player keeps on the map, as plain values the table draws: barrage markers,
bridge markers, Air Supply, control of VP hexes.  The rule system says which there are
and what each one does; the table only shows them."""

from __future__ import annotations

from dataclasses import dataclass

# The kinds of marker, each drawn in its own way.
BARRAGE_FULL = "barrage_full"
BARRAGE_HALF = "barrage_half"
BRIDGE_BLOWN = "bridge_blown"
BRIDGE_TESTED = "bridge_tested"
AIR_SUPPLY = "air_supply"
CONTROL = "control"


@dataclass(frozen=True)
class MapMarker:
    """One marker on the map: its kind, its hex (or hexside), its owner, what is printed on it and
    what it does."""

    kind: str
    hex: str  # where it sits
    owner: str = ""  # the side it belongs to ("" for none)
    label: str = ""  # what is printed on it: "Full", "Blown", a VP value
    detail: str = ""  # what it does, with its rule: the tooltip
    across: str = ""  # a marker on a hexside (a bridge): the hex on the other side
