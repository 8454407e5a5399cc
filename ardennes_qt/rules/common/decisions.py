"""A Decision: a choice the game waits for before play goes on - who makes it, what it is
about, the rule that asks it - kept in a game's part of the state and saved with it.

Its data may hold hexes: they travel as {"hex": "<printed id>"} so they can be read back.
Mappings are written by key and sets sorted, so equal data always write the same text (the
state's hash is taken over it).  What a kind of Decision means is each game's own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

from ardennes_qt.core.hexgrid import Hex


@dataclass(frozen=True)
class Decision:
    """A choice the game waits for before play goes on: who makes it, what it is about."""

    kind: str  # the game's word for it: "hold_or_retreat", "combat_loss", ...
    side: str
    data: Mapping[str, Any] = field(default_factory=dict)
    rule: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.data, MappingProxyType):
            object.__setattr__(self, "data", MappingProxyType(dict(self.data)))

    def to_json(self, hex_id) -> dict[str, Any]:
        return {"kind": self.kind, "side": self.side, "data": _plain(self.data, hex_id), "rule": self.rule}

    @staticmethod
    def from_json(data: Mapping[str, Any], parse_hex) -> Decision:
        return Decision(data["kind"], data["side"], _unplain(data["data"], parse_hex), data.get("rule", ""))


def _plain(value, hex_id):
    if isinstance(value, Hex):
        return {"hex": hex_id(value)}
    if isinstance(value, Mapping):
        return {str(k): _plain(v, hex_id) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, (list, tuple, frozenset, set)):
        items = sorted(value, key=str) if isinstance(value, (set, frozenset)) else value
        return [_plain(v, hex_id) for v in items]
    return value


def _unplain(value, parse_hex):
    if isinstance(value, dict):
        if set(value) == {"hex"}:
            return parse_hex(value["hex"])
        return {k: _unplain(v, parse_hex) for k, v in value.items()}
    if isinstance(value, list):
        return tuple(_unplain(v, parse_hex) for v in value)
    return value
