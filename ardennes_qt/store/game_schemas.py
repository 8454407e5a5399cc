"""How the store learns a game's schema (its own counter columns and scenario sections) by the
game's id, without importing any game or the engine: the engine's registry of rule systems sets
the finder (``reads_schemas_with``), as it sets ``migrations.keeps_rules_with``.  Without one, or
for a game no installed system plays, the text is read with the shared columns."""

from __future__ import annotations

from typing import Callable

from ardennes_qt.core.system import SystemSchema

_schema_of: Callable[[str], SystemSchema | None] | None = None


def reads_schemas_with(finder: Callable[[str], SystemSchema | None]) -> None:
    """Set how the store finds a game's schema by its id."""
    global _schema_of
    _schema_of = finder


def schema_of(system: str) -> SystemSchema | None:
    """The schema of the game ``system``, or None where none is known."""
    return _schema_of(system) if _schema_of is not None else None
