"""Bridges in movement: German-built bridges by date, Blown and Tested bridges, the road on the
near side (3.8; 1.3a; checklist items 5, 8, 81)."""

from __future__ import annotations

import pytest

from ardennes_qt.core.hexgrid import Hexside
from ardennes_qt.rules.ardennes2.bridges import bridge_id, bridge_state, bridges_down, is_built, turn_date
from tests.rules.test_movement import Table, moves, route

NEAR, FAR = "A3.02", "A3.03"


def stream_road(built: str = "", plunger: str = "") -> Table:
    """A Road crossing a Stream by a bridge, Woods beyond: Mech pays 1/2 over the bridge, 8 without."""
    return (
        Table().terrain(FAR, "woods").side(NEAR, FAR, "stream").road("A3.01", NEAR, FAR)
        .bridge(NEAR, FAR, built=built, plunger=plunger).unit("u", "A3.01", "3-3-14", ma="mech")
    )


def cost_over(table: Table, **game) -> float:
    return moves(table, "u", **game)[FAR] - moves(table, "u", **game)[NEAR]


@pytest.mark.parametrize("turn, built, mp", [(1, False, 8), (2, True, 0.5), (3, True, 0.5)])
def test_item81_german_bridges_appear_on_their_printed_day(turn, built, mp):
    table = stream_road(built="1944-12-17")
    content, state = table.game(turn=turn)
    side = Hexside.between(table.hex(NEAR), table.hex(FAR))
    assert is_built(content, turn, content.map.bridges[side]) == built
    assert (side in bridges_down(content, state)) == (not built)
    assert cost_over(table, turn=turn) == mp


def test_item81_an_unbuilt_bridge_says_when_it_comes():
    table = stream_road(built="1944-12-17")
    steps = route(table, "u", FAR, turn=1)
    assert (0, "German bridge not built until 17 Dec", "3.8 Building Bridges") in steps[-1].reasons


def test_a_turn_without_a_date_has_no_german_bridges():
    table = stream_road(built="1944-12-17")
    content, state = table.game(turn=9)
    assert turn_date(content, 9) is None
    assert not bridge_state(content, state, next(iter(content.map.bridges))).operational


@pytest.mark.parametrize(
    "recorded, mp",
    [({}, 0.5), ({"A3.02": "blown"}, 8), ({"A3.02": "tested"}, 0.5), ({"A3.02 N": "blown"}, 8)],
)
def test_item8_a_blown_bridge_carries_no_road(recorded, mp):
    """Recorded under the plunger's name, or the bridge's own id (``bridge_id``)."""
    table = stream_road(plunger="A3.02")
    content, _ = table.game()
    assert bridge_id(content.map, next(iter(content.map.bridges))) == "A3.02 N"
    assert cost_over(table, bridges=recorded) == mp


def test_item8_a_blown_bridge_is_the_road_across_an_unbridged_stream():
    steps = route(stream_road(plunger="A3.02"), "u", FAR, bridges={"A3.02": "blown"})
    reasons = [r[1] for r in steps[-1].reasons]
    assert reasons == ["bridge Blown", "Road crosses the Stream without a bridge", "Stream", "Woods"]


def test_scenario_bridges_blown_at_start():
    """7.5: "Bridges Blown at start: A37.23, B11.14" name the plunger hexes."""
    table = stream_road(plunger="A3.02")
    table.blown_at_start = (table.hex("A3.02"),)
    assert cost_over(table) == 8


def test_item8_german_built_bridges_cannot_be_destroyed():
    assert cost_over(stream_road(built="1944-12-16", plunger="A3.02"), bridges={"A3.02": "blown"}) == 0.5


@pytest.mark.parametrize("start, to, mp", [("A3.01", "A3.02", 0.5), ("A3.02", "A3.01", 2)])
def test_item8_over_a_bridge_the_road_on_the_near_side_counts(start, to, mp):
    """3.8 Gemund: a Track bridge meets a Road on one side: a Road going one way, a Track the other."""
    table = (
        Table().side("A3.01", "A3.02", "stream").road("A3.00", "A3.01").road("A3.01", "A3.02", kind="track")
        .bridge("A3.01", "A3.02").unit("u", start, "3-3-14", ma="mech")
    )
    assert moves(table, "u")[to] == mp
