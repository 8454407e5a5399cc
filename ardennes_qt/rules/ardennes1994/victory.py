"""Victory in The Ardennes (4.0; checklist items 60-63): control of the cities, their VP, the
levels of 4.2 (shifted toward the Germans in 5.4 and 5.5), the German's secret option of 4.1
(Antwerp, Liège or Paris: a Massive German Victory), exits, and each scenario's own
conditions (5.1: 8 SS units off the west edge; 5.2: Bastogne and Wiltz).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.outcome import LogLine
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes1994.phases import ALLIED, GAME_OVER, GERMAN
from ardennes_qt.rules.ardennes1994.situation import current_values, greif, rules_data, side_of, supply_unit
from ardennes_qt.rules.ardennes1994.tables import provisional_reason, table

ANTWERP, LIEGE, PARIS, NO_OPTION = "antwerp", "liege", "paris", "none"
OPTIONS = {ANTWERP: "Antwerp", LIEGE: "Liège", PARIS: "Paris"}
EXIT_STRENGTH = 60  # 4.1: attack strength points to exit, with a Supply Unit
LIEGE_NAME = "Liège"


def city_values(content: Content) -> dict[str, int]:
    """4.2 (M5, estimated): the VP of each city: the places of the map with a VP value (the
    editor edits them), a city of several hexes by its greatest."""
    values: dict[str, int] = {}
    for place in content.map.places.values():
        if place.vp:
            values[place.name] = max(values.get(place.name, 0), place.vp)
    return values


def city_hexes(content: Content) -> dict[Hex, str]:
    """Every hex of a victory city, with the city's name (a multi-hex city: every hex of its name)."""
    values = city_values(content)
    return {h: place.name for h, place in content.map.places.items() if place.name in values}


def controller(content: Content, state: GameState, h: Hex) -> str:
    """4.2: who controls a city hex: the side occupying it (not a Greif Team alone), else the
    side that last moved a unit through it."""
    real = [uid for uid in state.units_at(h) if not greif(content, uid)]
    if real:
        return side_of(content, real[0])
    return state.control.get(h, ALLIED)


def settle_control(content: Content, state: GameState, hexes) -> GameState:
    """The hexes a unit entered or passed: their cities belong to its side now (4.2; 3.3b Liège).
    Greif Teams never capture by themselves (2.1bE)."""
    cities = city_hexes(content)
    changes = {}
    for h, side in hexes:
        if h in cities and state.control.get(h) != side:
            changes[h] = side
    if not changes:
        return state
    return replace(state, control={**state.control, **changes})


@dataclass(frozen=True)
class VictoryReport:
    scenario: str
    kind: str  # "vp", "exit" (5.1), "hold" (5.2)
    result: str
    winner: str
    final: bool
    current_vp: int
    reasons: tuple[tuple[int | str, str, str], ...]  # (amount, why, rule)
    option: str = ""


def german_vp(content: Content, state: GameState) -> tuple[int, list[tuple[int | str, str, str]]]:
    """4.2: the VP of the cities the German controls; a multi-hex city counts only whole."""
    values = city_values(content)
    by_city: dict[str, list[Hex]] = {}
    for h, name in city_hexes(content).items():
        by_city.setdefault(name, []).append(h)
    total, reasons = 0, []
    for name, hexes in sorted(by_city.items()):
        held = [h for h in hexes if controller(content, state, h) == GERMAN]
        if len(held) == len(hexes):
            total += values[name]
            reasons.append((values[name], f"{name} German-controlled", "4.2"))
        elif held:
            reasons.append((0, f"{name}: {len(held)} of its {len(hexes)} hexes held, no VP", "4.2"))
    return total, reasons


def level_for(total: int, scenario_id: str) -> tuple[str, str, tuple]:
    """The 4.2 level a German VP total reaches, shifted one level toward the Germans in 5.4/5.5."""
    data = table("victory")["levels"]
    schedule = [(lv.get("min"), lv["result"], lv["winner"]) for lv in data["schedule"]]
    index = next(i for i, (least, _, _) in enumerate(schedule) if least is None or total >= least)
    shifted = scenario_id in data.get("shifted_toward_german", [])
    if shifted and index > 0:
        index -= 1
    least, result, winner = schedule[index]
    return result, winner, (("", "this scenario shifts the result one level toward the Germans", scenario_id),) if shifted else ()


def exited_strength(content: Content, state: GameState, edge_hexes: frozenset[Hex] | None = None) -> tuple[int, bool]:
    """4.1: the attack strength of the German units that left the map, and whether a Supply
    Unit is among them (``edge_hexes``: only exits by these hexes count)."""
    strength, supply = 0, False
    exits = rules_data(state).exits
    for uid, u in state.units.items():
        if u.where != "exited" or side_of(content, uid) != GERMAN:
            continue
        if edge_hexes is not None and exits.get(uid) not in edge_hexes:
            continue
        if supply_unit(content, uid):
            supply = True
        else:
            strength += current_values(content, state, uid).attack or 0
    return strength, supply


def scored_by_city_vp(content: Content) -> bool:
    """4.2: every scenario is scored by the German VP of the cities held, but 5.1 (exits) and 5.2
    (two towns held), which name their own conditions."""
    return content.scenario.id not in ("5.1", "5.2")


def victory_status(content: Content, state: GameState) -> VictoryReport:
    """The result if play ended now (final once the game is over), with every reason."""
    scenario = content.scenario
    final = state.phase == GAME_OVER
    vp, reasons = german_vp(content, state)
    if scenario.id == "5.1":
        return _peiper(content, state, final, vp)
    if scenario.id == "5.2":
        return _bastogne(content, state, final, vp)
    option = rules_data(state).victory_option
    if option in OPTIONS and _option_met(content, state, option):
        return VictoryReport(scenario.key, "vp", "Massive German Victory", GERMAN, final, vp,
                             (("", f"the {OPTIONS[option]} option is fulfilled", "4.1"), *reasons), option)
    result, winner, shift = level_for(vp, scenario.id)
    why = provisional_reason("victory", "cities")
    reasons = [(vp, "German VP from the cities held", "4.2"), *reasons, *shift]
    if why:
        reasons.append(("", "≈ the cities and their VP are not printed in the rules: estimated", "4.2"))
    return VictoryReport(scenario.key, "vp", result, winner, final, vp, tuple(reasons), option)


# 4.1: where the exits of each option leave the map.  Antwerp: "the north-west corner of Map A
# on the west side of the Meuse" is the US Entry Area L there; Paris: "Entry Hex J or hex
# A12.35 (Givet)".
EXIT_AREAS = {ANTWERP: ("L",), PARIS: ("J",)}
EXIT_HEXES = {PARIS: ("A12.35",)}


def option_exit_hexes(content: Content, option: str) -> frozenset[Hex]:
    """The map-edge hexes an option's exits must leave from (4.1)."""
    areas = content.map.entry_areas
    hexes = {h for letter in EXIT_AREAS.get(option, ()) if letter in areas for h in areas[letter].hexes}
    hexes |= {content.map.parse(h) for h in EXIT_HEXES.get(option, ())}
    return frozenset(hexes)


def _option_met(content: Content, state: GameState, option: str) -> bool:
    if option == LIEGE:
        liege = [h for h, name in city_hexes(content).items() if name == LIEGE_NAME]
        return bool(liege) and all(
            any(side_of(content, u) == GERMAN and not greif(content, u) for u in state.units_at(h)) for h in liege)
    strength, supply = exited_strength(content, state, option_exit_hexes(content, option))
    return strength >= EXIT_STRENGTH and supply


def _peiper(content: Content, state: GameState, final: bool, vp: int) -> VictoryReport:
    """5.1: the German wins by exiting at least 8 SS units off the west map edge."""
    ss = sum(1 for uid, u in state.units.items() if u.where == "exited" and content.counter(uid).nationality == "SS")
    german = ss >= 8
    result = "German Victory" if german else "US Victory"
    return VictoryReport(content.scenario.key, "exit", result, GERMAN if german else ALLIED, final, vp,
                         ((ss, "SS units exited off the west edge (8 needed)", "5.1"),))


def _bastogne(content: Content, state: GameState, final: bool, vp: int) -> VictoryReport:
    """5.2: whoever holds Bastogne and Wiltz wins; a split is a draw."""
    held = {}
    for h, name in city_hexes(content).items():
        if name in ("Bastogne", "Wiltz"):
            held[name] = controller(content, state, h)
    sides = set(held.values())
    if len(sides) == 1:
        winner = sides.pop()
        result = f"{'German' if winner == GERMAN else 'US'} Victory"
    else:
        winner, result = "", "Draw"
    return VictoryReport(content.scenario.key, "hold", result, winner, final, vp,
                         tuple(("", f"{name} held by the {'Germans' if s == GERMAN else 'US'}", "5.2") for name, s in sorted(held.items())))


def game_over_line(content: Content, state: GameState) -> LogLine:
    report = victory_status(content, state)
    return LogLine(f"Result: {report.result}", tuple(f"{why} ({rule})" for _, why, rule in report.reasons))
