"""Operation Stösser in scenario 5.1 (checklist item 54; 2.2): KG von der Heydte kept out of the
Set-Up drops on Turn 1."""

from __future__ import annotations

import pytest

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.core.outcome import Refused
from ardennes_qt.engine import Session
from ardennes_qt.rules.ardennes1994.actions import DropMarker, EndPhase, PlaceReinforcements
from ardennes_qt.rules.ardennes1994.movement import move_refusal
from ardennes_qt.rules.ardennes1994.stosser import free_of_supply
from tests.rules.ardennes1994.board import answer_dummy_dumps, scenario_game, seed_rolling, set_up

VDH = "Ger-Ind:von der Heydte"


def drop_due(direction: int, distance: int, marker: str) -> Session:
    """5.1's first German Movement Phase with vdH kept back and its marker placed; the next two dice
    are ``direction`` and ``distance``."""
    draws = Session.new("ardennes1994/5.1", seed=1).state.draws
    s = scenario_game("5.1", "ge_movement", turn=1, seed=seed_rolling(direction, distance, draws=draws))
    return scenario_game("5.1", "ge_movement", turn=1, seed=s.seed, drop=s.content.map.parse(marker))


def test_item54_kept_out_of_the_set_up_vdh_waits_for_its_drop_marker_first():
    """2.2a: the Drop Marker is "the first thing" of the first German Movement Phase."""
    s = set_up(Session.new("ardennes1994/5.1", seed=1), keep=(VDH,))
    s.apply(EndPhase())  # the Set-Up ends with vdH not placed
    answer_dummy_dumps(s)
    assert s.phase().phase == "ge_movement" and s.decision()["kind"] == "stosser_drop"
    assert {type(a) for a in s.legal_actions()} == {DropMarker}
    with pytest.raises(Refused):
        s.apply(MoveUnits(("1SS:Peiper-A",), "B51.04"))
    s.apply(DropMarker("B50.20"))
    assert s.decision() is None and s.content.map.hex_id(s.state.rules.drop) == "B50.20"


def test_item54_placed_in_the_set_up_it_is_a_ground_unit():
    s = Session.new("ardennes1994/5.1", seed=1)
    s.apply(PlaceReinforcements((VDH,), "B50.02"))
    set_up(s)
    s.apply(EndPhase())
    answer_dummy_dumps(s)
    assert s.decision() is None
    assert s.legal_moves((VDH,))


def test_item54_it_lands_where_the_dice_send_it_and_cannot_move_that_turn():
    """2.2b: direction 1 is the marker's printed north neighbour, distance 2: B50.20 -> B50.22;
    2.2c: no move on the drop turn, free from supply from then on."""
    s = drop_due(1, 2, "B50.20")
    s.apply(EndPhase())
    assert s.state.units[VDH].where == "map" and s.content.map.hex_id(s.state.units[VDH].hex) == "B50.22"
    landing = next(line for line in s.log() if "lands at B50.22" in line.text)
    assert "direction die 1 (N on the printed map), distance die 2" in landing.reasons
    assert free_of_supply(s.content, s.state, VDH)
    exploiting = scenario_game("5.1", "ge_exploitation", turn=1, drop=s.state.rules.drop, released=frozenset({VDH}),
                               place={VDH: "B50.22"})
    assert move_refusal(exploiting.content, exploiting.state, VDH).rule == "2.2c"


@pytest.mark.parametrize("direction, distance, marker, why", [
    (1, 5, "B50.20", "a distance of 5"),
    (1, 6, "B50.20", "a distance of 6"),
    (1, 1, "B53.08", "on US units"),  # B53.09: the 394 Inf Rgt
    (5, 2, "B43.20", "off the map"),  # south-west of column 43: out of 5.1's play area
])
def test_item54_it_is_destroyed_off_the_map_on_us_units_or_at_a_distance_of_5_or_6(direction, distance, marker, why):
    s = drop_due(direction, distance, marker)
    s.apply(EndPhase())
    assert s.state.units[VDH].where == "dead"
    assert any(why in line.text and "destroyed" in line.text for line in s.log())
