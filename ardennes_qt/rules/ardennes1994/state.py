"""The Ardennes (1994) part of the game state (``GameState.rules``): weather and US Air
Points, Reserve markers, artillery and engineer modes, hidden Greif Teams, bridges and
who last crossed them, US supply dumps, the German victory option, what units did this
phase, and the Decisions waited for.

DG is each unit's status (``UnitState.dg``); step losses are its steps left; control of
cities is ``GameState.control`` (4.2: the side last to move through or occupying).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Mapping

from ardennes_qt.core.hexgrid import Hex, Hexside
from ardennes_qt.rules.common.decisions import Decision


def _frozen(value: Mapping) -> Mapping:
    return value if isinstance(value, MappingProxyType) else MappingProxyType(dict(value))


@dataclass(frozen=True)
class PhaseRecord:
    """What units did in the current phase; a new one when a phase begins."""

    moving: str = ""  # 1.5a: the unit that has begun its move and not finished it
    spent: Mapping[str, int] = field(default_factory=dict)  # half MPs spent by each unit
    finished: frozenset[str] = frozenset()  # units done moving this phase (1.5a)
    fired: frozenset[str] = frozenset()  # artillery that fired this Barrage Phase (1.10)
    attacked: frozenset[str] = frozenset()  # units that attacked this Combat Phase
    defended: frozenset[Hex] = frozenset()  # hexes attacked this Combat Phase
    overruns: Mapping[Hex, int] = field(default_factory=dict)  # 1.7b: at most twice a phase
    redirected: frozenset[str] = frozenset()  # 2.1bC: at most once per unit per phase
    bridge_attempts: int = 0  # 3.1: up to three per Bridge Blowing & Repair phase
    bridges_tried: frozenset[Hexside] = frozenset()  # 3.1: one attempt per bridge
    flipping: frozenset[str] = frozenset()  # 2.3a: engineers that flip at the end of this Movement Phase
    arrived: frozenset[str] = frozenset()  # reinforcements that entered the map this phase (OOA)

    def __post_init__(self) -> None:
        object.__setattr__(self, "spent", _frozen(self.spent))
        object.__setattr__(self, "overruns", _frozen(self.overruns))


@dataclass(frozen=True)
class Dump:
    """A US Supply Dump (3.3): real or dummy, whose it is now, and whether the enemy has seen it."""

    real: bool
    owner: str  # "Allied", or "German" once captured (3.3a)
    revealed: bool = False


@dataclass(frozen=True)
class Ardennes1994Data:
    weather: str = ""  # the Weather Track box (1.12)
    air_points: int = 0  # US Air Points left this turn (3.2)
    reserves: frozenset[str] = frozenset()  # units with a Reserve marker (1.8)
    released: frozenset[str] = frozenset()  # released at the start of Exploitation: may move (1.9)
    moved_this_turn: frozenset[str] = frozenset()  # 1.8a: only units that have not moved may go in Reserve
    modes: Mapping[str, str] = field(default_factory=dict)  # artillery "move"/"fire" (1.10a); engineers "engineer"/"bridge" (2.3)
    hidden: frozenset[str] = frozenset()  # Greif Teams still hidden (2.1b)
    blown: frozenset[Hexside] = frozenset()  # bridges blown (3.1; scenario blown bridges)
    last_crossed: Mapping[Hexside, str] = field(default_factory=dict)  # 3.1: who crossed each bridge last
    dumps: Mapping[Hex, Dump] = field(default_factory=dict)  # 3.3
    victory_option: str = ""  # 4.1: the German's secret choice
    drop: Hex | None = None  # 2.2: the vdH Drop Marker
    exits: Mapping[str, Hex] = field(default_factory=dict)  # 4.1, 5.1: each unit that left the map, by its last hex
    vp_by_turn: Mapping[int, int] = field(default_factory=dict)  # 4.2: German-held city VP at each turn's end
    record: PhaseRecord = PhaseRecord()
    pending: tuple[Decision, ...] = ()

    def __post_init__(self) -> None:
        for name in ("modes", "last_crossed", "dumps", "exits", "vp_by_turn"):
            object.__setattr__(self, name, _frozen(getattr(self, name)))

    def with_record(self, **changes) -> Ardennes1994Data:
        return replace(self, record=replace(self.record, **changes))

    # --- serialization ----------------------------------------------------------------

    def to_json(self, hex_id) -> dict[str, Any]:
        r = self.record
        return {
            "weather": self.weather,
            "air_points": self.air_points,
            "reserves": sorted(self.reserves),
            "released": sorted(self.released),
            "moved_this_turn": sorted(self.moved_this_turn),
            "modes": dict(sorted(self.modes.items())),
            "hidden": sorted(self.hidden),
            "blown": sorted(_side_id(s, hex_id) for s in self.blown),
            "last_crossed": dict(sorted((_side_id(s, hex_id), v) for s, v in self.last_crossed.items())),
            "dumps": {hex_id(h): [d.real, d.owner, d.revealed] for h, d in sorted(self.dumps.items())},
            "victory_option": self.victory_option,
            "drop": hex_id(self.drop) if self.drop is not None else None,
            "exits": {uid: hex_id(h) for uid, h in sorted(self.exits.items())},
            "vp_by_turn": {str(t): vp for t, vp in sorted(self.vp_by_turn.items())},
            "record": {
                "moving": r.moving,
                "spent": dict(sorted(r.spent.items())),
                "finished": sorted(r.finished),
                "fired": sorted(r.fired),
                "attacked": sorted(r.attacked),
                "defended": sorted(hex_id(h) for h in r.defended),
                "overruns": {hex_id(h): n for h, n in sorted(r.overruns.items())},
                "redirected": sorted(r.redirected),
                "bridge_attempts": r.bridge_attempts,
                "bridges_tried": sorted(_side_id(s, hex_id) for s in r.bridges_tried),
                "flipping": sorted(r.flipping),
                "arrived": sorted(r.arrived),
            },
            "pending": [d.to_json(hex_id) for d in self.pending],
        }

    @staticmethod
    def from_json(data: Mapping[str, Any], parse_hex) -> Ardennes1994Data:
        r = data["record"]
        record = PhaseRecord(
            moving=r["moving"],
            spent={k: int(v) for k, v in r["spent"].items()},
            finished=frozenset(r["finished"]),
            fired=frozenset(r["fired"]),
            attacked=frozenset(r["attacked"]),
            defended=frozenset(parse_hex(h) for h in r["defended"]),
            overruns={parse_hex(h): int(n) for h, n in r["overruns"].items()},
            redirected=frozenset(r["redirected"]),
            bridge_attempts=int(r["bridge_attempts"]),
            bridges_tried=frozenset(_parse_side(s, parse_hex) for s in r["bridges_tried"]),
            flipping=frozenset(r.get("flipping", ())),
            arrived=frozenset(r.get("arrived", ())),
        )
        return Ardennes1994Data(
            weather=data["weather"],
            air_points=int(data["air_points"]),
            reserves=frozenset(data["reserves"]),
            released=frozenset(data["released"]),
            moved_this_turn=frozenset(data["moved_this_turn"]),
            modes=dict(data["modes"]),
            hidden=frozenset(data["hidden"]),
            blown=frozenset(_parse_side(s, parse_hex) for s in data["blown"]),
            last_crossed={_parse_side(s, parse_hex): v for s, v in data["last_crossed"].items()},
            dumps={parse_hex(h): Dump(bool(d[0]), d[1], bool(d[2])) for h, d in data["dumps"].items()},
            victory_option=data["victory_option"],
            drop=parse_hex(data["drop"]) if data.get("drop") else None,
            exits={uid: parse_hex(h) for uid, h in data.get("exits", {}).items()},
            vp_by_turn={int(t): int(vp) for t, vp in data.get("vp_by_turn", {}).items()},
            record=record,
            pending=tuple(Decision.from_json(d, parse_hex) for d in data["pending"]),
        )


def _side_id(side: Hexside, hex_id) -> str:
    """A hexside as "<hex id>/<direction>" (its owning hex and the direction from it)."""
    return f"{hex_id(side.hex)}/{side.direction.name}"


def _parse_side(text: str, parse_hex) -> Hexside:
    from ardennes_qt.core.hexgrid import Direction

    hex_text, _, direction = text.partition("/")
    return Hexside.of(parse_hex(hex_text), Direction[direction])
