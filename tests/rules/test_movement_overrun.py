"""Who may Overrun and along which roads (3.3; TEC note 2; checklist items 56-57)."""

from __future__ import annotations

import pytest

from ardennes_qt.rules.ardennes2.a2state import PhaseRecord
from ardennes_qt.rules.ardennes2.overrun_routes import overrun_allowed, overrun_routes
from tests.rules.test_movement import Table

ROAD = ("B1.03", "B2.03", "B3.03", "B4.03")


def breakwater(**unit) -> Table:
    """A Road B1.03 - B4.03; a US battalion in B4.03; a German Mech stack in B1.03."""
    kw = {"side": "German", "ma": "mech"} | unit
    return Table().road(*ROAD).unit("us", "B4.03").unit("pz", "B1.03", "5-3-12", **kw)


def routes(table: Table, uids=("pz",), **game):
    content, state = table.game(phase=game.pop("phase", "ge_movement"), **game)
    return overrun_routes(content, state, uids)


def test_item57_the_overrun_follows_the_road_and_costs_two_more_mp():
    found = routes(breakwater())
    assert list(found) == ["B4.03"]
    steps = found["B4.03"]
    assert [s.hex for s in steps] == ["B1.03", "B2.03", "B3.03", "B4.03"]
    # Road 1/2 + Road 1/2 + Moving Adjacently? B2.03 is not next to B4.03: 1 MP, then +2.
    assert [s.mp for s in steps] == [0, 0.5, 1, 3]
    assert steps[-1].reasons == ((2, "Overrun along the road", "3.3; TEC note 2"),)


def test_item57_no_road_into_the_defenders_hex_no_overrun():
    table = Table().road("B1.03", "B2.03", "B3.03").unit("us", "B4.03").unit("pz", "B1.03", "5-3-12", side="German", ma="mech")
    assert routes(table) == {}


def test_item57_the_whole_way_is_along_the_road():
    # Off the road from B1.04 to B2.03 the stack could reach the road; the overrun route may not.
    table = Table().road("B2.03", "B3.03", "B4.03").unit("us", "B4.03").unit("pz", "B1.04", "5-3-12", side="German", ma="mech")
    assert routes(table) == {}


def test_item57_a_blown_bridge_breaks_the_road():
    table = breakwater().side("B2.03", "B3.03", "stream").bridge("B2.03", "B3.03", plunger="B2.03")
    assert "B4.03" in routes(table)
    assert routes(table, bridges={"B2.03": "blown"}) == {}


def test_item56_never_through_an_enemy_barrage_hex():
    assert routes(breakwater(), markers={"B3.03": ["Allied:full"]}) == {}
    assert "B4.03" in routes(breakwater(), markers={"B3.03": ["German:full"]})  # friendly: +1 only
    assert routes(breakwater(), markers={"B3.03": ["German:full"]})["B4.03"][-1].mp == 4


def test_item56_not_through_a_traffic_jam_that_would_make_it_dg():
    table = breakwater().terrain("B3.03", "traffic_jam")
    assert routes(table, turn=2) == {}
    assert "B4.03" in routes(table, turn=3)


def test_item57_the_overrun_needs_two_mp_left():
    assert routes(breakwater(), record=PhaseRecord(spent={"pz": 20})) == {}  # 12 MP: 10 spent, 1 to go, +2
    assert "B4.03" in routes(breakwater(), record=PhaseRecord(spent={"pz": 18}))


@pytest.mark.parametrize(
    "unit, record, phase, rule",
    [
        ({}, PhaseRecord(), "ge_movement", None),
        ({"ma": "leg"}, PhaseRecord(), "ge_movement", "1.3; 3.3"),
        ({"dg": True}, PhaseRecord(), "ge_movement", "3.3; 3.4"),
        ({}, PhaseRecord(started_adjacent=frozenset({"pz"})), "ge_movement", "3.3; 1.2"),
        ({}, PhaseRecord(in_enemy_barrage=frozenset({"pz"})), "ge_movement", "3.3; 3.5"),
        ({}, PhaseRecord(overran=frozenset({"pz"})), "ge_movement", "3.3"),
        ({"exploit": True}, PhaseRecord(), "ge_exploitation", None),  # 2.1 note 1: overruns in Exploitation too
        ({}, PhaseRecord(), "ge_combat", "2.1"),
    ],
)
def test_item56_who_may_overrun(unit, record, phase, rule):
    content, state = breakwater(**unit).game(phase=phase, record=record)
    allowed, reasons = overrun_allowed(content, state, ("pz",))
    assert allowed == (rule is None)
    if rule:
        assert reasons[0].endswith(f"({rule})")
        assert overrun_routes(content, state, ("pz",)) == {}


def test_item56_artillery_never_overruns():
    table = breakwater().unit("guns", "B1.03", "[6]-1-12", side="German", ma="mech")
    content, state = table.game(phase="ge_movement")
    assert not overrun_allowed(content, state, ("pz", "guns"))[0]
