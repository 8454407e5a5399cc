"""The automatic work of the turn (1.2): Weather Determination (1.12), US Air Point
Determination (3.2), the release of Reserves at the start of Exploitation (1.9), Clean Up
(1.8c, 1.11b), the Air Points lost at the end of the turn (3.2), and the German's secret
victory option at the start of the game (4.1).
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import Changes, LogLine, Outcome, Refused
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import Choices
from ardennes_qt.rules.ardennes1994.actions import ChooseVictory
from ardennes_qt.rules.ardennes1994.phase_steps import TURN_END, on_begin, on_run
from ardennes_qt.rules.ardennes1994.phases import CLEANUP, EXPLOITATION, GERMAN
from ardennes_qt.rules.ardennes1994.rulebook import Part
from ardennes_qt.rules.ardennes1994.situation import rules_data, side_of, with_rules
from ardennes_qt.rules.ardennes1994.state import Decision
from ardennes_qt.rules.ardennes1994.tables import provisional_reason, table
from ardennes_qt.rules.ardennes1994.victory import NO_OPTION, OPTIONS, german_vp, scored_by_city_vp

CHOOSE_OPTION = "victory_option"
PART = Part()


def roll_2d6(state: GameState) -> tuple[GameState, int, tuple[int, int]]:
    state, a = state.rolled()
    state, b = state.rolled()
    return state, a + b, (a, b)


@on_run("weather")
def weather_determination(content: Content, state: GameState):
    """1.12a: each German Player Turn the German rolls two dice on the Weather Change Table and
    moves the marker, held at the ends.  The scenario's Weather at Start is the first turn's:
    the roll comes from the second turn on."""
    data = rules_data(state)
    if state.turn == content.scenario.first_turn:
        return _opening_choices(content, state), [LogLine(f"Weather: {data.weather} (the scenario's weather at start)", ("1.12a",))]
    weather = table("weather")
    track = list(weather["track"])
    state, roll, dice = roll_2d6(state)
    move = int(weather["change"][str(roll)])
    now = track.index(data.weather) if data.weather in track else 0
    new = track[max(0, min(len(track) - 1, now + move))]
    why = ["1.12a Weather Change Table", f"rolled {dice[0]}+{dice[1]} = {roll}: {move:+d} box(es)"]
    if provisional_reason("weather"):
        why.append("≈ the Weather Track and Change Table are not printed in the rules: provisional")
    state = with_rules(state, replace(rules_data(state), weather=new))
    return state, [LogLine(f"Weather: {new}" + ("" if new != data.weather else " (unchanged)"), tuple(why))]


@on_run("air_points")
def air_point_determination(content: Content, state: GameState):
    """3.2: the US rolls two dice in the weather's column of the US Airpower Table."""
    data = rules_data(state)
    airpower = table("airpower")
    column = airpower["columns"].get(data.weather)
    if column is None:
        return state, [LogLine("US Air Points: none (no column for this weather)", ("3.2",))]
    state, roll, dice = roll_2d6(state)
    points = int(column[roll - 2])
    why = ["3.2 US Airpower Table", f"{data.weather}: rolled {dice[0]}+{dice[1]} = {roll}"]
    if provisional_reason("airpower"):
        why.append("≈ the US Airpower Table is not printed in the rules: provisional")
    state = with_rules(state, replace(rules_data(state), air_points=points))
    return state, [LogLine(f"US Air Points this turn: {points}", tuple(why))]


def _opening_choices(content: Content, state: GameState) -> GameState:
    """4.1: at the start of the game the German secretly chooses his victory option (in the
    scenarios judged by 4.0)."""
    if rules_data(state).victory_option or victory_option_setting(content) == NO_OPTION:
        return state
    fixed = victory_option_setting(content)
    data = rules_data(state)
    if fixed in OPTIONS:
        return with_rules(state, replace(data, victory_option=fixed))
    decision = Decision(CHOOSE_OPTION, GERMAN, {}, "4.1")
    return with_rules(state, replace(data, pending=(*data.pending, decision)))


def victory_option_setting(content: Content) -> str:
    """"choose" (the German picks), an option, or "none" (5.1, 5.2: their own victory)."""
    row = table("options")["victory_option"]
    scenario = content.scenario
    return str(scenario.options.get("victory_option", row.get("scenarios", {}).get(scenario.id, row["default"])))


def choose_victory(content: Content, state: GameState, action: ChooseVictory) -> Outcome:
    data = rules_data(state)
    if not data.pending or data.pending[0].kind != CHOOSE_OPTION:
        raise Refused("no victory option is to be chosen now", "4.1")
    if action.option not in OPTIONS:
        raise Refused(f"'{action.option}' is not a victory option: the German must choose one of "
                      f"{', '.join(OPTIONS.values())}", "4.0, 4.1")
    state = with_rules(state, replace(data, victory_option=action.option, pending=data.pending[1:]))
    return Outcome(state, Changes(phase=True), (LogLine("The German has chosen his victory option (kept secret)", ("4.1",)),))


def victory_answers(content: Content, state: GameState, decision: Decision) -> list[Choices]:
    """4.0: "the German player must choose a victory option from the list below": one of the three."""
    return [Choices("choose the victory option", GERMAN, lambda: [ChooseVictory(o) for o in OPTIONS], "answer")]


@on_run(*CLEANUP)
def clean_up(content: Content, state: GameState):
    """1.8c, 1.11b: the phasing player removes his Reserve and DG markers."""
    side = CLEANUP[state.phase]
    data = rules_data(state)
    reserves = {u for u in data.reserves if side_of(content, u) == side}
    dg = {uid for uid, u in state.units.items() if u.dg and side_of(content, uid) == side}
    units = {uid: replace(state.units[uid], dg=False) for uid in dg}
    state = with_rules(state.with_units(units), replace(data, reserves=data.reserves - reserves,
                                                         released=frozenset(u for u in data.released if side_of(content, u) != side)))
    lines = []
    if reserves:
        lines.append(LogLine(f"{len(reserves)} Reserve marker(s) removed", ("1.8c",)))
    if dg:
        lines.append(LogLine(f"{len(dg)} unit(s) no longer DG", ("1.11b",)))
    return state, lines


@on_begin(*EXPLOITATION)
def release_reserves(content: Content, state: GameState):
    """1.9: at the start of the Exploitation Phase the phasing player's Reserves are released:
    only they may move and overrun in it."""
    side = EXPLOITATION[state.phase]
    data = rules_data(state)
    mine = frozenset(u for u in data.reserves if side_of(content, u) == side)
    if not mine:
        return state, []
    state = with_rules(state, replace(data, reserves=data.reserves - mine, released=data.released | mine))
    return state, [LogLine(f"{len(mine)} unit(s) released from Reserve", ("1.9",))]


def turn_end(content: Content, state: GameState):
    """3.2: unused Air Points are lost at the end of the turn; 1.8a counts moves per game turn;
    4.2: the German VP of the cities held is recorded for the VP track."""
    data = rules_data(state)
    lines = [LogLine(f"{data.air_points} unused US Air Point(s) lost", ("3.2",))] if data.air_points else []
    by_turn = data.vp_by_turn
    if scored_by_city_vp(content):
        vp, _ = german_vp(content, state)
        lines.append(LogLine(f"End of Turn {state.turn}: the German holds cities worth {vp} VP", ("4.2",)))
        by_turn = {**by_turn, state.turn: vp}
    return with_rules(state, replace(data, air_points=0, moved_this_turn=frozenset(), vp_by_turn=by_turn)), lines


TURN_END.append(turn_end)
PART.handlers[ChooseVictory] = choose_victory
PART.decision_choices[CHOOSE_OPTION] = victory_answers
PART.answers[CHOOSE_OPTION] = (ChooseVictory,)
