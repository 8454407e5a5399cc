"""Reinforcements (checklist items 57-59): the Orders of Arrival bring units on by entry area or
at a printed hex, on or after their turn, in their side's Movement Phase.  The procedure is the
SCS series rules' (not printed in the 1994 rules; series.toml [reinforcements], provisional):
placed at the start of the Movement Phase, paying the cost of the first hex, and sent to the
nearest free hex of the same map edge when the enemy holds their entry hexes."""

from __future__ import annotations

import pytest

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.core.outcome import Refused
from ardennes_qt.rules.ardennes1994.actions import EndPhase, PlaceReinforcements
from ardennes_qt.rules.ardennes1994.movement import mp_left
from tests.rules.ardennes1994.board import scenario_game

AREA_C = ["B29.00", "B30.00", "B31.00", "B32.00", "B33.00", "B34.00", "B35.00", "B36.00", "B37.00", "B38.00",
          "B39.00", "B40.00", "B41.00"]  # German Entry Area C (map README §4.11)
TURN_3_C = {"FBB:Pz Bn", "FBB:PG Rgt", "FBB:200", "2SS:Krag", "2SS:Kreuz-A", "2SS:Kreuz-B", "2SS:Deutschland",
            "2SS:Führer", "2SS:2 AG", "2SS:2 Arty", "9SS:Recke", "9SS:Telkamp-A", "9SS:Telkamp-B", "9SS:19", "9SS:20",
            "9SS:9 AG", "9SS:9 Arty", "560VG:Hauptmann"}


def brought_on(s) -> set[str]:
    """The units offered to enter now."""
    return {u for f in s.choices() if f.kind == "place" for u in f.units}


def hex_of(s, uid: str) -> str:
    return s.content.map.hex_id(s.state.units[uid].hex)


def entered(s) -> tuple[str, tuple[str, ...]]:
    line = next(line for line in reversed(s.log()) if " enters at " in line.text)
    return line.text, line.reasons


# --- on their turn, in their side's Movement Phase ---------------------------------------------------


def test_item57_german_reinforcements_enter_in_their_entry_area_on_their_turn():
    """OOA Game Turn 3: "Entry Area C: (Pz Bn, PG Rgt, 200 AG Bn)-Führer Begleit Bde; (KG Krag,
    ...)-2 SS Pz Div; (KG Recke, ...)-9 SS Pz Div; (KG Hauptmann)-560 VG Div"; Turn 4's 3 PG Div
    (Entry Area A) is not offered yet."""
    s = scenario_game("5.3", "ge_movement", turn=3, victory_option="paris")
    assert brought_on(s) == TURN_3_C
    assert s.placements(("2SS:Krag",)) == AREA_C
    s.apply(PlaceReinforcements(("2SS:Krag",), "B31.00"))
    assert s.state.units["2SS:Krag"].where == "map" and hex_of(s, "2SS:Krag") == "B31.00"
    assert "2SS:Krag" not in brought_on(s)
    with pytest.raises(Refused, match="on or after their turn"):
        s.apply(PlaceReinforcements(("3PG:8",), "B52.00"))


def test_item57_not_before_their_turn_nor_in_the_enemys_phase():
    early = scenario_game("5.3", "ge_movement", turn=2, victory_option="paris")
    assert not brought_on(early) & TURN_3_C and early.placements(("2SS:Krag",)) == []
    with pytest.raises(Refused, match="on or after their turn") as why:
        early.apply(PlaceReinforcements(("2SS:Krag",), "B31.00"))
    assert why.value.rule == "OOA"
    us_phase = scenario_game("5.3", "us_movement", turn=3, victory_option="paris")
    assert not brought_on(us_phase) & TURN_3_C
    with pytest.raises(Refused):
        us_phase.apply(PlaceReinforcements(("2SS:Krag",), "B31.00"))


def test_item57_an_arrival_not_brought_on_is_still_due_later():
    """Units of Turn 3 not placed on Turn 3 come on a later turn ("on or after")."""
    s = scenario_game("5.3", "ge_movement", turn=4, victory_option="paris")
    assert TURN_3_C <= brought_on(s)
    assert {"3PG:8", "FGB:PG Rgt"} <= brought_on(s)  # and Turn 4's, at A and D


def test_item58_us_reinforcements_enter_in_their_entry_area():
    """OOA Game Turn 2: "Entry Area N: (CCA, CCB, CCR, TD Bn, Divarty)-7 Arm Div; ..."; N is the
    real north edge of Map B (B62.12-B62.36); B62.12 and B62.13 hold German units (17 Werfer Bde,
    752 Inf Rgt), so they are not offered."""
    s = scenario_game("5.3", "us_movement", turn=2, victory_option="paris")
    assert {"7AD:CCA", "1ID:16", "5AD:CCR"} <= brought_on(s)
    assert s.placements(("7AD:CCA",)) == [f"B62.{row}" for row in range(14, 37)]
    s.apply(PlaceReinforcements(("7AD:CCA",), "B62.20"))
    assert hex_of(s, "7AD:CCA") == "B62.20"


def test_item58_us_reinforcements_enter_at_their_printed_hex():
    """5.1 Game Turn 4: "Hex B57.35: (504, 505, 508 Abn Rgts, ...)-82 Abn Div; 705 TD Bn; (117,
    ...)-30 Inf Div"; Turn 5's 3 Arm Div at the same hex waits for its turn."""
    s = scenario_game("5.1", "us_movement", turn=4)
    assert "3AD:36" not in brought_on(s)
    assert s.placements(("82AB:504",)) == ["B57.35"]
    with pytest.raises(Refused, match="enters at B57.35"):
        s.apply(PlaceReinforcements(("82AB:504",), "B57.34"))
    s.apply(PlaceReinforcements(("82AB:504",), "B57.35"))
    assert hex_of(s, "82AB:504") == "B57.35"


def test_item58_5_2_brings_the_9_arm_div_in_at_b29_18_on_turn_1():
    s = scenario_game("5.2", "us_movement", turn=1)
    assert brought_on(s) == {"9AD:CCR", "9AD:Divarty"}
    assert s.placements(("9AD:CCR",)) == ["B29.18"]
    s.apply(PlaceReinforcements(("9AD:CCR",), "B29.18"))
    assert hex_of(s, "9AD:CCR") == "B29.18"


# --- what entering costs --------------------------------------------------------------------------------


def test_item59_the_first_hex_is_paid_for_from_the_movement_allowance():
    """series.toml [reinforcements]: they "move normally from there, paying the terrain of that
    first hex".  KG Krag (MA 12, Mechanized) comes in along the Primary Road at B31.00: 1/2 MP
    (TEC road rate); KG Kreuz-A behind it on the road into a hex holding a friendly unit pays
    +1 (1.5a); KG Deutschland at B29.00, off the road, pays Open ground's 2 MP (Mech)."""
    s = scenario_game("5.3", "ge_movement", turn=3, victory_option="paris")
    s.apply(PlaceReinforcements(("2SS:Krag",), "B31.00"))
    text, reasons = entered(s)
    assert text == "Krag KG enters at B31.00, 0.5 MP spent"
    assert "B31.00: 0.5 MP, Primary Road (TEC)" in reasons
    assert any("SCS series rules: arrivals" in r and "provisional" in r for r in reasons)
    assert mp_left(s.content, s.state, "2SS:Krag") == 23  # half MPs: 24 - 1
    s.apply(PlaceReinforcements(("2SS:Kreuz-A",), "B31.00"))
    text, reasons = entered(s)
    assert text == "Kreuz-A KG enters at B31.00, 1.5 MP spent"
    assert "B31.00: 1 MP, road into a hex holding friendly units (1.5a)" in reasons
    s.apply(PlaceReinforcements(("2SS:Deutschland",), "B29.00"))
    assert entered(s)[0] == "Deutschland KG enters at B29.00, 2 MP spent"
    assert mp_left(s.content, s.state, "2SS:Deutschland") == 20
    assert max(s.legal_moves(("2SS:Deutschland",)).values()) <= 10


def test_item59_artillery_comes_on_in_its_move_mode():
    """1.10: "Artillery can begin the scenario or come on as reinforcements in any desired mode":
    the 2 SS Pz Arty Rgt comes on on its move side ([3]-1-8; its fire side has no MA) and moves on
    with 8 MP less the 1/2 MP of the road at B31.00."""
    s = scenario_game("5.3", "ge_movement", turn=3, victory_option="paris")
    s.apply(PlaceReinforcements(("2SS:2 Arty",), "B31.00"))
    assert s.state.rules.modes["2SS:2 Arty"] == "move"
    assert "1.10: artillery comes on in any desired mode: its move mode, to move on from the entry hex" in entered(s)[1]
    assert mp_left(s.content, s.state, "2SS:2 Arty") == 15 and s.legal_moves(("2SS:2 Arty",))


def test_item59_the_arrivals_move_on_with_what_is_left():
    """5.1: the 504 Abn Rgt (MA 6) enters at B57.35 (Open, 1 MP for Other units) and has 5 MP
    left to move on."""
    s = scenario_game("5.1", "us_movement", turn=4)
    s.apply(PlaceReinforcements(("82AB:504",), "B57.35"))
    assert entered(s)[0] == "504 Abn Rgt enters at B57.35, 1 MP spent"
    moves = s.legal_moves(("82AB:504",))
    assert moves and max(moves.values()) <= 5 and moves["B56.34"] == 0.5
    s.apply(MoveUnits(("82AB:504",), "B56.34"))
    assert hex_of(s, "82AB:504") == "B56.34"


# --- when: at the start of the Movement Phase -------------------------------------------------------------


def test_item59_arrivals_enter_before_the_units_on_the_map_move():
    """series.toml [reinforcements]: "placed ... at the start of their side's Movement Phase".
    Once a unit already on the map moves, the arrivals still off the map wait for the next
    Movement Phase of their side."""
    s = scenario_game("5.1", "us_movement", turn=4)
    s.apply(PlaceReinforcements(("82AB:504",), "B57.35"))
    s.apply(MoveUnits(("2ID:38",), "B57.12"))  # on the map since the Set-Up
    assert not brought_on(s) and s.placements(("82AB:505",)) == []
    with pytest.raises(Refused, match="at the start of the Movement Phase") as why:
        s.apply(PlaceReinforcements(("82AB:505",), "B57.35"))
    assert "SCS series rules: arrivals" in why.value.rule
    later = scenario_game("5.1", "us_movement", turn=5)
    assert {"82AB:505", "3AD:36"} <= brought_on(later)


def test_item59_arrivals_pass_through_a_crowded_entry_hex_one_after_another():
    """1.3 holds at the entry hex: two regiments (6 steps) fill B57.35; when one moves on, the
    next comes in - still the start of the phase, only arrivals have moved."""
    s = scenario_game("5.1", "us_movement", turn=4)
    s.apply(PlaceReinforcements(("82AB:504",), "B57.35"))
    s.apply(PlaceReinforcements(("82AB:505",), "B57.35"))
    assert s.placements(("82AB:508",)) == []
    with pytest.raises(Refused, match="would hold 9 steps; at most 6") as why:
        s.apply(PlaceReinforcements(("82AB:508",), "B57.35"))
    assert why.value.rule == "1.3"
    s.apply(MoveUnits(("82AB:504",), "B56.34"))
    assert s.placements(("82AB:508",)) == ["B57.35"]
    s.apply(PlaceReinforcements(("82AB:508",), "B57.35"))
    assert hex_of(s, "82AB:508") == "B57.35"


# --- an entry hex held by the enemy -------------------------------------------------------------------


def test_item59_a_blocked_entry_hex_sends_the_arrivals_to_the_nearest_free_hex_of_the_edge():
    """series.toml [reinforcements]: "an entry hex blocked by the enemy moves the arrivals to the
    nearest free hex of the same map edge".  KG Peiper-A stands on B57.35 (one hex inside the
    play area's printed top edge on this map): the 82 Abn Div comes in at B57.36."""
    s = scenario_game("5.1", "us_movement", turn=4, place={"1SS:Peiper-A": "B57.35"})
    assert s.placements(("82AB:504",)) == ["B57.36"]
    s.apply(PlaceReinforcements(("82AB:504",), "B57.36"))
    text, reasons = entered(s)
    assert text.startswith("504 Abn Rgt enters at B57.36")
    assert any("the enemy holds its entry hexes (B57.35): the nearest free hex of the same map edge" in r for r in reasons)


def test_item59_an_entry_area_held_by_the_enemy_gives_the_next_hex_along_its_edge():
    """OOA Game Turn 9: "Entry Area E: (2, 10, 11 Inf Rgts, Divarty Rgt)-5 Inf Div".  E is
    B1.00-B1.02 on the real south edge; with German units in all three the 5 Inf Div comes in at
    B1.03, the nearest hex of that edge (B2.00, next to the corner on the other edge, is not)."""
    s = scenario_game("5.3", "us_movement", turn=9, victory_option="paris")
    assert s.placements(("5ID:2",)) == ["B1.00", "B1.01", "B1.02"]
    held = scenario_game("5.3", "us_movement", turn=9, victory_option="paris",
                         place={"1SS:Peiper-A": "B1.00", "1SS:Peiper-B": "B1.01", "1SS:Peiper-C": "B1.02"})
    assert held.placements(("5ID:2",)) == ["B1.03"]
    partly = scenario_game("5.3", "us_movement", turn=9, victory_option="paris", place={"1SS:Peiper-A": "B1.00"})
    assert partly.placements(("5ID:2",)) == ["B1.01", "B1.02"]  # a free hex of the area is used first


def test_item59_a_hidden_greif_team_does_not_block_an_entry_hex():
    """2.1bB: a Hidden Greif Team is ignored by US units."""
    s = scenario_game("5.1", "us_movement", turn=4, place={"Ger-Greif:A": "B57.35"})
    assert s.placements(("82AB:504",)) == ["B57.35"]


def test_item59_ending_the_phase_leaves_the_arrivals_for_the_next_turn():
    s = scenario_game("5.1", "us_movement", turn=2)
    assert "1ID:16" in brought_on(s)
    s.apply(EndPhase())
    assert s.state.units["1ID:16"].where == "scheduled"


def test_item59_an_arriving_gun_may_take_its_fire_side_after_entering():
    """1.10: artillery comes on "in any desired mode": having paid only its entry, the 2 SS Pz
    Arty Rgt may still turn to its fire side; once it has moved on, it may not (1.10a)."""
    s = scenario_game("5.3", "ge_movement", turn=3, victory_option="paris")
    s.apply(PlaceReinforcements(("2SS:2 Arty",), "B31.00"))
    assert any(f.kind == "mode" and f.units == ("2SS:2 Arty",) for f in s.choices())
    moved = scenario_game("5.3", "ge_movement", turn=3, victory_option="paris")
    moved.apply(PlaceReinforcements(("2SS:2 Arty",), "B31.00"))
    moved.apply(MoveUnits(("2SS:2 Arty",), next(iter(moved.legal_moves(("2SS:2 Arty",))))))
    assert not any(f.kind == "mode" and f.units == ("2SS:2 Arty",) for f in moved.choices())


def test_item59_arrivals_are_no_longer_listed_as_due_once_the_start_of_the_phase_is_past():
    s = scenario_game("5.1", "us_movement", turn=4)
    assert "82AB:505" in s.phase().due_reinforcements
    s.apply(MoveUnits(("2ID:38",), "B57.12"))  # a unit on the map moves: the start is past
    assert s.phase().due_reinforcements == ()
