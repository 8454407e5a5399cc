"""The game state: a plain value.  Every change makes a new state; nothing is mutated.

Where a unit is:
- ``map``: on the map, in ``hex``;
- ``dead``: on the dead pile (1.2, no rebuilding);
- ``scheduled``: waiting for its turn on an Order of Arrival;
- ``removed``: taken out of play for good (an OOA "Remove" entry, a failed roll);
- ``exited``: left the map (exit victory points, 7.2, 7.3, 7.5).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Iterable, Mapping

from ardennes_qt.core.dice import die_value
from ardennes_qt.core.hexgrid import Hex

WHERE = ("map", "dead", "scheduled", "removed", "exited")


@dataclass(frozen=True)
class UnitState:
    """Where one unit is (map, dead pile, scheduled, removed, exited), its hex, steps left, DG, its
    other statuses (the words its game's schema declares: "out_of_supply", "reserve"...), and its
    place in its hex's stack."""

    where: str
    hex: Hex | None = None
    steps: int = 1
    dg: bool = False
    order: int = 0  # stacking order: a higher order sits higher in its hex's pile
    statuses: frozenset[str] = frozenset()

    def has(self, status: str) -> bool:
        """Is the unit DG (``"dg"``) or in another status of its game?"""
        return self.dg if status == DG else status in self.statuses

    def with_status(self, status: str, on: bool = True) -> UnitState:
        if status == DG:
            return replace(self, dg=on)
        return replace(self, statuses=self.statuses | {status} if on else self.statuses - {status})


DG = "dg"  # the one status every SCS game has, kept as its own flag (saved games of release 0.1 write it so)


def _frozen(mapping: Mapping) -> Mapping:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class GameState:
    """The whole game at one moment: scenario, seed and dice drawn, turn and phase, every unit,
    markers, control of hexes, and the rule system's own part."""

    scenario: str
    seed: int
    turn: int
    phase: str = "setup"
    draws: int = 0
    units: Mapping[str, UnitState] = field(default_factory=dict)
    next_order: int = 0
    # hex -> marker names (barrage markers belong to the hex, 3.5)
    markers: Mapping[Hex, tuple[str, ...]] = field(default_factory=dict)
    control: Mapping[Hex, str] = field(default_factory=dict)
    # The rule system's own part of the state: a frozen dataclass with to_json(hex_id).
    rules: Any = None

    def __post_init__(self) -> None:
        for name in ("units", "markers", "control"):
            value = getattr(self, name)
            if not isinstance(value, MappingProxyType):
                object.__setattr__(self, name, _frozen(value))

    # --- reading -------------------------------------------------------------------------

    def unit(self, unit_id: str) -> UnitState:
        return self.units[unit_id]

    def units_at(self, h: Hex) -> list[str]:
        """The stack in a hex, bottom to top."""
        return list(self._stacks().get(h, ()))

    def occupied(self) -> dict[Hex, list[str]]:
        """Every stack on the map, bottom to top, by hex."""
        return {h: list(stack) for h, stack in self._stacks().items()}

    def _stacks(self) -> dict[Hex, tuple[str, ...]]:
        """The stacks, worked out once per state (a state never changes): asking for the stack
        of every hex in turn costs one pass over the units, not one per hex."""
        stacks = self.__dict__.get("_stacks_cache")
        if stacks is None:
            piles: dict[Hex, list[tuple[int, str]]] = {}
            for uid, u in self.units.items():
                if u.where == "map":
                    piles.setdefault(u.hex, []).append((u.order, uid))
            stacks = {h: tuple(uid for _, uid in sorted(pile)) for h, pile in piles.items()}
            object.__setattr__(self, "_stacks_cache", stacks)
        return stacks

    # --- changing ------------------------------------------------------------------------

    def with_units(self, changes: Mapping[str, UnitState]) -> GameState:
        units = dict(self.units)
        units.update(changes)
        return replace(self, units=units)

    def placed(self, unit_ids: Iterable[str], h: Hex) -> GameState:
        """The units put on top of the stack in ``h``, keeping their relative order."""
        ids = sorted(unit_ids, key=lambda uid: self.units[uid].order)
        order = self.next_order
        changes = {}
        for uid in ids:
            changes[uid] = replace(self.units[uid], where="map", hex=h, order=order)
            order += 1
        return replace(self.with_units(changes), next_order=order)

    def moved_off(self, unit_ids: Iterable[str], where: str) -> GameState:
        changes = {uid: replace(self.units[uid], where=where, hex=None) for uid in unit_ids}
        return self.with_units(changes)

    def rolled(self, sides: int = 6) -> tuple[GameState, int]:
        """Roll one die from the seeded generator: the new state and the value."""
        value = die_value(self.seed, self.draws, sides)
        return replace(self, draws=self.draws + 1), value


# --- serialization ---------------------------------------------------------------------


def state_to_json(state: GameState, hex_id) -> dict[str, Any]:
    """A JSON-able dict; ``hex_id`` formats a Hex as the printed id."""
    return {
        "scenario": state.scenario,
        "seed": state.seed,
        "turn": state.turn,
        "phase": state.phase,
        "draws": state.draws,
        "next_order": state.next_order,
        "units": {
            uid: {
                "where": u.where,
                "hex": hex_id(u.hex) if u.hex is not None else None,
                "steps": u.steps,
                "dg": u.dg,
                "order": u.order,
                **({"statuses": sorted(u.statuses)} if u.statuses else {}),
            }
            for uid, u in sorted(state.units.items())
        },
        "markers": {hex_id(h): list(m) for h, m in sorted(state.markers.items())},
        "control": {hex_id(h): side for h, side in sorted(state.control.items())},
        "rules": state.rules.to_json(hex_id) if state.rules is not None else None,
    }


def state_from_json(data: Mapping[str, Any], parse_hex, rules_from_json=None) -> GameState:
    """The state a ``state_to_json`` dict describes; ``rules_from_json(data, parse_hex)`` reads the rules' part."""
    units = {
        uid: UnitState(
            where=u["where"],
            hex=parse_hex(u["hex"]) if u.get("hex") else None,
            steps=int(u["steps"]),
            dg=bool(u["dg"]),
            order=int(u["order"]),
            statuses=frozenset(u.get("statuses", ())),
        )
        for uid, u in data["units"].items()
    }
    return GameState(
        scenario=data["scenario"],
        seed=int(data["seed"]),
        turn=int(data["turn"]),
        phase=data["phase"],
        draws=int(data["draws"]),
        units=units,
        next_order=int(data["next_order"]),
        markers={parse_hex(h): tuple(m) for h, m in data.get("markers", {}).items()},
        control={parse_hex(h): side for h, side in data.get("control", {}).items()},
        rules=rules_from_json(data["rules"], parse_hex) if rules_from_json and data.get("rules") is not None else None,
    )


def state_digest(state: GameState, hex_id) -> str:
    from hashlib import sha256  # asked after a game has opened, not while it opens

    text = json.dumps(state_to_json(state, hex_id), sort_keys=True, separators=(",", ":"))
    return sha256(text.encode("utf-8")).hexdigest()
