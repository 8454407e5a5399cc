"""What a player of Ardennes 1944 does, as serializable records.  Moving is the core
``MoveUnits`` (a unit or stack of the activation, one or more Move actions, 6.1)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import ClassVar

from ardennes_qt.core.actions import Action
from ardennes_qt.core.actions import register as register_kind

register = partial(register_kind, system="vv1944")


@register
@dataclass(frozen=True)
class PlaceSplit(Action):
    """Set-up: one counter of a division printed over two hexes onto one of them."""

    kind: ClassVar[str] = "place_split"
    unit: str
    hex: str

    def describe(self) -> str:
        return f"set up {self.unit} in {self.hex}"


@register
@dataclass(frozen=True)
class ActivateFormation(Action):
    """3.2: a formation's HQ and its in-command units; ``reactivate``: the HQ (and units) already
    activated this turn go again, Fatigued (3.5)."""

    kind: ClassVar[str] = "activate_formation"
    formation: str
    reactivate: bool = False

    def describe(self) -> str:
        return f"activate the formation {self.formation}" + (" again (Fatigue)" if self.reactivate else "")


@register
@dataclass(frozen=True)
class ActivateGeneral(Action):
    """3.3: a general activation, begun with one unit; more are added with ``AddToActivation``."""

    kind: ClassVar[str] = "activate_general"
    unit: str

    def describe(self) -> str:
        return f"general activation: {self.unit}"


@register
@dataclass(frozen=True)
class AddToActivation(Action):
    """3.3: one more unit into the general activation under way (US 4, German 3 in all: 9.2, 9.3)."""

    kind: ClassVar[str] = "add_to_activation"
    unit: str

    def describe(self) -> str:
        return f"add {self.unit} to the general activation"


@register
@dataclass(frozen=True)
class Pass(Action):
    """2.1 phase 5: the side activates nothing this sequence."""

    kind: ClassVar[str] = "pass"

    def describe(self) -> str:
        return "pass"


@register
@dataclass(frozen=True)
class EndActivation(Action):
    """The activation sequence ends: AP left are lost (3.4.1), stacking is checked (5)."""

    kind: ClassVar[str] = "end_activation"

    def describe(self) -> str:
        return "end the activation"


@register
@dataclass(frozen=True)
class EnterMap(Action):
    """16.1: a reinforcement enters at its hex with a Move action (1 AP)."""

    kind: ClassVar[str] = "enter"
    unit: str
    hex: str

    def describe(self) -> str:
        return f"{self.unit} enters at {self.hex}"


@register
@dataclass(frozen=True)
class UnitAction(Action):
    """An action of one unit that is not a move: "enter_ip" (12, 1 AP), "leave_ip" (0 AP),
    "recover_fatigue" (3.5.2, 2 AP)."""

    kind: ClassVar[str] = "unit_action"
    unit: str
    what: str

    def describe(self) -> str:
        return f"{self.unit}: {self.what.replace('_', ' ')}"


@register
@dataclass(frozen=True)
class Attack(Action):
    """7.3: activated units attack an adjacent enemy hex: a Normal Attack ("normal", 1 AP each, from
    one hex, 7.3.1) or a Prepared Attack ("prepared", 2 AP each, from one or more hexes, 7.3.2)."""

    kind: ClassVar[str] = "attack"
    units: tuple[str, ...]
    hex: str
    attack_type: str = "normal"

    def describe(self) -> str:
        return f"{self.attack_type} attack on {self.hex} by {', '.join(self.units)}"


@register
@dataclass(frozen=True)
class EndPhase(Action):
    """The table's Next Phase: what ends the step under way.  At the set-up, every counter of a
    two-hex division still waiting goes to its default hex (the first its division may take, in
    printed order); in the Operations Phase, the activation under way ends, or the side passes."""

    kind: ClassVar[str] = "end_phase"

    def describe(self) -> str:
        return "next"


@register
@dataclass(frozen=True)
class PlaceReinforcements(Action):
    """Counters waiting off the map put on a hex, as the table drops them: at the set-up, the
    counters of a two-hex division (``PlaceSplit``); in an activation, reinforcements entering
    (``EnterMap``), one after the other."""

    kind: ClassVar[str] = "reinforce"
    units: tuple[str, ...]
    to: str

    def describe(self) -> str:
        return f"place {', '.join(self.units)} at {self.to}"
