"""Movement rules of the first days: Traffic Jams (3.1; items 9, 39, 79) and 2nd Pz Division's
rubber boats over the Our (4.2; items 38, 85)."""

from __future__ import annotations

import pytest

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.rules.ardennes2.a2state import PhaseRecord
from ardennes_qt.rules.ardennes2.movement import move_refusal
from ardennes_qt.rules.ardennes2.moveunits import move_units
from tests.rules.test_movement import Table, moves, route

TRACK = ("B4.00", "B4.01", "B4.02", "B4.03", "B4.04", "B4.05", "B4.06")


def jammed_track(side: str = "German", **unit) -> Table:
    """A Track (Mech 2 MP a hex) through a Traffic Jam at B4.01; a 12-MA Mech unit at B4.00."""
    table = Table().road(*TRACK, kind="track").terrain("B4.01", "traffic_jam")
    return table.unit("u", "B4.00", "5-3-12", side=side, ma="mech", **unit)


def test_item9_entering_a_traffic_jam_makes_a_german_stack_dg_and_halves_its_ma():
    """Turn 1: 2 MP into the jam, then DG: MA 12 halves to 6, 4 MP left - two more Track hexes."""
    reach = moves(jammed_track(), "u", phase="ge_movement", turn=1)
    assert reach["B4.03"] == 6 and "B4.04" not in reach
    steps = route(jammed_track(), "u", "B4.02", phase="ge_movement", turn=1)
    assert (0, "Traffic Jam: the stack becomes DG and its MA is halved", "3.1; 3.4") in steps[1].reasons


@pytest.mark.parametrize(
    "side, phase, turn",
    [("German", "ge_movement", 3), ("Allied", "us_movement", 1), ("Allied", "us_movement", 2)],
)
def test_item39_traffic_jams_exist_on_turns_1_and_2_for_germans_only(side, phase, turn):
    assert moves(jammed_track(side), "u", phase=phase, turn=turn)["B4.06"] == 12


def test_item9_a_dg_stack_loses_nothing_more_in_a_jam():
    reach = moves(jammed_track(dg=True), "u", phase="ge_movement", turn=2)
    assert reach["B4.03"] == 6 and "B4.04" not in reach


def test_item9_a_german_occupied_traffic_jam_is_prohibited_to_other_germans():
    table = jammed_track().unit("o", "B4.01", "2-2-10", side="German")
    reach = moves(table, "u", phase="ge_movement", turn=1)
    assert "B4.01" not in reach
    assert "B4.01" not in [s.hex for s in route(table, "u", "B4.02", phase="ge_movement", turn=1)]
    # ... but the units already in it may leave, and US units pay it no heed.
    assert "B4.02" in moves(table, "o", phase="ge_movement", turn=1)


def test_item9_a_jam_ends_an_exploiting_stacks_move():
    table = jammed_track(exploit=True)
    reach = moves(table, "u", phase="ge_exploitation", turn=2)
    assert reach["B4.01"] == 2
    assert "B4.01" not in [s.hex for s in route(table, "u", "B4.03", phase="ge_exploitation", turn=2)]


def test_item61_an_exploiting_stack_entering_a_jam_is_dg_at_that_moment():
    """3.1 "automatically DG units entering"; 3.4: a unit DG in Exploitation no longer functions."""
    content, state = jammed_track(exploit=True).game(phase="ge_exploitation", turn=2)
    out = move_units(content, state, MoveUnits(("u",), "B4.01"))
    assert out.state.units["u"].dg
    assert any("Traffic Jam: the stack becomes DG, which ends its Exploitation (3.1; 3.4)" in r for r in out.log[0].reasons)
    assert move_refusal(content, out.state, ("u",)) is not None  # it acts no more this phase


# --- 4.2 rubber boats ------------------------------------------------------------------------------------


def our_river(far_terrain: tuple[str, ...] = (), **unit) -> Table:
    """The Our all along the hexsides between columns A3 and A4; a 2 Pz Div PG KG (Mech, MA 12)
    at A3.02, which borders A4.01 and A4.02 across it."""
    table = Table()
    for row in range(7):
        west = table.hex(f"A3.{row:02d}")
        for east in west.neighbours():
            if table.map.contains(east) and table.map.hex_id(east).startswith("A4."):
                table.side(f"A3.{row:02d}", table.map.hex_id(east), "river", name="Our")
    if far_terrain:
        table.terrain("A4.02", *far_terrain)
    kw = {"formation": "2Pz", "unit_type": "PG KG", "side": "German", "ma": "mech"} | unit
    return table.unit("u", "A3.02", "4-4-12", **kw)


def test_item38_2nd_pz_mech_infantry_cross_the_our_for_all_their_ma():
    table = our_river()
    steps = route(table, "u", "A4.02", phase="ge_movement", turn=1)
    assert [s.hex for s in steps] == ["A3.02", "A4.02"]
    assert steps[-1].mp == 12
    assert steps[-1].reasons == ((12, "crossing the Our by rubber boat costs All its MA", "4.2"),)
    reach = moves(table, "u", phase="ge_movement", turn=1)
    assert reach["A4.02"] == 12 and reach["A4.01"] == 12 and "A4.03" not in reach


def test_item38_a_dg_unit_crosses_for_all_its_halved_ma():
    assert moves(our_river(dg=True), "u", phase="ge_movement", turn=2)["A4.02"] == 6


@pytest.mark.parametrize(
    "unit, turn, record, far",
    [
        ({"unit_type": "Pz Bn"}, 1, None, ()),  # not infantry
        ({"formation": "GE"}, 1, None, ()),  # "No other Division can do this."
        ({}, 3, None, ()),  # Turns 1 and 2 only
        ({}, 1, PhaseRecord(spent={"u": 1}), ()),  # "All": it must not have moved yet
    ],
)
def test_item38_who_may_not_cross_by_boat(unit, turn, record, far):
    assert "A4.02" not in moves(our_river(far, **unit), "u", phase="ge_movement", turn=turn, record=record)


@pytest.mark.parametrize("far", [("forest",), ("marsh",), ("forest", "slope")])
def test_item38_the_boats_ignore_the_p_of_the_hex_beyond_the_river_too(far):
    """4.2 "Ignore the P on the TEC, they cross at a cost of 'All' instead": the crossing ignores
    every P the TEC gives that step - the River's and the far hex's (Forest, Marsh, Slope for
    Mech) - and costs All (reading, checklist item 38)."""
    table = our_river(far)
    assert moves(table, "u", phase="ge_movement", turn=1)["A4.02"] == 12
    assert route(table, "u", "A4.02", phase="ge_movement", turn=1)[-1].reasons == (
        (12, "crossing the Our by rubber boat costs All its MA", "4.2"),
    )


def test_item38_the_boats_do_not_open_an_occupied_traffic_jam_or_an_enemy_hex():
    """Only the TEC's P is ignored: 3.1's occupied Traffic Jam and enemy units still close the hex."""
    jam = our_river(("forest", "traffic_jam")).unit("o", "A4.02", "2-2-10", side="German")
    assert "A4.02" not in moves(jam, "u", phase="ge_movement", turn=1)
    enemy = our_river(("forest",)).unit("us", "A4.02", "2-2-10", side="Allied")
    assert "A4.02" not in moves(enemy, "u", phase="ge_movement", turn=1)


def test_item38_a_leg_unit_crosses_the_river_at_its_tec_cost():
    assert moves(our_river(ma="leg"), "u", phase="ge_movement", turn=1)["A4.02"] == 4  # Open 2 + River 2


def test_item38_the_whole_stack_must_be_able_to_cross():
    table = our_river().unit("tank", "A3.02", "5-3-12", side="German", ma="mech", formation="2Pz", unit_type="Pz Bn")
    assert "A4.02" not in moves(table, ("u", "tank"), phase="ge_movement", turn=1)
