"""The Ardennes (1994): the rules of play - what the entry point (ruleset.py) hands on for
every question but the opening position and the phase.

Each rules module makes its ``Part`` (rulebook.py): the actions it handles, the families of
legal actions it offers in each phase, the Decisions its actions answer.  They are gathered
here, one line each.
"""

from __future__ import annotations

from ardennes_qt.core.actions import Action, MoveUnits, SendToDeadPile
from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import Choices
from importlib import import_module

from ardennes_qt.rules.ardennes1994 import phase_steps, sequence
from ardennes_qt.rules.ardennes1994.actions import EndPhase
from ardennes_qt.rules.ardennes1994.arrivals import end_refusal
from ardennes_qt.rules.ardennes1994.phases import GAME_OVER, PHASES, SETUP
from ardennes_qt.rules.ardennes1994.rulebook import Part
from ardennes_qt.rules.ardennes1994.situation import rules_data

# The rules modules, each with its PART (one line each; their order is the order their families
# of legal actions are listed in).
PART_MODULES = (
    "arrivals",
    "turn",
    "moveunits",
    "reserves",
    "modes",
    "greif_play",
    "stosser",
    "bridges",
    "exits",
    "barrage",
    "combat",
    "supply_phase",
)
PARTS: tuple[Part, ...] = tuple(import_module(f"ardennes_qt.rules.ardennes1994.{name}").PART for name in PART_MODULES)

HANDLERS = {action: handler for part in PARTS for action, handler in part.handlers.items()}
HANDLERS[EndPhase] = sequence.end_phase
ANSWERS = {kind: actions for part in PARTS for kind, actions in part.answers.items()}
ANSWER_HANDLERS = {kind: handler for part in PARTS for kind, handler in part.answer_handlers.items()}
DECISION_CHOICES = {kind: family for part in PARTS for kind, family in part.decision_choices.items()}
PHASE_CHOICES: dict[str, list] = {}
for _part in PARTS:
    for _phase, _families in _part.phase_choices.items():
        PHASE_CHOICES.setdefault(_phase, []).extend(_families)
ANYTIME: tuple[type[Action], ...] = (SendToDeadPile, *(a for part in PARTS for a in part.anytime))

# A player phase in which nothing is offered is passed over.
for _phase_id, _phase in PHASES.items():
    if not _phase.automatic:
        _families = PHASE_CHOICES.get(_phase_id, [])
        phase_steps.SKIP.setdefault(_phase_id, []).append(
            lambda content, state, families=tuple(_families): "" if any(f(content, state) for f in families)
            else "nothing any unit can do in it")


def send_to_dead_pile(content: Content, state: GameState, action: SendToDeadPile) -> Outcome:
    """The physical table: counters taken off the map by hand (no rule checks them)."""
    unknown = [u for u in action.units if u not in state.units]
    if unknown:
        raise Refused(f"no such unit: {', '.join(unknown)}")
    hexes = frozenset(state.units[u].hex for u in action.units if state.units[u].hex is not None)
    state = state.moved_off(action.units, "dead")
    return Outcome(state, Changes(units=frozenset(action.units), hexes=hexes),
                   (LogLine(f"{', '.join(content.counter(u).name for u in action.units)} to the dead pile by hand"),))


def free_move(content: Content, state: GameState, action: MoveUnits) -> Outcome:
    """Rules assistance off: the counters go where they are dropped, recorded, unchecked."""
    to = content.map.parse(action.to)
    origins = frozenset(state.units[u].hex for u in action.units if state.units[u].hex is not None)
    state = state.placed(action.units, to)
    return Outcome(state, Changes(units=frozenset(action.units), hexes=origins | {to}),
                   (LogLine(f"{', '.join(action.units)} moved by hand to {action.to}"),))


HANDLERS[SendToDeadPile] = send_to_dead_pile


class PlayRules:
    """Outcomes and legal actions of The Ardennes (1994)."""

    def apply(self, content: Content, state: GameState, action: Action) -> Outcome:
        if isinstance(action, MoveUnits) and action.free:
            return free_move(content, state, action)
        handler = HANDLERS.get(type(action))
        pending = rules_data(state).pending
        if pending and isinstance(action, ANSWERS.get(pending[0].kind, ())):
            handler = ANSWER_HANDLERS.get(pending[0].kind, handler)
        if handler is None:
            raise Refused(f"The Ardennes rules do not know the action '{action.kind}'")
        if pending and not isinstance(action, ANYTIME + ANSWERS.get(pending[0].kind, ())):
            decision = pending[0]
            raise Refused(f"waiting for the {decision.side} player: {decision.kind.replace('_', ' ')}", decision.rule)
        return sequence.resume(content, handler(content, state, action))

    def choices(self, content: Content, state: GameState) -> list[Choices]:
        if state.phase == GAME_OVER:
            return []
        pending = rules_data(state).pending
        if pending:
            answers = DECISION_CHOICES.get(pending[0].kind)
            return answers(content, state, pending[0]) if answers else []
        acting = PHASES[state.phase].acting if state.phase != SETUP else "German"
        out = [] if end_refusal(content, state) else [Choices("end the phase", acting, lambda: [EndPhase()], "end_phase")]
        for family in PHASE_CHOICES.get(state.phase, ()):
            out += family(content, state)
        return out

    def legal_actions(self, content: Content, state: GameState) -> list[Action]:
        return [a for c in self.choices(content, state) for a in c.actions()]


RULES = PlayRules()
