"""Weather and US Air Points (checklist items 18, 44, 45; rules 1.12, 3.2).

1.12a: "Each scenario gives the initial Weather Marker position.  At the beginning of each German
Player Turn, the German player rolls two dice to determine any change to the Weather Track
according to the Weather Change Table. Move the Weather Marker the number of boxes and direction
given by the result (the marker can never move further than the left-most or right-most boxes and
any excess change is lost)."  3.2: "Just after Weather Determination, the US Player rolls two dice
according to the Weather to determine the number of Air Points he will have available for the
coming game turn ... Unused Air Points are lost and cannot be saved from turn to turn."

The Weather Track, the Weather Change Table and the US Airpower Table are not printed (M2, M3):
their provisional contents are read here from ``tables/weather.toml`` and ``tables/airpower.toml``
as a player would read the printed tables, and the tests hold the rules' use of them.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from ardennes_qt.core.dice import die_value
from ardennes_qt.core.state import GameState
from ardennes_qt.engine import Session
from ardennes_qt.rules.ardennes1994.actions import ChooseVictory, EndPhase
from ardennes_qt.rules.ardennes1994.tables import table
from tests.rules.ardennes1994.board import answer_dummy_dumps, set_up
from tests.rules.ardennes1994.board import scenario_game

TRACK = list(table("weather")["track"])
CHANGE = {int(roll): int(move) for roll, move in table("weather")["change"].items() if roll.isdigit()}
COLUMNS = {box: list(points) for box, points in table("airpower")["columns"].items()}


def airpower(box: str, roll: int) -> int:
    """The US Airpower Table: the Air Points of a roll of two dice in a weather box's column."""
    return COLUMNS[box][roll - 2]


def after_change(box: str, roll: int) -> str:
    """1.12a: the box the marker reaches, the excess beyond the track's ends lost."""
    i = TRACK.index(box) + CHANGE[roll]
    return TRACK[max(0, min(len(TRACK) - 1, i))]


def dice_next(state: GameState, *totals: int) -> GameState:
    """The state whose next rolls of two dice add up to ``totals``, in order."""
    draw = state.draws
    while not all(die_value(state.seed, draw + 2 * i) + die_value(state.seed, draw + 2 * i + 1) == total
                  for i, total in enumerate(totals)):
        draw += 1
    return replace(state, draws=draw)


def at_turns_end(scenario: str, turn: int, weather: str, *totals: int, air_points: int = 0) -> Session:
    """``scenario`` in the US Exploitation Phase of ``turn`` with the weather marker in ``weather``,
    the next rolls of two dice adding up to ``totals``."""
    s = scenario_game(scenario, "us_exploitation", turn=turn, weather=weather, air_points=air_points,
                      victory_option="paris")
    return Session(s.content, s.state.seed, initial=dice_next(s.state, *totals))


def rolls_logged(s: Session, start: int) -> list[str]:
    return [why for line in s.log()[start:] for why in line.reasons if "rolled" in why]


def test_item44_the_track_runs_from_soup_to_crystal_clear_and_holds_every_scenarios_weather_at_start():
    """1.12: "The Weather Track has several categories ranging from Soup to Crystal Clear"; the
    scenarios start in Soup (5.1-5.3), Overcast #2 (5.4) and Clear (5.5); the US Airpower Table
    has a column for each box (1.12b)."""
    assert TRACK[0] == "Soup" and TRACK[-1] == "Crystal Clear"
    assert {"Overcast #2", "Clear"} <= set(TRACK)
    assert set(COLUMNS) == set(TRACK)
    assert sorted(CHANGE) == list(range(2, 13))
    assert all(len(COLUMNS[box]) == 11 for box in TRACK)


@pytest.mark.parametrize("scenario, printed", [("5.1", "Soup"), ("5.2", "Soup"), ("5.3", "Soup"),
                                               ("5.4", "Overcast #2"), ("5.5", "Clear")])
def test_item44_the_first_turn_is_played_in_the_scenarios_weather_at_start(scenario, printed):
    """1.12a: "Each scenario gives the initial Weather Marker position" (5.1-5.3 "Weather at
    Start: Soup", 5.4 "Overcast #2", 5.5 "Clear").  Reading (the code's, 1.12a): the Weather at
    Start is the first turn's weather; the first Weather Change roll comes on the second turn.
    The dice are set so that a roll would have moved the marker; the US Air Points of the first
    turn are then rolled in the printed box's column."""
    s = Session.new(f"ardennes1994/{scenario}", seed=1)
    assert s.phase().weather == printed
    moving = next(r for r in range(2, 13) if after_change(printed, r) != printed)
    air = 12
    s = set_up(Session(s.content, s.state.seed, initial=dice_next(s.state, moving, air)))
    first = s.state.turn
    s.apply(EndPhase())
    if (s.decision() or {}).get("kind") == "victory_option":  # 4.1: the German chooses his option first (not in 5.1, 5.2)
        s.apply(ChooseVictory("paris"))
    answer_dummy_dumps(s)  # 3.3a: the US player's dummies (5.1, 5.3)
    assert s.state.turn == first and s.state.phase == "ge_movement"
    assert s.phase().weather == printed
    assert s.phase().air_points == airpower(printed, moving)  # the first two dice went to the Air Points


@pytest.mark.parametrize("start", TRACK)
@pytest.mark.parametrize("roll", range(2, 13))
def test_item44_each_german_player_turn_the_roll_moves_the_marker_held_at_the_tracks_ends(start, roll):
    """1.12a: at the beginning of each German Player Turn two dice on the Weather Change Table move
    the marker; it "can never move further than the left-most or right-most boxes and any excess
    change is lost"."""
    s = at_turns_end("5.3", 2, start, roll)
    n = len(s.log())
    s.apply(EndPhase())
    assert (s.state.turn, s.state.phase) == (3, "ge_movement")
    assert s.phase().weather == after_change(start, roll)
    assert f"= {roll}: " in rolls_logged(s, n)[0]  # the Weather Change roll is the one set


def test_item44_soup_does_not_go_below_soup_nor_crystal_clear_above_crystal_clear():
    """1.12a: the marker stops at the left-most and right-most boxes.  From Overcast #1 the
    largest move toward Soup stops in Soup (the excess is lost), and from Clear the largest move
    toward Crystal Clear stops there."""
    worst, best = min(CHANGE, key=CHANGE.get), max(CHANGE, key=CHANGE.get)
    assert CHANGE[worst] < 0 < CHANGE[best]
    for start, roll, end in (("Soup", worst, "Soup"), ("Crystal Clear", best, "Crystal Clear"),
                             (TRACK[1], worst, "Soup"), (TRACK[-2], best, "Crystal Clear")):
        s = at_turns_end("5.3", 5, start, roll)
        s.apply(EndPhase())
        assert s.state.turn == 6 and s.phase().weather == end, (start, roll)


def test_item45_the_air_points_are_rolled_after_the_weather_in_its_new_column():
    """3.2: "Just after Weather Determination, the US Player rolls two dice according to the
    Weather"; 1.12b: the marker's position is "the column on the US Airpower Table the US player
    uses ... in the following US Air Point Determination Phase".  The weather moves from
    Overcast #2 to the next box; the Air Points are read in that box's column."""
    start = "Overcast #2"
    roll = next(r for r in range(2, 13) if after_change(start, r) != start)
    new = after_change(start, roll)
    air = next(r for r in range(12, 1, -1) if airpower(new, r) != airpower(start, r))
    s = at_turns_end("5.4", 7, start, roll, air)
    n = len(s.log())
    s.apply(EndPhase())
    assert s.state.turn == 8 and s.phase().weather == new
    assert s.phase().air_points == airpower(new, air)
    texts = [line.text for line in s.log()[n:]]
    weather = next(i for i, t in enumerate(texts) if t.endswith("Weather Determination"))
    air_phase = next(i for i, t in enumerate(texts) if t.endswith("US Air Point Determination"))
    movement = next(i for i, t in enumerate(texts) if t.endswith("German Movement Phase"))
    assert weather < air_phase < movement
    assert f"US Air Points this turn: {airpower(new, air)}" in texts


@pytest.mark.parametrize("box", ["Clear", "Crystal Clear"])
@pytest.mark.parametrize("roll", [2, 7, 12])
def test_item45_the_air_points_follow_the_airpower_table(box, roll):
    """3.2: two dice in the weather's column give the turn's Air Points, shown with the weather
    (the weather roll chosen to leave the marker where it is)."""
    stay = next(r for r in range(2, 13) if after_change(box, r) == box)
    s = at_turns_end("5.3", 9, box, stay, roll)
    s.apply(EndPhase())
    assert s.phase().weather == box
    assert s.phase().air_points == airpower(box, roll)
    assert ("US Air Points", str(airpower(box, roll))) in s.phase().conditions() or airpower(box, roll) == 0


def test_item45_air_points_last_through_both_player_turns():
    """3.2: "These points can be used in either the German Player turn ... or in the US Player
    turn": the points rolled at the start of the turn are still there in the US Player Turn."""
    s = scenario_game("5.3", "ge_combat", turn=9, weather="Clear", air_points=3, victory_option="paris")
    for _ in range(6):
        if s.state.phase == "us_combat":
            break
        s.apply(EndPhase())
    assert (s.state.turn, s.state.phase) == (9, "us_combat")
    assert s.phase().air_points == 3


def test_item45_unused_air_points_are_lost_at_the_turns_end():
    """3.2: "Unused Air Points are lost and cannot be saved from turn to turn."  Three points left
    at the end of Turn 9, the weather Soup: the next turn has only what its own roll gives."""
    stay = next(r for r in range(2, 13) if after_change("Soup", r) == "Soup")
    s = at_turns_end("5.3", 9, "Soup", stay, 12, air_points=3)
    n = len(s.log())
    s.apply(EndPhase())
    assert s.state.turn == 10 and s.phase().weather == "Soup"
    assert s.phase().air_points == airpower("Soup", 12)
    assert "3 unused US Air Point(s) lost" in [line.text for line in s.log()[n:]]
