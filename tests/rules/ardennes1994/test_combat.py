"""Resolving an attack in The Ardennes (1994) as a player follows it (checklist items 32,
35-36; 1.4, 1.9, 1.10H, 2.3d, 2.4, 3.2b; SCS combat, losses and retreats, provisional):
the d66 roll on the column, step losses by the owner's choice, retreats picked on the map,
the advance into the defender's hex and no further, US Air Points, once per unit and hex.

The arena is open ground around A37.28 on the 5.3 map: Germans attack from A37.29 and
A38.28, whose ZOC covers A38.27 and A36.28 (SCS ZOC, provisional) but not A36.27 or A37.27.
"""

from __future__ import annotations

import json

import pytest

from ardennes_qt.core.outcome import Refused
from ardennes_qt.core.state import state_from_json, state_to_json
from ardennes_qt.rules.ardennes1994.actions import Advance, Attack, DefendAirPoints, Retreat, TakeLoss
from ardennes_qt.rules.ardennes1994.losses import take_step
from ardennes_qt.rules.ardennes1994.situation import current_values, rules_data
from ardennes_qt.rules.ardennes1994.state import Ardennes1994Data
from tests.rules.ardennes1994.combat_position import content, game, where

PEIPER, VG, US_RGT, US_RGT2 = "1SS:Peiper-A", "18VG:293", "2ID:9", "2ID:23"
ARENA = {PEIPER: "A37.29", VG: "A38.28", US_RGT: "A37.28"}  # 9 against 5: 1:1


def view(s):
    return s.describe_decision(s.decision(), s.legal_actions())


def test_the_roll_is_read_tens_then_units_on_the_column():
    """CRT: "Table number is an 11..66 two dice roll": 3 then 5 is 35, A1D1 on 1:1.  The lone
    defender has no choice (it flips, 1.4); the German chooses which attacker loses a step."""
    s = game(place=ARENA, alone=True, throws=(35,))
    out = s.apply(Attack((PEIPER, VG), "A37.28"))
    assert any(line.text.startswith("Attack on A37.28 at 1:1: rolled 3+5 = 35, A1D1") for line in out.log)
    assert s.state.units[US_RGT].steps == 2 and current_values(s.content, s.state, US_RGT) == content().counter(US_RGT).reduced
    d = s.decision()
    assert (d["kind"], d["side"], d["data"]["role"]) == ("combat_loss", "German", "attacker")
    assert sorted(a.unit for a in s.legal_actions()) == sorted((PEIPER, VG))
    assert [b.label for b in view(s).buttons][0].startswith("Peiper-A KG 6-4-12: flips to its back")
    with pytest.raises(Refused):
        s.apply(TakeLoss(US_RGT))
    s.apply(TakeLoss(PEIPER))
    assert s.state.units[PEIPER].steps == 1 and s.decision() is None  # the defender held: no advance


def test_each_unit_attacks_once_and_each_hex_is_attacked_once():
    """SCS combat (provisional, series.toml [attacks])."""
    s = game(place={**ARENA, "18VG:294": "A37.27", US_RGT2: "A38.27"}, alone=True, throws=(31,))  # NR on 1:1
    s.apply(Attack((PEIPER, VG), "A37.28"))
    with pytest.raises(Refused, match="already attacked this phase"):
        s.apply(Attack(("18VG:294",), "A37.28"))
    with pytest.raises(Refused, match="already attacked"):
        s.apply(Attack((VG,), "A38.27"))
    assert [c.label for c in s.choices() if c.kind == "attack"] == ["attack A38.27"]
    assert {a.attackers for c in s.choices() if c.kind == "attack" for a in c.actions()} == {("18VG:294",)}


def test_step_losses_flip_then_mark_then_kill():
    """1.4: the first loss flips the unit, later ones are markers with its strength unchanged,
    and it dies when its hits equal its steps; a one-step unit dies at once."""
    s = game(place={US_RGT: "A37.28", "US-Ind:740": "A37.27"}, alone=True)
    c, state = s.content, s.state
    full, back = c.counter(US_RGT).full, c.counter(US_RGT).reduced
    state, line = take_step(c, state, US_RGT)
    assert current_values(c, state, US_RGT) == back and "flips" in line.text
    state, line = take_step(c, state, US_RGT)
    assert current_values(c, state, US_RGT) == back and "step-loss marker" in line.text and back != full
    state, line = take_step(c, state, US_RGT)
    assert state.units[US_RGT].where == "dead" and "destroyed" in line.text
    state, line = take_step(c, state, "US-Ind:740")  # Arm Bn, one step
    assert state.units["US-Ind:740"].where == "dead"


def test_a_retreat_is_picked_on_the_map_and_the_attackers_advance_into_the_hex_only():
    """D1r2 on 1:1 (63): the defender loses its step, then retreats 2 hexes, each farther from
    A37.28, never into the attackers' hexes; it picks where the retreat ends on the map.  Then
    the attackers may advance into A37.28, one by one or together, and never beyond (1.9)."""
    s = game(place=ARENA, alone=True, throws=(63,))
    s.apply(Attack((PEIPER, VG), "A37.28"))
    assert s.decision()["kind"] == "combat_retreat" and s.decision()["side"] == "Allied"
    picks = view(s).picks
    start = s.map.parse("A37.28")
    for pick in picks:
        hexes = [s.map.parse(h) for h in pick.route]
        assert hexes[0] == start and [start.distance(h) for h in hexes] == [0, 1, 2]
        assert not {"A37.29", "A38.28"} & set(pick.route) and pick.units == (US_RGT,)
    clean = next(p for p in picks if p.route == ("A37.28", "A36.27", "A35.27"))
    assert "ZOC" not in clean.label
    s.apply(clean.action)
    assert where(s, US_RGT) == "A35.27" and s.state.units[US_RGT].steps == 2
    d = s.decision()
    assert (d["kind"], d["side"]) == ("combat_advance", "German")
    assert {a.units for a in s.legal_actions()} == {(), (PEIPER,), (VG,), (PEIPER, VG)}
    assert {a.to for a in s.legal_actions() if a.units} == {"A37.28"}
    words = view(s)
    assert words.title == "German player: advance after combat into A37.28, or stay"
    assert {p.hex for p in words.picks} == {"A37.28"} and words.picks[0].units == (PEIPER, VG)
    assert [b.label for b in words.buttons] == ["No advance"]
    with pytest.raises(Refused, match="beyond the defender's hex"):
        s.apply(Advance((PEIPER,), "A36.28"))
    s.apply(Advance((PEIPER,), "A37.28"))
    assert where(s, PEIPER) == "A37.28" and s.legal_actions() == [Advance(()), Advance((VG,), "A37.28")]
    s.apply(Advance(()))
    assert s.decision() is None and where(s, VG) == "A38.28"


def test_entering_an_enemy_zoc_hex_in_a_retreat_costs_a_step():
    """SCS retreats (provisional): D1r1 on 1:1 (54); the retreat to A38.27, in the ZOC of the
    German in A38.28, costs a second step; the one to A36.27 does not."""
    s = game(place=ARENA, alone=True, throws=(54,))
    s.apply(Attack((PEIPER, VG), "A37.28"))
    labels = {p.hex: p.label for p in view(s).picks}
    assert "1 step(s) for entering enemy ZOC at A38.27" in labels["A38.27"] and "ZOC" not in labels["A36.27"]
    s.apply(Retreat(("A38.27",)))
    assert where(s, US_RGT) == "A38.27" and s.state.units[US_RGT].steps == 1


def test_a_stack_that_cannot_retreat_loses_a_step_per_hex_short():
    """SCS retreats (provisional): ringed by Germans, the regiment cannot go: D1r2 on 1:2 (64)
    takes its step and two more - all three of its steps."""
    ring = dict(zip(("18VG:293", "18VG:294", "18VG:295", "12VG:27", "12VG:48", "12VG:89"),
                    ("A37.29", "A38.28", "A38.27", "A37.27", "A36.27", "A36.28")))
    s = game(place={**ring, US_RGT: "A37.28"}, alone=True, throws=(64,))
    out = s.apply(Attack((VG,), "A37.28"))
    assert where(s, US_RGT) == "dead"
    assert any("cannot retreat" in line.text for line in out.log)
    assert any("2 step(s) for the hexes it cannot go" in line.text for line in out.log)


@pytest.mark.parametrize("mode, destroyed", [("fire", True), ("move", False)])
def test_artillery_in_a_zero_ma_mode_is_destroyed_instead_of_retreating(mode, destroyed):
    """1.10H: the fire side has no MA, so the guns die where the move side would go along."""
    gun = "2ID:Divarty"
    s = game(place={**ARENA, gun: "A37.28"}, alone=True, throws=(54,), modes={gun: mode})  # 9 to 6: D1r1 on 1:1
    s.apply(Attack((PEIPER, VG), "A37.28"))
    assert s.decision()["kind"] == "combat_loss"
    s.apply(TakeLoss(US_RGT))
    assert (where(s, gun) == "dead") == destroyed
    s.apply(Retreat(("A36.27",)))
    assert where(s, US_RGT) == "A36.27" and (where(s, gun) == "A36.27") != destroyed


def test_supply_units_stay_and_emplaced_bridges_are_destroyed_when_the_stack_retreats():
    """2.3d: an emplaced bridge cannot retreat and is destroyed; 2.4: a Supply Unit never
    retreats, and is destroyed when the enemy advances into its hex."""
    s = game("us_combat", place={US_RGT: "A37.29", US_RGT2: "A38.28", VG: "A37.28", "GerSup:1": "A37.28",
                                 "6SSEng:1": "A37.28"}, alone=True, throws=(52,), modes={"6SSEng:1": "bridge"})
    out = s.apply(Attack((US_RGT, US_RGT2), "A37.28"))  # 8 against 4: D1r1 on 2:1
    assert where(s, "6SSEng:1") == "dead" and any("2.3d" in line.reasons for line in out.log)
    s.apply(Retreat(("A36.27",)))
    assert where(s, VG) == "A36.27" and where(s, "GerSup:1") == "A37.28"
    # 1.3: the two regiments' 6 steps may go in together - the Supply Unit's 3 are the enemy's
    assert Advance((US_RGT, US_RGT2), "A37.28") in s.legal_actions()
    out = s.apply(Advance((US_RGT,), "A37.28"))
    assert where(s, "GerSup:1") == "dead" and any("2.4" in line.reasons for line in out.log)


def test_the_us_spends_air_points_for_its_defense_before_the_odds():
    """3.2b: attacked, the US may spend Air Points, one column left each: 1:1 becomes 1:2."""
    s = game(place=ARENA, alone=True, air_points=2, throws=(31,))
    s.apply(Attack((PEIPER, VG), "A37.28"))
    d = s.decision()
    assert (d["kind"], d["side"]) == ("defend_air", "Allied")
    assert s.legal_actions() == [DefendAirPoints(0), DefendAirPoints(1), DefendAirPoints(2)]
    assert [b.label for b in view(s).buttons][:2] == ["Spend none", "Spend 1 Air Point (1 column left)"]
    out = s.apply(DefendAirPoints(1))
    assert any(line.text.startswith("Attack on A37.28 at 1:2") for line in out.log)
    assert rules_data(s.state).air_points == 1


def test_a_us_attack_spends_air_points_as_right_shifts():
    """3.2b: the US attacking spends its Air Points with the attack: 4 to 3 is 1:1, +2 is 3:1."""
    s = game("us_combat", place={US_RGT: "A37.29", VG: "A37.28"}, alone=True, air_points=2, throws=(31,))
    assert Attack((US_RGT,), "A37.28", 2) in s.legal_actions()
    with pytest.raises(Refused, match="2 Air Point"):
        s.apply(Attack((US_RGT,), "A37.28", 3))
    out = s.apply(Attack((US_RGT,), "A37.28", 2))
    assert any(line.text.startswith("Attack on A37.28 at 3:1") for line in out.log)
    assert rules_data(s.state).air_points == 0
    german = game(place=ARENA, alone=True, air_points=2)
    with pytest.raises(Refused, match="only the US"):
        german.apply(Attack((PEIPER,), "A37.28", 1))


def test_a_combat_waiting_for_a_retreat_is_saved_and_read_back():
    s = game(place=ARENA, alone=True, throws=(63,))
    s.apply(Attack((PEIPER, VG), "A37.28"))
    data = json.loads(json.dumps(state_to_json(s.state, s.map.hex_id)))
    back = state_from_json(data, s.map.parse, Ardennes1994Data.from_json)
    assert back == s.state and back.rules.pending[0].data["battle"]["defender_hex"] == s.map.parse("A37.28")


def test_advancing_into_bastogne_captures_its_dump_and_the_city():
    """3.3: a German unit entering a real US dump's hex makes it German; 4.2: the city hex is
    controlled by the side that last entered it.  9 against CCA's 4 in the City is 2:1 shifted
    3 left (no Armor Effect: the regiments are not mechanized): D1r1 on 1:3 (61)."""
    attackers = ("352VG:916", "352VG:915", "5FJ:15")
    s = game(scenario="5.2", place={**dict(zip(attackers, ("B15.29", "B16.28", "B16.27"))), "9AD:CCA": "B15.28"},
             alone=True, throws=(61,))
    out = s.apply(Attack(attackers, "B15.28"))
    assert any(line.text.startswith("Attack on B15.28 at 1:3") for line in out.log)
    s.apply(Retreat(("B14.28",)))
    out = s.apply(Advance(("352VG:916",), "B15.28"))
    bastogne = s.map.parse("B15.28")
    assert rules_data(s.state).dumps[bastogne].owner == "German" and s.state.control[bastogne] == "German"
    assert any("captured" in line.text for line in out.log)
