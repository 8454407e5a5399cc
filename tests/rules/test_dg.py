"""DG causes at the end of a phase and DG recovery (3.4; checklist items 29, 42, 74-76, 78-79)."""

from __future__ import annotations

import pytest

from ardennes_qt.rules.ardennes2.dg import dg_recovery, made_dg, phase_end_checks, recovery_blockers, supply_phase
from ardennes_qt.rules.ardennes2.supply import supplied_hexes
from tests.rules.test_supply import board

# Allied supply: a Road off the west edge at A1.03; German: a Road off the east edge at B6.03.
ROADS = dict(
    roads=[("road", "A1.03 A2.03"), ("road", "B5.03 B6.03")],
    exits=[("A1.03", "NW", "road"), ("B6.03", "NE", "road")],
)
JAM = {"A4.05": {"woods", "traffic_jam"}}


def dg_units(state) -> set[str]:
    return {uid for uid, u in state.units.items() if u.dg}


@pytest.mark.parametrize(
    "units, made",
    [
        (["1ID:A", "1ID:B", "1ID:C"], set()),
        (["1ID:A", "1ID:B", "1ID:C", "1ID:D"], {"1ID:A", "1ID:B", "1ID:C", "1ID:D"}),  # 3.1 overstacked
        (["1ID:A", "2ID:A"], {"1ID:A", "2ID:A"}),  # 3.1 Divisional Integrity
        (["1ID:A", "US-Ind:A"], set()),  # Independents stack with anyone
        (["1ID:A", "2ID:A", "US-Ind:A"], {"1ID:A", "2ID:A"}),
    ],
)
def test_end_of_any_phase_overstacked_or_mixing_divisions(units, made):
    content, state = board(**ROADS, units=[f"{u}@A3.03" for u in units])
    after, log = phase_end_checks(content, state, "ge_combat")
    assert dg_units(after) == made
    if made:
        assert any("3.1" in reason for line in log for reason in line.reasons)


def test_each_side_stacks_on_its_own():
    content, state = board(**ROADS, units=["1ID:A@A3.03", "1ID:B@A3.03", "1SS:A@A3.03", "1SS:B@A3.03"])
    after, _ = phase_end_checks(content, state, "us_combat")
    assert dg_units(after) == set()


@pytest.mark.parametrize(
    "phase_id, made",
    [
        ("us_supply", {"1ID:Far"}),  # 3.4: end a friendly Supply Phase out of supply
        ("ge_supply", {"1SS:Far"}),
        ("us_movement", set()),  # 3.7: supply is checked only in the owner's Supply Phase
        ("ge_combat", set()),
    ],
)
def test_out_of_supply_at_the_end_of_the_owners_supply_phase(phase_id, made):
    units = ["1ID:Near@A3.03", "1ID:Far@B5.05", "1SS:Near@B4.03", "1SS:Far@A1.06"]
    content, state = board(**ROADS, units=units)
    after, log = phase_end_checks(content, state, phase_id)
    assert dg_units(after) == made
    if made:
        (line,) = log
        assert "out of supply" in line.reasons[0] and "3.4" in line.reasons[0]


def test_supply_phase_names_why():
    content, state = board(**ROADS, units=["1ID:Far@B5.05"])
    _, (line,) = supply_phase(content, state, "Allied")
    assert line.text == "Far Inf Bn: DG"
    assert line.reasons == ("out of supply at B5.05: no path of 5 hexes or fewer to a road running unobstructed to a supply source (3.7, 3.4)",)


@pytest.mark.parametrize(
    "turn, phase_id, unit, made",
    [
        (1, "ge_movement", "1SS:A", True),  # 3.1: starting the next phase in an active Traffic Jam
        (2, "us_supply", "1SS:A", True),
        (2, "turn_end", "1SS:A", False),  # the next phase is Turn 3's: the jams are gone
        (3, "ge_movement", "1SS:A", False),
        (1, "ge_movement", "1ID:A", False),  # Traffic Jams never affect US units
    ],
)
def test_traffic_jams_on_turns_1_and_2(turn, phase_id, unit, made):
    content, state = board(**ROADS, terrain=JAM, units=[f"{unit}@A4.05"], turn=turn)
    after, _ = phase_end_checks(content, state, phase_id)
    assert (unit in dg_units(after)) is made


def test_dg_is_logged_once_per_unit():
    content, state = board(units=["1ID:A@A3.03+dg", "1ID:B@A3.03"])
    after, (line,) = made_dg(content, state, ["1ID:A", "1ID:B"], "why", "3.4")
    assert line.text == "B Inf Bn: DG" and line.reasons == ("why (3.4)",)
    assert made_dg(content, after, ["1ID:A", "1ID:B"], "why", "3.4") == (after, ())


# --- recovery ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "units, turn, air, blockers",
    [
        (["1ID:A@A3.03+dg"], 3, (), []),
        (["1ID:A@B5.05+dg"], 3, (), ["out of supply"]),
        (["1ID:A@B5.05+dg"], 3, ("B4.04",), []),  # 3.7: Air Supply
        (["1ID:A@A3.03+dg", "1ID:B@A3.03", "1ID:C@A3.03", "1ID:D@A3.03"], 3, (), ["overstacked (4 units)"]),
        (["1ID:A@A3.03+dg", "2ID:B@A3.03"], 3, (), ["violating Divisional Integrity"]),
        (["1SS:A@A4.05+dg"], 2, (), ["out of supply", "in an active Traffic Jam hex"]),
        (["1SS:A@B4.05+dg"], 2, (), []),
    ],
)
def test_dg_recovery_needs_supply_no_jam_no_overstacking_no_mixing(units, turn, air, blockers):
    content, state = board(**ROADS, terrain=JAM, units=units, turn=turn, air_supply=air)
    uid = units[0].split("@")[0]
    side = content.counter(uid).side
    found = recovery_blockers(content, state, uid, supplied_hexes(content, state, side))
    assert [reason for reason, _ in found] == blockers
    after, log, artillery = dg_recovery(content, state)
    assert after.units[uid].dg is bool(blockers)
    assert artillery == ()


@pytest.mark.parametrize(
    "units, needs_table",
    [
        (["1ID:Arty1@B5.05+dg"], ("1ID:Arty1",)),  # 3.7 Air Supply for Artillery: roll or stay DG
        (["1ID:Arty1@A3.03+dg"], ()),  # in supply: its DG comes off freely
        (["1ID:Arty1@B5.05+dg", "2ID:A@B5.05"], ()),  # mixing Divisions keeps it DG whatever the roll
    ],
)
def test_artillery_held_only_by_supply_goes_to_the_air_supply_table(units, needs_table):
    content, state = board(**ROADS, units=units, turn=3)
    after, log, artillery = dg_recovery(content, state)
    assert artillery == needs_table
    assert after.units["1ID:Arty1"].dg is (bool(needs_table) or len(units) > 1)
    if needs_table:
        assert any("3.7 Air Supply for Artillery" in line.reasons for line in log)
