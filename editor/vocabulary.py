"""The map vocabulary a module's game declares (its rule system's schema): the hex terrain,
hexside features and road kinds the editor's tools offer, whether its maps have hills (the
level, building and slope tools); and its counter columns.  A module of a game no installed
system plays gets every name and tool the map model knows."""

from __future__ import annotations

from dataclasses import dataclass

from ardennes_qt.core.mapdata import HEX_TERRAIN, HEXSIDE_FEATURES, ROAD_KINDS
from ardennes_qt.core.units import UnitColumns
from ardennes_qt.engine.systems import system_for


@dataclass(frozen=True)
class MapVocabulary:
    hex_terrain: tuple[str, ...]
    hexside_features: tuple[str, ...]
    road_kinds: tuple[str, ...]
    levels: bool = False  # hills: hex levels, building levels, slopes (the level tools are offered)


def unit_columns(system: str) -> UnitColumns | None:
    """The counter and formation columns a module's game declares; None for the SCS counter
    (or a game no installed system plays)."""
    try:
        return system_for(system).schema().unit_columns
    except KeyError:
        return None


def map_vocabulary(system: str) -> MapVocabulary:
    try:
        schema = system_for(system).schema()
    except KeyError:
        return MapVocabulary(HEX_TERRAIN, HEXSIDE_FEATURES, ROAD_KINDS, levels=True)
    return MapVocabulary(
        tuple(w.id for w in schema.hex_terrain),
        tuple(w.id for w in schema.hexside_features),
        tuple(w.id for w in schema.road_kinds),
        schema.map_levels,
    )
