"""Where play stands, as the player is told: turn, date, phase and who acts (2.1), the
Decisions waited for, weather, Air Strikes left and reinforcements due.

Read with the few modules it needs: the table shows the phase in its first frame, before
the rest of the rules are loaded (ruleset.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from ardennes_qt.core.content import Content
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.phases import GAME_OVER, PHASES
from ardennes_qt.rules.ardennes2.reinforcements import due_units
from ardennes_qt.rules.ardennes2.situation import rules_data


@dataclass(frozen=True)
class PhaseInfo:
    """Where play stands, as the player is told: turn, date, phase and who acts in it, the Decisions
    waited for, weather, Air Strikes left and reinforcements due."""

    turn: int
    date: str
    phase: str  # phase id, or "game_over"
    name: str
    segment: str
    acting: str  # the side that acts; "" for both or no one
    rule: str
    automatic: bool
    pending: tuple[dict, ...]  # the Decisions the game waits for: kind, side, rule
    weather: str
    air_strikes: int
    due_reinforcements: tuple[str, ...]
    last_turn: int
    numbered_turns = True  # not a field: the same for every situation

    @property
    def game_over(self) -> bool:
        return self.phase == GAME_OVER

    def conditions(self) -> tuple[tuple[str, str], ...]:
        """The turn's weather and the Air Strikes left (2.2)."""
        out = [("Weather", self.weather.capitalize())] if self.weather else []
        if self.air_strikes:
            out.append(("Air Strikes left", str(self.air_strikes)))
        return tuple(out)

    def as_dict(self) -> dict:
        return {**self.__dict__, "game_over": self.game_over}


def phase_info(content: Content, state: GameState) -> PhaseInfo:
    data = rules_data(state)
    if state.phase == GAME_OVER:
        name, segment, acting, rule, automatic = "Game over", "", "", "7.x", True
    else:
        p = PHASES[state.phase]
        name, segment, acting, rule, automatic = p.name, p.segment, p.acting, p.rule, p.automatic
    return PhaseInfo(
        turn=state.turn,
        date=content.scenario.dates.get(state.turn, ""),
        phase=state.phase,
        name=name,
        segment=segment,
        acting=data.pending[0].side if data.pending else acting,
        rule=rule,
        automatic=automatic,
        pending=tuple({"kind": d.kind, "side": d.side, "rule": d.rule} for d in data.pending),
        weather=data.weather,
        air_strikes=data.air_strikes,
        due_reinforcements=tuple(due_units(content, state)),
        last_turn=content.scenario.last_turn,
    )
