"""What a barrage does (checklist items 43, 45): DG of the whole stack with its Reserve markers
removed (1.11, 1.8b), steps lost chosen by the owner (1.4), and US Air Points as 5-point
barrages with no range limit (3.2c), on the opening of 5.3."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ardennes_qt.core.outcome import Refused
from ardennes_qt.rules.ardennes1994.actions import Barrage, TakeLoss
from ardennes_qt.rules.ardennes1994.barrage_loss import BARRAGE_LOSS
from ardennes_qt.rules.ardennes1994.play import RULES
from ardennes_qt.rules.ardennes1994.questions import DecisionQuestions
from ardennes_qt.rules.ardennes1994.situation import rules_data, with_rules
from tests.rules.ardennes1994.barrage_board import play, position, put, rolling

KULMANN = ("12SS:Kulmann-A", "12SS:Kulmann-B", "12SS:Kulmann-C")  # 12 SS KGs in the forest at B57.07


def test_dg_falls_on_the_whole_stack_but_supply_units_and_hidden_greif_teams():
    """1.11: every unit in the hex is DG'd except Supply Units and Hidden Greif Teams; 1.8b:
    the Reserve marker comes off.  Five US Air Points (25 points; no spotter, forest, 6 steps:
    the 24+ column, shifted to 18-23) rolling 8: DG."""
    content, state = position("us_barrage", air_points=5)
    state = put(content, state, "B57.07", "GerSup:1", "Ger-Greif:A")
    state = with_rules(state, replace(rules_data(state), reserves=frozenset({"12SS:Kulmann-A"})))
    outcome = play(content, rolling(state, 8), Barrage((), "B57.07", 5))
    after = outcome.state
    assert [after.units[u].dg for u in KULMANN] == [True, True, True]
    assert not after.units["GerSup:1"].dg and not after.units["Ger-Greif:A"].dg
    assert rules_data(after).reserves == frozenset() and rules_data(after).air_points == 0
    texts = [line.text for line in outcome.log]
    assert texts[0].startswith("Allied barrage of B57.07: 25 point(s) on the 24+ column, shifted to the 18-23 column; rolled ")
    assert texts[0].endswith("= 8: DG")
    assert "Reserve marker removed from Kulmann-A KG" in texts


def test_no_effect_leaves_the_stack_alone():
    content, state = position("us_barrage", air_points=1)  # 5 points, the 4-5 column shifted to 2-3
    after = play(content, rolling(state, 7), Barrage((), "B57.07", 1)).state
    assert not any(after.units[u].dg for u in KULMANN) and rules_data(after).air_points == 0


def test_the_owner_chooses_which_unit_takes_each_step():
    """Barrage Table "#": steps lost, and DG; 1.4: the owner chooses.  25 points at the two
    Müller KGs (4 steps, forest, no spotter: 18-23) rolling 12: 2 steps.  The game waits on
    the German's barrage_loss Decision, answered by TakeLoss."""
    content, state = position("us_barrage", air_points=5)
    outcome = play(content, rolling(state, 12), Barrage((), "B57.08", 5))
    state = outcome.state
    decision = rules_data(state).pending[0]
    assert (decision.kind, decision.side, dict(decision.data)) == (BARRAGE_LOSS, "German", {"hex": content.map.parse("B57.08"), "steps": 2})
    assert state.units["12SS:Müller-A"].dg and state.units["12SS:Müller-B"].dg
    answers = [a for c in RULES.choices(content, state) for a in c.actions()]
    assert answers == [TakeLoss("12SS:Müller-A"), TakeLoss("12SS:Müller-B")]
    with pytest.raises(Refused, match="waiting for the German player"):
        RULES.apply(content, state, Barrage((), "B57.07", 1))
    with pytest.raises(Refused, match="cannot take this loss"):
        RULES.apply(content, state, TakeLoss("12SS:Kulmann-A"))
    state = RULES.apply(content, state, TakeLoss("12SS:Müller-A")).state
    assert state.units["12SS:Müller-A"].steps == 1 and rules_data(state).pending[0].data["steps"] == 1
    state = RULES.apply(content, state, TakeLoss("12SS:Müller-A")).state
    assert state.units["12SS:Müller-A"].where == "dead" and state.units["12SS:Müller-B"].steps == 2
    assert rules_data(state).pending == ()


def test_the_decision_is_put_in_the_players_words():
    content, state = position("us_barrage", air_points=5)
    state = play(content, rolling(state, 12), Barrage((), "B57.08", 5)).state
    questions = DecisionQuestions()
    decision = questions.pending_decision(content, state)
    view = questions.describe(content, state, decision, [TakeLoss("12SS:Müller-A"), TakeLoss("12SS:Müller-B")])
    assert view.title == "German player: choose who takes 2 step loss(es) from the barrage of B57.08"
    assert [b.label for b in view.buttons] == ["Müller-A KG takes the step (1 step(s) left)", "Müller-B KG takes the step (1 step(s) left)"]


def test_losses_that_leave_no_choice_are_taken_at_once():
    """1.4: the 394 Inf Rgt alone at B53.09 takes the step itself: it flips, nothing waits.
    12 Arty Rgt and 4 Werfer Bde, 10 points, spotted, 3 steps: 9-12 shifted to 13-17; 11: 1 step."""
    content, state = position("ge_barrage")
    outcome = play(content, rolling(state, 11), Barrage(("12VG:12", "Ger-Ind:4"), "B53.09"))
    after = outcome.state
    assert after.units["99ID:394"].steps == 2 and after.units["99ID:394"].dg
    assert rules_data(after).pending == ()
    assert "394 Inf Rgt loses a step (2 left)" in [line.text for line in outcome.log]


def test_a_one_step_unit_dies_of_its_loss():
    """1.4: a one-step unit is destroyed by its first loss.  Three Air Points on the 244 AG Bn."""
    content, state = position("us_barrage", air_points=3)
    after = play(content, rolling(state, 12), Barrage((), "B49.07", 3)).state  # 15 points: 13-17, no spotter: 9-12; 12: 1
    assert after.units["Ger-Ind:244"].where == "dead" and rules_data(after).pending == ()


def test_air_points_barrage_anywhere_in_either_us_barrage_phase():
    """3.2, 3.2c: each Air Point a 5-point barrage, no range limit, in the US Barrage Phase of the
    German Player Turn as well; combined with artillery; spent when used."""
    content, state = position("us_barrage_in_ge", air_points=3)
    outcome = play(content, state, Barrage(("99ID:Divarty",), "B57.10", 1))  # 7 + 5 points
    assert outcome.log[0].text.startswith("Allied barrage of B57.10: 12 point(s) on the 9-12 column")
    assert outcome.log[0].reasons[:2] == ("Divarty Rgt [7] on its fire side = 7 point(s) (1.10a)",
                                          "1 US Air Point(s) x 5 = 5 point(s) (3.2c)")
    state = outcome.state
    assert rules_data(state).air_points == 2
    play(content, state, Barrage((), "B16.01", 2))  # the 276 VG's artillery, far in the south
    with pytest.raises(Refused, match="3 Air Point"):
        play(content, state, Barrage((), "B16.01", 3))


def test_only_the_us_has_air_points():
    content, state = position("ge_barrage", air_points=3)
    with pytest.raises(Refused, match="only the US has Air Points"):
        play(content, state, Barrage(("Ger-Ind:402",), "B57.11", 1))
    content, state = position("us_barrage", air_points=0)
    with pytest.raises(Refused, match="1 Air Point"):
        play(content, state, Barrage((), "B57.07", 1))


def test_air_point_barrages_are_offered_at_every_german_hex():
    content, state = position("us_barrage", air_points=2)
    families = {c.label: c for c in RULES.choices(content, state) if c.kind == "barrage"}
    assert Barrage((), "B16.01", 2) in families["barrage B16.01"].actions()
    assert Barrage(("99ID:Divarty",), "B57.10", 1) in families["barrage B57.10"].actions()


def test_the_loss_decision_is_saved_and_read_back():
    """A saved game keeps the waiting loss: its hex and the steps still to take."""
    content, state = position("us_barrage", air_points=5)
    data = rules_data(play(content, rolling(state, 12), Barrage((), "B57.08", 5)).state)
    again = type(data).from_json(data.to_json(content.map.hex_id), content.map.parse)
    assert again.pending == data.pending


def test_take_loss_answers_a_barrage_loss_by_the_decision_not_by_its_type():
    """TakeLoss also answers combat's losses: the barrage's answers go to the barrage's handler
    only while a barrage_loss Decision waits (rulebook.Part.answer_handlers)."""
    from ardennes_qt.rules.ardennes1994 import play as rules_play
    from ardennes_qt.rules.ardennes1994.barrage_loss import take_barrage_loss

    assert rules_play.ANSWER_HANDLERS[BARRAGE_LOSS] is take_barrage_loss
    assert rules_play.HANDLERS.get(TakeLoss) is not take_barrage_loss
