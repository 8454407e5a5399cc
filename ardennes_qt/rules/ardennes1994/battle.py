"""One combat in progress - an attack in a Combat Phase or an overrun during a move (1.7) -
carried from Decision to Decision in ``Ardennes1994Data.pending`` until it is over.

A combat waits on one of four Decisions, each holding the battle record: ``defend_air``
(the US, before the odds, 3.2b), ``combat_loss`` (the owner of the units, 1.4), ``combat_retreat``
(the defender, SCS) and ``combat_advance`` (the attacker, 1.9).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Mapping

from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.outcome import Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.core.tableset import table_part
from ardennes_qt.rules.ardennes1994.phases import enemy_of
from ardennes_qt.rules.ardennes1994.situation import rules_data, with_rules
from ardennes_qt.rules.ardennes1994.state import Decision
from ardennes_qt.rules.ardennes1994.tables import provisional_reason

ATTACK = "attack"
OVERRUN = "overrun"
DEFEND_AIR = "defend_air"
LOSS = "combat_loss"
RETREAT = "combat_retreat"
ADVANCE = "combat_advance"
COMBAT_DECISIONS = (DEFEND_AIR, LOSS, RETREAT, ADVANCE)


def series_rule(section: str, printed: str = "") -> str:
    """The rule behind a combat step the seed leaves to the SCS series rules: the printed rule,
    then the series rule as ``series.toml`` holds it, marked while it is provisional."""
    mark = "≈ SCS, provisional" if provisional_reason("series", section) else "SCS"
    return f"{printed + '; ' if printed else ''}{mark} ({table_part('series', section)})"


@dataclass(frozen=True)
class Battle:
    """Who attacks whom, the Air Points spent, the roll and result, and the losses, retreat and
    advance still to carry out."""

    kind: str  # ATTACK or OVERRUN
    side: str  # the attacking side
    attackers: tuple[str, ...]
    defender_hex: Hex
    defenders: tuple[str, ...]
    launch: Hex | None = None  # an overrun's hex: where the moving unit stands (1.7)
    air_attack: int = 0  # US Air Points spent as shifts (3.2b)
    air_defense: int = 0
    air_asked: bool = False  # the US has answered whether to spend Air Points for the defense
    column: str = ""
    dice: int = 0  # the d66 reading
    result: str = ""  # the CRT result ("D1r2")
    defender_losses: int = 0  # steps the defender still has to take
    attacker_losses: int = 0
    retreat: int = 0  # hexes the defender still has to retreat
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
    pending = rules_data(state).pending
    return pending[0] if pending else None


def combat_decision(state: GameState, kind: str, rule: str) -> tuple[Decision, Battle]:
    """The awaited Decision if it is this combat Decision, else Refused."""
    decision = awaited(state)
    if decision is None or decision.kind not in COMBAT_DECISIONS:
        raise Refused("no combat is waiting for this answer", rule)
    if decision.kind != kind:
        raise Refused(f"the combat waits for a {decision.kind.replace('_', ' ')} answer first", decision.rule)
    return decision, Battle.from_data(decision.data["battle"])


def waiting(state: GameState, kind: str, side: str, battle: Battle, rule: str, **extra) -> GameState:
    """The state waiting for the ``kind`` Decision of this battle (before any other Decision)."""
    data = rules_data(state)
    others = tuple(d for d in data.pending if d.kind not in COMBAT_DECISIONS)
    decision = Decision(kind, side, {"battle": battle.to_data(), **extra}, rule)
    return with_rules(state, replace(data, pending=(decision, *others)))


def settled(state: GameState) -> GameState:
    """The state with the combat over: no combat Decision pending."""
    data = rules_data(state)
    return with_rules(state, replace(data, pending=tuple(d for d in data.pending if d.kind not in COMBAT_DECISIONS)))
