"""Overruns in The Ardennes (1994) (checklist item 37; 1.7a, 1.7b, 1.5a, 1.8b, 1.9; SCS
overruns, provisional: series.toml [overrun]): what an overrun costs a moving unit, where it
may overrun, how often, who may, and what its move does after.  Positions on the 5.3 map."""

from __future__ import annotations

import pytest

from ardennes_qt.core.outcome import Refused
from ardennes_qt.rules.ardennes1994.actions import Overrun
from ardennes_qt.rules.ardennes1994.situation import rules_data
from ardennes_qt.rules.ardennes1994.state import PhaseRecord as _record
from tests.rules.ardennes1994.combat_position import content, game, where

PEIPER, VG, US_RGT = "1SS:Peiper-A", "18VG:293", "2ID:9"  # mech KG 6-4-12 (MA 12), VG Rgt, US Inf Rgt


def _hex(hex_id: str):
    return content().map.parse(hex_id)


@pytest.mark.parametrize("start, target, mp, why", [
    ("A37.29", "A37.28", 2, "Open (Mech)"),  # Open costs a Mech unit 2 MP off-road, as much as the 2 MP
    ("B2.27", "B2.26", 3, "Forest (Mech)"),  # Forest: 3 MP off-road, more than 2 (1.7a)
    ("A11.09", "A11.08", 3, "Forest & Village (Mech)"),
    ("B3.20", "B4.20", 10, "Open (Mech)"),  # Open 2 + River hexside +8: the regular off-road cost
])
def test_an_overrun_costs_two_mp_or_the_regular_off_road_cost(start, target, mp, why):
    """1.7a: "2 MPs (standard) OR the cost of the target hex in regular off-road movement
    (whichever is more)"; any hex may be overrun whatever its cost."""
    s = game("ge_movement", place={PEIPER: start, US_RGT: target}, alone=True)
    route = s.overrun_routes((PEIPER,))[target]
    assert [(step.hex, step.mp) for step in route] == [(start, 0), (target, mp)]
    assert why in route[-1].reasons[0][1] and route[-1].reasons[0][2].startswith("1.7a")


def test_enemy_zoc_and_stacking_costs_are_left_out():
    """1.7a: "Ignore EZOC costs in this determination. Ignore 1.5a as it applies to the target
    hex": next to two US units and their ZOCs the overrun into open ground still costs 2 MP."""
    s = game("ge_movement", place={PEIPER: "A37.29", US_RGT: "A37.28", "2ID:23": "A38.29", "2ID:38": "A37.28"}, alone=True)
    assert s.overrun_routes((PEIPER,))["A37.28"][-1].mp == 2


def test_the_moving_unit_needs_the_mp_left():
    """The overrun is paid from the MA left this phase (PhaseRecord.spent, half MPs)."""
    s = game("ge_movement", place={PEIPER: "A37.29", US_RGT: "A37.28"}, alone=True,
             record=_record(spent={PEIPER: 20}))  # 10 of 12 MP spent
    assert "A37.28" in s.overrun_routes((PEIPER,))
    s = game("ge_movement", place={PEIPER: "A37.29", US_RGT: "A37.28"}, alone=True, record=_record(spent={PEIPER: 21}))
    assert s.overrun_routes((PEIPER,)) == {}
    with pytest.raises(Refused, match="costs 2 MP; Peiper-A KG has 1.5 MP left"):
        s.apply(Overrun((PEIPER,), "A37.28"))


def test_a_hex_may_be_overrun_twice_in_a_phase():
    """1.7b: "a hex can be overrun up to twice in a given phase"."""
    s = game("ge_movement", place={PEIPER: "A37.29", US_RGT: "A37.28"}, alone=True,
             record=_record(overruns={_hex("A37.28"): 2}))
    assert s.overrun_routes((PEIPER,)) == {}
    with pytest.raises(Refused, match="1.7b"):
        s.apply(Overrun((PEIPER,), "A37.28"))


def test_the_overrun_is_resolved_on_the_crt_and_the_unit_goes_on_if_the_hex_is_cleared():
    """6 against 5 is 1:1; D1r1 (54): the regiment retreats, and Peiper-A may go on moving with
    10 MP left (SCS, provisional) - never advancing after combat."""
    s = game("ge_movement", place={PEIPER: "A37.29", US_RGT: "A37.28"}, alone=True, throws=(54,))
    out = s.apply(Overrun((PEIPER,), "A37.28"))
    assert out.log[0].text.startswith("Peiper-A KG overrun A37.28 (9 Inf Rgt) for 2 MP")
    assert any(line.text.startswith("Overrun on A37.28 at 1:1: rolled 5+4 = 54, D1r1") for line in out.log)
    s.apply(next(a for a in s.legal_actions() if a.path == ("A36.27",)))
    record = rules_data(s.state).record
    assert s.decision() is None and where(s, PEIPER) == "A37.29"
    assert (record.moving, record.spent[PEIPER], record.overruns[_hex("A37.28")]) == (PEIPER, 4, 1)
    assert PEIPER not in record.finished and PEIPER in rules_data(s.state).moved_this_turn


def test_an_overrun_that_does_not_clear_the_hex_ends_the_move():
    s = game("ge_movement", place={PEIPER: "A37.29", US_RGT: "A37.28"}, alone=True, throws=(31,))  # NR
    s.apply(Overrun((PEIPER,), "A37.28"))
    record = rules_data(s.state).record
    assert PEIPER in record.finished and record.moving == ""
    assert s.overrun_routes((PEIPER,)) == {}


@pytest.mark.parametrize("phase, setup, rule", [
    ("ge_movement", {"reserves": frozenset({PEIPER})}, "1.8b"),  # in Reserve: cannot move
    ("ge_exploitation", {}, "1.9"),  # not released from Reserve
    ("ge_combat", {}, "1.7, 1.9"),
    ("ge_movement", {"dg": (PEIPER,)}, "1.11a"),
    ("ge_movement", {"record": None}, "1.5a"),  # finished its move
])
def test_who_may_not_overrun(phase, setup, rule):
    if "record" in setup:
        setup = {"record": _record(finished=frozenset({PEIPER}))}
    s = game(phase, place={PEIPER: "A37.29", US_RGT: "A37.28"}, alone=True, **setup)
    assert s.overrun_routes((PEIPER,)) == {}
    with pytest.raises(Refused, match=rule):
        s.apply(Overrun((PEIPER,), "A37.28"))


def test_only_a_mechanized_unit_overruns_alone():
    """SCS (provisional): mechanized units overrun; 1.5a: units move one at a time."""
    s = game("ge_movement", place={VG: "A37.29", PEIPER: "A37.29", US_RGT: "A37.28"}, alone=True)
    with pytest.raises(Refused, match="not mechanized"):
        s.apply(Overrun((VG,), "A37.28"))
    with pytest.raises(Refused, match="1.5a"):
        s.apply(Overrun((PEIPER, "1SS:Peiper-B"), "A37.28"))
    assert [c.label for c in s.choices() if c.kind == "overrun"] == ["overrun with Peiper-A KG"]


def test_released_units_overrun_in_exploitation():
    """1.9: "Only units placed into Reserve during the Movement Phase can move and overrun
    during the Exploitation Phase"."""
    s = game("ge_exploitation", place={PEIPER: "A37.29", US_RGT: "A37.28"}, alone=True, released=frozenset({PEIPER}))
    assert list(s.overrun_routes((PEIPER,))) == ["A37.28"]

