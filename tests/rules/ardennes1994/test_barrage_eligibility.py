"""Who may barrage which hex (1.10, 1.10b, 1.14; checklist items 16, 41), on the opening of 5.3
(the northern shoulder: 277 VG and 12 VG against 99 and 2 Inf Div, 16 December)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from ardennes_qt.core.outcome import Refused
from ardennes_qt.core.system import Barrage as BarrageCapability
from ardennes_qt.engine import Session
from ardennes_qt.rules.ardennes1994.actions import Barrage, EndPhase
from ardennes_qt.rules.ardennes1994.artillery import OUT_OF_SUPPLY, gun_checks, gun_points, targets_of
from ardennes_qt.rules.ardennes1994.situation import rules_data, with_rules
from ardennes_qt.rules.common.checks import verdict
from tests.rules.ardennes1994.barrage_board import play, position, put, status


def allowed(content, state, gun, hex_id):
    return verdict(gun_checks(content, state, gun, content.map.parse(hex_id)))


def targets(content, state, gun):
    return [content.map.hex_id(h) for h in targets_of(content, state, gun)]


def test_artillery_reaches_three_hexes_counted_from_the_adjacent_hex():
    """1.10: the 402 Arty Rgt at B57.09 reaches the US 393 and 38 Inf Rgts two hexes away, not
    the 2 Inf Div's tanks at B57.13, four away."""
    content, state = position("ge_barrage")
    assert targets(content, state, "Ger-Ind:402") == ["B56.10", "B57.11"]
    ok, reasons = allowed(content, state, "Ger-Ind:402", "B57.13")
    assert not ok and reasons == ("B57.13 is at range 4, 402 Arty Rgt reaches 3: out of range (1.10)",)


def test_an_adjacent_hex_is_range_one():
    """1.10: "Count range starting with the hex adjacent to the artillery unit"."""
    content, state = position("ge_barrage")
    state = put(content, state, "B49.05", "99ID:394")  # next to the 388 Arty Rgt at B49.06
    ok, reasons = allowed(content, state, "Ger-Ind:388", "B49.05")
    assert ok and "B49.05 is at range 1, 388 Arty Rgt reaches 3 (1.10)" in reasons


def test_werfers_and_eight_inch_guns_reach_four_hexes():
    """1.10: 8-inch guns and Werfers have a 4-hex range."""
    content, state = position("ge_barrage")
    assert "B57.13" in targets(content, state, "Ger-Ind:9")  # the 9 Werfer Bde at B59.10, range 4
    content, state = position("us_barrage")
    state = put(content, state, "B42.16", "US-Ind:105-1")  # beside the 8 inch Arty Grp
    state = put(content, state, "B38.14", "18VG:293")  # four hexes away
    assert allowed(content, state, "US-Ind:8in-1", "B38.14")[0]
    assert allowed(content, state, "US-Ind:105-1", "B38.14") == (False, ("B38.14 is at range 4, 105-1 Arty Grp reaches 3: out of range (1.10)",))


def test_divisional_artillery_fires_only_next_to_its_own_division():
    """1.10bC: the 18 VG's 1818 Arty Rgt may not fire at the 18 Arm Cav Bn at B49.09 until a
    unit of 18 VG Div stands next to it; the independent 388 Arty Rgt may."""
    content, state = position("ge_barrage")
    ok, reasons = allowed(content, state, "18VG:1818", "B49.09")
    assert not ok and reasons == ("no unit of 18 VG Div (nor the gun) is next to B49.09: divisional artillery fires only "
                                  "at a hex next to its own division (1.10bC)",)
    assert allowed(content, state, "Ger-Ind:388", "B49.09")[0]
    state = put(content, state, "B48.08", "18VG:294")
    assert allowed(content, state, "18VG:1818", "B49.09")[0]
    state = put(content, state, "B48.08", "12VG:48")  # another division's unit does not do
    state = put(content, state, "B47.07", "18VG:294")
    assert not allowed(content, state, "18VG:1818", "B49.09")[0]


def test_dg_and_reserve_artillery_cannot_barrage():
    """1.10bG, 1.11a, 1.8b: neither a DG gun nor one in Reserve fires."""
    content, state = position("ge_barrage")
    dg = state.with_units({"Ger-Ind:402": replace(state.units["Ger-Ind:402"], dg=True)})
    assert allowed(content, dg, "Ger-Ind:402", "B57.11") == (False, ("402 Arty Rgt is DG: DG units cannot barrage (1.10bG, 1.11a)",))
    reserve = with_rules(state, replace(rules_data(state), reserves=frozenset({"Ger-Ind:402"})))
    assert allowed(content, reserve, "Ger-Ind:402", "B57.11") == (
        False, ("402 Arty Rgt is in Reserve: units in Reserve cannot barrage (1.8b, 1.10bG)",))
    assert targets(content, reserve, "Ger-Ind:402") == []


def test_one_barrage_per_gun_per_phase():
    """1.10bA: a gun that has fired cannot fire again this phase, nor split its fire."""
    content, state = position("ge_barrage")
    after = play(content, state, Barrage(("Ger-Ind:402",), "B57.11")).state
    with pytest.raises(Refused, match="already fired this phase"):
        play(content, after, Barrage(("Ger-Ind:402",), "B56.10"))
    with pytest.raises(Refused, match="fire cannot be split"):
        play(content, state, Barrage(("Ger-Ind:402", "Ger-Ind:402"), "B57.11"))
    assert all("Ger-Ind:402" not in a.artillery for c in play_choices(content, after) for a in c.actions())


def play_choices(content, state):
    from ardennes_qt.rules.ardennes1994.play import RULES

    return [c for c in RULES.choices(content, state) if c.kind == "barrage"]


@pytest.mark.parametrize("phase, side_fires", [
    ("us_barrage_in_ge", "Allied"), ("ge_barrage", "German"), ("us_barrage", "Allied"), ("ge_combat", ""), ("us_movement", ""),
])
def test_each_side_fires_in_its_own_barrage_phases(phase, side_fires):
    """1.2: the US Barrage Phase of each Player Turn, the German one of the German Player Turn only."""
    content, state = position(phase)
    assert allowed(content, state, "Ger-Ind:402", "B57.11")[0] == (side_fires == "German")
    assert allowed(content, state, "99ID:Divarty", "B57.10")[0] == (side_fires == "Allied")
    assert {c.side for c in play_choices(content, state)} == ({side_fires} if side_fires else set())


def test_a_barrage_is_made_against_enemy_units_a_barrage_can_touch():
    """1.10: no barrage at an empty or friendly hex; 2.1bB, 2.4: a hex holding only a Hidden
    Greif Team or a Supply Unit is no target."""
    content, state = position("us_barrage")
    state = put(content, state, "B55.11", "Ger-Greif:A")  # hidden; 3 hexes from the 99 Divarty at B56.12
    state = put(content, state, "B55.10", "99ID:394")  # a spotter of the division next to both
    state = put(content, state, "B54.11", "GerSup:1")
    for hex_id in ("B55.11", "B54.11"):
        ok, reasons = allowed(content, state, "99ID:Divarty", hex_id)
        assert not ok and "barrage cannot touch" in reasons[0]
    assert allowed(content, state, "99ID:Divarty", "B56.11") == (False, ("B56.11 holds no enemy unit to barrage (1.10)",))


def test_the_strength_is_the_side_showing_halved_out_of_supply():
    """1.10a: the fire side's barrage strength, or the move side's; 1.10F, 1.14: x1/2 out of supply."""
    content, state = position("ge_barrage")
    assert gun_points(content, state, "12VG:12")[:2] == (Fraction(4), "12 Arty Rgt [4] on its fire side")
    moving = with_rules(state, replace(rules_data(state), modes={"12VG:12": "move"}))
    assert gun_points(content, moving, "12VG:12")[:2] == (Fraction(2), "12 Arty Rgt [2] on its move side")
    cut_off = status(state, "Ger-Ind:4", OUT_OF_SUPPLY)
    assert gun_points(content, cut_off, "Ger-Ind:4") == (Fraction(3), "4 Werfer Bde [6] on its fire side, x1/2 out of supply",
                                                         "1.10a, 1.10F, 1.14")


def test_the_barrage_capability_answers_for_this_game():
    """The table's questions (core.system.Barrage): targets of a gun, whether it may fire, the
    chances of every gun able to fire at a hex together, the spotters."""
    content, state = position("ge_barrage")
    session = Session(content, 1, initial=state)
    barrage = session.capability(BarrageCapability)
    assert barrage is not None
    assert session.barrage_targets("Ger-Ind:402") == ["B56.10", "B57.11"]
    ok, reasons = session.barrage_allowed("18VG:1818", "B49.09")
    assert not ok and "(1.10bC)" in reasons[0]
    chances = session.barrage_chances("B56.10")  # 277 Arty Rgt, 402 Arty Rgt and 9 Werfer Bde: 4 + 4 + 6
    assert chances.total == 14 and chances.column_name == "13-17"
    assert session.barrage_chances("B56.10", "Ger-Ind:402").total == 4
    assert session.spotters("B56.10") == ["277VG:989", "277VG:990"]
    ok, reasons = session.barrage_allowed("Ger-Ind:402", "B56.10", "277VG:989")
    assert ok and reasons[-1] == "989 Inf Rgt is next to the target: no shift for a missing spotter (Barrage Table)"
    assert session.barrage_allowed(None, "B57.07") == (False, ("the Allied player barrages only in his own Barrage Phases (1.2, 1.10)",
                                                              "1 Air Point(s) asked, 0 left this turn (3.2)"))


def test_the_phase_offers_a_family_of_barrages_per_target():
    """Families of legal actions (kind "barrage"): one per hex that may be barraged, each
    barrage in it accepted."""
    content, state = position("ge_barrage")
    families = play_choices(content, state)
    labels = [f.label for f in families]
    assert "barrage B49.09" in labels and "barrage B57.11" in labels and "barrage B55.09" not in labels
    b57 = next(f for f in families if f.label == "barrage B57.11")
    assert {a.artillery for a in b57.actions()} == {("277VG:277",), ("Ger-Ind:402",), ("Ger-Ind:9",),
                                                     ("277VG:277", "Ger-Ind:402", "Ger-Ind:9")}
    for action in b57.actions():
        play(content, state, action)


def test_a_barrage_phase_with_no_gun_able_to_fire_is_passed_over():
    """1.2: the phases go on; a Barrage Phase in which nothing may fire is passed over."""
    content, state = position("ge_movement")
    far = state
    for uid, u in state.units.items():
        if u.where == "map" and content.counter(uid).side == "Allied":
            far = far.moved_off((uid,), "dead")
    passed = [line.text for line in play(content, far, EndPhase()).log if line.text.endswith("passed over")]
    assert passed[:2] == ["US Barrage Phase passed over", "German Barrage Phase passed over"]
    outcome = play(content, state, EndPhase())
    assert outcome.state.phase == "us_barrage_in_ge"
