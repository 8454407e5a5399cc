"""What an Ardennes II player can do, as serializable records.  Moving a counter or a
stack is the core ``MoveUnits``; sending counters to the dead pile is ``SendToDeadPile``.
Hexes are written as printed ids ("B1.16").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import ClassVar

from ardennes_qt.core.actions import Action
from ardennes_qt.core.actions import register as register_kind

register = partial(register_kind, system="ardennes2")


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
class Overrun(Action):
    """3.3: a Mech stack attacks along a contiguous road during its move."""

    kind: ClassVar[str] = "overrun"
    units: tuple[str, ...]
    target: str
    path: tuple[str, ...] = ()

    def describe(self) -> str:
        return f"overrun {self.target} with {_units(self.units)}"


@register
@dataclass(frozen=True)
class Barrage(Action):
    """3.5: one artillery unit fires at a hex, spotted by ``spotter`` (a friendly unit within
    2 hexes of the target; empty: the one whose use costs least)."""

    kind: ClassVar[str] = "barrage"
    artillery: str
    target: str
    spotter: str = ""

    def describe(self) -> str:
        spotted = f", spotted by {self.spotter}" if self.spotter else ""
        return f"barrage {self.target} with {self.artillery}{spotted}"


@register
@dataclass(frozen=True)
class AirStrike(Action):
    """2.2: one US Air Strike barrages a hex; ``spotter`` names a US unit within 2 hexes that
    spots it (empty: none for the hex's one strike without a spotter, 3.5, else the one
    whose use costs least)."""

    kind: ClassVar[str] = "air_strike"
    target: str
    spotter: str = ""

    def describe(self) -> str:
        spotted = f", spotted by {self.spotter}" if self.spotter else ""
        return f"air strike on {self.target}{spotted}"


@register
@dataclass(frozen=True)
class PlaceAirSupply(Action):
    """2.2 Air Supply Allocation: an Air Strike placed supply side up."""

    kind: ClassVar[str] = "air_supply"
    hex: str

    def describe(self) -> str:
        return f"air supply at {self.hex}"


@register
@dataclass(frozen=True)
class PlaceReinforcements(Action):
    """2.2 Reinforcement Placement (5.1 for the XVIII Abn Corps): arriving units into a hex."""

    kind: ClassVar[str] = "reinforce"
    units: tuple[str, ...]
    to: str

    def describe(self) -> str:
        return f"place {_units(self.units)} at {self.to}"


@register
@dataclass(frozen=True)
class Attack(Action):
    """3.2: attacking stacks (given by their units) against a defending hex."""

    kind: ClassVar[str] = "attack"
    attackers: tuple[str, ...]
    defender: str

    def describe(self) -> str:
        return f"attack {self.defender} with {_units(self.attackers)}"


@register
@dataclass(frozen=True)
class Defend(Action):
    """3.2: the defender's answer before odds: "hold", or "retreat" along ``path`` (5 hexes)."""

    kind: ClassVar[str] = "defend"
    choice: str
    path: tuple[str, ...] = ()

    def describe(self) -> str:
        return "hold" if self.choice == "hold" else f"retreat before combat via {', '.join(self.path)}"


@register
@dataclass(frozen=True)
class TakeLoss(Action):
    """Apply one step of a combat loss to a unit (SCS 8.0 loss distribution)."""

    kind: ClassVar[str] = "take_loss"
    unit: str

    def describe(self) -> str:
        return f"step loss on {self.unit}"


@register
@dataclass(frozen=True)
class Retreat(Action):
    """3.2: the defending stack's retreat path, hex by hex."""

    kind: ClassVar[str] = "retreat"
    path: tuple[str, ...]

    def describe(self) -> str:
        return f"retreat via {', '.join(self.path)}"


@register
@dataclass(frozen=True)
class Advance(Action):
    """3.2 Advance after Combat: units along ``path`` (empty: no advance)."""

    kind: ClassVar[str] = "advance"
    units: tuple[str, ...] = ()
    path: tuple[str, ...] = ()

    def describe(self) -> str:
        return f"advance {_units(self.units)} to {self.path[-1]}" if self.path else "no advance"


@register
@dataclass(frozen=True)
class BugOut(Action):
    """3.6: artillery teleports to a safe hex and becomes DG."""

    kind: ClassVar[str] = "bug_out"
    artillery: str
    to: str

    def describe(self) -> str:
        return f"{self.artillery} bugs out to {self.to}"


@register
@dataclass(frozen=True)
class BlowBridge(Action):
    """3.8: a US unit within 2 hexes of a plunger tries to blow its bridges."""

    kind: ClassVar[str] = "blow_bridge"
    plunger: str
    unit: str

    def describe(self) -> str:
        return f"{self.unit} tries to blow the bridges of plunger {self.plunger}"


@register
@dataclass(frozen=True)
class SpareBridge(Action):
    """3.8: offered the chance to blow a bridge as German units come up to it, the US player
    lets it be; the Germans move on."""

    kind: ClassVar[str] = "spare_bridge"
    plunger: str

    def describe(self) -> str:
        return f"let the German units move on without trying to blow the bridges of plunger {self.plunger}"


@register
@dataclass(frozen=True)
class ArtilleryAirSupply(Action):
    """3.7 Air Supply for Artillery: roll for a DG artillery unit (``roll``) or leave it DG."""

    kind: ClassVar[str] = "artillery_air_supply"
    unit: str
    roll: bool

    def describe(self) -> str:
        return f"{'roll for' if self.roll else 'leave DG'} {self.unit}"


@register
@dataclass(frozen=True)
class ExitMap(Action):
    """7.2, 7.3, 7.5: units leave the map through Entry Area O or the west edge."""

    kind: ClassVar[str] = "exit_map"
    units: tuple[str, ...]
    via: str

    def describe(self) -> str:
        return f"exit {_units(self.units)} via {self.via}"
