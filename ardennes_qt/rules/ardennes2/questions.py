"""What the table asks the Ardennes II rules besides the legal actions: who may attack a
hex, why a defender must Hold, the overrun roads, the Decision the game waits for, what a
barrage or an Air Strike can do before its die is rolled, who may blow a bridge.

Each answer comes with its reasons and rules, so the table shows them and decides
nothing.  ``PlayRules`` (play.py) takes these methods in; the session hands them on.
"""

from __future__ import annotations

from typing import Any, Mapping

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2 import air, barrage, bridge_blowing
from ardennes_qt.rules.ardennes2.combat import parse_hex
from ardennes_qt.rules.ardennes2.combat_choices import attackers_around
from ardennes_qt.rules.ardennes2.movement import Step
from ardennes_qt.rules.ardennes2.overrun_routes import overrun_routes
from ardennes_qt.rules.ardennes2.phases import ALLIED, enemy_of
from ardennes_qt.rules.ardennes2.procedure import mandated_hold
from ardennes_qt.rules.ardennes2.situation import hex_of, rules_data, side_of
from ardennes_qt.rules.ardennes2.supply import trace_rules


def printed(value: Any, hex_id) -> Any:
    """A Decision's data in printed words: hexes as their ids, mappings as dicts."""
    if isinstance(value, Hex):
        return hex_id(value)
    if isinstance(value, Mapping):
        return {k: printed(v, hex_id) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return tuple(printed(v, hex_id) for v in value)
    return value


class TableQuestions:
    # --- combat (3.2, 3.3) ----------------------------------------------------------------

    def attackers(self, content: Content, state: GameState, defender_hex: str) -> dict[str, tuple[str, ...]]:
        """The defender's enemies next to its hex that may attack it now, by hex: units that
        have not attacked this phase and whose terrain lets them (3.2, TEC note 1)."""
        target = parse_hex(content, defender_hex)
        defenders = state.units_at(target)
        if not defenders:
            return {}
        side = enemy_of(side_of(content, defenders[0]))
        stacks = attackers_around(content, state, target, side, state.occupied())
        return {content.map.hex_id(h): ids for h, ids in sorted(stacks.items())}

    def mandated_hold(self, content: Content, state: GameState, defender_hex: str) -> tuple[tuple[str, str], ...]:
        """3.2 Mandated Holds: why the defender must Hold, each (reason, rule); () if it may choose."""
        target = parse_hex(content, defender_hex)
        return mandated_hold(content, state, target) if state.units_at(target) else ()

    def overrun_routes(self, content: Content, state: GameState, unit_ids) -> dict[str, list[Step]]:
        """3.3: every enemy hex the stack may Overrun now, with the road route to it (the last
        step is the defender's hex, its cost including the +2 MP)."""
        return overrun_routes(content, state, tuple(unit_ids))

    def pending_decision(self, content: Content, state: GameState) -> dict | None:
        """The Decision the game waits for (the first pending) as printed words: ``kind``,
        ``side``, ``rule`` and its ``data`` (a combat's ``battle``, a Bug Out's ``artillery``
        and ``threats``...), hexes as ids; None when nothing waits."""
        pending = rules_data(state).pending
        if not pending:
            return None
        d = pending[0]
        return {"kind": d.kind, "side": d.side, "rule": d.rule, "data": printed(d.data, content.map.hex_id)}

    # --- barrage and air (2.2, 3.5, 3.7) ------------------------------------------------------

    def barrage_targets(self, content: Content, state: GameState, artillery_id: str) -> list[str]:
        """Every hex the artillery may barrage now (3.5: phase, range, spotter, play area)."""
        return barrage.legal_barrage_targets(content, state, artillery_id)

    def barrage_allowed(
        self, content: Content, state: GameState, artillery_id: str | None, target: str, spotter: str = ""
    ) -> tuple[bool, tuple[str, ...]]:
        """May the artillery - or, with ``artillery_id`` None, a US Air Strike - fire at the
        hex now, spotted by ``spotter`` if one is named?  (allowed, every reason when allowed,
        the unmet ones when not)."""
        if artillery_id is None:
            return air.air_strike_allowed(content, state, target, spotter)
        return barrage.barrage_allowed(content, state, artillery_id, target, spotter)

    def barrage_chances(self, content: Content, state: GameState, target: str, artillery_id: str | None = None) -> barrage.BarrageChances:
        """The chances of a Half and a Full marker, with every die roll modifier and the
        terrain's Success Roll (3.5); ``artillery_id`` None for a US Air Strike."""
        return barrage.barrage_chances(content, state, target, artillery_id, ALLIED)

    def spotters(self, content: Content, state: GameState, target: str, artillery_id: str | None = None) -> list[str]:
        """The units that may spot for a barrage of the hex (3.5; Divarty only its own
        Division's, 3.1); for an Air Strike, the US units within 2 hexes."""
        h = content.map.parse(target)
        if artillery_id is None:
            return barrage.spotters_for(content, state, ALLIED, h)
        division = content.counter(artillery_id).formation if barrage.is_divarty(content, artillery_id) else ""
        return barrage.spotters_for(content, state, side_of(content, artillery_id), h, division)

    def air_supply_allowed(self, content: Content, state: GameState, hex_id: str) -> tuple[bool, tuple[str, ...]]:
        """May an Air Strike be placed as Air Supply in the hex now (2.2, 3.7)?"""
        return air.air_supply_allowed(content, state, hex_id)

    def air_supply_reach(self, content: Content, state: GameState) -> int:
        """How many hexes from its marker Air Supply supplies US units (3.7, supply.toml)."""
        return trace_rules().air_supply_hexes

    # --- bridges (3.8) ---------------------------------------------------------------------------

    def plungers_at(self, content: Content, state: GameState, hex_id: str) -> dict[str, str]:
        """The plungers whose hex this is or whose bridges touch it, each "primed", "blown"
        or "tested" (3.8); German-built bridges cannot be blown and have none."""
        h = content.map.parse(hex_id)
        out = {}
        for plunger, where in sorted(content.map.plungers.items()):
            bridges = bridge_blowing.plunger_bridges(content, plunger)
            if bridges and (where == h or any(h in side.hexes for side in bridges)):
                out[plunger] = bridge_blowing.plunger_state(state, plunger)
        return out

    def bridge_blowers(self, content: Content, state: GameState, plunger: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(the US units that may try to blow the plunger's bridges now, why none may): the
        reasons are those of the US unit nearest the plunger (3.8)."""
        where = content.map.plungers.get(plunger)
        us = [uid for uid in sorted(state.units) if side_of(content, uid) == ALLIED and hex_of(state, uid) is not None]
        able = tuple(u for u in us if bridge_blowing.bridge_blowing_allowed(content, state, plunger, u)[0])
        if able or where is None:
            return able, () if where is not None else (f"there is no plunger '{plunger}'",)
        if not us:
            return (), ("no US unit is on the map (3.8)",)
        nearest = min(us, key=lambda u: (hex_of(state, u).distance(where), u))
        return (), bridge_blowing.bridge_blowing_allowed(content, state, plunger, nearest)[1]
