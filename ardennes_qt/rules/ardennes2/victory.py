"""Victory (6.0; 7.2-7.6; checklist items 93, 95, 97-101), read from ``tables/victory.toml``.

6.0 judges the greatest German VP total at the end of any Turn; ``record_turn_vp`` keeps each
turn's total in ``Ardennes2Data.vp_by_turn``.  7.2 and 7.3 add 1 VP for each listed formation
that exits with enough units; 7.4-7.6 are won by holding VP hexes at the end of play, 7.5 also
by exiting.  ``victory_status`` gives the result with every VP and condition behind it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.scenario import Scenario
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.control import (
    control_log,
    controller,
    occupied_vp_hexes,
    update_control,
    victory_data,
    vp_hexes,
)
from ardennes_qt.rules.ardennes2.actions import ExitMap
from ardennes_qt.rules.ardennes2.choices import Choices
from ardennes_qt.rules.ardennes2.phases import GERMAN, PHASES, is_exploitation, is_movement, phasing_side
from ardennes_qt.rules.ardennes2.situation import current_values, rules_data, with_rules
from ardennes_qt.rules.ardennes2.placement import in_play_area
from ardennes_qt.rules.ardennes2.supplysources import area_edge_hexes
from ardennes_qt.rules.ardennes2.tables import table_cache

Reason = tuple[int | str, str, str]  # (amount, reason, rule)


@dataclass(frozen=True)
class Level:
    """One level of a victory schedule (6.0, 7.3): the least German VP total that reaches it, the
    result and the winner."""

    min: int | None
    result: str
    winner: str  # "German", "Allied" or "" for a draw


@dataclass(frozen=True)
class VictoryRules:
    """How a scenario is won, from victory.toml: by German VP on a schedule (6.0) or by VP hexes
    held (7.4-7.6), and which exits count (7.2, 7.3, 7.5)."""

    kind: str  # "vp" or "control"
    rule: str
    schedule: tuple[Level, ...] = ()
    schedule_rule: str = ""
    hexes: tuple[str, ...] = ()
    need: int | None = None
    exit_via: tuple[str, ...] = ()
    exit_scoring: str = ""
    exit_until_turn: int | None = None
    exit_formations: dict[str, int] = field(default_factory=dict)


@table_cache
def _rules_for(scenario_id: str) -> VictoryRules:
    data = victory_data()
    entry = data["scenario"].get(scenario_id, data["scenario"]["default"])
    schedule = data["schedules"].get(entry.get("schedule", ""), {})
    return VictoryRules(
        kind=entry["kind"],
        rule=entry["rule"],
        schedule=tuple(Level(lv.get("min"), lv["result"], lv["winner"]) for lv in schedule.get("levels", ())),
        schedule_rule=schedule.get("rule", ""),
        hexes=tuple(entry.get("hexes", ())),
        need=entry.get("need"),
        exit_via=tuple(entry.get("exit_via", ())),
        exit_scoring=entry.get("exit_scoring", ""),
        exit_until_turn=entry.get("exit_until_turn"),
        exit_formations=dict(entry.get("exit_formations", {})),
    )


def victory_rules(scenario: Scenario) -> VictoryRules:
    return _rules_for(scenario.id)


def level_for(total: int, rules: VictoryRules) -> Level:
    """6.0 (7.3): the first level whose minimum the total reaches."""
    return next(lv for lv in rules.schedule if lv.min is None or total >= lv.min)


# --- VPs ---------------------------------------------------------------------------------


def exit_reasons(content: Content, state: GameState, rules: VictoryRules) -> list[tuple[bool, Reason]]:
    """Each listed formation: has it exited with enough units? (7.2, 7.3, 7.5)"""
    exited = rules_data(state).exited
    out = []
    for code, needed in rules.exit_formations.items():
        n = exited.get(code, 0)
        name = content.formations[code].name if code in content.formations else code
        by = f" by the end of Turn {rules.exit_until_turn}" if rules.exit_until_turn else ""
        out.append((n >= needed, (n, f"{name}: {n} of {needed} units exited{by}", rules.rule)))
    return out


def german_vp(content: Content, state: GameState) -> tuple[int, tuple[Reason, ...]]:
    """The German VP total now: VP hexes they control (6.0), plus 1 VP per formation exited
    with enough units where the scenario scores exits (7.2, 7.3)."""
    reasons: list[Reason] = []
    for h, place in vp_hexes(content).items():
        if controller(content, state, h) == GERMAN:
            reasons.append((place.vp, f"{place.name} {content.map.hex_id(h)} German-controlled", "6.0"))
    rules = victory_rules(content.scenario)
    if rules.exit_scoring == "vp":
        reasons.extend((1, why, rule) for met, (_, why, rule) in exit_reasons(content, state, rules) if met)
    return sum(int(amount) for amount, _, _ in reasons), tuple(reasons)


def record_turn_vp(content: Content, state: GameState) -> tuple[GameState, tuple[LogLine, ...]]:
    """6.0, at the Game Turn End: settle control of the occupied VP hexes, then record the
    German VP total of this turn in ``Ardennes2Data.vp_by_turn``."""
    settled = update_control(content, state, occupied_vp_hexes(content, state))
    log = control_log(content, state, settled)
    total, reasons = german_vp(content, settled)
    data = rules_data(settled)
    settled = with_rules(settled, replace(data, vp_by_turn={**data.vp_by_turn, state.turn: total}))
    line = LogLine(f"Turn {state.turn}: the Germans hold {total} VP", tuple(f"{a} VP: {why} ({rule})" for a, why, rule in reasons))
    return settled, log + (line,)


def game_over(content: Content, state: GameState) -> bool:
    """Play has ended once the last turn's total is recorded."""
    return content.scenario.last_turn in rules_data(state).vp_by_turn


# --- the result --------------------------------------------------------------------------


@dataclass(frozen=True)
class VictoryReport:
    """A scenario's result, final or as it would be if play ended now, with the VP judged and every
    VP and condition behind it."""

    scenario: str
    kind: str
    result: str  # e.g. "Minor German Victory", "Allied Victory"
    winner: str  # "German", "Allied" or "" (a draw)
    final: bool  # False: the result if play ended now
    vp: int | None  # the total judged (VP scenarios): the greatest turn total, or now's before any
    vp_turn: int | None  # the turn it was reached; None when it is now's total
    current_vp: int
    reasons: tuple[Reason, ...]


def victory_status(content: Content, state: GameState) -> VictoryReport:
    rules = victory_rules(content.scenario)
    current, vp_reasons = german_vp(content, state)
    final = game_over(content, state)
    if rules.kind == "vp":
        return _vp_report(content, state, rules, current, vp_reasons, final)
    return _control_report(content, state, rules, current, final)


def _vp_report(content, state, rules, current, vp_reasons, final) -> VictoryReport:
    by_turn = rules_data(state).vp_by_turn
    if by_turn:
        best_turn = max(sorted(by_turn), key=lambda t: by_turn[t])
        judged, turn = by_turn[best_turn], best_turn
    else:
        judged, turn = current, None
    level = level_for(judged, rules)
    when = f"at the end of Turn {turn}" if turn is not None else "now (no turn has ended yet)"
    reasons = (
        (judged, f"greatest German VP total {when}", rules.schedule_rule),
        (level.min if level.min is not None else "", f"{level.result}", rules.schedule_rule),
    ) + tuple(vp_reasons)
    return VictoryReport(content.scenario.key, "vp", level.result, level.winner, final, judged, turn, current, reasons)


def _control_report(content, state, rules, current, final) -> VictoryReport:
    places = vp_hexes(content)
    wanted = [content.map.parse(t) for t in rules.hexes] if rules.hexes else list(places)
    need = rules.need if rules.need is not None else len(wanted)
    held = [h for h in wanted if controller(content, state, h) == GERMAN]
    reasons: list[Reason] = [(len(held), f"German-controlled VP hexes, {need} needed", rules.rule)]
    for h in wanted:
        place = places.get(h) or content.map.places.get(h)
        name = place.name if place else ""
        reasons.append((place.vp if place else "", f"{name} {content.map.hex_id(h)}: {controller(content, state, h)}-controlled", rules.rule))
    met = len(held) >= need
    if rules.exit_scoring == "condition":
        exits = exit_reasons(content, state, rules)
        met = met and all(ok for ok, _ in exits)
        reasons.extend(reason for _, reason in exits)
    result, winner = ("German Victory", "German") if met else ("Allied Victory", "Allied")
    return VictoryReport(content.scenario.key, "control", result, winner, final, None, None, current, tuple(reasons))


# --- leaving the map (7.2, 7.3, 7.5) -----------------------------------------------------

EXIT_ROUTES = {"o": "O", "entry area o": "O", "west": "west", "west edge": "west"}


def exit_hexes(content: Content, route: str) -> frozenset[Hex]:
    """The hexes units leave the map from: Entry Area O, or the play area's west edge
    (7.2 "off Entry Area O or the West map-edge"; 7.5 "off the west edge")."""
    if route == "O":
        area = content.map.entry_areas.get("O")
        return frozenset(h for h in (area.hexes if area else ()) if in_play_area(content, h))
    return area_edge_hexes(content, "west")


def may_still_move(content: Content, state: GameState, unit_id: str) -> tuple[bool, str]:
    """Can the unit go on moving in this phase (victory.toml [exit], provisional)?"""
    record = rules_data(state).record
    u = state.units[unit_id]
    if unit_id in record.stopped or unit_id in record.spotters:
        return False, "it must move no further this phase (3.5 spotter, 3.8)"
    if unit_id in record.fired:
        return False, "artillery that fired may not move in the same phase (3.6)"
    movement = current_values(content, state, unit_id).movement
    allowance = movement if u.dg else 2 * movement  # half MPs; 3.4: DG halves the MA
    if record.spent.get(unit_id, 0) >= allowance:
        return False, "it has no MPs left (3.4: MPs spent are not prorated)"
    if is_exploitation(state.phase):
        counter = content.counter(unit_id)
        if not counter.exploit or u.dg:
            return False, "only Exploit Capable units that are not DG act in Exploitation (1.2, 3.4)"
        if unit_id in record.started_adjacent or unit_id in record.in_enemy_barrage:
            return False, "it started the phase next to the enemy or in an enemy barrage (1.2, 3.5)"
    return True, ""


def exit_map(content: Content, state: GameState, action: ExitMap) -> Outcome:
    """ExitMap: units leave the map for good (``where`` "exited"), counted per formation in
    ``Ardennes2Data.exited`` for the scenario's exit VPs or conditions."""
    rules = victory_rules(content.scenario)
    route = EXIT_ROUTES.get(action.via.strip().lower())
    if not rules.exit_via:
        raise Refused(f"no unit leaves the map in scenario {content.scenario.id}", rules.rule)
    if route not in rules.exit_via:
        allowed = " or ".join("Entry Area O" if r == "O" else "the west edge" for r in rules.exit_via)
        raise Refused(f"units leave the map only via {allowed}", rules.rule)
    if rules.exit_until_turn is not None and state.turn > rules.exit_until_turn:
        raise Refused(f"exits count only before the end of Turn {rules.exit_until_turn}", rules.rule)
    if not action.units:
        raise Refused("no units given")
    side = phasing_side(state.phase) if state.phase in PHASES else ""
    if not (is_movement(state.phase) or is_exploitation(state.phase)):
        raise Refused("units leave the map in their own Movement or Exploitation Phase", "7.3-7.6 exits, provisional")
    start = exit_hexes(content, route)
    for uid in action.units:
        _check_exit(content, state, rules, uid, side, start)
    origins = frozenset(state.units[uid].hex for uid in action.units)
    state = state.moved_off(action.units, "exited")
    data = rules_data(state)
    exited = dict(data.exited)
    for uid in action.units:
        code = content.counter(uid).formation
        exited[code] = exited.get(code, 0) + 1
    state = with_rules(state, replace(data, exited=exited))
    names = ", ".join(content.counter(uid).name for uid in action.units)
    where = "Entry Area O" if route == "O" else "the west edge"
    counts = "; ".join(f"{content.formations[c].name}: {exited[c]} exited" for c in sorted({content.counter(u).formation for u in action.units}))
    line = LogLine(f"{names} leave the map via {where}", (f"{counts} ({rules.rule})",))
    return Outcome(state, Changes(units=frozenset(action.units), hexes=origins), (line,))


def _check_exit(content: Content, state: GameState, rules: VictoryRules, uid: str, side: str, start) -> None:
    u = state.units.get(uid)
    if u is None:
        raise Refused(f"no such unit: {uid}")
    counter = content.counter(uid)
    if u.where != "map":
        raise Refused(f"{counter.name} is not on the map")
    if counter.side != side:
        raise Refused(f"{counter.name} is not the phasing side's", "2.1")
    if counter.formation not in rules.exit_formations:
        raise Refused(f"{counter.name}: only the formations the scenario lists leave the map", rules.rule)
    if u.hex not in start:
        raise Refused(f"{counter.name} in {content.map.hex_id(u.hex)} is not on a hex units may leave from", rules.rule)
    ok, why = may_still_move(content, state, uid)
    if not ok:
        raise Refused(f"{counter.name}: {why}")


def exit_choices(content: Content, state: GameState) -> list[Choices]:
    """The legal ExitMap actions now: each unit of a listed formation of the phasing side that
    stands where it may leave and may still move, one family per unit."""
    rules = victory_rules(content.scenario)
    if not rules.exit_via or (rules.exit_until_turn is not None and state.turn > rules.exit_until_turn):
        return []
    side = phasing_side(state.phase)
    out = []
    for route in rules.exit_via:
        start = exit_hexes(content, route)
        for uid, u in sorted(state.units.items()):
            counter = content.counter(uid)
            if u.where != "map" or u.hex not in start or counter.side != side:
                continue
            if counter.formation in rules.exit_formations and may_still_move(content, state, uid)[0]:
                action = ExitMap((uid,), route)
                out.append(Choices(f"{uid} leaves via {'Entry Area O' if route == 'O' else 'the west edge'}", side, lambda a=action: [a], "exit"))
    return out
