"""Overruns (3.3, TEC note 2; checklist items 56-60)."""

from dataclasses import replace

import pytest

from ardennes_qt.core.hexgrid import Direction, Hexside
from ardennes_qt.core.mapdata import RoadLink
from ardennes_qt.core.outcome import Refused
from ardennes_qt.rules.ardennes2 import combat
from ardennes_qt.rules.ardennes2.actions import Defend, Overrun
from ardennes_qt.rules.ardennes2.odds import combat_odds
from ardennes_qt.rules.ardennes2.overrun import overrun, overrun_choices
from ardennes_qt.rules.ardennes2.situation import rules_data
from tests.rules.combat_board import board, dice, hx

# A road runs A3.04 - A4.04 - A5.05 - A6.05; a US stack holds A5.05.
ROAD = [("A3.04", "A4.04", "A5.05", "A6.05")]


def setup(units=None, *, defender=("Allied", "3-4-12", "A5.05", "mech"), phase="ge_movement", **kw):
    return board({"us": defender, **(units or {"pz": ("German", "12-4-12", "A3.04", "mech", "exploit")})},
                 roads=kw.pop("roads", ROAD), phase=phase, **kw)


def where(content, state, uid):
    u = state.units[uid]
    return content.map.hex_id(u.hex) if u.where == "map" else u.where


def record(state):
    return rules_data(state).record


def test_overrun_along_the_road_costs_two_more_mp_items57_60():
    content, state = setup()
    out = overrun(content, state, Overrun(("pz",), "A5.05", ("A4.04",)))
    assert where(content, out.state, "pz") == "A4.04"
    assert record(out.state).spent["pz"] == 1 + 4  # 1/2 MP by Road, +2 MP for the overrun (half MPs)
    assert "pz" in record(out.state).overran
    assert any("+2 MP for the overrun, 2.5 MP with the road to it (3.3; TEC note 2)" in r for line in out.log for r in line.reasons)
    (decision,) = rules_data(out.state).pending
    assert decision.kind == "hold_or_retreat"  # the same Hold or Retreat process (item 58)


def test_a_vacated_hex_is_entered_at_no_cost_and_there_is_no_advance_item59():
    content, state = setup(defender=("Allied", "3-4-10", "A5.05"))  # Leg: must Hold
    state = dice(state, 9)  # 12 to 4 = 3:1, 9 = D2r2: the two-step defender is destroyed
    out = overrun(content, state, Overrun(("pz",), "A5.05", ("A4.04",)))
    assert out.state.units["us"].where == "dead"
    assert where(content, out.state, "pz") == "A5.05"
    assert record(out.state).spent["pz"] == 5  # entering the defender's hex cost nothing
    assert rules_data(out.state).pending == ()  # no Advance after Combat


def test_a_defender_that_stays_leaves_the_attacker_next_to_it_item59():
    content, state = setup(defender=("Allied", "3-4-10", "A5.05"))
    state = dice(state, 6)  # 3:1, 6 = D1
    out = overrun(content, state, Overrun(("pz",), "A5.05", ("A4.04",)))
    assert where(content, out.state, "us") == "A5.05" and out.state.units["us"].steps == 1
    assert where(content, out.state, "pz") == "A4.04"
    assert rules_data(out.state).pending == ()


def test_retreat_before_an_overrun_lets_the_attacker_in_item58():
    content, state = setup()
    state = overrun(content, state, Overrun(("pz",), "A5.05", ("A4.04",))).state
    out = combat.defend(content, state, Defend("retreat", ("A5.06", "A5.07", "A5.08", "A5.09", "A5.10")))
    assert where(content, out.state, "pz") == "A5.05"
    assert out.state.draws == 0


def test_overrun_losses_go_to_the_strongest_attacker_m1():
    content, state = setup(
        {"pz": ("German", "12-4-12", "A3.04", "mech"), "pg": ("German", "4-4-12", "A3.04", "mech")},
        defender=("Allied", "3-4-10", "A5.05"),
    )
    state = dice(state, 2)  # 16 to 4 = 4:1, 2 = A1
    out = overrun(content, state, Overrun(("pz", "pg"), "A5.05", ("A4.04",)))
    assert out.state.units["pz"].steps == 1 and out.state.units["pg"].steps == 2
    assert rules_data(out.state).pending == ()  # no choice: the strongest takes it


def test_friendly_barrage_halves_the_defender_and_mandates_its_hold_item58():
    content, state = setup(markers={"A5.05": ("German:full",)})
    out = overrun(content, state, Overrun(("pz",), "A5.05", ("A4.04",)))
    assert out.state.draws == 2  # under an enemy (German) marker: Hold, resolved at once
    assert any("Overrun on A5.05 at 6:1" in line.text for line in out.log)  # 12 to 4 x1/2
    report = combat_odds(content, state, ("pz",), hx(content, "A5.05"), launch=hx(content, "A4.04"))
    assert report.defense == 2 and report.attack == 12


@pytest.mark.parametrize(
    "units, kw, action, why",
    [
        ({"pz": ("German", "12-4-12", "A3.04")}, {}, Overrun(("pz",), "A5.05", ("A4.04",)), "Leg MA"),
        ({"pz": ("German", "12-4-12", "A3.04", "mech", "dg")}, {}, Overrun(("pz",), "A5.05", ("A4.04",)), "DG"),
        (None, {"record": {"started_adjacent": frozenset({"pz"})}}, Overrun(("pz",), "A5.05", ("A4.04",)), "began the phase adjacent"),
        (None, {"markers": {"A3.04": ("Allied:full",)}}, Overrun(("pz",), "A5.05", ("A4.04",)), "enemy barrage"),
        (None, {"markers": {"A4.04": ("Allied:full",)}}, Overrun(("pz",), "A5.05", ("A4.04",)), "enemy barrage"),
        (None, {"record": {"overran": frozenset({"pz"})}}, Overrun(("pz",), "A5.05", ("A4.04",)), "already overran"),
        (None, {"roads": [("A3.04", "A4.04")]}, Overrun(("pz",), "A5.05", ("A4.04",)), "contiguous road"),
        (None, {"roads": [("A4.04", "A5.05")]}, Overrun(("pz",), "A5.05", ("A4.04",)), "contiguous road"),
        (None, {"phase": "ge_combat"}, Overrun(("pz",), "A5.05", ("A4.04",)), "Movement or Exploitation"),
        (None, {"record": {"spent": {"pz": 20}}}, Overrun(("pz",), "A5.05", ("A4.04",)), "needs 2.5 MP"),
        (None, {"roads": ROAD + [("A3.04", "A3.03")]}, Overrun(("pz",), "A5.05", ("A3.03",)), "not next to"),
        (None, {"roads": [("A3.04", "A4.04")]}, Overrun(("pz",), "A5.05"), "no road leads"),
    ],
)
def test_who_may_overrun_item56(units, kw, action, why):
    content, state = setup(units, **kw)
    with pytest.raises(Refused) as refused:
        overrun(content, state, action)
    assert why in refused.value.reason


def test_exploitation_overruns_need_exploit_capable_units_item60():
    content, state = setup({"pz": ("German", "12-4-12", "A3.04", "mech"), "ex": ("German", "12-4-12", "A3.04", "mech", "exploit")},
                           phase="ge_exploitation")
    with pytest.raises(Refused) as refused:
        overrun(content, state, Overrun(("pz",), "A5.05", ("A4.04",)))
    assert "Exploit" in refused.value.reason
    overrun(content, state, Overrun(("ex",), "A5.05", ("A4.04",)))


def test_a_hex_may_be_overrun_again_by_another_stack_but_no_stack_twice_item59():
    content, state = setup(
        {"pz": ("German", "12-4-12", "A3.04", "mech"), "pz2": ("German", "12-4-12", "A7.05", "mech")},
        defender=("Allied", "3-8-10", "A5.05"),
        roads=ROAD + [("A6.05", "A7.05")],
    )
    state = dice(state, 7)  # 12 to 8 = 1:1, 7 = no effect
    state = overrun(content, state, Overrun(("pz",), "A5.05", ("A4.04",))).state
    with pytest.raises(Refused) as refused:
        overrun(content, state, Overrun(("pz",), "A5.05", ()))
    assert "already overran" in refused.value.reason
    state = dice(state, 7)
    out = overrun(content, state, Overrun(("pz2",), "A5.05", ("A6.05",)))
    assert where(content, out.state, "pz2") == "A6.05"


def test_overrun_choices_offer_every_road_target_within_the_stacks_ma():
    content, state = setup({"pz": ("German", "12-4-12", "A3.04", "mech"), "leg": ("German", "4-4-8", "A3.04")})
    (family,) = overrun_choices(content, state)
    assert (family.label, family.side) == ("overrun with pz", "German")
    assert family.actions() == [Overrun(("pz",), "A5.05")]
    tired = replace(state, rules=rules_data(state).with_record(spent={"pz": 20}))  # 2 MP left: 2.5 needed
    assert [f.actions() for f in overrun_choices(content, tired)] == [[]]


def test_without_a_path_the_cheapest_road_route_is_taken_item57():
    content, state = setup()
    out = overrun(content, state, Overrun(("pz",), "A5.05"))
    assert where(content, out.state, "pz") == "A4.04"
    assert record(out.state).spent["pz"] == 5


def test_artillery_in_the_target_bugs_out_before_the_overrun_3_6():
    """The stack arriving next to the guns makes them Bug Out at that moment (they have a
    supplied hex 9 road hexes away); the overrun cannot be fought first."""
    chain = ("A5.05", "A5.06", "A5.07", "A5.08", "A5.09", "A5.10", "A4.10", "A3.10", "A2.10", "A1.10")
    content, state = setup({"pz": ("German", "12-4-12", "A3.04", "mech")}, defender=("Allied", "[9]-1-16", "A5.05"),
                           roads=ROAD + [chain])
    edge = hx(content, "A1.10")
    content.map.roads[Hexside.of(edge, Direction.N)] = RoadLink("road")  # the road leaves the north edge
    with pytest.raises(Refused) as refused:
        overrun(content, state, Overrun(("pz",), "A5.05", ("A4.04",)))
    assert "Bug Out first" in refused.value.reason and refused.value.rule == "3.6"
    assert overrun_choices(content, state)[0].actions() == []  # so it is not listed as legal either
