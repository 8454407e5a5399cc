"""Stacking (checklist item 30; 1.3, 2.1bB, 2.1bD, 2.3b, 2.4, 3.3): at most 6 steps in a hex.

What counts, as printed: "A maximum of 6 steps can stack in any hex" (1.3); a German Supply
unit "has three steps (for stacking purposes only)" (2.4); "Bridge units (when on their Bridge
side) count for unit stacking" (2.3b); Hidden Greif Teams "do not count for stacking" (2.1bB),
an Open one is "the same as any other German unit on the map with one step" (2.1bD); US Supply
Dumps "have no combat strength or step size (they do not count for stacking)" (3.3).

Steps of the small board's counters: an Inf Rgt 3, a KG 2, an Arm Bn, an engineer, a Greif
Team and a Supply Unit's counter 1."""

from __future__ import annotations

import pytest

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.core.outcome import Refused
from ardennes_qt.engine import Session
from ardennes_qt.rules.ardennes1994.actions import PlaceReinforcements, RevealGreif
from ardennes_qt.rules.ardennes1994.stacking import stacking_steps, steps_in
from tests.rules.ardennes1994.board import Board, scenario_game


def five_steps() -> Board:
    """B3.04 holds an Inf Rgt and a KG: 5 steps; a one-step Arm Bn waits next to it at B3.03."""
    return Board().unit("inf", "B3.04", "Inf Rgt").unit("kg", "B3.04", "KG").unit("arm", "B3.03", "Arm Bn")


# --- what counts ------------------------------------------------------------------------------------


def test_item30_a_german_supply_unit_counts_three_steps():
    """2.4: "has three steps (for stacking purposes only)": its counter is one step, it counts 3.
    Two KGs (4 steps) leave room for a third KG (6) but not for a Supply Unit (7)."""
    board = (Board().unit("k1", "B3.04", "KG").unit("k2", "B3.04", "KG")
             .unit("k3", "B2.03", "KG").unit("su", "B3.03", "Supply Unit"))
    s = board.session()
    assert s.unit("su").steps == 1
    assert stacking_steps(s.content, s.state, "su") == 3
    assert steps_in(s.content, s.state, board.hex("B3.04"), ("su",)) == 7
    assert "B3.04" not in s.legal_moves(("su",))
    assert "B3.05" in s.legal_moves(("su",))  # through the full hex, to the empty one beyond
    assert "B3.04" in s.legal_moves(("k3",))
    with pytest.raises(Refused, match="1.3"):
        s.apply(MoveUnits(("su",), "B3.04"))


def test_item30_an_inf_rgt_and_a_supply_unit_fill_a_hex():
    """2.4 with 1.3: an Inf Rgt (3) and a Supply Unit (3) are 6 steps: full, and allowed."""
    board = Board().unit("inf", "B3.04", "Inf Rgt").unit("su", "B3.03", "Supply Unit")
    s = board.session()
    s.apply(MoveUnits(("su",), "B3.04"))
    assert s.unit("su").hex == "B3.04"
    assert steps_in(s.content, s.state, board.hex("B3.04")) == 6


def test_item30_an_engineer_on_its_bridge_side_counts():
    """2.3b: "Bridge units (when on their Bridge side) count for unit stacking": an Inf Rgt, a KG
    and an emplaced bridge are 6 steps; a one-step Arm Bn may not join them."""
    board = five_steps().unit("eng", "B3.04", "Engineer Grp", mode="bridge")
    s = board.session()
    assert stacking_steps(s.content, s.state, "eng") == 1
    assert steps_in(s.content, s.state, board.hex("B3.04")) == 6
    assert "B3.04" not in s.legal_moves(("arm",))
    with pytest.raises(Refused, match="1.3"):
        s.apply(MoveUnits(("arm",), "B3.04"))


def test_item30_without_the_bridge_the_arm_bn_fits():
    """The control of the test above: the same 5 steps with no engineer take the Arm Bn (6)."""
    s = five_steps().session()
    s.apply(MoveUnits(("arm",), "B3.04"))
    assert s.unit("arm").hex == "B3.04"


def test_item30_a_hidden_greif_team_counts_none_an_open_one_one_step():
    """2.1bB: Hidden teams "do not count for stacking"; 2.1bD: Open, a unit "with one step"."""
    hidden = five_steps().unit("g", "B3.04", "Greif Team", hidden=True).session()
    assert stacking_steps(hidden.content, hidden.state, "g") == 0
    assert "B3.04" in hidden.legal_moves(("arm",))
    opened = five_steps().unit("g", "B3.04", "Greif Team").session()
    assert stacking_steps(opened.content, opened.state, "g") == 1
    assert "B3.04" not in opened.legal_moves(("arm",))


def test_item30_a_greif_team_opens_only_where_its_step_fits():
    """2.1bD with 1.3: hidden in a full hex (two Inf Rgts, 6 steps) it counts nothing; opening, it
    becomes a one-step unit, so it opens next to the stack, not in it."""
    board = (Board().unit("a", "B3.04", "Inf Rgt").unit("b", "B3.04", "Inf Rgt")
             .unit("g", "B3.04", "Greif Team", hidden=True))
    s = board.session()
    assert steps_in(s.content, s.state, board.hex("B3.04")) == 6
    with pytest.raises(Refused, match="1.3"):
        s.apply(RevealGreif("g", "B3.04"))
    s.apply(RevealGreif("g", "B3.05"))
    assert s.unit("g").hex == "B3.05" and "hidden" not in s.unit("g").statuses


@pytest.mark.parametrize("owner", ["Allied", "German"])
def test_item30_supply_dumps_count_none(owner):
    """3.3: dumps "do not count for stacking" (a US one, or one the German has captured): 5 steps
    and a dump still take the Arm Bn."""
    board = five_steps().dump("B3.04", owner=owner)
    s = board.session()
    assert steps_in(s.content, s.state, board.hex("B3.04")) == 5
    s.apply(MoveUnits(("arm",), "B3.04"))
    assert s.unit("arm").hex == "B3.04"


# --- the printed set-ups ------------------------------------------------------------------------------


def test_item30_the_supply_unit_at_b45_27_in_5_4_counts_three():
    """5.4 "B45.27: (1 Pz Arty Rgt)—1 SS Pz Div, German Supply Unit": 1 + 3 = 4 steps, so of the
    two KGs next to it (KG Sandig at B46.27, KG Hansen-B at B45.28) one may join it (6), not both
    (8; had the Supply Unit counted its one counter step, both would fit: 6)."""
    s = scenario_game("5.4", "ge_movement")
    assert [u.id for u in s.stack_at("B45.27")] == ["1SS:1", "GerSup:6"]
    assert steps_in(s.content, s.state, s.content.map.parse("B45.27")) == 4
    assert "B45.27" in s.legal_moves(("1SS:Hansen-B",))
    s.apply(MoveUnits(("1SS:Sandig",), "B45.27"))
    assert s.unit("1SS:Sandig").hex == "B45.27"
    assert "B45.27" not in s.legal_moves(("1SS:Hansen-B",))
    with pytest.raises(Refused, match="1.3"):
        s.apply(MoveUnits(("1SS:Hansen-B",), "B45.27"))


def test_item30_a_supply_unit_is_not_set_up_where_it_would_make_seven_steps():
    """5.3's Set-Up ("with or adjacent to any of the above", 1.3): B22.10 (east of the Our) holds
    26 VG Div's KG 77 and KG 78, 4 steps.  An engineer (1 step) may set up there; a Supply Unit
    (3 steps, 2.4) may not."""
    s = Session.new("ardennes1994/5.3", seed=1)
    assert {u.id for u in s.stack_at("B22.10")} == {"26VG:77", "26VG:78"}
    assert "B22.10" not in s.placements(("GerSup:1",))
    with pytest.raises(Refused, match="1.3"):
        s.apply(PlaceReinforcements(("GerSup:1",), "B22.10"))
    s.apply(PlaceReinforcements(("5PzEng:1",), "B22.10"))
    assert s.unit("5PzEng:1").hex == "B22.10"
