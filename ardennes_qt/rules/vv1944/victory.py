"""Victory (17.1, 17.2) as the scenario's data gives it, as far as it needs no combat: a German
unit across the Meuse (a hex west of it), and the named cities the German holds at the end.

Readings: a "supplied" unit (17.2) is one that traces supply (10.2, supply.py) at the moment
the condition is checked, whatever its markers; a Meuse crossing is
checked at the end of each turn (17.2: "survives there until the end of the turn"; 17.1 "before
the game's end"); a city is held by the side whose unit was last in it (17.1 "holds"), occupied
when a unit of the side is in it (17.2 "occupies")."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import LogLine
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.vv1944.forces import on_map
from ardennes_qt.rules.vv1944.phases import GAME_OVER
from ardennes_qt.rules.vv1944.state import data, with_data
from ardennes_qt.rules.vv1944.supply import supplied_units

SUPPLY_NOTE = "a supplied unit is one that traces supply (10.2) when the condition is checked (a reading)"


@dataclass(frozen=True)
class VictoryReport:
    scenario: str
    kind: str
    result: str
    winner: str
    final: bool
    current_vp: int
    reasons: tuple[tuple[int | str, str, str], ...]  # (what, why, rule)


def across_meuse(content: Content, state: GameState) -> list[str]:
    return [u for u in on_map(content, state, "German") if "west_of_meuse" in content.map.terrain(state.units[u].hex)]


def city_holder(content: Content, state: GameState, name: str, occupy: bool, supplied: set[str] | None = None) -> str:
    """Who holds the city (17.1); with ``occupy``, who occupies it (17.2), with a unit in
    ``supplied`` when that set is given ("occupies with a supplied unit")."""
    h = content.map.place_named(name)
    if h is None:
        return ""
    sides = {content.counter(u).side for u in state.units_at(h) if supplied is None or u in supplied}
    if sides:
        return sides.pop()
    return "" if occupy else state.control.get(h, "Allied")


def conditions(content: Content, state: GameState, final: bool) -> tuple[str, list[tuple[str, str, str]]]:
    """The winner if the game ended now ("" for none yet while play goes on) and every condition."""
    victory = content.scenario.extras.get("victory") or {}
    rule = content.scenario.id
    reasons: list[tuple[str, str, str]] = []
    winner = ""
    for condition in victory.get("german", []):
        if condition.get("kind") == "cross_meuse":
            units = across_meuse(content, state)
            reasons.append(("yes" if units else "no", "a German unit across the Meuse" +
                            (f": {', '.join(content.counter(u).name for u in units)}" if units else ""), rule))
            if units:
                winner = "German"
        elif condition.get("kind") == "hold_cities":
            occupy = bool(condition.get("supplied"))  # 17.2 "occupies with a supplied unit"
            supplied = supplied_units(content, state) if occupy else None
            held = [c for c in condition["cities"] if city_holder(content, state, c, occupy, supplied) == "German"]
            reasons.append((f"{len(held)}/{condition['need']}", f"cities German-held: {', '.join(held) or 'none'}", rule))
            if final and len(held) >= int(condition["need"]):
                winner = "German"
    if any(c.get("supplied") for c in victory.get("german", [])):
        reasons.append(("≈", SUPPLY_NOTE, "10.2"))
    if final and not winner:
        winner = victory.get("otherwise", "Allied")
    return winner, reasons


def end_of_turn(content: Content, state: GameState, log: list[LogLine]) -> GameState:
    """Administrative Phase: the Meuse crossing every turn, the cities at the end."""
    final = state.turn >= content.scenario.last_turn
    winner, reasons = conditions(content, state, final)
    if across_meuse(content, state) or final:
        winner = winner or "Allied"
        text = f"{winner} victory"
        log.append(LogLine(text, tuple(f"{what}: {why}" for what, why, _ in reasons)))
        return replace(with_data(state, winner=winner, result=text), phase=GAME_OVER)
    return state


def victory_status(content: Content, state: GameState) -> VictoryReport:
    d = data(state)
    final = state.phase == GAME_OVER
    winner, reasons = conditions(content, state, True)
    winner = d.winner or winner
    result = d.result or f"{winner} victory"
    return VictoryReport(content.scenario.key, "conditions", result, winner, final, 0, tuple(reasons))
