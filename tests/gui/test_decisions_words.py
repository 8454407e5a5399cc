"""A pending Decision in the player's words, without Qt: who decides what, and the engine's
answers sorted into buttons and hexes to pick (a drop matched to its answer)."""

from ardennes_qt.engine.session import Session
from ardennes_qt.rules.ardennes2.actions import Advance, Attack, Defend, Retreat, TakeLoss
from ardennes_qt.ui.decision_words import describe_decision, drop_answers, rule_action
from tests.rules.combat_board import board, dice


def attacked(throw: int) -> Session:
    content, state = board(
        {
            "us1": ("Allied", "3-4-12", "A5.05", "mech"),
            "us2": ("Allied", "2-2-12", "A5.05", "mech"),
            "ge1": ("German", "6-4-12", "A4.04", "mech", "exploit"),
            "ge2": ("German", "6-4-12", "A4.05", "mech"),
        },
        roads=[("A5.05", "A6.05")],
    )
    session = Session(content, seed=state.seed, initial=dice(state, throw))
    session.apply(Attack(("ge1", "ge2"), "A5.05"))
    return session


def described(session: Session):
    return describe_decision(session, session.decision(), session.legal_actions())


def test_hold_or_retreat_is_a_button_and_retreats_are_hexes():
    view = described(attacked(10))
    assert view.title == "Allied player: the defender in A5.05 Holds, or Retreats before combat"
    assert [(b.label, b.action) for b in view.buttons] == [("Hold and roll", Defend("hold"))]
    assert all(p.action.kind == "defend" and len(p.route) == 6 and p.route[0] == "A5.05" for p in view.picks)
    assert set(view.picks[0].units) == {"us1", "us2"}


def test_losses_name_the_unit_and_what_becomes_of_it():
    session = attacked(10)  # D2r2
    session.apply(Defend("hold"))
    view = described(session)
    assert view.title == "Allied player: the defender loses 2 more steps"
    assert [b.label for b in view.buttons] == ["us1 Inf Bn 3-4-12: flips to its reduced side ≈",
                                               "us2 Inf Bn 2-2-12: flips to its reduced side ≈"]
    assert "≈ estimated: its steps or reduced side are not printed in the rules documents." in view.lines
    session.apply(TakeLoss("us2"))
    assert described(session).buttons[1].label == "us2 Inf Bn 1-1-12 (reduced, ≈ estimated): goes to the dead pile ≈"


def test_advances_offer_the_stack_first_and_a_drop_finds_its_answer():
    session = attacked(10)
    for action in (Defend("hold"), TakeLoss("us2"), TakeLoss("us2"), Retreat(("A6.05", "A7.05"))):
        session.apply(action)
    view = described(session)
    assert view.title == "German player: advance after combat into A5.05, or stay"
    assert [b.label for b in view.buttons] == ["No advance"]
    into = view.picks_at("A5.05")
    assert into[0].units == ("ge1", "ge2") and into[0].action == Advance(("ge1", "ge2"), ("A5.05",))
    assert [a.action for a in drop_answers(view, ("ge2",), "A5.05")] == [Advance(("ge2",), ("A5.05",))]
    assert [a.action for a in drop_answers(view, ("ge1",), "A6.05")] == [Advance(("ge1",), ("A5.05", "A6.05"))]
    assert drop_answers(view, ("ge2",), "A6.05") == []  # not Exploit Capable: one hex only


def test_actions_are_made_by_kind_so_the_table_names_no_rule_system():
    assert rule_action("attack", system="ardennes2", attackers=["ge1"], defender="A5.05") == Attack(("ge1",), "A5.05")
