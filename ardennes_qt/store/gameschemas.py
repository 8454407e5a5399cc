"""Each game's schema as the store needs it: its sides (what the content checks accept) and
its own counter columns and scenario sections (what the text readers read).

The store sits below the rules, so it cannot look a game up itself: the engine, which finds
games through their entry points, tells it how (``finds_schemas_with``), as it tells the
saved-game migrations how to find a game's kept rules.  Until it does, or for a game it does
not know, a game has the sides every SCS game has (``core.units.SIDES``) and no columns of
its own.
"""

from __future__ import annotations

from typing import Callable

from ardennes_qt.core.system import SystemSchema
from ardennes_qt.core.units import SIDES

_schema_of: Callable[[str], SystemSchema | None] | None = None


def finds_schemas_with(finder: Callable[[str], SystemSchema | None]) -> None:
    """Set how the store finds a game's schema by the game's id (None for an unknown game)."""
    global _schema_of
    _schema_of = finder


def schema_of(system: str) -> SystemSchema | None:
    return _schema_of(system) if _schema_of is not None and system else None


def sides_of(system: str) -> tuple[str, ...]:
    """The sides of a game, as its schema names them ("U.S.", "German"); the SCS sides for a
    game the store does not know."""
    schema = schema_of(system)
    return tuple(schema.sides) if schema is not None else SIDES
