"""What entering a hex does (checklist items 49, 53, 55, 56, 62; 2.1bE, 3.1, 3.3, 3.3a, 4.2): US
dumps flipped or destroyed, cities taken, bridges last crossed, and what a Greif Team alone
cannot do."""

from __future__ import annotations

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.core.hexgrid import Hexside
from tests.rules.ardennes1994.board import Board, scenario_game


def test_item49_a_german_unit_takes_a_real_us_dump_and_removes_a_dummy():
    """3.3, 3.3a: real dumps become German Supply Dumps, dummies are removed - on the way too."""
    board = Board().dump("B3.04", real=True).dump("B3.05", real=False).unit("k", "B3.03", "KG")
    s = board.session()
    s.apply(MoveUnits(("k",), "B3.06", ("B3.04", "B3.05", "B3.06")))
    dumps = s.state.rules.dumps
    assert dumps[board.hex("B3.04")].owner == "German" and dumps[board.hex("B3.04")].revealed
    assert board.hex("B3.05") not in dumps


def test_item49_the_us_destroys_a_german_dump_it_enters():
    """3.3: "The US player can never capture German dumps ... they are destroyed instead"."""
    board = Board().dump("B3.04", owner="German").unit("us", "B3.03", "Arm Bn", "Allied")
    s = board.session(phase="us_movement")
    s.apply(MoveUnits(("us",), "B3.04"))
    assert board.hex("B3.04") not in s.state.rules.dumps


def test_item53_a_greif_team_alone_captures_neither_dumps_nor_cities():
    """2.1bE: "a 'real' German unit must enter the hex to capture these"."""
    board = (Board().dump("B3.04").town("B3.04", "Bastogne").unit("g", "B3.03", "Greif Team", hidden=True))
    s = board.session()
    s.apply(MoveUnits(("g",), "B3.04"))
    assert s.state.rules.dumps[board.hex("B3.04")].owner == "Allied"
    assert s.state.control.get(board.hex("B3.04")) != "German"


def test_item62_a_city_is_the_last_side_to_move_through_it():
    """4.2: control goes to the side last to move units through the hex (Bastogne, a VP city)."""
    board = Board().town("B3.04", "Bastogne").unit("k", "B3.03", "KG")
    s = board.session()
    s.apply(MoveUnits(("k",), "B3.05", ("B3.04", "B3.05")))
    assert s.state.control[board.hex("B3.04")] == "German"


def test_item56_the_side_that_crossed_a_bridge_last_is_recorded_but_not_a_hidden_greif_team():
    """3.1: no attempt on a bridge the Germans were last to cross; a Hidden team passes as American."""
    board = (Board().river("B3.03", "B3.04").bridge("B3.03", "B3.04").road("B3.03", "B3.04")
             .unit("g", "B3.03", "Greif Team", hidden=True).unit("k", "B4.02", "KG"))
    side = Hexside.between(board.hex("B3.03"), board.hex("B3.04"))
    s = board.session()
    s.apply(MoveUnits(("g",), "B3.04"))
    assert side not in s.state.rules.last_crossed
    s.apply(MoveUnits(("k",), "B3.04", ("B3.03", "B3.04")))
    assert s.state.rules.last_crossed[side] == "German"


def test_item49_spa_taken_by_a_kg_in_scenario_5_1():
    """5.1 Set 1: Spa (B55.32) holds a US dump, real or dummy (the US chose secretly); a KG moving
    in from B55.31 flips it, and Spa (a VP city) is German."""
    s = scenario_game("5.1", "ge_movement", turn=3, place={"1SS:Peiper-A": "B55.31"})
    spa = s.content.map.parse("B55.32")
    real = s.state.rules.dumps[spa].real
    s.apply(MoveUnits(("1SS:Peiper-A",), "B55.32"))
    assert (spa in s.state.rules.dumps) == real
    assert not real or s.state.rules.dumps[spa].owner == "German"
    assert s.state.control[spa] == "German"
