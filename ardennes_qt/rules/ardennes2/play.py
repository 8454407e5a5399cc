"""SCS Ardennes II (seeds 000, 003): the rules of play - what the entry point (ruleset.py)
hands on for every question but the opening position and the phase.

Each kind of action has a handler ``handler(content, state, action) -> Outcome`` that
raises ``Refused(reason, rule)``; each phase lists its families of legal actions, and
each kind of Decision its answers.  The rules modules register themselves in the tables
below, one line each.
"""

from __future__ import annotations

from typing import Callable

from ardennes_qt.core.actions import Action, MoveUnits, SendToDeadPile
from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import Outcome, Refused
from ardennes_qt.core.planning import VpTrack
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import DecisionView
from ardennes_qt.rules.ardennes2 import (
    abn_corps,
    air,
    artillery,
    barrage,
    battle,
    bridge_answers,
    bridge_blowing,
    bridge_moment,
    combat,
    combat_choices,
    control,
    legal,
    movement,
    moveunits,
    overrun,
    phase_steps,
    reinforcements,
    sequence,
    supply,
    table_actions,
    victory,
)
from ardennes_qt.rules.ardennes2.actions import (
    Advance,
    AirStrike,
    ArtilleryAirSupply,
    Attack,
    Barrage,
    BlowBridge,
    BugOut,
    Defend,
    EndPhase,
    ExitMap,
    Overrun,
    PlaceAirSupply,
    PlaceReinforcements,
    Retreat,
    SpareBridge,
    TakeLoss,
)
from ardennes_qt.rules.ardennes2.decision_words import describe_decision
from ardennes_qt.rules.ardennes2.odds import OddsReport, combat_odds
from ardennes_qt.rules.ardennes2.phases import PHASES
from ardennes_qt.rules.ardennes2.play_questions import PlayQuestions
from ardennes_qt.rules.ardennes2.questions import TableQuestions
from ardennes_qt.rules.ardennes2.situation import rules_data
from ardennes_qt.rules.ardennes2.vp_track import vp_track

Handler = Callable[[Content, GameState, Action], Outcome]

# The handler of each action type.
HANDLERS: dict[type[Action], Handler] = {
    MoveUnits: moveunits.move_units,  # a free move never gets here: it stays unchecked (apply)
    SendToDeadPile: table_actions.send_to_dead_pile,
    EndPhase: sequence.end_phase,
    PlaceReinforcements: reinforcements.place_reinforcements,
    ExitMap: victory.exit_map,
    Attack: combat.attack,
    Defend: combat.defend,
    TakeLoss: combat.take_loss,
    Retreat: combat.retreat,
    Advance: combat.advance,
    Overrun: overrun.overrun,
    Barrage: barrage.barrage,
    AirStrike: air.air_strike,
    PlaceAirSupply: air.place_air_supply,
    BugOut: artillery.bug_out,
    ArtilleryAirSupply: artillery.artillery_air_supply,
    BlowBridge: bridge_answers.blow_bridge,
    SpareBridge: bridge_answers.spare_bridge,
}

# Table actions: allowed in any phase, even while a Decision waits (the UI's hand moves).
ANYTIME: tuple[type[Action], ...] = (SendToDeadPile, BlowBridge)  # 3.8: "at any moment in any Phase"

# The actions that answer each kind of Decision.
ANSWERS: dict[str, tuple[type[Action], ...]] = {
    abn_corps.DECISION: (PlaceReinforcements,),
    battle.HOLD_OR_RETREAT: (Defend,),
    battle.LOSS: (TakeLoss,),
    battle.RETREAT: (Retreat,),
    battle.ADVANCE: (Advance,),
    artillery.BUG_OUT: (BugOut,),
    artillery.ARTILLERY_AIR_SUPPLY: (ArtilleryAirSupply,),
    bridge_moment.DECISION: (BlowBridge, SpareBridge),
}

# The families of legal actions of each phase (besides ending it).
PHASE_CHOICES: dict[str, list[legal.PhaseChoices]] = {
    "reinforcements": [legal.reinforcement_choices],
    "air_supply": [air.air_supply_choices],
    "ge_movement": [barrage.barrage_choices],
    "us_barrage": [barrage.barrage_choices, air.air_strike_choices],
    "us_movement": [barrage.barrage_choices, air.air_strike_choices],
}
# 2.1 Movement & Barrage and Exploitation: moves, Overruns (note 1, 3.3), exits (7.2, 7.3, 7.5).
for _phase in ("ge_movement", "us_movement", "ge_exploitation", "us_exploitation"):
    PHASE_CHOICES.setdefault(_phase, []).extend([moveunits.move_choices, overrun.overrun_choices, victory.exit_choices])
for _phase in ("ge_combat", "us_combat"):  # 3.2 attacks
    PHASE_CHOICES.setdefault(_phase, []).append(combat_choices.attack_choices)
for _phase in PHASES:  # 3.8: bridges may be blown "at any moment in any Phase"
    PHASE_CHOICES.setdefault(_phase, []).append(bridge_blowing.bridge_blowing_choices)

# A player phase in which nothing is offered is passed over (bridge blowing, allowed "at any
# moment", does not hold a phase open).
for _phase, _families in PHASE_CHOICES.items():
    if not PHASES[_phase].automatic:
        offered = [f for f in _families if f is not bridge_blowing.bridge_blowing_choices]
        phase_steps.SKIP.setdefault(_phase, []).append(legal.nothing_offered(offered))

# The answers offered for each kind of Decision.
DECISION_CHOICES: dict[str, legal.DecisionChoices] = dict(legal.DECISIONS)
DECISION_CHOICES.update(dict.fromkeys(battle.COMBAT_DECISIONS, combat_choices.combat_answers))
DECISION_CHOICES[artillery.BUG_OUT] = artillery.bug_out_answers
DECISION_CHOICES[artillery.ARTILLERY_AIR_SUPPLY] = artillery.artillery_air_supply_answers
DECISION_CHOICES[bridge_moment.DECISION] = bridge_moment.moment_answers


class PlayRules(TableQuestions, PlayQuestions):
    """Outcomes, legal actions, and the capabilities: moves, odds, Decisions in words,
    barrages, Air Supply, bridges, placements, markers, victory and the VP track
    (questions.py, play_questions.py)."""

    def apply(self, content: Content, state: GameState, action: Action) -> Outcome:
        if isinstance(action, MoveUnits) and action.free:
            return table_actions.free_move(content, state, action)
        handler = HANDLERS.get(type(action))
        if handler is None:
            raise Refused(f"the Ardennes II rules do not know the action '{action.kind}'")
        pending = rules_data(state).pending
        if pending and not isinstance(action, ANYTIME + ANSWERS.get(pending[0].kind, ())) and not isinstance(action, EndPhase):
            decision = pending[0]
            raise Refused(f"waiting for the {decision.side} player: {decision.kind.replace('_', ' ')}", decision.rule)
        outcome = bridge_blowing.capture_plungers(content, handler(content, state, action))
        return control.settle_entered(content, state, sequence.resume(content, outcome))

    def legal_actions(self, content: Content, state: GameState) -> list[Action]:
        """While a Decision waits, its answers; otherwise ending the phase and the phase's actions."""
        return legal.legal_actions(content, state, PHASE_CHOICES, DECISION_CHOICES)

    def choices(self, content: Content, state: GameState) -> list[legal.Choices]:
        """The legal actions in families, each listed only when asked (for sampling)."""
        return legal.choices(content, state, PHASE_CHOICES, DECISION_CHOICES)

    def odds(self, content: Content, state: GameState, attacker_ids, defender_hex: str, launch: str | None = None) -> OddsReport:
        """3.2: strengths, raw odds, shifts with reasons, the column and each result's chance;
        with ``launch``, an overrun's from the hex next to the defender (3.3)."""
        launch_hex = combat.parse_hex(content, launch) if launch else None
        return combat_odds(content, state, attacker_ids, combat.parse_hex(content, defender_hex), launch=launch_hex)

    def legal_moves(self, content: Content, state: GameState, unit_ids) -> dict[str, int | float]:
        return movement.legal_moves(content, state, unit_ids)

    def path(self, content: Content, state: GameState, unit_ids, hex_id: str) -> list[movement.Step]:
        return movement.path(content, state, unit_ids, hex_id)

    def victory_status(self, content: Content, state: GameState) -> victory.VictoryReport:
        return victory.victory_status(content, state)

    def vp_track(self, content: Content, state: GameState) -> VpTrack:
        """6.0: the German VP by turn, now and at its greatest, on the scenario's scale."""
        return vp_track(content, state)

    def describe(self, content: Content, state: GameState, decision: dict, answers: list[Action]) -> DecisionView:
        """The Decision in the player's words, with its answers sorted into buttons and picks."""
        return describe_decision(content, state, decision, answers)

    def supplied_hexes(self, content: Content, state: GameState, side: str) -> list[str]:
        """3.7: every hex where a unit of ``side`` would be in trace supply now (an overlay)."""
        return sorted(content.map.hex_id(h) for h in supply.supplied_hexes(content, state, side))


RULES = PlayRules()
