"""The rule systems the program knows, found through the ``ardennes_qt.systems`` entry-point
group: each entry names a rule system object (``core.system.RuleSystem``) by its game id.

The games that ship with the program register the same way (``pyproject.toml``), so
another installed package adds a game by declaring one entry point; nothing here names
a game.  A system is loaded the first time a game of it is opened.
"""

from __future__ import annotations

from importlib.metadata import EntryPoint, entry_points

from ardennes_qt.core.actions import loads_systems_with
from ardennes_qt.core.system import RuleSystem
from ardennes_qt.store.gameschemas import finds_schemas_with, sides_of
from ardennes_qt.store.migrations import keeps_rules_with

GROUP = "ardennes_qt.systems"
__all__ = ["known_systems", "register_system", "sides_of", "system_for"]

_LOADED: dict[str, RuleSystem] = {}


def _entry_points() -> dict[str, EntryPoint]:
    return {ep.name: ep for ep in entry_points(group=GROUP)}


def known_systems() -> list[str]:
    """The game ids of every rule system installed."""
    return sorted(set(_entry_points()) | set(_LOADED))


def register_system(system: RuleSystem) -> None:
    """Make a rule system available under its ``name`` without an entry point (a test's)."""
    _LOADED[system.name] = system


def system_for(name: str) -> RuleSystem:
    """The rule system of a game id; KeyError with the known ones when there is none."""
    found = _LOADED.get(name)
    if found is None:
        entry = _entry_points().get(name)
        if entry is None:
            raise KeyError(f"no rule system '{name}' (known: {', '.join(known_systems()) or 'none'})")
        found = entry.load()
        if isinstance(found, type):
            found = found()
        _LOADED[name] = found
    return found


def _load_quietly(name: str) -> None:
    """Load a system for its action kinds; an unknown one has none (the log says so)."""
    try:
        system_for(name)
    except KeyError:
        pass


loads_systems_with(_load_quietly)


def _kept_rules_of(name: str):
    """A rule system's ``kept_rules`` (the rules older saves keep), or None: an unknown system keeps none."""
    try:
        return getattr(system_for(name), "kept_rules", None)
    except KeyError:
        return None


keeps_rules_with(_kept_rules_of)


def _schema_of(name: str):
    """A rule system's schema, or None: the store checks an unknown system's content as an SCS game's."""
    try:
        return system_for(name).schema()
    except KeyError:
        return None


finds_schemas_with(_schema_of)
