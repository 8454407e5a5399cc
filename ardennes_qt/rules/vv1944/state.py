"""The Ardennes 1944 part of the game state (``GameState.rules``): who has the initiative and
whose sequence it is, the activation under way and each of its units' AP, what the turn has
seen (passes, sequences of a side left alone), support pools and HQ boxes, air missions, and
the counters of two-hex divisions still to be set up.

A unit's statuses (Activated, Fatigued, In IP, Out of Command...) are its own
(``UnitState.statuses``), by the schema's ids.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Mapping

from ardennes_qt.core.state import GameState


def _frozen(value: Mapping) -> Mapping:
    return value if isinstance(value, MappingProxyType) else MappingProxyType(dict(value))


@dataclass(frozen=True)
class Activation:
    """The activation sequence under way (3): its kind ("formation" or "general"), the
    formation, the units activated and the AP each has left, the MP left from a reinforcement's
    entry (16.1), units that have acted, and units that entered an enemy ZoC (4.2: must attack)."""

    kind: str
    formation: str = ""
    units: tuple[str, ...] = ()
    ap: Mapping[str, int] = field(default_factory=dict)
    mp_left: Mapping[str, int] = field(default_factory=dict)  # half MPs
    acted: frozenset[str] = frozenset()
    must_attack: frozenset[str] = frozenset()
    entered: Mapping[str, int] = field(default_factory=dict)  # entry hex id -> units entered (16.1)

    def __post_init__(self) -> None:
        for name in ("ap", "mp_left", "entered"):
            object.__setattr__(self, name, _frozen(getattr(self, name)))

    def to_json(self) -> dict:
        return {"kind": self.kind, "formation": self.formation, "units": list(self.units),
                "ap": dict(sorted(self.ap.items())), "mp_left": dict(sorted(self.mp_left.items())),
                "acted": sorted(self.acted), "must_attack": sorted(self.must_attack),
                "entered": dict(sorted(self.entered.items()))}

    @staticmethod
    def from_json(d: Mapping[str, Any]) -> Activation:
        return Activation(d["kind"], d.get("formation", ""), tuple(d.get("units", ())),
                          {k: int(v) for k, v in d.get("ap", {}).items()},
                          {k: int(v) for k, v in d.get("mp_left", {}).items()},
                          frozenset(d.get("acted", ())), frozenset(d.get("must_attack", ())),
                          {k: int(v) for k, v in d.get("entered", {}).items()})


@dataclass(frozen=True)
class VvData:
    initiative: str = ""  # 2.1 phase 4
    acting: str = ""  # whose activation sequence it is
    activation: Activation | None = None
    passes: int = 0  # passes in succession (2.2)
    alone: int = 0  # sequences of a side whose enemy has activated everything (2.2)
    opening: tuple[str, ...] = ()  # 17.1 Turn 1: the armies whose formation the German has activated
    activations: Mapping[str, int] = field(default_factory=dict)  # unit -> activations this turn
    pinned: frozenset[str] = frozenset()  # 17.1 Turn 1: US units that began adjacent to a German unit
    pools: Mapping[str, Mapping[str, int]] = field(default_factory=dict)  # army -> marker kind -> count (1.6)
    hq_support: Mapping[str, Mapping[str, int]] = field(default_factory=dict)  # HQ -> its box (1.6)
    air: Mapping[str, int] = field(default_factory=dict)  # side -> air missions this turn (14)
    to_place: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # 2-hex division units -> its hexes
    winner: str = ""
    result: str = ""  # how the game was won, in words

    def __post_init__(self) -> None:
        for name in ("activations", "air", "to_place"):
            object.__setattr__(self, name, _frozen(getattr(self, name)))
        for name in ("pools", "hq_support"):
            object.__setattr__(self, name, _frozen({k: _frozen(v) for k, v in getattr(self, name).items()}))

    def to_json(self, hex_id=None) -> dict:
        return {
            "initiative": self.initiative, "acting": self.acting,
            "activation": self.activation.to_json() if self.activation else None,
            "passes": self.passes, "alone": self.alone, "opening": list(self.opening),
            "activations": dict(sorted(self.activations.items())), "pinned": sorted(self.pinned),
            "pools": {a: dict(sorted(p.items())) for a, p in sorted(self.pools.items())},
            "hq_support": {h: dict(sorted(p.items())) for h, p in sorted(self.hq_support.items())},
            "air": dict(sorted(self.air.items())),
            "to_place": {u: list(h) for u, h in sorted(self.to_place.items())},
            "winner": self.winner, "result": self.result,
        }

    @staticmethod
    def from_json(d: Mapping[str, Any], parse_hex=None) -> VvData:
        return VvData(
            initiative=d.get("initiative", ""), acting=d.get("acting", ""),
            activation=Activation.from_json(d["activation"]) if d.get("activation") else None,
            passes=int(d.get("passes", 0)), alone=int(d.get("alone", 0)), opening=tuple(d.get("opening", ())),
            activations={k: int(v) for k, v in d.get("activations", {}).items()},
            pinned=frozenset(d.get("pinned", ())),
            pools={a: {k: int(v) for k, v in p.items()} for a, p in d.get("pools", {}).items()},
            hq_support={h: {k: int(v) for k, v in p.items()} for h, p in d.get("hq_support", {}).items()},
            air={k: int(v) for k, v in d.get("air", {}).items()},
            to_place={u: tuple(h) for u, h in d.get("to_place", {}).items()},
            winner=d.get("winner", ""), result=d.get("result", ""),
        )


def data(state: GameState) -> VvData:
    return state.rules if isinstance(state.rules, VvData) else VvData()


def with_data(state: GameState, **changes) -> GameState:
    return replace(state, rules=replace(data(state), **changes))
