"""What a player of The Ardennes (1994) can do, as serializable records.  Moving a counter is
the core ``MoveUnits`` (one unit at a time, 1.5a); sending counters to the dead pile is
``SendToDeadPile``.  Hexes are written as printed ids ("B57.35"); a hexside as the two hexes
it separates ("B45.29|B45.28").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import ClassVar

from ardennes_qt.core.actions import Action
from ardennes_qt.core.actions import register as register_kind

register = partial(register_kind, system="ardennes1994")


def _units(units: tuple[str, ...]) -> str:
    return ", ".join(units)


@register
@dataclass(frozen=True)
class EndPhase(Action):
    """Finish the current phase; the automatic phases after it run until a player must act."""

    kind: ClassVar[str] = "end_phase"

    def describe(self) -> str:
        return "end the phase"


@register
@dataclass(frozen=True)
class PlaceReinforcements(Action):
    """Units onto the map: at the Set-Up, those the scenario places freely (5.x "with or
    adjacent to"); later, reinforcements at their entry area or hex (OOA)."""

    kind: ClassVar[str] = "reinforce"
    units: tuple[str, ...]
    to: str

    def describe(self) -> str:
        return f"place {_units(self.units)} at {self.to}"


@register
@dataclass(frozen=True)
class SetReserve(Action):
    """1.8a: put a Reserve marker on units (or take it off again in the same Movement Phase)."""

    kind: ClassVar[str] = "reserve"
    units: tuple[str, ...]
    on: bool = True

    def describe(self) -> str:
        return f"{'put' if self.on else 'take'} {_units(self.units)} {'in' if self.on else 'out of'} Reserve"


@register
@dataclass(frozen=True)
class ChangeMode(Action):
    """1.10a: flip an artillery unit to its move or fire mode; 2.3a: an engineer to its Engineer
    or Bridge side (at the end of the Movement Phase, if it has not moved)."""

    kind: ClassVar[str] = "mode"
    unit: str
    mode: str

    def describe(self) -> str:
        return f"flip {self.unit} to its {self.mode} side"


@register
@dataclass(frozen=True)
class Barrage(Action):
    """1.10: artillery units (any number) and US Air Points fire together at one hex."""

    kind: ClassVar[str] = "barrage"
    artillery: tuple[str, ...]
    target: str
    air_points: int = 0

    def describe(self) -> str:
        guns = _units(self.artillery)
        air = f"{self.air_points} Air Point(s)" if self.air_points else ""
        return f"barrage {self.target} with {' and '.join(x for x in (guns, air) if x)}"


@register
@dataclass(frozen=True)
class Attack(Action):
    """An attack on one hex by units next to it; ``air_points``: US Air Points spent as shifts (3.2b)."""

    kind: ClassVar[str] = "attack"
    attackers: tuple[str, ...]
    defender: str
    air_points: int = 0

    def describe(self) -> str:
        return f"attack {self.defender} with {_units(self.attackers)}"


@register
@dataclass(frozen=True)
class Overrun(Action):
    """1.7: a moving unit attacks the hex in front of it, paying 2 MP or the hex's off-road cost."""

    kind: ClassVar[str] = "overrun"
    units: tuple[str, ...]
    target: str

    def describe(self) -> str:
        return f"overrun {self.target} with {_units(self.units)}"


@register
@dataclass(frozen=True)
class DefendAirPoints(Action):
    """3.2b: the US spends Air Points as shifts for a defending US hex (before the odds)."""

    kind: ClassVar[str] = "defend_air"
    points: int

    def describe(self) -> str:
        return f"spend {self.points} Air Point(s) for the defense"


@register
@dataclass(frozen=True)
class TakeLoss(Action):
    """1.4: the unit that takes the next step of a combat loss."""

    kind: ClassVar[str] = "take_loss"
    unit: str

    def describe(self) -> str:
        return f"{self.unit} takes the loss"


@register
@dataclass(frozen=True)
class Retreat(Action):
    """A retreat after combat along ``path`` (the hexes entered, in order)."""

    kind: ClassVar[str] = "retreat"
    path: tuple[str, ...]

    def describe(self) -> str:
        return f"retreat via {', '.join(self.path)}" if self.path else "stay and take the losses"


@register
@dataclass(frozen=True)
class Advance(Action):
    """1.9: advance after combat into the defender's hex (never beyond it); no units: stay."""

    kind: ClassVar[str] = "advance"
    units: tuple[str, ...]
    to: str = ""

    def describe(self) -> str:
        return f"advance {_units(self.units)} into {self.to}" if self.units else "no advance"


@register
@dataclass(frozen=True)
class RevealGreif(Action):
    """2.1bD: a hidden Greif Team becomes Open, in its hex or one next to it."""

    kind: ClassVar[str] = "reveal_greif"
    unit: str
    to: str

    def describe(self) -> str:
        return f"reveal {self.unit} at {self.to}"


@register
@dataclass(frozen=True)
class Redirect(Action):
    """2.1bC: the German answer when a US unit enters a hidden Greif Team's hex: send it down a
    road (its first hex ``road``), or let it be (``road`` empty)."""

    kind: ClassVar[str] = "redirect"
    road: str = ""

    def describe(self) -> str:
        return f"redirect traffic toward {self.road}" if self.road else "let it pass"


@register
@dataclass(frozen=True)
class BlowBridge(Action):
    """3.1: a US attempt to blow (or, ``repair``, to repair) the bridge between two hexes."""

    kind: ClassVar[str] = "blow_bridge"
    bridge: str  # "B45.29|B45.28"
    repair: bool = False

    def describe(self) -> str:
        return f"{'repair' if self.repair else 'blow'} the bridge {self.bridge.replace('|', '-')}"


@register
@dataclass(frozen=True)
class BlowDump(Action):
    """2.5d: the German blows a captured dump (any German phase)."""

    kind: ClassVar[str] = "blow_dump"
    hex: str

    def describe(self) -> str:
        return f"blow the captured dump at {self.hex}"


@register
@dataclass(frozen=True)
class DropMarker(Action):
    """2.2a: the vdH Drop Marker goes in a hex as the first thing of the first German Movement Phase."""

    kind: ClassVar[str] = "drop_marker"
    hex: str

    def describe(self) -> str:
        return f"drop marker at {self.hex}"


@register
@dataclass(frozen=True)
class ChooseVictory(Action):
    """4.1: the German's secret victory option."""

    kind: ClassVar[str] = "victory_option"
    option: str

    def describe(self) -> str:
        return f"choose the {self.option} option"


@register
@dataclass(frozen=True)
class ExitMap(Action):
    """4.1, 5.1: a unit leaves the map (exit victory)."""

    kind: ClassVar[str] = "exit"
    unit: str
    via: str  # the map-edge hex it leaves from

    def describe(self) -> str:
        return f"{self.unit} exits the map at {self.via}"


@register
@dataclass(frozen=True)
class KeepHidden(Action):
    """2.1bD, 3.1: the German's answer as the US points at a bridge one of his Hidden Greif Teams
    could open on: he opens none, and the attempt is rolled."""

    kind: ClassVar[str] = "keep_hidden"

    def describe(self) -> str:
        return "keep the Greif Teams hidden"
