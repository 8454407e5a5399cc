"""The combat procedure: declaring an attack, Hold or Retreat, the dice, losses, retreats
and advance (3.2; checklist items 47-53)."""

from dataclasses import replace

import pytest

from ardennes_qt.core.outcome import Refused
from ardennes_qt.rules.ardennes2 import combat
from ardennes_qt.rules.ardennes2.a2state import Ardennes2Data
from ardennes_qt.rules.ardennes2.actions import Advance, Attack, Defend, Retreat, TakeLoss
from ardennes_qt.rules.ardennes2.situation import rules_data
from tests.rules.combat_board import board, dice, hx

HANDLERS = {
    Attack: combat.attack,
    Defend: combat.defend,
    TakeLoss: combat.take_loss,
    Retreat: combat.retreat,
    Advance: combat.advance,
}


def act(content, state, action):
    return HANDLERS[type(action)](content, state, action)


def pending(state):
    return rules_data(state).pending


def where(content, state, uid):
    u = state.units[uid]
    return content.map.hex_id(u.hex) if u.where == "map" else u.where


def texts(outcome):
    return [line.text for line in outcome.log]


# A German stack attacks a US stack in A5.05 from A4.04 (SW) and A4.05 (NW).
ATTACKERS = {
    "ge1": ("German", "6-4-12", "A4.04", "mech", "exploit"),
    "ge2": ("German", "6-4-12", "A4.05", "mech"),
}


@pytest.mark.parametrize(
    "defender, terrain, markers, reason",
    [
        (("Allied", "3-4-12", "A5.05", "mech", "dg"), None, None, "the defender is DG"),
        (("Allied", "3-4-12", "A5.05", "mech"), None, ("German:full",), "under an enemy Barrage marker"),
        (("Allied", "3-4-12", "A5.05", "mech"), None, ("German:half",), "under an enemy Barrage marker"),
        (("Allied", "3-4-12", "A5.05", "mech"), {"city"}, None, "in a City hex"),
        (("Allied", "3-4-10", "A5.05"), None, None, "contains Leg MA units"),
    ],
)
def test_mandated_holds_resolve_at_once_item48(defender, terrain, markers, reason):
    content, state = board(
        {"us": defender, **ATTACKERS},
        terrain={"A5.05": terrain} if terrain else None,
        markers={"A5.05": markers} if markers else None,
    )
    out = act(content, state, Attack(("ge1", "ge2"), "A5.05"))
    hold = next(line for line in out.log if line.text == "The defender must Hold")
    assert any(reason in r for r in hold.reasons)
    assert out.state.draws == 2  # two dice thrown: no Hold or Retreat decision
    assert not any(d.kind == "hold_or_retreat" for d in pending(out.state))


@pytest.mark.parametrize("markers", [None, ("Allied:full",)])
def test_a_free_defender_chooses_hold_or_retreat_item47(markers):
    """A Mech stack in the open, under no enemy marker (its own side's marker is no bar)."""
    content, state = board({"us": ("Allied", "3-4-12", "A5.05", "mech"), **ATTACKERS}, markers={"A5.05": markers} if markers else None)
    out = act(content, state, Attack(("ge1", "ge2"), "A5.05"))
    (decision,) = pending(out.state)
    assert (decision.kind, decision.side) == ("hold_or_retreat", "Allied")
    assert out.state.draws == 0
    choices = combat.combat_choices(content, out.state)
    assert Defend("hold") in choices
    assert Defend("retreat", ("A5.06", "A5.07", "A5.08", "A5.09", "A5.10")) in choices


def test_retreat_before_combat_no_roll_attacker_advances_item47():
    content, state = board(
        {"us": ("Allied", "3-4-12", "A5.05", "mech"), **ATTACKERS},
        roads=[("A5.05", "A6.05")],
    )
    state = act(content, state, Attack(("ge1", "ge2"), "A5.05")).state
    with pytest.raises(Refused):
        act(content, state, Defend("retreat", ("A5.06", "A5.07", "A5.08", "A5.09")))  # 4 hexes: must be 5
    out = act(content, state, Defend("retreat", ("A5.06", "A5.07", "A5.08", "A5.09", "A5.10")))
    assert out.state.draws == 0  # no Combat Table roll
    assert where(content, out.state, "us") == "A5.10"
    assert {"ge1", "ge2"} <= rules_data(out.state).record.attacked  # the attackers are used
    (decision,) = pending(out.state)
    assert (decision.kind, decision.side) == ("advance", "German")
    choices = combat.combat_choices(content, out.state)
    # ge1 is Exploit Capable and the retreat is 5 (>= 2): two hexes, the second along the road
    assert Advance(("ge1",), ("A5.05", "A6.05")) in choices
    assert Advance(("ge2",), ("A5.05",)) in choices
    assert Advance(("ge2",), ("A5.05", "A6.05")) not in choices
    assert Advance(("ge1", "ge2"), ("A5.05",)) in choices  # or together, as a stack
    out = act(content, out.state, Advance(("ge1",), ("A5.05", "A6.05")))
    assert where(content, out.state, "ge1") == "A6.05"
    out = act(content, out.state, Advance())
    assert pending(out.state) == ()


def test_hold_rolls_and_losses_then_retreat_then_advance_items49_52_53():
    content, state = board(
        {"us1": ("Allied", "3-4-12", "A5.05", "mech"), "us2": ("Allied", "2-2-12", "A5.05", "mech"), **ATTACKERS},
        roads=[("A5.05", "A6.05")],
    )
    state = act(content, state, Attack(("ge1", "ge2"), "A5.05")).state
    state = dice(state, 10)  # 12 to 6 = 2:1; 10 = D2r2
    out = act(content, state, Defend("hold"))
    assert any("at 2:1: rolled" in t and "D2r2" in t for t in texts(out))
    decision = pending(out.state)[0]
    assert (decision.kind, decision.side, decision.data["role"]) == ("loss", "Allied", "defender")
    assert set(decision.data["candidates"]) == {"us1", "us2"}
    with pytest.raises(Refused):
        act(content, out.state, TakeLoss("ge1"))
    state = act(content, out.state, TakeLoss("us1")).state
    state = act(content, state, TakeLoss("us1")).state
    assert state.units["us1"].where == "dead"
    decision = pending(state)[0]
    assert decision.kind == "retreat"
    paths = [a.path for a in combat.combat_choices(content, state)]
    assert ("A5.06", "A5.07") in paths and all(len(p) == 2 for p in paths)
    assert not any(p[0] in ("A4.04", "A4.05") for p in paths)  # never into enemy units
    out = act(content, state, Retreat(("A6.05", "A7.05")))
    assert where(content, out.state, "us2") == "A7.05"
    assert pending(out.state)[0].kind == "advance"


def test_a_single_defender_takes_its_loss_without_a_decision_item49():
    content, state = board({"us": ("Allied", "3-6-10", "A5.05"), **ATTACKERS})
    state = dice(state, 7)  # 12 to 6 = 2:1; 7 = D1
    out = act(content, state, Attack(("ge1", "ge2"), "A5.05"))
    assert out.state.units["us"].steps == 1
    assert pending(out.state) == ()  # the defender still holds its hex: no advance


def test_attacker_losses_are_the_owners_choice_m1():
    content, state = board({"us": ("Allied", "3-6-10", "A5.05"), **ATTACKERS})
    state = dice(state, 4)  # 2:1; 4 = A1
    out = act(content, state, Attack(("ge1", "ge2"), "A5.05"))
    decision = pending(out.state)[0]
    assert (decision.kind, decision.side, decision.data["role"]) == ("loss", "German", "attacker")
    out = act(content, out.state, TakeLoss("ge2"))
    assert out.state.units["ge2"].steps == 1 and pending(out.state) == ()


def test_losses_beyond_the_stack_destroy_it_and_the_attacker_takes_the_hex_item53():
    content, state = board({"us": ("Allied", "1-1-10", "A5.05", "1step"), **ATTACKERS})
    state = dice(state, 8)  # 12 to 1: 7:1+; 8 = D2r3
    out = act(content, state, Attack(("ge1", "ge2"), "A5.05"))
    assert out.state.units["us"].where == "dead"
    assert pending(out.state)[0].kind == "advance"


def test_advance_refused_off_the_allowed_paths_item53():
    content, state = board({"us": ("Allied", "1-1-10", "A5.05", "1step"), **ATTACKERS})
    state = dice(state, 8)
    state = act(content, state, Attack(("ge1", "ge2"), "A5.05")).state
    with pytest.raises(Refused):
        act(content, state, Advance(("ge2",), ("A5.05", "A5.06")))  # no road, not a 2-hex advance
    with pytest.raises(Refused):
        act(content, state, Advance(("ge2",), ("A5.06",)))  # the defender's hex comes first


@pytest.mark.parametrize(
    "phase, attacked, defended, attackers, why",
    [
        ("ge_movement", (), (), ("ge1",), "Combat Phase"),
        ("us_combat", (), (), ("ge1",), "Allied Combat Phase"),
        ("ge_combat", ("ge1",), (), ("ge1",), "ge1 Inf Bn already attacked this phase"),
        ("ge_combat", (), ("A5.05",), ("ge2",), "A5.05 was already attacked this phase"),
        ("ge_combat", (), (), ("ge1", "gart"), "artillery"),
    ],
)
def test_who_may_attack_and_how_often_3_2_m1(phase, attacked, defended, attackers, why):
    content, state = board(
        {"us": ("Allied", "3-6-10", "A5.05"), **ATTACKERS, "gart": ("German", "[6]-1-12", "A4.05")}, phase=phase
    )
    record = {"attacked": frozenset(attacked), "defended": frozenset(hx(content, h) for h in defended)}
    state = replace(state, rules=rules_data(state).with_record(**record))
    with pytest.raises(Refused) as refused:
        act(content, state, Attack(attackers, "A5.05"))
    assert why in refused.value.reason


def test_no_new_attack_while_a_combat_waits():
    content, state = board({"us": ("Allied", "3-4-12", "A5.05", "mech"), "us2": ("Allied", "3-4-12", "A6.03", "mech"), **ATTACKERS})
    state = act(content, state, Attack(("ge1",), "A5.05")).state
    with pytest.raises(Refused) as refused:
        act(content, state, Attack(("ge2",), "A6.03"))
    assert "hold or retreat" in refused.value.reason


def test_a_saved_battle_reads_back():
    """The battle rides in the pending decision: it must survive a save and a load."""
    content, state = board({"us": ("Allied", "3-4-12", "A5.05", "mech"), **ATTACKERS})
    state = act(content, state, Attack(("ge1", "ge2"), "A5.05")).state
    data = rules_data(state)
    back = Ardennes2Data.from_json(data.to_json(content.map.hex_id), content.map.parse)
    assert back.to_json(content.map.hex_id) == data.to_json(content.map.hex_id)
    out = act(content, replace(state, rules=back), Defend("hold"))
    assert out.state.draws == 2

