"""Actions: serializable records of what a player does.  The engine applies them to a
state through a rule system; the action log plus the seed replays a game exactly.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from importlib import import_module
from typing import Any, ClassVar


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


_REGISTRY: dict[str, type[Action]] = {}
# Modules that define more kinds (a rule system's actions), imported when a kind is first
# looked for: a new game opens without them, a saved one reads its log with them.
_DEFINED_IN: list[str] = []


def register(action_type: type[Action]) -> type[Action]:
    if action_type.kind in _REGISTRY and _REGISTRY[action_type.kind] is not action_type:
        raise ValueError(f"two action types claim the kind '{action_type.kind}'")
    _REGISTRY[action_type.kind] = action_type
    return action_type


register(MoveUnits)
register(SendToDeadPile)


def kinds_defined_in(module: str) -> None:
    """Look for action kinds in ``module`` (imported when a kind not known yet is read)."""
    if module not in _DEFINED_IN:
        _DEFINED_IN.append(module)


def _action_type(kind) -> type[Action] | None:
    while kind not in _REGISTRY and _DEFINED_IN:
        import_module(_DEFINED_IN.pop(0))
    return _REGISTRY.get(kind)


def action_from_dict(data: dict[str, Any]) -> Action:
    kind = data.get("kind")
    action_type = _action_type(kind)
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
