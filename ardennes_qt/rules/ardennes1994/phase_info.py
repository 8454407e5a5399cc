"""Where play stands, as the player is told: turn, date, phase and who acts (1.2), the
Decisions waited for, the weather and the US Air Points left (1.12, 3.2).

Read with the few modules it needs: the table shows it in its first frame.
"""

from __future__ import annotations

from dataclasses import dataclass

from ardennes_qt.core.content import Content
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes1994.phases import GAME_OVER, PHASES, SETUP
from ardennes_qt.rules.ardennes1994.arrival_time import due_units, late_refusal
from ardennes_qt.rules.ardennes1994.situation import rules_data


@dataclass(frozen=True)
class PhaseInfo:
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
    numbered_turns = True  # not a field: the same for every situation
    weather: str
    air_points: int

    @property
    def game_over(self) -> bool:
        return self.phase == GAME_OVER

    def conditions(self) -> tuple[tuple[str, str], ...]:
        """The weather box (1.12) and the US Air Points left this turn (3.2)."""
        out = [("Weather", self.weather)] if self.weather else []
        if self.air_points:
            out.append(("US Air Points", str(self.air_points)))
        return tuple(out)

    def as_dict(self) -> dict:
        return {**self.__dict__, "game_over": self.game_over}


def _due_now(content: Content, state: GameState) -> tuple[str, ...]:
    """The units that may be placed now: none once the start of the Movement Phase has passed
    (they come on in the side's next one)."""
    if state.phase not in ("ge_movement", "us_movement", SETUP):
        return ()
    return () if state.phase != SETUP and late_refusal(content, state) else due_units(content, state)


def phase_info(content: Content, state: GameState) -> PhaseInfo:
    data = rules_data(state)
    if state.phase == GAME_OVER:
        name, segment, acting, rule, automatic = "Game over", "", "", "4.0", True
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
        due_reinforcements=_due_now(content, state),
        last_turn=content.scenario.last_turn,
        weather=data.weather,
        air_points=data.air_points,
    )
