"""A game of The Ardennes (1994) is its seed and its actions: random legal play through each
scenario replays from the action log to the same position, and a saved game opens at that
position with its undo history; the VP track records the cities held at each turn's end (4.2)."""

from __future__ import annotations

import random

import pytest

from ardennes_qt.engine import Session
from ardennes_qt.engine.autoplay import RandomPlayer
from ardennes_qt.rules.ardennes1994.victory import german_vp


def play(scenario: str, seed: int, turns: int) -> Session:
    session = Session.new(f"ardennes1994/{scenario}", seed=seed)
    player = RandomPlayer(random.Random(seed))
    last = session.state.turn + turns
    in_phase, key = 0, None
    for _ in range(3000):
        if session.state.turn >= last or session.phase().game_over:
            break
        assert player.step(session, in_phase) is not None
        in_phase = in_phase + 1 if key == (session.state.turn, session.state.phase) else 0
        key = (session.state.turn, session.state.phase)
    return session


@pytest.mark.parametrize("scenario", ("5.1", "5.3", "5.5"))
def test_random_play_replays_from_its_log_and_survives_save_and_load(scenario, tmp_path):
    session = play(scenario, seed=7, turns=2)
    log = session.action_log()
    assert len(log) > 20

    again = Session.new(f"ardennes1994/{scenario}", seed=7)
    for action in log:
        again.apply(action)
    assert again.state_hash() == session.state_hash()

    path = tmp_path / "game.ardennes"
    session.save(path)
    opened = Session.load(path)
    assert opened.state_hash() == session.state_hash()
    assert not opened.warnings
    assert opened.can_undo
    opened.undo()
    assert opened.state_hash() != session.state_hash()


def test_item61_the_vp_track_records_the_cities_held_at_each_turns_end():
    session = play("5.3", seed=3, turns=2)
    track = session.vp_track()
    first = session.content.scenario.first_turn
    turns = [t for t, _ in track.by_turn]
    assert turns == list(range(first, session.state.turn))
    assert track.greatest == max(vp for _, vp in track.by_turn)
    assert track.current == german_vp(session.content, session.state)[0]
    assert any("holds cities worth" in line.text for line in session.log())


def test_item61_no_vp_track_where_the_scenario_is_won_otherwise():
    assert Session.new("ardennes1994/5.1").vp_track() is None
    assert Session.new("ardennes1994/5.2").vp_track() is None
    assert Session.new("ardennes1994/5.4").vp_track().kind == "vp"


def test_item61_item63_the_vp_track_of_5_4_reads_the_levels_shifted_toward_the_germans():
    """5.4, 5.5: the result is one level toward the Germans, and the track's bands say so: 19
    VP is a Major German Victory there, a Minor one in 5.3; the total at the game's end is judged."""
    campaign, breakout = Session.new("ardennes1994/5.3").vp_track(), Session.new("ardennes1994/5.4").vp_track()
    assert campaign.level_of(19).result == "Minor German Victory"
    assert breakout.level_of(19).result == "Major German Victory" and breakout.level_of(24).result == "Major German Victory"
    assert breakout.level_of(9).result == "Major US Victory"
    assert [lv.min for lv in breakout.levels] == [19, 14, 10, None]
    assert campaign.judged_on == breakout.judged_on == "end"


def test_the_log_says_the_result_when_the_game_ends():
    session = play("5.2", seed=1, turns=20)
    assert session.phase().game_over
    assert session.log()[-1].text == f"Result: {session.victory().result}"
