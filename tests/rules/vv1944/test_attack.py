"""Attacks in an activation (7.3, 7.5-7.6) on the shipped 17.1 map: offered as Choices of kind
"attack", their odds from the state, AP spent, the roll and its result applied, refusals."""

from dataclasses import replace

import pytest

from ardennes_qt.core.hexgrid import Hexside
from ardennes_qt.core.outcome import Refused
from ardennes_qt.core.system import Odds
from ardennes_qt.rules.vv1944.actions import ActivateFormation, Attack, EndPhase
from ardennes_qt.rules.vv1944.play import RULES
from ardennes_qt.rules.vv1944.state import data, with_data


@pytest.fixture
def iss(vv):
    """17.1 after the default set-up, the I SS Panzer Corps activated (Turn 1, German)."""
    while vv.state.phase != "operations":
        vv.apply(EndPhase())
    vv.apply(ActivateFormation("ISS"))
    return vv


def test_attacks_are_offered_to_activated_units_next_to_the_enemy(iss):
    attacks = {f.hex: f for f in iss.choices() if f.kind == "attack"}
    assert {"3005", "3006", "3007", "3008"} <= set(attacks)
    offered = attacks["3006"].actions()
    assert Attack(("277VG",), "3006", "normal") in offered and Attack(("12VG",), "3006", "normal") in offered
    assert Attack(("277VG", "12VG"), "3006", "prepared") in offered  # from two hexes: Prepared only
    assert not any(a.attack_type == "normal" and len(a.units) > 1 for a in offered)
    assert iss.odds(("277VG",), "3006").allowed


def test_the_odds_read_the_defender_hex_terrain_and_ip_from_the_state(iss):
    normal = iss.odds(("277VG",), "3006")
    assert (normal.attack.total, normal.defense.total, normal.ratio) == (12, 3, "4:1")
    reasons = [why for _, why, _ in normal.shifts]
    assert reasons == ["defender in forest", "defender in village", "every defending unit is in Improved Position"]
    assert normal.column == "1:1" and normal.modifier == -1
    assert sum(c.chance for c in normal.chances) == 1
    prepared = iss.odds(("277VG", "12VG"), "3006")  # two hexes: a Prepared Attack (+2 German)
    assert (prepared.attack.total, prepared.ratio, prepared.column) == (24, "8:1", "7:1")
    assert (2, "German Prepared Attack", "7.3.2") in prepared.shifts
    assert iss.odds(("3FJ",), "3008", "prepared").total_shift == 1  # village -1, Prepared +2
    assert iss.odds(("277VG",), "3005").column == "1:4"  # west wall not for a US defender
    assert iss.capability(Odds).attackers(iss.content, iss.state, "3006") == {"3105": ("277VG",), "3106": ("12VG",)}


def test_a_normal_attack_spends_1_ap_rolls_and_applies_its_result(iss):
    before = {u: s.steps for u, s in iss.state.units.items()}
    defenders = iss.state.units_at(iss.content.map.parse("3008"))
    ap = data(iss.state).activation.ap["3FJ"]
    out = iss.apply(Attack(("3FJ",), "3008", "normal"))
    assert data(iss.state).activation.ap["3FJ"] == ap - 1
    text = " ".join(line.text for line in out.log)
    assert "column 1:1" in text and "rolled" in text and "defender in village" in text and "quality" in text
    cell = text.split("rolled ")[1].split(": ")[1].split(" ")[0]
    attacker, _, defender = cell.partition("/")
    lost = {u: before[u] - (iss.state.units[u].steps if iss.state.units[u].where == "map" else 0)
            for u in defenders + ["3FJ"]}
    held = sum(before[u] for u in defenders)
    assert sum(lost[u] for u in defenders) == (held if defender == "E" else min(held, int(defender) if defender.isdigit() else 0))
    assert lost["3FJ"] == (before["3FJ"] if attacker == "E" else min(before["3FJ"], int(attacker) if attacker.isdigit() else 0))
    for u in defenders + ["3FJ"]:
        s = iss.state.units[u]
        assert (s.where == "map" and s.steps >= 1) or (s.where == "dead" and s.hex is None)


def test_a_prepared_attack_spends_2_ap_each(iss):
    ap = dict(data(iss.state).activation.ap)
    iss.apply(Attack(("277VG", "12VG"), "3006", "prepared"))
    after = data(iss.state).activation.ap
    assert after["277VG"] == ap["277VG"] - 2 and after["12VG"] == ap["12VG"] - 2


def test_refusals(iss):
    content, state = iss.content, iss.state
    with pytest.raises(Refused, match="single hex"):
        RULES.apply(content, state, Attack(("277VG", "12VG"), "3006", "normal"))
    with pytest.raises(Refused, match="not adjacent"):
        RULES.apply(content, state, Attack(("277VG",), "3008", "normal"))
    act = data(state).activation
    spent = with_data(state, activation=replace(act, ap={**act.ap, "277VG": 1}))
    with pytest.raises(Refused, match="1 AP"):
        RULES.apply(content, spent, Attack(("277VG",), "3006", "prepared"))
    assert "277VG" not in [u for a in RULES.legal_actions(content, spent) if a.kind == "attack"
                           and a.attack_type == "prepared" for u in a.units]


def test_armor_does_not_attack_across_a_river(iss):
    content, m = iss.content, iss.content.map
    a, b = next((a, b) for a in sorted(m.hexes, key=m.hex_id) for b in a.neighbours()
                if b in m.hexes and "river" in m.side_features(a, b) and Hexside.between(a, b) not in m.bridges)
    armor = next(u for u in data(iss.state).activation.units if content.counter(u).value("type") == "armored"
                 and iss.state.units[u].where == "map")
    us = next(u for u, s in iss.state.units.items() if s.where == "map" and content.counter(u).side == "Allied"
              and content.counter(u).value("type") == "infantry")
    state = iss.state.placed((armor,), a).placed((us,), b)
    report = iss.capability(Odds).odds(content, state, (armor,), m.hex_id(b))
    assert any("river" in why for why, _ in report.problems)
    with pytest.raises(Refused, match="river"):
        RULES.apply(content, state, Attack((armor,), m.hex_id(b), "normal"))


def test_e_eliminates_the_stack_and_steps_go_quality_unit_first(iss):
    from ardennes_qt.rules.vv1944.attack import fighter, take_losses

    content, state = iss.content, iss.state
    target = content.map.parse("3006")
    stack = tuple(fighter(content, state, u) for u in state.units_at(target))
    after, hit, dead = take_losses(content, state, stack, 0, stack[0].id, False, True)
    assert set(dead) == {f.id for f in stack} and all(after.units[f.id].where == "dead" for f in stack)
    attackers = (fighter(content, state, "277VG"),)
    after, hit, dead = take_losses(content, state, attackers, 1, "277VG", False, False)
    assert hit == ["277VG"] and not dead and after.units["277VG"].steps == state.units["277VG"].steps - 1
