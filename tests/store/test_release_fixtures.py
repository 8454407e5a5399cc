"""Files written by an earlier release, and of each format this version writes, still open
and replay to the position they held.

The fixtures under tests/fixtures/release_0_1 were written by release 0.1 (saved-game
format 2, module format 1), those under tests/fixtures/format_3 by the version that
introduced saved-game format 3; their state hashes and action counts are what the version
that wrote them said of them (facts.json)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from ardennes_qt.engine import Session
from ardennes_qt.engine.autoplay import RandomPlayer
from ardennes_qt.store.editorfile import play_content, read_module
from ardennes_qt.store.gamefile import read_game

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "release_0_1"
FACTS = json.loads((FIXTURES / "facts.json").read_text())
FORMAT_3 = Path(__file__).resolve().parents[1] / "fixtures" / "format_3"
# The 7.1 saves were played before Ardennes II kept 7.1's set-up DG markers through Turn 1 (rule
# option setup_dg): their Turn 1 Pre-Turn cleared them, so under today's rules their logs lead
# elsewhere - they open at their position, without the undo history, and say so.  Opened with
# the option as those games were played, their logs still replay to their positions.
PLAYED_BEFORE_SETUP_DG = {"campaign-7.1.ardennes"}
NO_LONGER_REPLAYS = ("The game's action log no longer replays to its saved position; the position is restored "
                     "but its undo history is not.")


def opened(path: Path) -> Session:
    """The saved game as its release played it: 7.1's set-up DG markers cleared in the first Pre-Turn."""
    if path.name not in PLAYED_BEFORE_SETUP_DG:
        return Session.load(path)
    saved = read_game(path, False)
    saved.content.scenario.options["setup_dg"] = "pre_turn"
    return Session._opened(path, saved)


@pytest.mark.parametrize("folder", [FIXTURES, FORMAT_3])
def test_a_7_1_save_from_before_the_set_up_dg_reading_opens_at_its_position(folder):
    facts = (FACTS if folder == FIXTURES else json.loads((FORMAT_3 / "facts.json").read_text()))["campaign-7.1.ardennes"]
    session = Session.load(folder / "campaign-7.1.ardennes")
    assert session.state_hash() == facts["state_hash"]
    assert session.verify_history() == NO_LONGER_REPLAYS
    assert session.state_hash() == facts["state_hash"]


@pytest.mark.parametrize("name", ["campaign-7.1.ardennes", "breakout-7.4.ardennes"])
def test_a_saved_game_opens_at_its_position_with_its_history(name):
    facts = FACTS[name]
    session = opened(FIXTURES / name)
    assert session.state_hash() == facts["state_hash"]
    assert session.verify_history() is None and session.warnings == []  # the log replays to the position
    assert len(session.action_log()) == facts["actions"]
    if "history" in facts:  # the undone actions can still be redone
        assert len(session.history) == facts["history"]
        session.redo()
        assert len(session.action_log()) == facts["actions"] + 1


def test_a_saved_games_what_if_line_replays_to_its_position():
    facts = FACTS["campaign-7.1.ardennes"]
    session = opened(FIXTURES / "campaign-7.1.ardennes")
    assert session.warnings == []
    branch = session.lines.session("Bastogne first")
    assert len(branch.action_log()) == facts["branch_actions"]
    assert branch.state_hash() == facts["branch_hash"]


def test_an_editor_module_plays_with_its_house_rules_and_edits():
    facts = FACTS["house-rules.ardmod"]
    module = read_module(FIXTURES / "house-rules.ardmod")
    assert str(module.counters["US-Ind:526"].full) == "3-3-14"
    assert 'D1", "D1"' in module.house_rules[("map", "crt")]
    session = Session(play_content(FIXTURES / "house-rules.ardmod", facts["scenario"]), seed=facts["seed"])
    RandomPlayer(random.Random(facts["player_seed"])).play(session, until_turn=facts["until_turn"])
    assert len(session.action_log()) == facts["actions"]
    assert session.state_hash() == facts["state_hash"]


def test_a_save_of_format_3_opens_at_its_position_and_its_logs_replay_to_it():
    facts = json.loads((FORMAT_3 / "facts.json").read_text())["campaign-7.1.ardennes"]
    session = opened(FORMAT_3 / "campaign-7.1.ardennes")
    assert session.warnings == [] and session.history_pending
    assert session.state_hash() == facts["state_hash"] and len(session.action_log()) == facts["actions"]
    branch = session.lines.session("Bastogne first")
    assert branch.state_hash() == facts["branch_hash"] and len(branch.action_log()) == facts["branch_actions"]
    assert session.verify_history() is None and branch.verify_history() is None
    assert len(session.history) == facts["history"]
    session.redo()
    assert len(session.action_log()) == facts["actions"] + 1
