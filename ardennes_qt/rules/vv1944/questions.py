"""What Ardennes 1944 answers besides the actions: the capabilities (``core.system``)."""

from __future__ import annotations

from ardennes_qt.core import system as capabilities
from ardennes_qt.core.content import Content
from ardennes_qt.core.state import GameState
from ardennes_qt.core.units import PrintedValues
from ardennes_qt.core.outcome import Refused
from ardennes_qt.rules.vv1944 import attack, movement, victory
from ardennes_qt.rules.vv1944.forces import is_hq, strength
from ardennes_qt.rules.vv1944.overlays import Vv1944Overlays
from ardennes_qt.rules.vv1944.play import entry_hexes
from ardennes_qt.rules.vv1944.setup import split_hexes
from ardennes_qt.rules.vv1944.state import data
from ardennes_qt.rules.vv1944.tables import table


class MovementAnswers:
    def legal_moves(self, content: Content, state: GameState, unit_ids: tuple[str, ...]) -> dict[str, float]:
        return movement.legal_moves(content, state, tuple(unit_ids))

    def path(self, content: Content, state: GameState, unit_ids: tuple[str, ...], hex_id: str) -> list:
        return movement.path(content, state, tuple(unit_ids), hex_id)


class PlacementAnswers:
    def placement_hexes(self, content: Content, state: GameState, unit_ids: tuple[str, ...]) -> list[str]:
        """The set-up hexes of a two-hex division's counter; a reinforcement's entry hexes (16.1)."""
        if len(unit_ids) != 1:
            return []
        uid = unit_ids[0]
        if uid in data(state).to_place:
            return split_hexes(content, state, uid)
        return entry_hexes(content, state, uid)[0]


class OddsAnswers:
    def odds(self, content: Content, state: GameState, attacker_ids, defender_hex: str, launch: str | None = None):
        """7.5: strengths, ratio, every shift and modifier with its rule, the column and each result's
        chance.  ``launch`` names the attack type, "normal" (7.3.1) or "prepared" (7.3.2); without it, a
        Prepared Attack when the attackers stand in more than one hex, else a Normal Attack.  The
        activation's AP and adjacency are among the problems."""
        try:
            target = content.map.parse(defender_hex)
        except Exception as exc:  # a hex id the map does not know
            raise Refused(str(exc)) from None
        ids = tuple(attacker_ids)
        hexes = {state.units[u].hex for u in ids if u in state.units}
        kind = launch if launch in ("normal", "prepared") else "prepared" if len(hexes) > 1 else "normal"
        return attack.attack_odds(content, state, ids, target, kind)

    def attackers(self, content: Content, state: GameState, defender_hex: str) -> dict[str, tuple[str, ...]]:
        """The activated units with AP that may attack the hex now, by the hex they attack from."""
        target = content.map.parse(defender_hex)
        if data(state).activation is None or not any(
                content.counter(u).side != data(state).acting for u in state.units_at(target)):
            return {}
        return {content.map.hex_id(h): ids for h, ids in attack.attackers_by_hex(content, state, target).items()}

    def mandated_hold(self, content: Content, state: GameState, defender_hex: str) -> tuple[tuple[str, str], ...]:
        return ()

    def overrun_routes(self, content: Content, state: GameState, unit_ids) -> dict:
        return {}


class VictoryAnswers:
    def victory_status(self, content: Content, state: GameState):
        return victory.victory_status(content, state)

    def vp_track(self, content: Content, state: GameState):
        return None  # victory by cities and the Meuse, no VP (17)


# The unit box (1.1): the picture by type, the NATO size by kind, as the symbol's type words.
SYMBOL_TYPE = {"infantry": "Inf", "mechanized": "Mech", "armored": "Arm"}
SYMBOL_SIZE = {"division": "Div", "regiment": "Rgt", "regiment (mech)": "Rgt", "combat command": "Bde", "brigade": "Bde",
               "armoured brigade": "Bde",
               "cavalry group": "Cav Grp", "KG": "KG", "detachment": ""}


class Faces:
    def values_showing(self, content: Content, state: GameState, unit_id: str) -> PrintedValues:
        """1.1 (the unit box): a combat unit prints strength-steps-quality; an HQ its support
        rating and C3I letter."""
        counter = content.counter(unit_id)
        corps = content.formations.get(str(counter.value("corps") or ""))
        band = corps.colour if corps is not None else ""
        if is_hq(content, unit_id):
            return PrintedValues(f"{counter.value('support', '?')} · {counter.value('c3i', '?')}", ("support", "c3i"),
                                 f"HQ {counter.value('corps', '')}", "HQ", band)
        steps = state.units[unit_id].steps
        words = f"{SYMBOL_TYPE.get(str(counter.value('type')), '')} {SYMBOL_SIZE.get(str(counter.value('kind')), '')}"
        return PrintedValues(f"{strength(content, state, unit_id)}-{steps}-{counter.value('quality', '?')}",
                             ("strength", "steps", "quality"), counter.name, words.strip(), band)

    def statuses(self, content: Content, state: GameState, unit_id: str) -> frozenset[str]:
        return state.units[unit_id].statuses


class EstimateAnswers:
    def estimate_reasons(self) -> dict[str, str]:
        """Why each estimated counter value is what it is (tables/estimates.toml)."""
        out = {}
        for name, section in table("estimates").items():
            if not isinstance(section, dict):
                continue
            whys = [str(part.get("why", "")) for part in section.values()
                    if isinstance(part, dict) and part.get("source") == "estimated" and part.get("why")]
            if whys:
                out[{"action_points": "ap", "movement_points": "mp"}.get(name, name)] = " ".join(whys)
        return out


CAPABILITIES = {
    capabilities.Movement: MovementAnswers(),
    capabilities.Placement: PlacementAnswers(),
    capabilities.Victory: VictoryAnswers(),
    capabilities.Odds: OddsAnswers(),
    capabilities.CounterFaces: Faces(),
    capabilities.Estimates: EstimateAnswers(),
    capabilities.Overlays: Vv1944Overlays(),
}
