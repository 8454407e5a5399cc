"""The Set-Up of 5.1-5.3 (checklist items 64-66): the units placed "With or adjacent to any of
the above" (engineers, Greif Teams, Supply Units, KG von der Heydte) must all be placed before
play, but vdH, which may be kept off the map for the air drop (2.2); and the US player's dummy
dumps, chosen in secret (item 49; 3.3a)."""

from __future__ import annotations

import json
import random

import pytest

from ardennes_qt.core.outcome import Refused
from ardennes_qt.core.state import state_from_json, state_to_json
from ardennes_qt.engine import Session
from ardennes_qt.engine.autoplay import RandomPlayer
from ardennes_qt.rules.ardennes1994.actions import ChooseVictory, DropMarker, EndPhase, PlaceReinforcements
from ardennes_qt.rules.ardennes1994.arrivals import end_refusal, start_hexes, waiting_at_start
from ardennes_qt.rules.ardennes1994.setup import ChooseDummyDump
from ardennes_qt.rules.ardennes1994.situation import rules_data, side_of
from ardennes_qt.rules.ardennes1994.state import Ardennes1994Data

VDH = "Ger-Ind:von der Heydte"
NEAR = {  # the units each scenario places "with or adjacent to any of the above"
    "5.1": 7,  # 2 engineers, vdH, 1 Greif Team, 3 Supply Units
    "5.2": 7,  # 3 + 1 engineers, 3 Supply Units
    "5.3": 17,  # 3 + 1 + 2 engineers, vdH, 4 Greif Teams, 6 Supply Units
}


def set_up(s: Session, keep: tuple[str, ...] = ()) -> Session:
    """Place every unit waiting at the Set-Up but ``keep``, each in the first hex offered."""
    while waiting := [u for u in waiting_at_start(s.content, s.state) if u not in keep]:
        uid = waiting[0]
        s.apply(PlaceReinforcements((uid,), s.content.map.hex_id(start_hexes(s.content, s.state, uid)[0])))
    return s


def end_ok(s: Session) -> bool:
    return any(f.kind == "end_phase" for f in s.choices())


# --- units must be placed (5.1-5.3) -----------------------------------------------------------------


@pytest.mark.parametrize("scenario", ["5.1", "5.2", "5.3"])
def test_item64_66_the_set_up_cannot_end_while_units_wait(scenario):
    """5.x: "With or adjacent to any of the above: ..." - every one of those units is set up; the
    Set-Up does not end with them off the map (they would never enter).  The refusal counts
    them; vdH alone may stay off (2.2)."""
    s = Session.new(f"ardennes1994/{scenario}", seed=1)
    assert s.phase().phase == "setup" and len(waiting_at_start(s.content, s.state)) == NEAR[scenario]
    must = NEAR[scenario] - (1 if VDH in waiting_at_start(s.content, s.state) else 0)
    with pytest.raises(Refused, match=f"^{must} units are still to be set up with or adjacent to the German set-up") as why:
        s.apply(EndPhase())
    assert why.value.rule.startswith(f"{scenario} Set Up")
    assert s.phase().phase == "setup"
    first = waiting_at_start(s.content, s.state)[0]
    s.apply(PlaceReinforcements((first,), s.content.map.hex_id(start_hexes(s.content, s.state, first)[0])))
    with pytest.raises(Refused, match=f"^{must - 1} unit"):
        s.apply(EndPhase())


def test_item64_the_refusal_names_the_units_and_says_vdh_may_stay():
    s = Session.new("ardennes1994/5.1", seed=1)
    set_up(s, keep=(VDH, "GerSup:3"))
    refusal = end_refusal(s.content, s.state)
    assert str(refusal) == ("1 unit is still to be set up with or adjacent to the German set-up: 3 Supply Unit "
                            "(only KG von der Heydte may stay off the map, for its air drop) (5.1 Set Up, 2.2)")


@pytest.mark.parametrize("scenario", ["5.1", "5.2", "5.3"])
def test_item64_66_ending_the_set_up_is_offered_only_once_the_units_are_placed(scenario):
    s = Session.new(f"ardennes1994/{scenario}", seed=1)
    assert not end_ok(s) and EndPhase() not in s.legal_actions()
    assert {f.kind for f in s.choices()} == {"place"}
    set_up(s, keep=(VDH,))
    assert end_ok(s)


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("scenario", ["5.1", "5.3"])
def test_item64_66_random_play_sets_up_every_unit(scenario, seed):
    """A player choosing at random among what is offered places every unit before play (vdH
    may be kept for the drop)."""
    s = Session.new(f"ardennes1994/{scenario}", seed=seed)
    player = RandomPlayer(random.Random(seed))
    done = 0
    while s.state.phase == "setup":
        player.step(s, done)
        done += 1
    assert set(waiting_at_start(s.content, s.state)) <= {VDH}
    for uid in {u for near in s.content.scenario.extras["near"] for u in near["units"]} - {VDH}:
        unit = s.state.units[uid]
        assert unit.where == "map" and unit.hex in start_hexes(s.content, s.state, uid) + [unit.hex]


# --- where they go (5.3) ----------------------------------------------------------------------------


def offered_near(s: Session, uid: str, around: str, reach: int = 2) -> set[str]:
    """The set-up hexes offered for the unit within ``reach`` hexes of ``around``."""
    centre = s.content.map.parse(around)
    return {s.content.map.hex_id(h) for h in start_hexes(s.content, s.state, uid) if h.distance(centre) <= reach}


def test_item66_an_engineer_goes_with_or_next_to_a_printed_german_unit():
    """5.3: the 16 Werfer Bde stands alone at B41.03: an engineer may set up there or in any of
    its six neighbours, and in no hex two away (no other German unit is near)."""
    s = Session.new("ardennes1994/5.3", seed=1)
    assert offered_near(s, "5PzEng:1", "B41.03") == {"B41.03", "B41.04", "B42.03", "B42.02", "B41.02", "B40.02", "B40.03"}
    with pytest.raises(Refused, match="with or next to a printed set-up unit") as why:
        s.apply(PlaceReinforcements(("5PzEng:1",), "B41.05"))
    assert why.value.rule == "5.3 Set Up, 1.3"
    s.apply(PlaceReinforcements(("5PzEng:1",), "B42.02"))
    assert s.content.map.hex_id(s.state.units["5PzEng:1"].hex) == "B42.02" and s.state.units["5PzEng:1"].where == "map"


def test_item66_not_with_us_units_nor_over_six_steps_but_a_hidden_greif_team_may():
    """5.3 at the Our: B17.05 holds 6 steps (915 Inf Rgt, 15 FJ Rgt: 1.3 full), B17.06 the US
    2-109 Inf Bn.  An engineer may go to neither; a Greif Team, hidden and counting no steps,
    "can even start stacked with US units" - but never with another Greif Team (2.1bE)."""
    s = Session.new("ardennes1994/5.3", seed=1)
    engineer = offered_near(s, "5PzEng:1", "B17.05", 1)
    greif = offered_near(s, "Ger-Greif:A", "B17.05", 1)
    assert engineer == {"B18.05", "B18.04", "B17.04", "B16.04", "B16.05"}
    assert greif == engineer | {"B17.05", "B17.06"}
    s.apply(PlaceReinforcements(("Ger-Greif:A",), "B17.06"))
    assert "B17.06" not in offered_near(s, "Ger-Greif:B", "B17.05", 1)
    assert "Ger-Greif:A" in rules_data(s.state).hidden


def test_item66_supply_units_only_in_the_eastern_zone():
    """5.3: "Supply units cannot be placed West of the Our River at start" (the Eastern Zone,
    2.5a): of the hexes next to the 352 VG Div at B17.04, the two west of the Our are refused."""
    s = Session.new("ardennes1994/5.3", seed=1)
    assert offered_near(s, "GerSup:1", "B17.05", 1) == {"B18.05", "B18.04", "B16.04"}
    with pytest.raises(Refused):
        s.apply(PlaceReinforcements(("GerSup:1",), "B17.04"))


@pytest.mark.parametrize("uid", ["5PzEng:1", "Ger-Greif:A", "GerSup:1", VDH])
def test_item66_every_hex_offered_is_with_or_next_to_the_printed_german_set_up_and_none_is_missed(uid):
    """Every hex offered holds a printed German set-up unit or is next to one; every such hex
    in play, free of US units (but for a Greif Team) and with room left, is offered."""
    s = Session.new("ardennes1994/5.3", seed=1)
    content, state = s.content, s.state
    printed = {p.hex for p in content.scenario.placements if side_of(content, p.counter) == "German"}
    offered = set(start_hexes(content, state, uid))
    assert all(any(h.distance(p) <= 1 for p in printed) for h in offered)
    room = {h for p in printed for h in (p, *p.neighbours()) if content.in_play_area(h)
            and sum(state.units[u].steps for u in state.units_at(h)) + content.counter(uid).steps <= 6}
    us = {h for h, ids in state.occupied().items() if any(side_of(content, u) == "Allied" for u in ids)}
    expected = room if uid == "Ger-Greif:A" else room - us
    if uid == "Ger-Greif:A":  # hidden: no stacking steps, and it may join US units
        expected = {h for p in printed for h in (p, *p.neighbours()) if content.in_play_area(h)}
    if uid == "GerSup:1":  # 2.4: three stacking steps; only in the Eastern Zone
        expected = {h for h in expected - us if "eastern_zone" in content.map.terrain(h)
                    and sum(state.units[u].steps for u in state.units_at(h)) + 3 <= 6}
    assert offered == expected


# --- von der Heydte (2.2) ----------------------------------------------------------------------------


def test_item54_64_vdh_alone_may_stay_off_the_map_for_the_drop():
    """2.2: the others placed, the Set-Up ends with vdH off the map; it drops on Turn 1: the first
    thing of the German Movement Phase is its Drop Marker."""
    s = set_up(Session.new("ardennes1994/5.1", seed=1), keep=(VDH,))
    s.apply(EndPhase())
    assert any(line.text == "KG von der Heydte stays off the map for the air drop on Turn 1" for line in s.log())
    assert s.decision()["kind"] == "dummy_dump"  # the US player's dumps first (3.3a)
    s.apply(ChooseDummyDump("B49.28"))
    assert s.phase().phase == "ge_movement" and s.decision()["kind"] == "stosser_drop"
    assert {type(a) for a in s.legal_actions()} == {DropMarker}
    assert s.state.units[VDH].where == "scheduled"


def test_item54_64_vdh_set_up_is_a_ground_unit():
    s = set_up(Session.new("ardennes1994/5.1", seed=1))
    assert s.state.units[VDH].where == "map"
    s.apply(EndPhase())
    s.apply(ChooseDummyDump("B49.28"))
    assert s.phase().phase == "ge_movement" and s.decision() is None
    assert s.legal_moves((VDH,))


# --- the US player's dummy dumps (3.3a) ----------------------------------------------------------------


def dumps(s: Session) -> dict[str, tuple[bool, str]]:
    return {s.content.map.hex_id(h): (d.real, d.owner) for h, d in rules_data(s.state).dumps.items()}


def test_item49_the_us_player_chooses_the_dummy_of_set_1_in_5_1():
    """5.1 "Supply Dumps: Each set of hexes has two real dumps and one dummy.  Set 1: Büllingen
    (B54.13), B49.28, Spa (B55.32)"; 3.3a: the US player places them, the German learns which is
    which only by entering (3.3).  Asked of the US player before the first German move; the log
    does not tell which."""
    s = set_up(Session.new("ardennes1994/5.1", seed=1))
    s.apply(EndPhase())
    decision = s.decision()
    assert (decision["kind"], decision["side"], decision["rule"]) == ("dummy_dump", "Allied", "3.3a")
    assert decision["data"]["hexes"] == ("B54.13", "B49.28", "B55.32") and decision["data"]["set"] == 1
    assert s.phase().acting == "Allied" and s.phase().name == "US Air Point Determination"
    assert s.legal_actions() == [ChooseDummyDump("B54.13"), ChooseDummyDump("B49.28"), ChooseDummyDump("B55.32")]
    with pytest.raises(Refused, match="the dummy of Set 1 is one of its dumps: B54.13, B49.28, B55.32"):
        s.apply(ChooseDummyDump("B41.16"))
    with pytest.raises(Refused, match="waiting for the Allied player"):
        s.apply(EndPhase())
    n = len(s.log())
    s.apply(ChooseDummyDump("B55.32"))
    assert dumps(s) == {"B54.13": (True, "Allied"), "B49.28": (True, "Allied"), "B55.32": (False, "Allied")}
    told = " ".join(line.text + " " + " ".join(line.reasons) for line in s.log()[n:])
    assert "The US dumps of Set 1 are placed: 2 real, 1 dummy (kept secret)" in told and "B55.32" not in told
    assert s.phase().phase == "ge_movement"


def test_item49_each_of_the_three_sets_of_5_3_after_the_german_option():
    s = set_up(Session.new("ardennes1994/5.3", seed=1))
    s.apply(EndPhase())
    assert s.decision()["kind"] == "victory_option"  # 4.1, asked in the Weather Determination
    s.apply(ChooseVictory("paris"))
    for n, dummy in ((1, "B41.16"), (2, "B26.27"), (3, "A26.03")):
        assert s.decision()["kind"] == "dummy_dump" and s.decision()["data"]["set"] == n
        s.apply(ChooseDummyDump(dummy))
    real = {h for h, (is_real, _) in dumps(s).items() if is_real}
    assert real == {"B54.13", "B15.28", "B49.28", "B39.26", "A36.02", "B55.32"}
    assert s.phase().phase == "ge_movement"


def test_item49_the_choice_is_described_for_the_us_player_and_kept_in_a_save():
    s = set_up(Session.new("ardennes1994/5.1", seed=1))
    s.apply(EndPhase())
    words = s.describe_decision(s.decision(), s.legal_actions())
    assert words.side == "Allied" and [p.hex for p in words.picks] == ["B54.13", "B49.28", "B55.32"]
    data = json.loads(json.dumps(state_to_json(s.state, s.map.hex_id)))
    back = state_from_json(data, s.map.parse, Ardennes1994Data.from_json)
    assert back == s.state
    again = Session(s.content, s.state.seed, initial=back)
    again.apply(ChooseDummyDump("B54.13"))
    assert dumps(again)["B54.13"] == (False, "Allied")


@pytest.mark.parametrize("scenario", ["5.2", "5.4", "5.5"])
def test_item49_printed_dumps_ask_nothing(scenario):
    """5.2 prints two real dumps; 5.4 and 5.5 print which dump is real or dummy (or captured)."""
    s = Session.new(f"ardennes1994/{scenario}", seed=1)
    if s.state.phase == "setup":
        set_up(s)
    for _ in range(4):
        assert (s.decision() or {}).get("kind") != "dummy_dump"
        if s.state.phase == "ge_movement":
            break
        if s.decision():
            s.apply(ChooseVictory("paris"))
        else:
            s.apply(EndPhase())
    assert s.state.phase == "ge_movement"
