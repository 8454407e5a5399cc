"""Actions: serializable records of what a player does.  The engine applies them to a
state through a rule system; the action log plus the seed replays a game exactly.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from importlib import import_module
from typing import Any, Callable, ClassVar


@dataclass(frozen=True)
class Action:
    """What a player does, as a record for the action log: each kind of action is a subclass with
    its own ``kind`` and fields."""

    kind: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        for key, value in data.items():
            if isinstance(value, tuple):
                data[key] = list(value)
        return {"kind": self.kind, **data}

    def describe(self) -> str:
        return self.kind


@dataclass(frozen=True)
class MoveUnits(Action):
    """Move one counter or a whole stack to a hex, along ``path`` when given.

    A ``free`` move is the physical table without rules assistance: the rules record it
    but do not check it (it is part of the log, so a game replays the same).
    """

    kind: ClassVar[str] = "move"
    units: tuple[str, ...]
    to: str
    path: tuple[str, ...] = ()
    free: bool = False

    def describe(self) -> str:
        return f"move {', '.join(self.units)} to {self.to}"


@dataclass(frozen=True)
class SendToDeadPile(Action):
    """Take counters off the map onto the dead pile (1.2: units are never rebuilt)."""

    kind: ClassVar[str] = "dead"
    units: tuple[str, ...]

    def describe(self) -> str:
        return f"send {', '.join(self.units)} to the dead pile"


# Action kinds by namespace: "" holds the table's own (move, dead), available to every game;
# each rule system registers its kinds under its own name, so two games may each have an
# "attack" of their own.
_REGISTRY: dict[str, dict[str, type[Action]]] = {"": {}}
# Modules that define a system's kinds, imported when one of its kinds is first looked for:
# a new game opens without them, a saved one reads its log with them.
_DEFINED_IN: dict[str, list[str]] = {}
# How a system not loaded yet is loaded (set by the engine's registry of systems).
_load_system: Callable[[str], object] | None = None


def register(action_type: type[Action], system: str = "") -> type[Action]:
    kinds = _REGISTRY.setdefault(system, {})
    if action_type.kind in kinds and kinds[action_type.kind] is not action_type:
        raise ValueError(f"two action types claim the kind '{action_type.kind}'")
    kinds[action_type.kind] = action_type
    return action_type


register(MoveUnits)
register(SendToDeadPile)


def kinds_defined_in(module: str, system: str) -> None:
    """Look for ``system``'s action kinds in ``module`` (imported when a kind not known yet is read)."""
    modules = _DEFINED_IN.setdefault(system, [])
    if module not in modules:
        modules.append(module)


def loads_systems_with(loader: Callable[[str], object]) -> None:
    """How to load a rule system by name when its action kinds are first asked for."""
    global _load_system
    _load_system = loader


def _action_type(kind, system: str) -> type[Action] | None:
    if system and system not in _DEFINED_IN and system not in _REGISTRY and _load_system is not None:
        _load_system(system)
    kinds = _REGISTRY.setdefault(system, {})
    modules = _DEFINED_IN.get(system, [])
    while kind not in kinds and modules:
        import_module(modules.pop(0))
    return kinds.get(kind) or _REGISTRY[""].get(kind)


def action_from_dict(data: dict[str, Any], system: str = "") -> Action:
    """The action a ``to_dict`` record describes, of ``system``'s kinds or the table's own."""
    kind = data.get("kind")
    action_type = _action_type(kind, system)
    if action_type is None:
        raise ValueError(f"unknown action kind '{kind}'")
    values = {}
    for f in fields(action_type):
        if f.name in data:
            value = data[f.name]
            values[f.name] = tuple(value) if isinstance(value, list) else value
    try:
        return action_type(**values)
    except TypeError as exc:
        raise ValueError(f"malformed '{kind}' action: {exc}") from None
