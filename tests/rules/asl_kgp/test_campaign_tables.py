"""Refit Phase table rolls: every modifier applied with its reason, against the rules' examples."""

from dataclasses import replace

import pytest

from ardennes_qt.core.outcome import Refused
from ardennes_qt.rules.asl_kgp.campaign import new_campaign
from ardennes_qt.rules.asl_kgp.campaign.modifiers import Context, player_facts, roll_on
from ardennes_qt.rules.asl_kgp.campaign.state import RgRecord


def at(date: str, cg: str = "III"):
    state = new_campaign(cg, 1)
    return replace(state, date_index=state.dates.index(date))


def reasons(roll):
    return {d.reason: d.value for d in roll.drms}


def test_wounded_leader_modifiers_8_610():
    state = at("20 AM")
    facts = tuple(k for k in player_facts("wounded_leader"))  # heroic, isolated
    _, roll = roll_on(state, "wounded_leader", Context(state, "German"), facts, (3,))
    assert reasons(roll) == {"German": -1, "Heroic": -1, "Isolated": 1}
    assert roll.final == 2 and roll.result == "Retained wounded"
    _, roll = roll_on(state, "wounded_leader", Context(state, "US"), (), (4,))
    assert roll.drms == () and roll.result == "Eliminated (evacuated)"
    assert all(d.rule == "8.610" for d in roll.drms)


def test_escape_examples_8_6061():
    state = at("20 AM")
    facts = player_facts("escape")
    enemy = next(k for k in facts if k.startswith("in_enemy_setup_area"))
    per_hs = next(k for k in facts if k.startswith("per_hs_equivalent"))
    # The U.S. squad in German Setup Area A: Original 6, +1 enemy Setup Area, +1 per HS-equivalent > one HS.
    _, roll = roll_on(state, "escape", Context(state, "US"), (enemy, f"{per_hs}=1"), (3, 3), "infantry")
    assert roll.final == 8 and roll.result == "Escapes"
    # The unarmed truck: Original 7, +1 unarmed, +1 enemy Setup Area: Final 9.
    _, roll = roll_on(state, "escape", Context(state, "US"), ("unarmed", enemy), (3, 4), "mobile_vehicle")
    assert roll.final == 9 and roll.result == "Abandoned; crew (if any) Escapes"
    # The Isolated squad in the steeple: +3.
    _, roll = roll_on(state, "escape", Context(state, "US"), (f"{per_hs}=1", "isolated"), (4, 4), "infantry")
    assert sum(d.value for d in roll.drms) == 3
    # At night the program adds -1 itself.
    night = at("19 N")
    _, roll = roll_on(night, "escape", Context(night, "German"), (), (4, 4), "infantry")
    assert reasons(roll) == {"current CG Date is Night": -1}


def test_german_rg_strength_example_8_6205():
    # 21 AM of CG I: +2 (two days past 19 December); -1 for a "V" RG. Final DR 12, 6, 8, 13.
    state = at("21 AM", "I")
    rgs = [RgRecord("21 AM", i, "", 0, 1, 0) for i in ("I2", "I2", "V1", "HW2")]
    finals, results = [], []
    for rg, dice in zip(rgs, [(5, 5), (2, 2), (3, 4), (5, 6)]):
        _, roll = roll_on(state, "german_rg_strength", Context(state, "German", rg), (), dice)
        finals.append(roll.final)
        results.append(roll.result)
    assert finals == [12, 6, 8, 13]
    assert results == ["Depleted", "Full", "Full", "Depleted"]
    _, roll = roll_on(state, "german_rg_strength", Context(state, "German", rgs[2]), (), (3, 4))
    assert reasons(roll) == {"+1 per day after Dec 19 N (x2)": 2, "\"V\" or \"G\"-type RG": -1}


def test_weather_modifiers_8_6171():
    state = at("22 N")
    state = state.with_row("US", state.date_index - 1, weather="Overcast")
    _, roll = roll_on(state, "random_weather", Context(state, "US"), (), (2, 2))
    assert reasons(roll) == {"the preceding CG Date's Weather was Overcast": -1,
                             "the current CG Date is AM or Night": -1,
                             "the current CG Date is Dec 22 N or later": 6}
    assert roll.final == 8 and roll.result == "Mist"
    _, roll = roll_on(state, "mist_density", Context(state, "US"), (), (6,))
    assert reasons(roll) == {"the current CG Date is Dec 21 N or later": 2}
    assert roll.result == "Very Light"


def test_ammunition_shortage_counts_scenarios_after_20_am_8_618():
    state = replace(at("21 AM"), scenarios_played=("19 PM", "20 AM", "20 PM", "20 N"))
    _, roll = roll_on(state, "german_ammunition_shortage", Context(state, "German"), (), (5, 5))
    assert reasons(roll) == {"per CG scenario completed after 20 AM (x2)": 2}
    assert roll.final == 12 and roll.result.startswith("yes")


def test_repair_and_removal_modifiers():
    state = replace(at("21 AM"))
    state = state.with_side("German", ammunition_shortage=True)
    _, roll = roll_on(state, "weapon_repair", Context(state, "German"), ("isolated",), (1,))
    assert reasons(roll) == {"Isolated": 1, "German and suffering from Ammunition Shortage": 1}
    assert roll.result == "Eliminated"
    _, roll = roll_on(state, "weapon_repair", Context(state, "US"), ("vehicular_mounted",), (4,))
    assert reasons(roll) == {"vehicular-mounted": -2, "U.S.": -1} and roll.result == "Repaired"
    engineers = next(k for k in player_facts("removal") if k.startswith("per_assault"))
    _, roll = roll_on(state, "removal", Context(state, "US"), (f"{engineers}=2",), (5,))
    assert roll.final == 3 and roll.result == "Eliminated"


def test_a_player_states_only_known_modifiers_and_counts_only_per_item_ones():
    state = at("20 AM")
    with pytest.raises(Refused):
        roll_on(state, "wounded_leader", Context(state, "US"), ("german",), (1,))  # the program decides it
    with pytest.raises(Refused):
        roll_on(state, "wounded_leader", Context(state, "US"), ("isolated=2",), (1,))
    with pytest.raises(Refused):
        roll_on(state, "wounded_leader", Context(state, "US"), (), (7,))
