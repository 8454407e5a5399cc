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
from ardennes_qt.rules.common.decisions import Decision


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
            "pending": [d.to_json(hex_id) for d in self.pending],
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
            pending=tuple(Decision.from_json(d, parse_hex) for d in data["pending"]),
            vp_by_turn={int(k): int(v) for k, v in data["vp_by_turn"].items()},
            exited={k: int(v) for k, v in data["exited"].items()},
            arrived=frozenset(int(i) for i in data["arrived"]),
        )
