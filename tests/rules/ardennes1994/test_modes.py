"""Artillery and engineer modes (checklist items 16, 26, 28, 55; 1.10a, 2.3a, 2.3b)."""

from __future__ import annotations

import pytest

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.core.outcome import Refused
from ardennes_qt.core.state import state_from_json, state_to_json
from ardennes_qt.rules.ardennes1994.actions import ChangeMode, EndPhase
from ardennes_qt.rules.ardennes1994.state import Ardennes1994Data
from ardennes_qt.rules.ardennes1994.terrain import german_bridges
from tests.rules.ardennes1994.board import Board, scenario_game


def test_item26_artillery_flips_to_its_move_mode_before_moving_and_moves_with_its_ma():
    """1.10a: the 1 SS Pz Arty sets up in fire mode (MA 0, 1.10H's zero-MA mode); flipped, it
    moves with its move side's MA (8, estimated)."""
    s = scenario_game("5.1", "ge_movement")
    assert s.legal_moves(("1SS:1",)) == {}
    s.apply(ChangeMode("1SS:1", "move"))
    assert 0 < max(s.legal_moves(("1SS:1",)).values()) <= 8
    s.apply(MoveUnits(("1SS:1",), "B51.00"))
    with pytest.raises(Refused, match="1.10a"):
        s.apply(ChangeMode("1SS:1", "fire"))


def test_item26_modes_change_only_in_the_owners_movement_phase():
    with pytest.raises(Refused, match="Movement Phase"):
        scenario_game("5.1", "ge_combat").apply(ChangeMode("1SS:1", "move"))
    with pytest.raises(Refused, match="Movement Phase"):
        scenario_game("5.1", "us_movement").apply(ChangeMode("1SS:1", "move"))
    with pytest.raises(Refused, match="no modes"):
        scenario_game("5.1", "ge_movement").apply(ChangeMode("1SS:Peiper-A", "move"))


def test_item28_an_engineer_flips_at_the_end_of_the_phase_and_bridges_its_river_hexsides():
    """2.3a: it must not move in the phase; flipped at its end, it bridges every river hexside of
    its hex (2.3), and a German crossing there pays +1 (2.3b)."""
    board = (Board().river("B3.03", "B3.04").river("B3.03", "B4.03").unit("e", "B3.03", "Engineer Grp")
             .unit("k", "B3.04", "KG"))
    s = board.session()
    s.apply(ChangeMode("e", "bridge"))
    assert s.legal_moves(("e",)) == {}
    with pytest.raises(Refused, match="2.3a"):
        s.apply(MoveUnits(("e",), "B3.02"))
    assert s.state.rules.modes.get("e", "engineer") == "engineer"
    s.apply(EndPhase())
    assert s.state.rules.modes["e"] == "bridge"
    assert len(german_bridges(s.content, s.state)) == 2
    assert s.path(("k",), "B3.03")[-1].mp == 3  # open 2 + German-built bridge 1


def test_item28_an_engineer_that_moved_cannot_flip_and_a_flip_can_be_taken_back():
    board = Board().unit("e", "B3.03", "Engineer Grp").unit("e2", "B5.03", "Engineer Grp")
    s = board.session()
    s.apply(MoveUnits(("e",), "B3.04"))
    with pytest.raises(Refused, match="2.3a"):
        s.apply(ChangeMode("e", "bridge"))
    s.apply(ChangeMode("e2", "bridge"))
    s.apply(ChangeMode("e2", "engineer"))
    assert s.legal_moves(("e2",))


def test_mode_choices_offer_each_artillery_unit_and_engineer_its_other_side():
    s = scenario_game("5.1", "ge_movement", place={"6SSEng:1": "B50.02"})
    offered = {a for c in s.choices() if c.kind == "mode" for a in c.actions()}
    assert ChangeMode("1SS:1", "move") in offered and ChangeMode("6SSEng:1", "bridge") in offered


def test_a_flip_declared_is_kept_in_a_saved_game():
    """2.3a: the engineers that flip at the end of the phase travel with the game's state."""
    s = Board().unit("e", "B3.03", "Engineer Grp").session()
    s.apply(ChangeMode("e", "bridge"))
    m = s.content.map
    again = state_from_json(state_to_json(s.state, m.hex_id), m.parse, Ardennes1994Data.from_json)
    assert again.rules.record.flipping == frozenset({"e"})
