"""One combat in progress (3.2 Combat Procedure, 3.3 Overruns), carried from decision to
decision in ``Ardennes2Data.pending`` until it is over.

A combat waits on one of four decisions, each holding the battle record:
``hold_or_retreat`` (the defender, 3.2 step 2), ``loss`` (the owner of the units, step 5,
SCS 8.0), ``retreat`` (the defender, step 6) and ``advance`` (the attacker, step 7).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Mapping

from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.outcome import Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.a2state import Decision
from ardennes_qt.rules.ardennes2.phases import enemy_of
from ardennes_qt.rules.ardennes2.situation import rules_data, with_rules

ATTACK = "attack"
OVERRUN = "overrun"
HOLD_OR_RETREAT = "hold_or_retreat"
LOSS = "loss"
RETREAT = "retreat"
ADVANCE = "advance"
COMBAT_DECISIONS = (HOLD_OR_RETREAT, LOSS, RETREAT, ADVANCE)
BEFORE_COMBAT_RETREAT = 5  # 3.2: a defender choosing to Retreat goes 5 hexes


@dataclass(frozen=True)
class Battle:
    """One attack or overrun in progress (3.2, 3.3): who attacks whom, the defender's answer, the
    dice and result, and the losses, retreat and advance still to carry out."""

    kind: str  # ATTACK or OVERRUN
    side: str  # the attacking side
    attackers: tuple[str, ...]
    defender_hex: Hex
    defenders: tuple[str, ...]
    launch: Hex | None = None  # an overrun's hex next to the defender (3.3)
    choice: str = ""  # "hold" or "retreat" once the defender has answered
    column: str = ""
    dice: int = 0
    result: str = ""  # the Combat Table result ("D1r2")
    defender_losses: int = 0  # steps the defender still has to take
    attacker_losses: int = 0
    retreat: int = 0  # hexes the defender still has to retreat
    retreat_result: int = 0  # the retreat number (r#, or 5 before combat): decides the advance (3.2)
    advanced: tuple[str, ...] = ()

    @property
    def defender_side(self) -> str:
        return enemy_of(self.side)

    def to_data(self) -> dict[str, Any]:
        # Not dataclasses.asdict: that would take the Hex values apart.
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @staticmethod
    def from_data(data: Mapping[str, Any]) -> Battle:
        values = dict(data)
        for name in ("attackers", "defenders", "advanced"):
            values[name] = tuple(values[name])
        return Battle(**values)

    def but(self, **changes) -> Battle:
        return replace(self, **changes)


def awaited(state: GameState) -> Decision | None:
    """The decision the game waits for, if any (the first one pending)."""
    pending = rules_data(state).pending
    return pending[0] if pending else None


def combat_decision(state: GameState, kind: str, rule: str) -> tuple[Decision, Battle]:
    """The awaited decision if it is a combat decision of ``kind``, else Refused."""
    decision = awaited(state)
    if decision is None or decision.kind not in COMBAT_DECISIONS:
        raise Refused("no combat is waiting for this decision", rule)
    if decision.kind != kind:
        raise Refused(f"the combat waits for a {decision.kind.replace('_', ' ')} decision first", decision.rule)
    return decision, Battle.from_data(decision.data["battle"])


def must_be_free(state: GameState, rule: str) -> None:
    """Refuse a new combat while a decision is pending."""
    decision = awaited(state)
    if decision is not None:
        raise Refused(f"first settle the pending {decision.kind.replace('_', ' ')} decision", decision.rule or rule)


def waiting(state: GameState, kind: str, side: str, battle: Battle, rule: str, **extra) -> GameState:
    """The state waiting for the ``kind`` decision of this battle."""
    data = rules_data(state)
    others = tuple(d for d in data.pending if d.kind not in COMBAT_DECISIONS)
    decision = Decision(kind, side, {"battle": battle.to_data(), **extra}, rule)
    return with_rules(state, replace(data, pending=(decision,) + others))


def settled(state: GameState) -> GameState:
    """The state with the battle over: no combat decision pending."""
    data = rules_data(state)
    return with_rules(state, replace(data, pending=tuple(d for d in data.pending if d.kind not in COMBAT_DECISIONS)))
