"""The sequence of play (2.1-2.2, 17.1): initiative, alternating activation sequences, formation
and general activations, once a turn with Fatigue on reactivation, the end of the phase."""

from dataclasses import replace

from ardennes_qt.core.outcome import Refused
from ardennes_qt.rules.vv1944.actions import ActivateFormation, ActivateGeneral, AddToActivation, EndActivation, Pass
from ardennes_qt.rules.vv1944.schema import ACTIVATED, FATIGUED
from ardennes_qt.rules.vv1944.state import data, with_data
from tests.rules.vv1944.board import session_at, set_up

import pytest


def kinds(session):
    return {c.kind for c in session.choices()}


def test_the_german_has_the_initiative_on_turns_1_and_2(vv):
    set_up(vv)
    info = vv.phase()
    assert dict(info.conditions())["Initiative"] == "German" and info.acting == "German"
    assert any("automatically on Turn 1" in line.text for line in vv.log())


def test_turn_1_opens_with_three_german_formations_one_per_army(vv):
    set_up(vv)
    assert kinds(vv) == {"pass", "activate_formation"}  # no general activation during the opening (17.1)
    vv.apply(ActivateFormation("XLVII"))
    vv.apply(EndActivation())
    assert vv.phase().acting == "German"
    armies = {vv.content.counter(vv.content.formations[a.formation].values["hq"]).value("army")
              for a in vv.legal_actions() if isinstance(a, ActivateFormation)}
    assert "5PzA" not in armies and armies == {"6PzA", "7A"}
    vv.apply(ActivateFormation("ISS"))
    vv.apply(EndActivation())
    vv.apply(ActivateFormation("LXXX"))
    vv.apply(EndActivation())
    assert vv.phase().acting == "Allied"


def test_a_formation_activation_takes_the_hq_and_its_in_command_units(vv):
    set_up(vv)
    vv.apply(ActivateFormation("ISS"))
    act = data(vv.state).activation
    assert act.units[0] == "HQ:ISS" and {"1SS:Peiper", "12SS:Müller", "3FJ"} <= set(act.units)
    assert act.ap["HQ:ISS"] == 3 and act.ap["1SS:Peiper"] == 3 and act.ap["3FJ"] == 2  # 1.1
    assert all(ACTIVATED in vv.unit(u).statuses for u in act.units if vv.unit(u).where == "map")


def _after_opening(vv, side="Allied"):
    set_up(vv)
    state = with_data(vv.state, opening=("-",), acting=side)
    return session_at(vv, state)


@pytest.mark.parametrize("side, size", [("Allied", 4), ("German", 3)])
def test_a_general_activation_takes_us_4_german_3_units(vv, side, size):
    s = _after_opening(vv, side)
    first, *others = [a.unit for a in s.legal_actions() if isinstance(a, ActivateGeneral)]
    s.apply(ActivateGeneral(first))
    for uid in others[: size - 1]:
        s.apply(AddToActivation(uid))
    assert len(data(s.state).activation.units) == size
    assert "add_to_activation" not in kinds(s)
    with pytest.raises(Refused):
        s.apply(AddToActivation(others[size]))


def test_a_unit_activates_once_a_turn_and_a_second_time_fatigued(vv):
    s = _after_opening(vv)
    s.apply(ActivateGeneral("9DI"))
    assert data(s.state).activation.ap["9DI"] == 2
    s.apply(EndActivation())
    s.apply(Pass())  # the German passes; the US goes on
    s.apply(ActivateGeneral("9DI"))
    assert FATIGUED in s.unit("9DI").statuses and data(s.state).activation.ap["9DI"] == 1  # 3.5.1: -1 AP
    s.apply(EndActivation())
    s.apply(Pass())
    assert "9DI" not in [a.unit for a in s.legal_actions() if isinstance(a, ActivateGeneral)]  # no refatigue


def test_both_passing_in_succession_ends_the_operations_phase(vv):
    s = _after_opening(vv)
    s.apply(Pass())
    assert s.state.phase == "operations" and s.phase().acting == "German"
    s.apply(Pass())
    assert s.state.turn == 2 and s.state.phase == "operations"
    assert any("both sides passed" in line.text for line in s.log())
    assert not any(ACTIVATED in u.statuses for u in s.units())  # removed in the Administrative Phase


def test_a_side_left_alone_rolls_2d6_from_its_second_extra_sequence(vv):
    s = _after_opening(vv, "German")
    state = s.state
    allied = [u for u, x in state.units.items() if vv.content.counter(u).side == "Allied"]
    state = state.with_units({u: state.units[u].with_status(ACTIVATED) for u in allied})
    s = session_at(vv, state)
    rolls = 0
    for _ in range(40):
        if s.state.turn != 1:
            break
        s.apply(ActivateGeneral([a.unit for a in s.legal_actions() if isinstance(a, ActivateGeneral)][0]))
        s.apply(EndActivation())
        rolls = sum("alone: 2d6 rolled" in line.text for line in s.log())
        assert s.phase().acting in ("German", "")
    assert rolls >= 1
    first = next(i for i, line in enumerate(s.log()) if "alone: 2d6" in line.text)
    assert sum("general activation" in line.text for line in s.log()[:first]) == 2


def test_reinforcements_enter_with_their_formation_for_1_ap(vv):
    from ardennes_qt.rules.vv1944.actions import PlaceReinforcements

    s = _after_opening(vv)
    s.apply(ActivateFormation("XVIII"))
    act = data(s.state).activation
    assert {"HQ:XVIII", "7DB:CCA", "9DB:CCB"} <= set(act.units)  # 16.1: with their formation
    assert sorted(s.placements(("7DB:CCA",))) == ["2101", "2501"]
    s.apply(PlaceReinforcements(("HQ:XVIII",), "2101"))  # as the table drops an arrival
    s.apply(PlaceReinforcements(("7DB:CCA",), "2101"))
    act = data(s.state).activation
    assert s.unit("7DB:CCA").hex == "2101" and act.ap["7DB:CCA"] == 2
    assert act.entered == {"2101": 2}  # 16.1: +1 MP for each unit entered before through the hex
    assert act.mp_left["7DB:CCA"] < act.mp_left["HQ:XVIII"]
