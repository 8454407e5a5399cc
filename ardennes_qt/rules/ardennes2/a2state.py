"""The Ardennes II part of the game state (``GameState.rules``): weather, air, bridges,
what units did this phase, a decision the game waits for, victory points by turn.

Barrage markers live in ``GameState.markers`` as ``"<owner>:full"`` / ``"<owner>:half"``
(they belong to the hex, 3.5); VP hex control in ``GameState.control`` (6.0).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Mapping

from ardennes_qt.core.hexgrid import Hex


def _frozen_map(value: Mapping) -> Mapping:
    return value if isinstance(value, MappingProxyType) else MappingProxyType(dict(value))


@dataclass(frozen=True)
class PhaseRecord:
    """What units did in the current phase; cleared when a phase begins."""

    spent: Mapping[str, int] = field(default_factory=dict)  # half MPs expended (3.4: not prorated)
    moved: frozenset[str] = frozenset()  # expended MPs on the map (3.5: cannot barrage)
    fired: frozenset[str] = frozenset()  # barraged (3.6: cannot move)
    spotters: frozenset[str] = frozenset()  # used as spotters (3.5: cannot move afterwards)
    overran: frozenset[str] = frozenset()  # overran this phase (3.3: not again)
    started_adjacent: frozenset[str] = frozenset()  # began adjacent to an enemy (1.2: no Exploit/Overrun)
    in_enemy_barrage: frozenset[str] = frozenset()  # started in or entered an enemy Full hex (3.5)
    stopped: frozenset[str] = frozenset()  # must move no further this phase (3.8 bridge blowing)
    attacked: frozenset[str] = frozenset()  # attackers used this Combat Phase
    defended: frozenset[Hex] = frozenset()  # defender hexes already attacked this phase
    strikes_without_spotter: frozenset[Hex] = frozenset()  # 3.5: one such Air Strike per hex

    def __post_init__(self) -> None:
        object.__setattr__(self, "spent", _frozen_map(self.spent))


@dataclass(frozen=True)
class Decision:
    """A choice the game waits for before play goes on: who makes it, what it is about."""

    kind: str  # e.g. "hold_or_retreat", "loss", "retreat", "advance", "bug_out", "artillery_air_supply"
    side: str
    data: Mapping[str, Any] = field(default_factory=dict)
    rule: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "data", _frozen_map(self.data))


@dataclass(frozen=True)
class Ardennes2Data:
    """The Ardennes II part of the game state: weather and air (2.2), bridges (3.8), this phase's
    record, the Decisions waited for, German VP by turn (6.0), exits and arrivals."""

    weather: str = "clear"  # "clear" or "freeze" (2.2)
    air_strikes: int = 0  # US Air Strikes left this turn (2.2)
    air_supply: tuple[Hex, ...] = ()  # Air Supply markers on the map (2.2, 3.7)
    bridges: Mapping[str, str] = field(default_factory=dict)  # plunger or bridge id -> "blown" / "tested" (3.8)
    record: PhaseRecord = PhaseRecord()
    pending: tuple[Decision, ...] = ()
    vp_by_turn: Mapping[int, int] = field(default_factory=dict)  # German-controlled VPs at each turn end (6.0)
    exited: Mapping[str, int] = field(default_factory=dict)  # formation -> units exited (7.2, 7.3, 7.5)
    arrived: frozenset[int] = frozenset()  # OOA entries already processed, by index

    def __post_init__(self) -> None:
        for name in ("bridges", "vp_by_turn", "exited"):
            object.__setattr__(self, name, _frozen_map(getattr(self, name)))

    def with_record(self, **changes) -> Ardennes2Data:
        return replace(self, record=replace(self.record, **changes))

    # --- serialization ----------------------------------------------------------------

    def to_json(self, hex_id) -> dict[str, Any]:
        r = self.record
        return {
            "weather": self.weather,
            "air_strikes": self.air_strikes,
            "air_supply": [hex_id(h) for h in self.air_supply],
            "bridges": dict(sorted(self.bridges.items())),
            "record": {
                "spent": dict(sorted(r.spent.items())),
                "moved": sorted(r.moved),
                "fired": sorted(r.fired),
                "spotters": sorted(r.spotters),
                "overran": sorted(r.overran),
                "started_adjacent": sorted(r.started_adjacent),
                "in_enemy_barrage": sorted(r.in_enemy_barrage),
                "stopped": sorted(r.stopped),
                "attacked": sorted(r.attacked),
                "defended": sorted(hex_id(h) for h in r.defended),
                "strikes_without_spotter": sorted(hex_id(h) for h in r.strikes_without_spotter),
            },
            "pending": [
                {"kind": d.kind, "side": d.side, "data": _plain(d.data, hex_id), "rule": d.rule} for d in self.pending
            ],
            "vp_by_turn": {str(k): v for k, v in sorted(self.vp_by_turn.items())},
            "exited": dict(sorted(self.exited.items())),
            "arrived": sorted(self.arrived),
        }

    @staticmethod
    def from_json(data: Mapping[str, Any], parse_hex) -> Ardennes2Data:
        r = data["record"]
        record = PhaseRecord(
            spent=dict(r["spent"]),
            moved=frozenset(r["moved"]),
            fired=frozenset(r["fired"]),
            spotters=frozenset(r["spotters"]),
            overran=frozenset(r["overran"]),
            started_adjacent=frozenset(r["started_adjacent"]),
            in_enemy_barrage=frozenset(r["in_enemy_barrage"]),
            stopped=frozenset(r["stopped"]),
            attacked=frozenset(r["attacked"]),
            defended=frozenset(parse_hex(h) for h in r["defended"]),
            strikes_without_spotter=frozenset(parse_hex(h) for h in r["strikes_without_spotter"]),
        )
        return Ardennes2Data(
            weather=data["weather"],
            air_strikes=int(data["air_strikes"]),
            air_supply=tuple(parse_hex(h) for h in data["air_supply"]),
            bridges=dict(data["bridges"]),
            record=record,
            pending=tuple(
                Decision(d["kind"], d["side"], _unplain(d["data"], parse_hex), d.get("rule", "")) for d in data["pending"]
            ),
            vp_by_turn={int(k): int(v) for k, v in data["vp_by_turn"].items()},
            exited={k: int(v) for k, v in data["exited"].items()},
            arrived=frozenset(int(i) for i in data["arrived"]),
        )


# Decision data may hold hexes; they travel as {"hex": "B1.16"} so they can be read back.
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
