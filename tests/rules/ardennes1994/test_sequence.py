"""The sequence of play (checklist items 19-21) and the Clean Up Phase (items 39, 43; rules 1.2,
1.8c, 1.11).

1.2: "Note the position of the Supply Phase in the below sequences, it is different from the SCS
basic outline."  German Turn: Weather Determination, US Air Point Determination, German Movement
Phase, US Barrage Phase, German Barrage Phase, German Combat Phase, German Supply Phase, German
Exploitation Phase, Clean Up.  US Turn: US Movement Phase, Bridge Blowing & Repair, US Barrage
Phase, US Combat Phase, US Supply Phase, US Exploitation Phase, Clean Up.  "No, it isn't a typo,
there is no German Barrage Phase in the US player turn."
"""

from __future__ import annotations

import re
from dataclasses import replace

from ardennes_qt.engine import Session
from ardennes_qt.rules.ardennes1994.actions import EndPhase, SetReserve
from tests.rules.ardennes1994.board import scenario_game

GERMAN_TURN = ["Weather Determination", "US Air Point Determination", "German Movement Phase", "US Barrage Phase",
               "German Barrage Phase", "German Combat Phase", "German Supply Phase", "German Exploitation Phase",
               "Clean Up"]
US_TURN = ["US Movement Phase", "Bridge Blowing & Repair", "US Barrage Phase", "US Combat Phase", "US Supply Phase",
           "US Exploitation Phase", "Clean Up"]

BEGUN = re.compile(r"^Turn (\d+)(?: \([^)]*\))?, (German Player Turn|US Player Turn|Set-Up): (.+)$")

GE_UNIT = "1SS:Peiper-A"  # in B51.03 at the start of 5.3, not next to the enemy
GE_OTHER = "1SS:Peiper-B"
US_UNIT = "106ID:422"  # 106 Inf Div's 422 Inf Rgt


def phases_begun(s: Session, start: int = 0) -> list[tuple[int, str, str]]:
    """(turn, Player Turn, phase) of every phase begun, as the log tells it."""
    return [(int(m[1]), m[2], m[3]) for line in s.log()[start:] if (m := BEGUN.match(line.text))]


def play_to(s: Session, turn: int, phase: str, limit: int = 40) -> None:
    """End phases, doing nothing in them, until ``phase`` of ``turn`` stands."""
    for _ in range(limit):
        if (s.state.turn, s.state.phase) == (turn, phase):
            return
        s.apply(EndPhase())
    raise AssertionError(f"never reached {phase} of Turn {turn}: at {s.state.phase} of Turn {s.state.turn}")


def with_state(s: Session, state) -> Session:
    return Session(s.content, s.state.seed, initial=state)


def test_item19_item20_a_game_turn_is_the_german_then_the_us_player_turn_in_the_printed_order():
    """1.2: every phase of the German Turn, then every phase of the US Turn, in the printed order
    (no German Barrage Phase in the US Turn), then the next game turn's Weather Determination."""
    s = scenario_game("5.3", "us_exploitation", turn=2, victory_option="paris")
    n = len(s.log())
    play_to(s, 4, "ge_movement")
    begun = phases_begun(s, n)
    turn3 = [(segment, name) for turn, segment, name in begun if turn == 3]
    expected = [("German Player Turn", name) for name in GERMAN_TURN] + [("US Player Turn", name) for name in US_TURN]
    assert turn3 == expected
    assert [name for turn, _, name in begun if turn == 4][:3] == GERMAN_TURN[:3]
    assert "German Barrage Phase" not in [name for _, segment, name in begun if segment == "US Player Turn"]


def test_item19_item20_the_side_acting_in_each_phase():
    """1.2: the German acts in the phases of his Player Turn where players act, but for the US
    Barrage Phase inside it; the US acts in all of his."""
    s = scenario_game("5.3", "ge_movement", turn=3, victory_option="paris")
    seen = {}
    for _ in range(20):
        info = s.phase()
        seen[(info.segment, info.name)] = info.acting
        if (s.state.turn, s.state.phase) == (4, "ge_movement"):
            break
        s.apply(EndPhase())
    assert seen[("German Player Turn", "German Movement Phase")] == "German"
    assert seen[("German Player Turn", "US Barrage Phase")] == "Allied"
    assert seen[("German Player Turn", "German Barrage Phase")] == "German"
    assert seen[("German Player Turn", "German Combat Phase")] == "German"
    for name in ("US Movement Phase", "Bridge Blowing & Repair", "US Barrage Phase", "US Combat Phase"):
        assert seen[("US Player Turn", name)] == "Allied", name


def test_item21_each_supply_phase_comes_after_combat_and_before_exploitation():
    """1.2 note: the Supply Phase stands between the Combat and the Exploitation Phase of each
    Player Turn, "different from the SCS basic outline" (where it opens the turn)."""
    s = scenario_game("5.3", "us_exploitation", turn=5, victory_option="paris")
    n = len(s.log())
    play_to(s, 7, "ge_movement")
    names = [name for turn, _, name in phases_begun(s, n) if turn == 6]
    for side in ("German", "US"):
        combat, supply, exploit = (names.index(f"{side} {p} Phase") for p in ("Combat", "Supply", "Exploitation"))
        assert combat < supply == exploit - 1, side
        assert names.index(f"{side} Movement Phase") < combat


def test_item21_a_unit_cut_off_moves_out_of_supply_in_the_exploitation_that_follows():
    """1.2 note, 1.14: the Supply Phase comes before the Exploitation Phase, so a Reserve unit
    found out of supply in it moves at the out-of-supply allowance in that Exploitation Phase
    (Mech MA x1/4).  A German KG (MA 12) in Reserve, put far behind the US line (no Eastern Zone,
    no Supply Unit near), is out of supply when its Exploitation Phase begins and can reach no
    hex costing more than 3 MP."""
    s = scenario_game("5.3", "ge_combat", turn=4, victory_option="paris", place={GE_UNIT: "A20.20"},
                      reserves=frozenset({GE_UNIT}))
    assert "out_of_supply" not in s.unit(GE_UNIT).statuses
    play_to(s, 4, "ge_exploitation")
    assert "out_of_supply" in s.unit(GE_UNIT).statuses
    reach = s.legal_moves((GE_UNIT,))
    assert reach and max(reach.values()) <= 3


def test_item39_item43_clean_up_removes_the_phasing_players_reserve_and_dg_markers_only():
    """1.8c: "Remove any remaining Reserve markers (and all DG markers) from your units during
    your Clean Up Phase."  In the German Clean Up the German units lose theirs; a US unit DG'd in
    the German Barrage Phase stays DG into the US Player Turn, until the US Clean Up."""
    s = scenario_game("5.3", "ge_combat", turn=4, victory_option="paris")
    state = s.state
    state = state.with_units({GE_OTHER: replace(state.units[GE_OTHER], dg=True),
                              US_UNIT: replace(state.units[US_UNIT], dg=True)})
    state = replace(state, rules=replace(state.rules, reserves=frozenset({GE_UNIT})))
    s = with_state(s, state)
    play_to(s, 4, "ge_exploitation")
    assert GE_UNIT in s.state.rules.released  # 1.9: released at the start of Exploitation
    assert s.unit(GE_OTHER).dg and s.unit(US_UNIT).dg  # not before Clean Up
    s.apply(EndPhase())  # the German Clean Up, then the US Movement Phase
    assert (s.state.turn, s.state.phase) == (4, "us_movement")
    assert not s.unit(GE_OTHER).dg and "dg" not in s.unit(GE_OTHER).statuses
    assert GE_UNIT not in s.state.rules.reserves | s.state.rules.released
    assert s.unit(US_UNIT).dg  # the US unit's DG marker is removed in the US Clean Up only
    assert "1 unit(s) no longer DG" in [line.text for line in s.log()]


def test_item39_item43_the_us_clean_up_removes_the_us_markers_and_leaves_the_germans():
    """1.8c, 1.11: in the US Clean Up the US removes his remaining Reserve markers and his DG
    markers; a German unit DG'd in the US Barrage Phase keeps its marker into the next German
    Player Turn."""
    s = scenario_game("5.3", "us_movement", turn=4, victory_option="paris")
    s.apply(SetReserve((US_UNIT,)))
    assert US_UNIT in s.state.rules.reserves
    play_to(s, 4, "us_combat")
    state = s.state
    state = state.with_units({GE_OTHER: replace(state.units[GE_OTHER], dg=True),
                              "106ID:423": replace(state.units["106ID:423"], dg=True)})
    s = with_state(s, state)
    play_to(s, 5, "ge_movement")
    assert US_UNIT not in s.state.rules.reserves | s.state.rules.released
    assert not s.unit("106ID:423").dg
    assert s.unit(GE_OTHER).dg  # removed in the German Clean Up of Turn 5


def test_item39_a_reserve_marker_not_released_is_removed_in_clean_up():
    """1.8c: "any remaining Reserve markers" come off in Clean Up, those whose units were not
    released too: a unit still in Reserve when the German Clean Up begins (the marker put on it
    after the release) leaves it without a marker."""
    s = scenario_game("5.3", "ge_exploitation", turn=4, victory_option="paris")
    s = with_state(s, replace(s.state, rules=replace(s.state.rules, reserves=frozenset({GE_UNIT}))))
    s.apply(EndPhase())
    assert s.state.phase == "us_movement"
    assert GE_UNIT not in s.state.rules.reserves | s.state.rules.released
    assert "1 Reserve marker(s) removed" in [line.text for line in s.log()]
