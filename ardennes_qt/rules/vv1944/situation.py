"""Where play stands, as the player is told: turn, date, phase, who has the initiative, whose
sequence it is and what that side has left to activate."""

from __future__ import annotations

from dataclasses import dataclass

from ardennes_qt.core.content import Content
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.vv1944.schema import NOT_PLAYED_YET
from ardennes_qt.rules.vv1944.sequence import GAME_OVER, OPERATIONS, PHASES, SETUP
from ardennes_qt.rules.vv1944.state import data



@dataclass(frozen=True)
class VvSituation:
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
    facts: tuple[tuple[str, str], ...] = ()
    numbered_turns = True  # not a field: the game counts numbered turns (core.system.Situation)

    @property
    def game_over(self) -> bool:
        return self.phase == GAME_OVER

    def conditions(self) -> tuple[tuple[str, str], ...]:
        return self.facts

    def as_dict(self) -> dict:
        return {**self.__dict__, "game_over": self.game_over}


def _remaining(content: Content, state: GameState, side: str) -> list[tuple[str, str]]:
    from ardennes_qt.rules.vv1944.activation import formations_to_activate, left_to_activate, units_of
    from ardennes_qt.rules.vv1944.schema import ACTIVATED

    formations = [content.formations[c].name for c, again in formations_to_activate(content, state, side) if not again]
    units = [u for u in units_of(content, state, side) if not state.units[u].has(ACTIVATED)]
    return [(f"{side} formations not yet activated", ", ".join(formations) or "none"),
            (f"{side} units not yet activated", str(len(units)) + ("" if left_to_activate(content, state, side) else " (all activated)"))]


def situation(content: Content, state: GameState) -> VvSituation:
    d = data(state)
    name, rule = PHASES.get(state.phase, (state.phase, ""))
    facts: list[tuple[str, str]] = []
    weather = content.scenario.extras.get("weather") or {}
    if str(state.turn) in weather or state.turn in weather:
        facts.append(("Weather", str(weather.get(str(state.turn), weather.get(state.turn))) + " (provisional)"))
    acting = ""
    if state.phase == SETUP:
        acting = "German"
        facts.append(("To set up", ", ".join(content.counter(u).name for u in d.to_place)))
    elif state.phase == OPERATIONS:
        acting = d.acting
        facts.append(("Initiative", d.initiative))
        facts.append(("Sequence", f"{d.acting}'s" + (f", alone ({d.alone} extra)" if d.alone else "")))
        if d.activation is not None:
            act = d.activation
            what = content.formations[act.formation].name if act.formation else "general activation"
            facts.append(("Activation", what))
            with_ap = [f"{content.counter(u).name} {act.ap[u]} AP" for u in act.units if act.ap.get(u)]
            facts.append(("Units with AP left", "; ".join(with_ap) or "none"))
        for side in ("German", "Allied"):
            facts += _remaining(content, state, side)
        if d.air:
            facts.append(("Air missions", ", ".join(f"{s} {n}" for s, n in sorted(d.air.items()))))
    elif state.phase == GAME_OVER:
        facts.append(("Result", d.result))
    facts += [("Not played yet", line) for line in NOT_PLAYED_YET[:2]]  # combat, supply
    from ardennes_qt.rules.vv1944.activation import due_units

    due = tuple(due_units(content, state, acting)) if acting and state.phase == OPERATIONS else ()
    return VvSituation(
        turn=state.turn, date=content.scenario.dates.get(state.turn, ""), phase=state.phase, name=name,
        segment=f"Turn {state.turn}", acting=acting, rule=rule, automatic=False, pending=(),
        due_reinforcements=due, last_turn=content.scenario.last_turn, facts=tuple(facts))
