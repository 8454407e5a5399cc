"""What a player does in the Campaign Game, as serializable records (kinds under "asl_kgp", each
named "campaign_..."). Dice fields (``roll``) are empty for the program's seeded dice, or the
player's own dice as rolled at the table. Sides are "US" and "German"."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import ClassVar

from ardennes_qt.core.actions import Action
from ardennes_qt.core.actions import register as register_kind
from ardennes_qt.rules.asl_kgp.campaign.tables import SIDE_WORDS

register = partial(register_kind, system="asl_kgp")


def _dice(roll: tuple[int, ...]) -> str:
    return f" (own dice {'+'.join(map(str, roll))})" if roll else ""


@register
@dataclass(frozen=True)
class ConfirmStep(Action):
    """The players have done this step at the table (or have nothing more to do in it)."""

    kind: ClassVar[str] = "campaign_done"

    def describe(self) -> str:
        return "done: go on to the next step"


@register
@dataclass(frozen=True)
class RollTable(Action):
    """A roll on one of the step's tables for one unit, leader, Weapon, group or item; ``facts``
    are the modifiers that describe it at the table (see modifiers.player_facts)."""

    kind: ClassVar[str] = "campaign_roll"
    table: str
    side: str
    facts: tuple[str, ...] = ()
    column: str = ""
    roll: tuple[int, ...] = ()

    def describe(self) -> str:
        facts = f" ({', '.join(self.facts)})" if self.facts else ""
        return f"{SIDE_WORDS[self.side]}: roll on the {self.table.replace('_', ' ')}{facts}{_dice(self.roll)}"


@register
@dataclass(frozen=True)
class PromoteFromRanks(Action):
    """8.6115: create a 7-0 leader instead of the Leader Battle Hardening DR."""

    kind: ClassVar[str] = "campaign_promote"
    side: str

    def describe(self) -> str:
        return f"{SIDE_WORDS[self.side]}: promote a 7-0 leader out of the ranks"


@register
@dataclass(frozen=True)
class ReplenishCpp(Action):
    """8.616: the Secret CPP Replenishment DR; ``base`` is the CPP Base # from a printed chart
    (0: the program's chart, estimated where the rules at hand print none)."""

    kind: ClassVar[str] = "campaign_cpp"
    side: str
    base: int = 0
    roll: tuple[int, ...] = ()

    def describe(self) -> str:
        base = f" with a Base # of {self.base}" if self.base else ""
        return f"{SIDE_WORDS[self.side]}: CPP Replenishment DR{base}{_dice(self.roll)}"


@register
@dataclass(frozen=True)
class PurchaseRg(Action):
    """8.619: buy one Reinforcement Group, with the 8.6194 options."""

    kind: ClassVar[str] = "campaign_purchase"
    side: str
    rg_id: str
    on_map: bool = False
    early_entry: bool = False
    pre_registered: int = 0
    objective_hex: str = ""
    area: str = ""

    def describe(self) -> str:
        extra = [w for w, on in (("Standard On-Map Setup", self.on_map), ("Early Entry", self.early_entry),
                                 (f"{self.pre_registered} Pre-Registered hex(es)", self.pre_registered)) if on]
        return f"{SIDE_WORDS[self.side]}: buy RG {self.rg_id}" + (f" ({', '.join(extra)})" if extra else "")


@register
@dataclass(frozen=True)
class BuyFortification(Action):
    """8.621: spend FPP on Fortifications; ``option`` picks the cost column (foxhole size, HIP for
    squad/HS/crew/SMC); mine factors cost by side."""

    kind: ClassVar[str] = "campaign_fortification"
    side: str
    item: str
    option: int = 0
    count: int = 1

    def describe(self) -> str:
        return f"{SIDE_WORDS[self.side]}: buy {self.count} x {self.item}"


@register
@dataclass(frozen=True)
class BuyRecon(Action):
    """8.622: spend 1 CPP (or 2 for +5) on a Recon dr."""

    kind: ClassVar[str] = "campaign_recon"
    side: str
    cpp: int = 1
    lax: bool = False
    roll: tuple[int, ...] = ()

    def describe(self) -> str:
        return f"{SIDE_WORDS[self.side]}: spend {self.cpp} CPP on Recon{_dice(self.roll)}"


@register
@dataclass(frozen=True)
class SideDone(Action):
    """A side has finished this step (its purchases, Fortifications or Recon)."""

    kind: ClassVar[str] = "campaign_side_done"
    side: str

    def describe(self) -> str:
        return f"{SIDE_WORDS[self.side]}: finished"


@register
@dataclass(frozen=True)
class ChooseInitiative(Action):
    """8.6232: a side's secret Initiative chit, "Attack" or "Idle"."""

    kind: ClassVar[str] = "campaign_initiative"
    side: str
    chit: str

    def describe(self) -> str:
        return f"{SIDE_WORDS[self.side]}: pick the {self.chit} chit"


@register
@dataclass(frozen=True)
class RecordLvp(Action):
    """8.6032: a side's Current-LVP Total at CG-Scenario End (the LVP Locations it Controls)."""

    kind: ClassVar[str] = "campaign_lvp"
    side: str
    lvp: int

    def describe(self) -> str:
        return f"{SIDE_WORDS[self.side]} Controls {self.lvp} LVP"


@register
@dataclass(frozen=True)
class AnswerVictory(Action):
    """The answer to a victory question the map or the ASL rulebook decides (Casualty VP, Control)."""

    kind: ClassVar[str] = "campaign_victory_answer"
    question: str
    met: bool

    def describe(self) -> str:
        return f"{'yes' if self.met else 'no'}: {self.question.replace('_', ' ')}"


@register
@dataclass(frozen=True)
class SetUsOnMap(Action):
    """8.6131: whether the U.S. has on-map Retained units (the German may pick Attack only if so)."""

    kind: ClassVar[str] = "campaign_us_on_map"
    on_map: bool

    def describe(self) -> str:
        return "the U.S. has on-map Retained units" if self.on_map else "the U.S. has no on-map Retained units"


@register
@dataclass(frozen=True)
class AdjustTally(Action):
    """Count a side's Retained or Eliminated units one up or down, as seen at the table."""

    kind: ClassVar[str] = "campaign_tally"
    side: str
    tally: str
    change: int = 1

    def describe(self) -> str:
        return f"{SIDE_WORDS[self.side]}: {self.tally} {self.change:+d}"


@register
@dataclass(frozen=True)
class ScenarioPlayed(Action):
    """The CG scenario has been played at the table, to its last Close Combat Phase."""

    kind: ClassVar[str] = "campaign_scenario_played"

    def describe(self) -> str:
        return "the scenario has been played"


@register
@dataclass(frozen=True)
class RollForRg(Action):
    """8.620: a roll for one RG of the Purchase Record (``record``: its line, from 0): German Strength,
    U.S. Quality, U.S. Medium Tank models, or its leader."""

    kind: ClassVar[str] = "campaign_rg_roll"
    side: str
    record: int
    table: str
    facts: tuple[str, ...] = ()
    roll: tuple[int, ...] = ()

    def describe(self) -> str:
        return (f"{SIDE_WORDS[self.side]}: roll on the {self.table.replace('_', ' ')} for RG line "
                f"{self.record + 1}{_dice(self.roll)}")
