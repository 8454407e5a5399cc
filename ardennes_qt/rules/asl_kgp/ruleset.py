"""ASL *Kampfgruppe Peiper* (seed 001) as the engine finds it through the ``ardennes_qt.systems``
entry point.

The program does not play ASL: chapter P is a module supplement to the ASL rulebook, which is not
at hand.  What it gives is the maps with their levels, slopes and obstacles, line of sight explained
step by step (``sight.py``), and the table: counters are moved freely, as on a physical table, and
the log keeps every move.  Where play stands is the scenario's Campaign Game: its CG Date and the
Refit Phase step (``campaign_game``), whose actions are the game's legal actions.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping, TypeVar

from ardennes_qt.core import system as capabilities
from ardennes_qt.core.actions import Action, MoveUnits, SendToDeadPile
from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState, UnitState
from ardennes_qt.core.system import Choices, SystemSchema
from ardennes_qt.core.tableset import TableSet
from ardennes_qt.rules.asl_kgp import campaign_game
from ardennes_qt.rules.asl_kgp.campaign import campaign_actions, campaign_situation
from ardennes_qt.rules.asl_kgp.control import SetControl, apply_control, control_choices
from ardennes_qt.rules.asl_kgp.schema import SCHEMA
from ardennes_qt.rules.asl_kgp.tables import TABLE_SET

C = TypeVar("C")

PLAY = "play"
NOT_PLAYED = "The program does not play ASL's rules (the rulebook is not at hand)"
FREE_TABLE = "counters move freely, as on a physical table"

OFFERED = (capabilities.LineOfSight, capabilities.Campaign, capabilities.Overlays)


@dataclass(frozen=True)
class KgpSituation:
    """Where play stands: the CG Date and the Refit Phase step, and that the players play the rules
    of play themselves."""

    turn: int
    date: str
    phase: str
    name: str
    segment: str
    acting: str
    rule: str
    automatic: bool
    pending: tuple[dict, ...]
    due_reinforcements: tuple[str, ...]
    last_turn: int
    over: bool = False
    waiting: tuple[str, ...] = ()
    numbered_turns = False  # a Campaign Game counts CG Dates, not turns (its date is said in conditions)

    @property
    def game_over(self) -> bool:
        return self.over

    def conditions(self) -> tuple[tuple[str, str], ...]:
        waited = (("Waiting for", "; ".join(self.waiting)),) if self.waiting else ()
        return (("CG Date", self.date),) + waited + (("Rules of play", f"not in the program: {FREE_TABLE}"),)


class AslKgp:
    name = "asl_kgp"

    def schema(self) -> SystemSchema:
        return SCHEMA

    def tables(self, house_rules: Mapping[str, str]) -> TableSet:
        return TABLE_SET.with_house_rules(house_rules)

    def initial_state(self, content: Content, seed: int) -> GameState:
        """The scenario's counters where it sets them up, its Initial OBs' others off the map for the
        players to place; no hex Controlled yet (control.py); its Campaign Game begun (8.5): the
        Refit Phase before the Initial Scenario, the game's dice the CG's."""
        scenario = content.scenario
        units = {p.counter: UnitState("map", p.hex, order=i) for i, p in enumerate(scenario.placements)}
        units |= {u: UnitState("scheduled") for a in scenario.arrivals for u in a.counters if u not in units}
        rules = campaign_game.starting_campaign(scenario, seed)
        draws = rules.campaign.draws if rules.campaign is not None else 0
        return GameState(scenario.key, seed, scenario.first_turn, PLAY, draws=draws, units=units,
                         next_order=len(units), rules=rules)

    def situation(self, content: Content, state: GameState) -> KgpSituation:
        scenario = content.scenario
        date = scenario.dates.get(state.turn, "")
        cg = campaign_game.campaign_of(state)
        if cg is None:
            return KgpSituation(
                turn=state.turn, date=date, phase=PLAY, name="Free play (ASL's rules are not in the program)",
                segment=f"CG Date {date}", acting="", rule="8.5", automatic=False, pending=(),
                due_reinforcements=self._due(content, state), last_turn=scenario.last_turn)
        now = campaign_situation(cg)
        segment = "Refit Phase" if cg.phase == "refit" else "CG scenario" if cg.phase == "scenario" else "CG End"
        acting = [self._side(s) for s in now["acting"]]
        return KgpSituation(
            turn=state.turn, date=date, phase=now["rule"], name=f"{now['rule']} {now['step']}", segment=segment,
            acting=acting[0] if len(acting) == 1 else "", rule=now["rule"], automatic=False, pending=(),
            due_reinforcements=self._due(content, state), last_turn=scenario.last_turn, over=cg.phase == "over",
            waiting=tuple(now["waiting"]))

    @staticmethod
    def _due(content: Content, state: GameState) -> tuple[str, ...]:
        """The Initial OBs' counters still off the map: the players place them (8.5)."""
        return tuple(u for a in content.scenario.arrivals if a.turn <= state.turn for u in a.counters
                     if state.units.get(u) is not None and state.units[u].where == "scheduled")

    @staticmethod
    def _side(campaign_side: str) -> str:
        """The schema's side for the campaign's ("US" is the schema's other side than German)."""
        return campaign_side if campaign_side in SCHEMA.sides else next(s for s in SCHEMA.sides if s != "German")

    def state_part_from_json(self, data: Any, parse_hex) -> campaign_game.KgpRules:
        return campaign_game.rules_part_from_json(data)

    def apply(self, content: Content, state: GameState, action: Action) -> Outcome:
        """A move or a counter taken off the map, as the players decide it: the program checks only
        that the counters and the hex exist.  Any other action is the Campaign Game's."""
        if isinstance(action, MoveUnits):
            h = content.map.parse(action.to)
            if not content.in_play_area(h):
                raise Refused(f"{action.to} is not on this Campaign Game's map group")
            moved = self._known(state, action.units)
            order = state.next_order
            changes = {u: UnitState("map", h, moved[u].steps, moved[u].dg, order + i, moved[u].statuses)
                       for i, u in enumerate(action.units)}
            new = replace(state.with_units(changes), next_order=order + len(action.units))
            return Outcome(new, Changes(units=frozenset(action.units)),
                           (LogLine(f"{', '.join(action.units)} moved to {action.to}", (FREE_TABLE,)),))
        if isinstance(action, SetControl):
            return apply_control(content, state, action, SCHEMA.sides)
        if isinstance(action, SendToDeadPile):
            self._known(state, action.units)
            return Outcome(state.moved_off(action.units, "dead"), Changes(units=frozenset(action.units)),
                           (LogLine(f"{', '.join(action.units)} taken off the map"),))
        if campaign_game.campaign_of(state) is None:
            raise Refused(f"{NOT_PLAYED}: {FREE_TABLE}")
        return campaign_game.apply_to_game(content.scenario, state, action)

    @staticmethod
    def _known(state: GameState, unit_ids) -> dict[str, UnitState]:
        unknown = [u for u in unit_ids if u not in state.units]
        if unknown:
            raise Refused(f"there is no counter {', '.join(unknown)} in this game")
        return {u: state.units[u] for u in unit_ids}

    def legal_actions(self, content: Content, state: GameState) -> list[Action]:
        """The Campaign Game's actions now; counters move freely besides (the rules of play are the
        players')."""
        cg = campaign_game.campaign_of(state)
        return campaign_actions(cg) if cg is not None else []

    def choices(self, content: Content, state: GameState) -> list[Choices]:
        """The Campaign Game's choices, and who Controls each hex of the map group, as the players
        set it (8.605)."""
        return campaign_game.choices(state) + control_choices(content, state, _hex_ids(content), SCHEMA.sides)

    def offers(self, kind: type) -> bool:
        return kind in OFFERED

    def capability(self, kind: type[C]) -> C | None:
        if kind is capabilities.Overlays:
            from ardennes_qt.rules.asl_kgp.overlays import OVERLAYS

            return OVERLAYS
        if kind is capabilities.LineOfSight:
            from ardennes_qt.rules.asl_kgp.sight import LINE_OF_SIGHT

            return LINE_OF_SIGHT
        if kind is capabilities.Campaign:
            return campaign_game.CAMPAIGN
        return None


_HEX_IDS: dict[tuple[str, int], tuple[str, ...]] = {}


def _hex_ids(content: Content) -> tuple[str, ...]:
    """The map group's hex ids, worked out once per map (a scenario's choices are asked often)."""
    key = (content.scenario.key, id(content.map))
    if key not in _HEX_IDS:
        _HEX_IDS.clear()
        _HEX_IDS[key] = tuple(sorted(content.map.hex_id(h) for h in content.play_area()))
    return _HEX_IDS[key]
