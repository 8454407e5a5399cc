"""Weather and the US air forces (2.2, 3.7; checklist items 69-71): the Freeze roll, Air
Strike availability, Air Strikes as barrages and Air Supply.  There is no German air (2.2).

The Freeze roll and the Air Strike Table are not in the documents (M2, M3): they are the
provisional tables ``weather.toml`` and ``air_strikes.toml``, and every log line that uses
them says so.
"""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.outcome import Changes, LogLine, Outcome
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2.actions import AirStrike, PlaceAirSupply
from ardennes_qt.rules.ardennes2.barrage import (
    barrage_chances,
    barrage_phase_check,
    choose_spotter,
    fire,
    named_spotter_check,
    parse_target,
    spotters_for,
)
from ardennes_qt.rules.ardennes2.choices import Choices
from ardennes_qt.rules.ardennes2.options import AIR_STRIKES_HALVED, option
from ardennes_qt.rules.ardennes2.phases import ALLIED
from ardennes_qt.rules.ardennes2.placement import in_play_area
from ardennes_qt.rules.ardennes2.situation import rules_data, with_rules
from ardennes_qt.rules.ardennes2.tables import table
from ardennes_qt.rules.common.checks import Check, met, refuse_unless, verdict

CLEAR = "clear"
FREEZE = "freeze"
AIR_SUPPLY_PHASE = "air_supply"


def _table(name: str) -> dict:
    return table(name)


def weather_table() -> dict:
    """tables/weather.toml: the provisional Freeze roll (M3)."""
    return _table("weather")


def air_strike_table() -> dict:
    """tables/air_strikes.toml: the provisional US Air Strike Table (M2)."""
    return _table("air_strikes")


def _provisional(table: dict, name: str) -> str:
    """A table's name as a reason; a provisional one says so (its ``reason`` says why)."""
    return f"{name}; provisional table, not in the rules document" if table.get("provisional") else name


# --- 2.2 Weather Determination ----------------------------------------------------------------


def freeze_roll_due(state: GameState) -> bool:
    """2.2: "Starting on 23 Dec 44, the US player rolls one die each turn to determine if a
    Freeze occurs"; once Freeze has come it lasts (weather.toml) and no roll is made."""
    table = weather_table()
    if rules_data(state).weather == FREEZE and table["lasts"]:
        return False
    return state.turn >= table["first_roll_turn"]


def determine_weather(content: Content, state: GameState) -> tuple[GameState, list[LogLine]]:
    """The Pre-Turn Weather Determination phase (2.2)."""
    data = rules_data(state)
    if not freeze_roll_due(state):
        weather = data.weather if data.weather == FREEZE else CLEAR
        return with_rules(state, replace(data, weather=weather)), [LogLine(f"Weather: {weather}", ("2.2",))]
    table = weather_table()
    state, roll = state.rolled()
    low, high = table["freeze_on"]
    weather = FREEZE if low <= roll <= high else CLEAR
    state = with_rules(state, replace(rules_data(state), weather=weather))
    because = _provisional(table, f"Freeze on {low}-{high} (2.2)")
    return state, [LogLine(f"Freeze roll {roll}: weather {weather}", (because,))]


# --- 2.2 Air Strike Availability --------------------------------------------------------------


def strikes_rolled(weather: str, roll: int) -> int:
    """The US Air Strike Table (provisional, M2): the weather's column, one die."""
    for row in air_strike_table()[weather]["results"]:
        low, high = row["rolls"]
        if low <= roll <= high:
            return int(row["strikes"])
    raise ValueError(f"air_strikes.toml: no {weather} row for a roll of {roll}")


def strikes_divisor(content: Content) -> int:
    """7.3-7.6: "Divide the Air Strike Table's result by two (round down)"."""
    return 2 if option(content.scenario, AIR_STRIKES_HALVED) else 1


def air_strike_availability(content: Content, state: GameState) -> tuple[GameState, list[LogLine]]:
    """The Pre-Turn Air Strike Availability phase (2.2): roll on the weather's column; unused
    strikes of the last turn are lost (they cannot be saved from turn to turn)."""
    data = rules_data(state)
    state, roll = state.rolled()
    rolled = strikes_rolled(data.weather, roll)
    divisor = strikes_divisor(content)
    strikes = rolled // divisor
    reasons = [_provisional(air_strike_table(), f"US Air Strike Table, {data.weather} column (2.2)")]
    if divisor > 1:
        reasons.append(f"the table gives {rolled}, halved and rounded down ({content.scenario.id} US Air Strikes)")
    state = with_rules(state, replace(rules_data(state), air_strikes=strikes))
    return state, [LogLine(f"Air Strike roll {roll}: {strikes} US Air Strike(s) this turn", tuple(reasons))]


# --- 2.2, 3.5 Air Strikes ---------------------------------------------------------------------


def air_strike_checks(content: Content, state: GameState, target: Hex, spotter: str = "") -> list[Check]:
    """2.2: any hex, no range; in the US barrage phases (3.5 "Air Strikes can supplement US
    Artillery in any of its Barrage Phases"); a strike without a spotter only once per hex
    and phase (3.5 Exception); a spotter the player names is a US unit within 2 hexes."""
    record = rules_data(state).record
    left = rules_data(state).air_strikes
    checks = [
        barrage_phase_check(state, ALLIED),
        met(left > 0, f"{left} Air Strike(s) left this turn", "no Air Strikes left this turn", "2.2"),
        met(in_play_area(content, target), "the target is in the play area", "the target is outside the play area", "7.x Maps in Play"),
    ]
    if spotter:
        checks.append(named_spotter_check(content, state, ALLIED, target, spotter))
    elif target in record.strikes_without_spotter:
        checks.append(met(
            bool(spotters_for(content, state, ALLIED, target)),
            "a spotter is within 2 hexes of the target",
            "this hex already had its Air Strike without a spotter; another needs a US unit within 2 hexes",
            "3.5 Exception",
        ))
    return checks


def air_strike_allowed(content: Content, state: GameState, target_hex: str | Hex, spotter: str = "") -> tuple[bool, tuple[str, ...]]:
    target = content.map.parse(target_hex) if isinstance(target_hex, str) else target_hex
    return verdict(air_strike_checks(content, state, target, spotter))


def air_strike(content: Content, state: GameState, action: AirStrike) -> Outcome:
    """The AirStrike action: one strike barrages a hex like artillery (2.2, 3.5).  A strike
    with a named spotter holds that unit; otherwise the first strike on a hex in a phase goes
    without a spotter, so no unit is held by it, and a further one takes the spotter whose
    use costs least."""
    target = parse_target(content, action.target)
    refuse_unless(air_strike_checks(content, state, target, action.spotter))
    data = rules_data(state)
    spotter = action.spotter
    if not spotter and target in data.record.strikes_without_spotter:
        spotter = choose_spotter(content, state, spotters_for(content, state, ALLIED, target))
    if spotter:
        data = data.with_record(spotters=data.record.spotters | {spotter})
    else:
        data = data.with_record(strikes_without_spotter=data.record.strikes_without_spotter | {target})
    state = with_rules(state, replace(data, air_strikes=data.air_strikes - 1))
    state, line, _ = fire(state, barrage_chances(content, state, target, None, ALLIED), target, ALLIED, "Air Strike")
    if spotter:
        line = replace(line, reasons=(*line.reasons, f"spotter: {content.counter(spotter).name}, cannot move further this phase (3.5)"))
    else:
        line = replace(line, reasons=(*line.reasons, "no spotter: the only one such on this hex this phase (3.5 Exception)"))
    return Outcome(state, Changes(units=frozenset({spotter} - {""}), hexes=frozenset({target}), markers=True), (line,))


# --- 2.2, 3.7 Air Supply ----------------------------------------------------------------------
#
# A marker "can supply US units w/i 5 hexes" whatever the terrain and enemy units between
# (3.7), and "allows the removal of all US DGs at or within 5 hexes of its hex".  When: in the
# Pre-Turn Barrage & DG Marker Recovery phase that follows its placement, because 3.4 lets DG
# come off only there and 3.7 names it ("Remove an Artillery unit's DG freely in the friendly
# DG Recovery Phase IF it ... obtains Air Supply").  Both effects come from the supply trace:
# ``supply.supplied_hexes`` counts the markers, so the DG Recovery (``dg.dg_recovery``) and
# the US Supply Phase see them.  The sequence of play removes the markers at the end of the
# US Player Turn, once the US Supply Phase has checked supply with them, as the Game Turn End
# begins (``phase_steps.air_supply_removal``).


def air_supply_checks(content: Content, state: GameState, h: Hex) -> list[Check]:
    left = rules_data(state).air_strikes
    return [
        met(state.phase == AIR_SUPPLY_PHASE, "the Air Supply Allocation Phase",
            "Air Supply is placed only in the Air Supply Allocation Phase", "3.7"),
        met(left > 0, f"{left} Air Strike(s) left to use as Air Supply", "no Air Strikes left this turn", "2.2"),
        met(in_play_area(content, h), "the hex is in the play area", "the hex is outside the play area", "2.2 (any hex on the map)"),
    ]


def air_supply_allowed(content: Content, state: GameState, hex_id: str | Hex) -> tuple[bool, tuple[str, ...]]:
    h = content.map.parse(hex_id) if isinstance(hex_id, str) else hex_id
    return verdict(air_supply_checks(content, state, h))


def place_air_supply(content: Content, state: GameState, action: PlaceAirSupply) -> Outcome:
    """The PlaceAirSupply action (2.2 Air Supply Allocation): one Air Strike, supply side up."""
    h = parse_target(content, action.hex)
    refuse_unless(air_supply_checks(content, state, h))
    data = rules_data(state)
    state = with_rules(state, replace(data, air_strikes=data.air_strikes - 1, air_supply=(*data.air_supply, h)))
    line = LogLine(
        f"Air Supply placed at {content.map.hex_id(h)}",
        ("supplies US units within 5 hexes until the end of the US Player Turn; removes their DG in this "
         "Pre-Turn's DG Recovery (2.2, 3.7)",),
    )
    return Outcome(state, Changes(hexes=frozenset({h}), markers=True), (line,))


def air_strike_choices(content: Content, state: GameState) -> list:
    """The legal AirStrike actions of this phase, as one family (every hex they may hit)."""
    if not rules_data(state).air_strikes or not barrage_phase_check(state, ALLIED).ok:
        return []

    def actions() -> list:
        return [AirStrike(content.map.hex_id(h)) for h in content.map.all_hexes() if air_strike_allowed(content, state, h)[0]]

    return [Choices("air strike", ALLIED, actions, "air_strike")]


def air_supply_choices(content: Content, state: GameState) -> list:
    """The legal PlaceAirSupply actions of the Air Supply Allocation Phase, as one family."""
    if state.phase != AIR_SUPPLY_PHASE or not rules_data(state).air_strikes:
        return []

    def actions() -> list:
        return [PlaceAirSupply(content.map.hex_id(h)) for h in content.map.all_hexes() if in_play_area(content, h)]

    return [Choices("air supply", ALLIED, actions, "air_supply")]
