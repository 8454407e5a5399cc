"""The Campaign Game played through the program's Session: the Refit Phase's actions are the game's
legal actions beside free moves, undone and redone, saved and loaded, replayed from the log; the
``Campaign`` capability words the step and keeps the CG Roster and the RG Purchase Record."""

import random

import pytest

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.core.outcome import Refused
from ardennes_qt.core.system import Campaign
from ardennes_qt.engine.session import Session
from ardennes_qt.engine.systems import register_system
from ardennes_qt.rules.asl_kgp.campaign.actions import (
    AnswerVictory, PurchaseRg, RecordLvp, ReplenishCpp, RollForRg, ScenarioPlayed, SideDone,
)
from ardennes_qt.rules.asl_kgp.ruleset import AslKgp


@pytest.fixture(autouse=True)
def kgp():
    register_system(AslKgp())  # the entry point may not be installed in a checkout's environment


def new(scenario="asl_kgp/CG1", seed=1):
    return Session.new(scenario, seed=seed)


@pytest.mark.parametrize("scenario,cg,date", [("asl_kgp/CG1", "I", "19 AM"), ("asl_kgp/CG2", "II", "20 PM"),
                                              ("asl_kgp/CG3", "III", "19 PM")])
def test_each_cg_scenario_starts_its_campaign_in_the_refit_phase(scenario, cg, date):
    session = new(scenario)
    step = session.campaign()
    assert step.date == f"Dec {date}" and not step.over
    assert session.state.rules.campaign.cg == cg
    assert session.situation().segment == "Refit Phase" and session.situation().date == date
    kinds = {"8.618": {"refit_roll"}, "8.619": {"purchase", "refit_confirm"}}[step.rule]
    assert session.legal_actions() and {c.kind for c in session.choices() if c.kind != "control"} == kinds  # hex control: always
    assert session.offers(Campaign)


def test_the_step_says_what_to_do_and_the_forms_are_filled():
    session = new()
    step = session.campaign()
    assert step.rule == "8.619" and step.name == "Purchasing Reinforcement Groups"
    assert step.acting == ("U.S.", "German") and any("85 CPP left" in w for w in step.waiting)
    assert [rule for rule, _ in step.sequence] == ["8.618", "8.619", "8.620", "8.621"]
    buy = next(o for o in step.options if o.label.startswith("RG V2") and o.side == "German")
    assert buy.kind == "purchase" and buy.detail.startswith("14 CPP") and "per CG Date" in buy.detail
    roster, record = session.campaign_forms()
    assert roster.columns[:7] == ("CG Date", "Weather", "CPP Start", "CPP Repl", "CPP Total", "CPP Spent", "CPP Left")
    assert roster.rows["German"][0][:7] == ("Dec 19 AM", "Extremely Heavy Mist", "85", "—", "85", "0", "85")
    assert len(roster.rows["U.S."]) == 8 and roster.current == 0
    assert [row[1] for row in record.rows["German"]].count("V2") == 4


def test_free_moves_and_campaign_actions_side_by_side():
    session = new()
    unit = next(iter(session.state.units), None)
    if unit is not None:
        session.apply(MoveUnits((unit,), "StK6", free=True))
        assert session.state.units[unit].hex == session.map.parse("StK6")
    with pytest.raises(Refused) as info:
        session.apply(ScenarioPlayed())
    assert info.value.rule == "8.619"  # the Refit Phase before the Initial Scenario is not over


def test_refit_steps_applied_undone_and_redone():
    session = new()
    start = session.state_hash()
    session.apply(PurchaseRg("German", "V2"))
    session.apply(PurchaseRg("German", "I3"))
    outcome = session.apply(SideDone("German"))
    assert "spent 26 CPP" in outcome.log[0].text
    after = session.state_hash()
    assert session.campaign_forms()[0].rows["German"][0][5:8] == ("26", "59", "V2 (14), I3 (12)")
    for _ in range(3):
        session.undo()
    assert session.state_hash() == start and session.campaign_forms()[0].rows["German"][0][7] == ""
    for _ in range(3):
        session.redo()
    assert session.state_hash() == after


def test_a_roll_with_the_programs_dice_and_with_the_players_own():
    session = new()
    session.apply(SideDone("US"))
    session.apply(SideDone("German"))
    step = session.campaign()
    assert step.rule == "8.620"
    roll = next(o for o in step.options if o.kind == "roll")
    assert roll.dice in ("2d6", "dr") and isinstance(roll.variants[0][1], RollForRg)
    outcome = session.apply(roll.variants[0][1])
    assert session.state.draws > 0 and outcome.log
    last = session.campaign().last_roll
    assert last is not None and not last.own and len(last.dice) == (2 if roll.dice == "2d6" else 1)
    session.undo()
    own = session.campaign_roll(roll.variants[0][1], (6,) * len(last.dice))
    session.apply(own)
    assert session.campaign().last_roll.own and session.campaign().last_roll.dice == (6,) * len(last.dice)
    with pytest.raises(Refused):
        session.apply(session.campaign_roll(next(o for o in session.campaign().options if o.kind == "roll")
                                            .variants[0][1], (7,)))


def test_saved_and_loaded_to_the_same_state(tmp_path):
    session = new(seed=4)
    session.apply(PurchaseRg("US", "I1"))
    session.apply(SideDone("US"))
    session.apply(SideDone("German"))
    path = tmp_path / "cg.ardennes"
    session.save(path)
    again = Session.load(path)
    assert again.state_hash() == session.state_hash()
    assert again.campaign() == session.campaign()
    again.verify_history()
    again.undo()
    assert again.campaign().rule == "8.619"


def random_player(rng):
    """Random among the legal actions, but the LVP kept low and the CG-ending questions answered
    no, so that the CG runs to its last CG Date."""

    def choose(actions):
        lvp = [a for a in actions if isinstance(a, RecordLvp)]
        if lvp:
            return rng.choice(lvp[:6])
        answers = [a for a in actions if isinstance(a, AnswerVictory)]
        if answers and answers[0].question in ("us_controls_all_lvp", "bridge_destroyed"):
            return next(a for a in answers if not a.met)
        return rng.choice(actions)
    return choose


def test_a_random_player_plays_cg_i_to_its_last_date_and_the_log_replays_it():
    session = new(seed=7)
    choose = random_player(random.Random(7))
    for _ in range(20000):
        actions = session.legal_actions()
        if not actions:
            break
        session.apply(choose(actions))
    step = session.campaign()
    assert step.over and session.situation().game_over and session.situation().date == "21 PM"
    assert session.state.turn == 8 and all(row[9] for row in session.campaign_forms()[0].rows["U.S."])
    replay = new(seed=7)
    for action in session.action_log():
        replay.apply(action)
    assert replay.state_hash() == session.state_hash()


def test_the_cpp_replenishment_through_the_session_logs_its_reasons():
    session = new(seed=3)
    choose = random_player(random.Random(3))
    while session.campaign().rule != "8.616":
        actions = session.legal_actions()
        session.apply(ScenarioPlayed() if ScenarioPlayed() in actions else choose(actions))
    outcome = session.apply(ReplenishCpp("German", roll=(2, 4)))
    assert "Base # 30 - 6 = 24 CPP" in outcome.log[0].text and any("Total" in r for r in outcome.log[0].reasons)
    assert session.campaign().last_roll is None or session.campaign().last_roll.table  # a replenishment is no table roll
