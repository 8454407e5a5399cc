"""Movement of one unit on small built boards (checklist items 2-6, 22-25, 27, 30, 52; TEC, 1.3,
1.5a, 1.5b, 1.11a, 1.14, 2.1a, 2.1b, 2.3b, 2.3d, 2.4): what a step costs and why, the hexes a
unit can reach, one unit at a time."""

from __future__ import annotations

import pytest

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.core.outcome import Refused
from ardennes_qt.rules.ardennes1994.movement import allowance, mover
from tests.rules.ardennes1994.board import Board, scenario_game


def step(board: Board, uid: str, a: str, b: str, **game):
    """(MP, [reasons]) for ``uid`` to go from ``a`` into ``b``; (None, [why]) when it may not."""
    s = board.session(**game)
    half, parts = mover(s.content, s.state, uid).step(board.hex(a), board.hex(b))
    return (None if half is None else half / 2), [why for _, why, _ in parts]


@pytest.mark.parametrize("terrain, unit_type, mp", [
    (("open",), "KG", 2), (("open",), "Inf Rgt", 1),
    (("village",), "KG", 2), (("city",), "Inf Rgt", 1),
    (("forest",), "KG", 3), (("forest",), "Inf Rgt", 2),
    (("forest", "village"), "KG", 3), (("forest", "village"), "Inf Rgt", 2),
])
def test_item2_tec_hex_costs_by_movement_class(terrain, unit_type, mp):
    """TEC: Mech / Other MP to enter each kind of hex (1.6: KGs of SS Panzer divisions are Mech)."""
    board = Board().terrain("B3.04", *terrain).unit("u", "B3.03", unit_type)
    assert board.session().legal_moves(("u",))["B3.04"] == mp


@pytest.mark.parametrize("kind, unit_type, mp", [
    ("primary", "KG", 0.5), ("secondary", "KG", 0.5), ("secondary", "Inf Rgt", 0.5),
    ("primary", "Supply Unit", 0.5), ("secondary", "Supply Unit", 1),
])
def test_item3_roads_half_mp_and_secondary_roads_cost_supply_units_one(kind, unit_type, mp):
    """TEC: both roads 1/2 MP whatever the hex; ** a Secondary Road costs Supply Units 1 MP."""
    board = Board().terrain("B3.04", "forest").road("B3.03", "B3.04", kind=kind).unit("u", "B3.03", unit_type)
    assert step(board, "u", "B3.03", "B3.04")[0] == mp


def test_item4_river_hexsides_add_eight_or_three():
    board = Board().river("B3.03", "B3.04").unit("k", "B3.03", "KG").unit("i", "B3.03", "Inf Rgt")
    assert step(board, "k", "B3.03", "B3.04")[0] == 10  # open 2 + river 8
    assert step(board, "i", "B3.03", "B3.04")[0] == 4  # open 1 + river 3


def test_item4_a_road_over_an_intact_bridge_costs_the_road_only_and_a_blown_one_the_river():
    board = Board().river("B3.03", "B3.04").bridge("B3.03", "B3.04").road("B3.03", "B3.04").unit("k", "B3.03", "KG")
    assert step(board, "k", "B3.03", "B3.04") == (0.5, ["Primary Road"])
    side = next(iter(board.map.bridges))
    assert step(board, "k", "B3.03", "B3.04", blown=frozenset({side}))[0] == 10


def test_item4_the_major_river_is_prohibited():
    board = Board().river("B3.03", "B3.04", "meuse").unit("i", "B3.03", "Inf Rgt")
    mp, why = step(board, "i", "B3.03", "B3.04")
    assert mp is None and "Prohibited" in why[0]


def test_item28_a_german_bridge_costs_germans_one_more_and_the_allies_cannot_use_it():
    """2.3b: +1 over a German-built bridge; 2.3d: it cannot be used by the Allies."""
    german = Board().river("B3.03", "B3.04").unit("e", "B3.04", "Engineer Grp", mode="bridge").unit("k", "B3.03", "KG")
    assert step(german, "k", "B3.03", "B3.04") == (3, ["Open (Mech) (TEC)", "German-built bridge (+1, TEC, 2.3b)"])
    us = (Board().river("B3.03", "B3.04").unit("e", "B3.04", "Engineer Grp", mode="bridge")
          .unit("us", "B3.03", "Arm Bn", "Allied"))
    assert step(us, "us", "B3.03", "B3.04", phase="us_movement")[0] == 10


def test_item6_a_road_into_a_hex_with_friendly_units_costs_one_more_but_not_for_greif_teams():
    """1.5a: +1 MP along a road into a hex holding friendly units; Greif Teams do not count."""
    board = Board().road("B3.03", "B3.04", "B3.05").unit("k", "B3.03", "KG").unit("i", "B3.04", "Inf Rgt")
    moves = board.session().legal_moves(("k",))
    assert (moves["B3.04"], moves["B3.05"]) == (1.5, 2)
    board = Board().road("B3.03", "B3.04").unit("k", "B3.03", "KG").unit("g", "B3.04", "Greif Team", hidden=True)
    assert board.session().legal_moves(("k",))["B3.04"] == 0.5


def test_item5_traffic_jams_negate_roads_on_turns_one_and_two_but_not_for_greif_teams():
    """1.5b; 2.1bA: Greif Teams always use the road rates."""
    board = (Board().terrain("B3.04", "open", "traffic_jam").road("B3.03", "B3.04", "B3.05")
             .unit("k", "B3.03", "KG").unit("g", "B3.03", "Greif Team", hidden=True))
    assert board.session(turn=1).legal_moves(("k",))["B3.05"] == 4
    assert board.session(turn=3).legal_moves(("k",))["B3.05"] == 1
    assert board.session(turn=1).legal_moves(("g",))["B3.05"] == 1


def test_item5_jam_and_stacked_road_are_never_both_applied():
    """1.5a/1.5b: only the one that hinders more - the jam's open 2 MP, not road 1/2 + 1."""
    board = (Board().terrain("B3.04", "open", "traffic_jam").road("B3.03", "B3.04")
             .unit("k", "B3.03", "KG").unit("i", "B3.04", "Inf Rgt"))
    assert step(board, "k", "B3.03", "B3.04", turn=1)[0] == 2


def test_item25_entering_an_enemy_zoc_costs_more_but_not_the_150_pz_bde_or_greif_teams():
    """SCS (provisional +2 MP, said so in the reason); 2.1a: the 150 Pz Bde ignores it; 2.1bA:
    Greif Teams too.  B3.05 is next to the US regiment in B3.06."""
    board = (Board().unit("us", "B3.06", "Inf Rgt", "Allied").unit("k", "B3.03", "KG")
             .unit("x", "B3.03", "KG", formation="150Pz").unit("g", "B3.03", "Greif Team", hidden=True))
    s = board.session()
    assert s.legal_moves(("k",))["B3.05"] == 6
    assert s.legal_moves(("x",))["B3.05"] == 4
    assert s.legal_moves(("g",))["B3.05"] == 2
    reasons = [why for mp, why, rule in s.path(("k",), "B3.05")[-1].reasons]
    assert any("enemy ZOC" in why and "provisional" in why for why in reasons)


def test_item25_dg_units_have_no_zoc():
    board = Board().unit("us", "B3.06", "Inf Rgt", "Allied", dg=True).unit("k", "B3.03", "KG")
    assert board.session().legal_moves(("k",))["B3.05"] == 4


def test_item22_never_into_enemy_units_but_hidden_greif_teams_go_through_them():
    """SCS; 2.1bB: a Hidden team ignores all units, and may stop with US units."""
    board = (Board().unit("us", "B3.05", "Inf Rgt", "Allied").unit("k", "B3.03", "KG")
             .unit("g", "B3.03", "Greif Team", hidden=True))
    s = board.session()
    assert "B3.05" not in s.legal_moves(("k",))
    assert s.legal_moves(("g",))["B3.05"] == 2
    assert [step.hex for step in s.path(("g",), "B3.06")] == ["B3.03", "B3.04", "B3.05", "B3.06"]


def test_item22_an_open_greif_team_is_a_unit_like_any_other():
    board = Board().unit("us", "B3.05", "Inf Rgt", "Allied").unit("g", "B3.03", "Greif Team")
    assert "B3.05" not in board.session().legal_moves(("g",))


def test_item27_supply_units_never_move_next_to_the_enemy():
    """2.4: B3.05 and B2.05 are next to the US unit in B3.06; the Supply Unit cannot enter them."""
    board = Board().unit("us", "B3.06", "Inf Rgt", "Allied").unit("su", "B3.03", "Supply Unit")
    moves = board.session().legal_moves(("su",))
    assert "B3.04" in moves and "B3.05" not in moves and "B2.05" not in moves


def test_item27_supply_units_and_emplaced_bridges_do_not_bar_the_enemy_and_die_when_it_enters():
    """2.4: a Supply Unit is destroyed when the enemy enters its hex; 2.3d: so is an emplaced bridge."""
    board = (Board().unit("su", "B3.04", "Supply Unit").unit("e", "B3.05", "Engineer Grp", mode="bridge")
             .unit("us", "B3.03", "Arm Bn", "Allied"))
    s = board.session(phase="us_movement")
    s.apply(MoveUnits(("us",), "B3.06", ("B3.03", "B3.04", "B3.05", "B3.06")))
    assert s.state.units["su"].where == "dead" and s.state.units["e"].where == "dead"
    assert any("2.4" in " ".join(line.reasons) for line in s.log())


def test_item30_a_move_may_pass_through_a_full_hex_but_not_end_in_it():
    """1.3: six steps at most (two Inf Rgts are six); a Hidden Greif Team counts none (2.1bB)."""
    board = (Board().unit("a", "B3.04", "Inf Rgt").unit("b", "B3.04", "Inf Rgt").unit("k", "B3.03", "KG")
             .unit("g", "B3.03", "Greif Team", hidden=True))
    s = board.session()
    assert "B3.04" not in s.legal_moves(("k",))
    assert s.legal_moves(("k",))["B3.05"] == 4
    assert "B3.04" in s.legal_moves(("g",))
    with pytest.raises(Refused, match="1.3"):
        s.apply(MoveUnits(("k",), "B3.04"))


def test_item53_a_greif_team_never_ends_a_move_with_another():
    """2.1bE: a Greif Team can never end a phase stacked with another Greif Team."""
    board = Board().unit("g1", "B3.04", "Greif Team", hidden=True).unit("g2", "B3.03", "Greif Team", hidden=True)
    moves = board.session().legal_moves(("g2",))
    assert "B3.04" not in moves and "B3.05" in moves


@pytest.mark.parametrize("unit_type, dg, out, mp", [
    ("KG", False, False, 12), ("KG", True, False, 6), ("KG", False, True, 3), ("KG", True, True, 1.5),
    ("Inf Rgt", True, False, 3), ("Inf Rgt", False, True, 3), ("Inf Rgt", True, True, 1.5),
    ("Supply Unit", True, True, 1),  # 10 x 1/8 = 1.25, rounded down to the half MP (provisional)
])
def test_item24_dg_halves_and_out_of_supply_quarters_mech_and_halves_others(unit_type, dg, out, mp):
    """1.11a: DG moves x1/2; 1.14: out of supply, Mech x1/4, others x1/2; both at once multiply."""
    board = Board().unit("u", "B3.03", unit_type, dg=dg, statuses=("out_of_supply",) if out else ())
    s = board.session()
    half, why = allowance(s.content, s.state, "u")
    assert half / 2 == mp
    rules = {rule for _, _, rule in why}
    assert ("1.11a" in rules) == dg and ("1.14" in rules) == out


def test_item24_an_out_of_supply_unit_reaches_less():
    board = Board().unit("k", "B3.03", "KG", statuses=("out_of_supply",))
    moves = board.session().legal_moves(("k",))
    assert max(moves.values()) == 2 and "B3.05" not in moves  # 3 MP: one open hex of 2 MP


def test_the_path_gives_each_step_its_cumulative_mp_and_costs():
    board = Board().road("B3.03", "B3.04", "B3.05").unit("k", "B3.03", "KG")
    steps = board.session().path(("k",), "B3.05")
    assert [(s.hex, s.mp) for s in steps] == [("B3.03", 0), ("B3.04", 0.5), ("B3.05", 1)]
    assert steps[1].reasons == ((0.5, "Primary Road", "TEC"),)


# --- one unit at a time (1.5a) ---------------------------------------------------------------------


def test_item22_units_never_move_as_stacks():
    board = Board().unit("k1", "B3.03", "KG").unit("k2", "B3.03", "KG")
    s = board.session()
    assert s.legal_moves(("k1", "k2")) == {}
    with pytest.raises(Refused, match="1.5a"):
        s.apply(MoveUnits(("k1", "k2"), "B3.04"))


def test_item22_a_unit_goes_on_until_another_moves_then_it_has_finished():
    """1.5a: "a unit must finish its movement for the phase before a player can move other units"."""
    board = Board().unit("k1", "B3.03", "KG").unit("k2", "B3.03", "KG")
    s = board.session()
    s.apply(MoveUnits(("k1",), "B3.04"))
    s.apply(MoveUnits(("k1",), "B3.05"))  # still its move: 4 of its 12 MP spent
    assert s.legal_moves(("k1",))["B3.06"] == 2
    s.apply(MoveUnits(("k2",), "B4.03"))
    assert s.legal_moves(("k1",)) == {}
    with pytest.raises(Refused, match="1.5a"):
        s.apply(MoveUnits(("k1",), "B3.06"))


def test_a_route_given_is_checked_step_by_step():
    board = Board().unit("us", "B3.05", "Inf Rgt", "Allied").unit("k", "B3.03", "KG").unit("k2", "B7.01", "KG")
    s = board.session()
    with pytest.raises(Refused, match="enemy units"):
        s.apply(MoveUnits(("k",), "B3.06", ("B3.04", "B3.05", "B3.06")))
    with pytest.raises(Refused, match="needs 14 MP"):  # seven open hexes, 12 MP
        s.apply(MoveUnits(("k2",), "B7.08", tuple(f"B7.0{r}" for r in range(2, 9))))


def test_units_move_only_in_their_sides_movement_phases():
    board = Board().unit("k", "B3.03", "KG").unit("us", "B5.05", "Inf Rgt", "Allied")
    assert board.session(phase="us_movement").legal_moves(("k",)) == {}
    assert board.session(phase="ge_combat").legal_moves(("k",)) == {}
    with pytest.raises(Refused, match="1.2"):
        board.session(phase="us_movement").apply(MoveUnits(("k",), "B3.04"))


def test_item40_only_released_reserves_move_in_exploitation():
    """1.9: only units placed into Reserve in the Movement Phase move in the Exploitation Phase."""
    board = Board().unit("k1", "B3.03", "KG").unit("k2", "B3.03", "KG")
    s = board.session(phase="ge_exploitation", released=frozenset({"k1"}))
    assert s.legal_moves(("k1",))["B3.04"] == 2
    with pytest.raises(Refused, match="1.9"):
        s.apply(MoveUnits(("k2",), "B3.04"))


def test_item39_a_unit_in_reserve_cannot_move():
    board = Board().unit("k", "B3.03", "KG")
    with pytest.raises(Refused, match="1.8b"):
        board.session(reserves=frozenset({"k"})).apply(MoveUnits(("k",), "B3.04"))


# --- on the map of scenario 5.1 ----------------------------------------------------------------------


@pytest.mark.parametrize("turn, mp, jam", [(1, 7.5, True), (3, 7, False)])
def test_item5_kg_peiper_to_losheim_through_the_traffic_jam(turn, mp, jam):
    """5.1: KG Peiper-A (B51.03) to Losheim (B51.07).  The road from B51.05, a Map Traffic Jam,
    is negated on Turns 1-2 (1.5b): open ground, 2 MP, instead of the road and the Werfer
    brigade's stacked-road +1 (1.5a) later."""
    s = scenario_game("5.1", "ge_movement", turn=turn, place={"Ger-Greif:A": "B50.02"})
    steps = s.path(("1SS:Peiper-A",), "B51.07")
    assert [st.hex for st in steps] == ["B51.03", "B51.04", "B51.05", "B51.06", "B51.07"]
    assert steps[-1].mp == mp == s.legal_moves(("1SS:Peiper-A",))["B51.07"]
    assert any(rule == "1.5b" for _, _, rule in steps[3].reasons) == jam


def test_item25_the_394th_pays_to_enter_the_german_zoc_along_the_road():
    """5.1 US Movement: from B53.09 the 394 Inf Rgt reaches B54.08, next to German units,
    for the secondary road's 1/2 MP and the EZOC's +2 (provisional); B53.10 for 1/2."""
    s = scenario_game("5.1", "us_movement", turn=1)
    moves = s.legal_moves(("99ID:394",))
    assert (moves["B54.08"], moves["B53.10"]) == (2.5, 0.5)
    assert "B52.08" not in moves and "B53.08" not in moves  # the 12 VG Div holds them
