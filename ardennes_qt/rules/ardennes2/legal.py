"""What a player may do now (the Rally-style ``legal actions`` of the rules).

While a Decision is pending, only its answers; otherwise ending the phase and whatever
the phase allows.  Actions come in ``Choices``: families (one stack's moves, one hex's
attacks, one unit's placements) that are listed cheaply and expanded only when asked, so
a random player can pick a family first and then one of its actions.

The families of each phase and the answers of each Decision kind are tables filled by
the rules modules (``play.PHASE_CHOICES``, ``play.DECISION_CHOICES``); ``Choices``
lives in ``choices`` so that any rules module may build them.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from ardennes_qt.core.actions import Action
from ardennes_qt.core.content import Content
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2 import abn_corps
from ardennes_qt.rules.ardennes2.a2state import Decision
from ardennes_qt.rules.ardennes2.actions import EndPhase, PlaceReinforcements
from ardennes_qt.rules.ardennes2.choices import Choices, DecisionChoices, PhaseChoices
from ardennes_qt.rules.ardennes2.phases import GAME_OVER, PHASES
from ardennes_qt.rules.ardennes2.reinforcements import due_units, placement_groups, placement_hexes, stack_placement_hexes
from ardennes_qt.rules.ardennes2.situation import rules_data, side_of


def choices(
    content: Content,
    state: GameState,
    phase_choices: Mapping[str, Sequence[PhaseChoices]],
    decision_choices: Mapping[str, DecisionChoices],
) -> list[Choices]:
    if state.phase == GAME_OVER:
        return []
    pending = rules_data(state).pending
    if pending:
        answers = decision_choices.get(pending[0].kind)
        return answers(content, state, pending[0]) if answers else []
    out = [Choices("end the phase", PHASES[state.phase].acting, lambda: [EndPhase()], "end_phase")]
    for family in phase_choices.get(state.phase, ()):
        out += family(content, state)
    return out


def legal_actions(content: Content, state: GameState, phase_choices, decision_choices) -> list[Action]:
    return [a for c in choices(content, state, phase_choices, decision_choices) for a in c.actions()]


def nothing_offered(families: Sequence[PhaseChoices]):
    """A reason to pass over a player phase in which none of ``families`` offers anything."""

    def check(content: Content, state: GameState) -> str:
        if any(family(content, state) for family in families):
            return ""
        return "nothing any unit can do in it"

    return check


# --- reinforcements (2.2, 5.1) ------------------------------------------------------------------


def _placements(content: Content, state: GameState, unit_id: str) -> Choices:
    def actions() -> list[Action]:
        return [PlaceReinforcements((unit_id,), content.map.hex_id(h)) for h in placement_hexes(content, state, unit_id)]

    return Choices(f"place {unit_id}", side_of(content, unit_id), actions, "place", units=(unit_id,))


def _stack_placements(content: Content, state: GameState, unit_ids: tuple[str, ...]) -> Choices:
    def actions() -> list[Action]:
        return [PlaceReinforcements(unit_ids, content.map.hex_id(h)) for h in stack_placement_hexes(content, state, unit_ids)]

    return Choices(f"place {', '.join(unit_ids)}", side_of(content, unit_ids[0]), actions, "place", units=tuple(unit_ids))


def _placement_choices(content: Content, state: GameState, due: list[str]) -> list[Choices]:
    """Each due unit alone, and each stack of an entry's units of one Division (3.1), into
    every hex it may be placed in."""
    singles = [_placements(content, state, u) for u in due]
    return singles + [_stack_placements(content, state, g) for g in placement_groups(content, due)]


def reinforcement_choices(content: Content, state: GameState) -> list[Choices]:
    """2.2: the due units of either side, alone or stacked, into each hex they may be placed in."""
    return _placement_choices(content, state, due_units(content, state))


def abn_corps_choices(content: Content, state: GameState, decision: Decision) -> list[Choices]:
    """5.1: the airborne units still to place, alone or stacked, into each hex their
    Division's group allows."""
    return _placement_choices(content, state, [u for u in decision.data["units"] if state.units[u].where == "scheduled"])


DECISIONS: dict[str, DecisionChoices] = {abn_corps.DECISION: abn_corps_choices}
