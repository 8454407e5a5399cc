"""The openings of the scenarios as the game builds them (checklist items 12, 62, 67, 68): each
checked against what the scenario prints in the rules (5.3, 5.4 "Breakout !", 5.5 "Payback,
American-style") and the rules it names: the blown bridges (3.1, TEC), who holds each city
(4.2), the engineers emplaced (2.3), the Greif Teams hidden (2.1b), the US Supply Dumps, real,
dummy or captured (3.3, 3.3a), the units printed "less one step" (1.4), the dead piles, the
first turn and the Weather at Start."""

from __future__ import annotations

from functools import lru_cache

import pytest

from ardennes_qt.core.hexgrid import Direction, Hexside
from ardennes_qt.engine import Session
from ardennes_qt.rules.ardennes1994.estimates import BRIDGE
from ardennes_qt.rules.ardennes1994.movement import mover
from ardennes_qt.rules.ardennes1994.phases import ALLIED, GERMAN, SEQUENCE
from ardennes_qt.rules.ardennes1994.setup import initial_control
from ardennes_qt.rules.ardennes1994.situation import mode, rules_data
from ardennes_qt.rules.ardennes1994.stacking import stacking_steps
from ardennes_qt.rules.ardennes1994.terrain import german_bridges
from tests.rules.ardennes1994.board import Board, scenario_game


@lru_cache(maxsize=None)
def opening(scenario: str) -> Session:
    """The scenario as it starts (read only: never applied to)."""
    return Session.new(f"ardennes1994/{scenario}", seed=1)


def bridges_of(s: Session, hex_id: str) -> set[Hexside]:
    """The map's bridges on the six hexsides of a hex."""
    h = s.content.map.parse(hex_id)
    return {Hexside.of(h, d) for d in Direction} & set(s.content.map.bridges)


def river_sides(s: Session, hex_id: str) -> set[Hexside]:
    h = s.content.map.parse(hex_id)
    sides = {Hexside.of(h, d) for d in Direction}
    return {x for x in sides if (r := s.content.map.hexsides.get(x)) is not None and "river" in r.features}


# --- item 12: the blown bridges ---------------------------------------------------------------------


@pytest.mark.parametrize("scenario, printed, crossing", [
    ("5.4", "B45.29", "B46.29"),  # "Blown Bridges: B45.29": Trois-Ponts, its Amblève bridge
    ("5.5", "B45.27", "B45.28"),  # "Blown Bridges: B45.27": its Salm bridge
])
def test_item12_the_bridges_of_the_printed_hex_are_blown_at_the_start(scenario, printed, crossing):
    s = opening(scenario)
    parse = s.content.map.parse
    expected = bridges_of(s, printed)
    assert Hexside.between(parse(printed), parse(crossing)) in expected
    assert rules_data(s.state).blown == expected


@pytest.mark.parametrize("scenario", ["5.1", "5.2", "5.3"])
def test_item12_no_bridge_is_blown_where_the_scenario_prints_none(scenario):
    """5.1-5.3: "Blown Bridges: None"."""
    assert rules_data(opening(scenario).state).blown == frozenset()


def step_mp(s: Session, uid: str, a: str, b: str) -> tuple[float, list[str]]:
    """MPs for ``uid`` to go from ``a`` into the next hex ``b``, and each part's reason."""
    parse = s.content.map.parse
    half, parts = mover(s.content, s.state, uid).step(parse(a), parse(b))
    assert half is not None, parts
    return half / 2, [why for _, why, _ in parts]


@pytest.mark.parametrize("scenario, phase, uid, place, a, b, blown, intact", [
    # 5.4: the 82 Abn Div's 505 Abn Rgt (Other) at Trois-Ponts, along the Primary Road east over
    # the Amblève into open B46.29: Open 1 + River 3; over the bridge, the road's 1/2
    ("5.4", "us_movement", "82AB:505", None, "B45.29", "B46.29", 4, 0.5),
    # the 3 Arm Div's 36 Mech Inf Rgt (Mech) the same way: Open 2 + River 8
    ("5.4", "us_movement", "3AD:36", "B45.29", "B45.29", "B46.29", 10, 0.5),
    # 5.5: the 18 VG Div's 293 Inf Rgt (Other) from B45.28 along the Secondary Road over the Salm
    # into forest B45.27: Forest 2 + River 3; over the bridge, the road's 1/2 + 1 into the 388
    # Arty Rgt's hex (1.5a)
    ("5.5", "ge_movement", "18VG:293", None, "B45.28", "B45.27", 5, 1.5),
])
def test_item12_a_road_over_the_blown_bridge_costs_the_river(scenario, phase, uid, place, a, b, blown, intact):
    """TEC: a road crosses a river at its bridge for the road's cost; the bridge blown, the road
    is cut there and the hexside costs the River, +8 Mech / +3 Other, over the hex's own cost."""
    s = scenario_game(scenario, phase, place={uid: place} if place else None)
    mp, why = step_mp(s, uid, a, b)
    assert mp == blown
    assert any(w.startswith("River") for w in why) and not any("Road" in w for w in why)
    repaired = scenario_game(scenario, phase, place={uid: place} if place else None, blown=frozenset())
    mp, why = step_mp(repaired, uid, a, b)
    assert mp == intact
    assert not any(w.startswith("River") for w in why)


# --- item 62: who holds each city at the start --------------------------------------------------------


def held(scenario: str, hex_id: str) -> str:
    s = opening(scenario)
    return s.state.control[s.content.map.parse(hex_id)]


@pytest.mark.parametrize("hex_id, side", [
    ("B15.18", ALLIED),  # Wiltz: "105mm Arty Grp, (707 Arm Bn)—28 Inf Div" stand in it
    ("B41.16", ALLIED),  # St. Vith: the 8 inch Arty Grp next to it (B42.16); the nearest German 8 away (B34.11)
    ("B15.28", ALLIED),  # Bastogne: Wiltz's US units 10 away; the nearest German (B22.10) 21
    ("B26.27", ALLIED),  # Houffalize: the 2-110 Inf Bn (B23.18) 11 away; 2 Pz Div's KGs (B24.11) 17
    ("B52.23", ALLIED),  # Malmedy: the 5 Fus Belgian Inf Bn (B49.28) 6 away; the 27 Füs Rgt (B52.08) 15
])
def test_item62_in_5_3_the_cities_are_american_at_the_start(hex_id, side):
    """5.3 starts on Turn 1, before the offensive: no German unit stands in a city, and each city's
    nearest unit is American."""
    assert held("5.3", hex_id) == side


@pytest.mark.parametrize("hex_id, side", [
    ("B26.27", GERMAN),  # Houffalize: "(KG Bayer, KG 60 PG, 146 Pz Arty Rgt)—116 Pz Div" in it
    ("B15.18", GERMAN),  # Wiltz: "(5 Arty Rgt)—5 FJ Div, German Supply Unit" in it
    ("B15.28", ALLIED),  # Bastogne: the 101 Abn Div's Divarty, 10 Arm Div's CCB, a 155 Arty Grp
    ("B41.16", ALLIED),  # St. Vith: 9 Arm Div's CCB
    ("B48.27", ALLIED),  # Stavelot: 30 Inf Div's 117 Inf Rgt and 823 TD Bn (KG Knittel next door)
    ("B39.26", ALLIED),  # Vielsalm: 82 Abn Div's 508 Abn Rgt (KG Recke next door)
    ("B55.32", ALLIED),  # Spa, empty: 3 Arm Div's 1-33 and 2-33 (B49.30, B49.32) 6 away, KG Peiper-C (B48.31) 7
    ("A31.10", ALLIED),  # Hotton, empty: 3 Arm Div's 3-33 Tank Bn next to it (A31.11)
    ("A36.02", ALLIED),  # Manhay: the 99 Inf Bn in it
    ("A47.25", ALLIED),  # Huy: only Greif Team B (Hide) in it, which never holds a city (2.1bE, 4.2)
    ("A23.35", ALLIED),  # Dinant: Greif Team C (A34.34) is its nearest counter, but does not count
])
def test_item62_in_5_4_who_holds_each_city_at_the_start(hex_id, side):
    """4.2 at the start of 5.4 (not printed; the reading of item 62): a city hex with units is
    theirs, any other the side's whose unit stands nearest; a Greif Team holds nothing."""
    assert held("5.4", hex_id) == side


def test_item62_nearness_ties_go_to_the_german_and_the_eastern_zone_is_his():
    """The reading of item 62 on a small board: a city as near to a German unit as to a US one is
    German (only he has moved through the front); an Eastern Zone city is German whoever is
    nearer; a Hidden Greif Team in a city does not make it German."""
    board = (Board()
             .town("B2.05", "Tie", vp=1).unit("ge", "B2.07", "KG").unit("us1", "B2.03", "Inf Rgt", "Allied")
             .town("B6.05", "Near", vp=1).unit("us2", "B6.06", "Inf Rgt", "Allied")
             .town("B9.09", "East", "village", "eastern_zone", vp=1).unit("us3", "B9.08", "Inf Rgt", "Allied")
             .town("B4.00", "Greif", vp=1).unit("g", "B4.00", "Greif Team", hidden=True)
             .unit("us4", "B4.02", "Inf Rgt", "Allied"))
    s = board.session()
    h = board.hex
    assert h("B2.05").distance(h("B2.07")) == h("B2.05").distance(h("B2.03")) == 2
    assert h("B6.05").distance(h("B2.07")) > 1 and h("B9.09").distance(h("B2.07")) > 1
    assert h("B4.00").distance(h("B4.02")) < h("B4.00").distance(h("B2.07"))
    control = initial_control(s.content, s.state)
    assert control == {h("B2.05"): GERMAN, h("B6.05"): ALLIED, h("B9.09"): GERMAN, h("B4.00"): ALLIED}


# --- items 67, 68: the openings of 5.4 and 5.5 ----------------------------------------------------------


@pytest.mark.parametrize("scenario, first, last, weather", [
    ("5.4", 6, 16, "Overcast #2"),  # "First Turn: 6", "Last Turn: 16", "Weather at Start: Overcast #2"
    ("5.5", 12, 16, "Clear"),  # "First Turn: 12", "Last Turn: 16", "Weather at Start: Clear"
])
def test_item67_item68_first_turn_and_weather_at_start(scenario, first, last, weather):
    """Play starts with the turn's first phase (no Set-Up: every unit is printed in its hex)."""
    s = opening(scenario)
    assert s.state.turn == first and s.content.scenario.last_turn == last
    assert s.state.phase == SEQUENCE[0].id
    assert rules_data(s.state).weather == weather


def engineers_at(s: Session, hex_id: str) -> list[str]:
    return [u.id for u in s.stack_at(hex_id) if u.unit_type == "Engineer Grp"]


@pytest.mark.parametrize("scenario, emplaced, engineer_side", [
    # 5.4: "B17.05: 7 Army Engineer Grp (Bridge emplaced)", "B21.09/B24.11: 5 Pz Army Engineer
    # (Bridge emplaced)", "B23.16: ... 5 Pz Army Engineer (Engineer side)", "B45.28: ... 6 SS Pz
    # Army Engineer (Engineer side)"
    ("5.4", ("B17.05", "B21.09", "B24.11"), ("B23.16", "B45.28")),
    # 5.5: "B17.05: 7 Army Engineer (bridge emplaced)", "B21.09: 5 Pz Army Engineer (bridge
    # emplaced)", "B24.11: 19 Werfer Bde, 5 Pz Army Engineer (bridge emplaced)", "B18.23: 5 Pz
    # Army Engineer (Engineer side up)", "B46.17: 6 SS Pz Army Engineer Grp" (no side printed:
    # the Engineer side, the side a unit moves on, 2.3)
    ("5.5", ("B17.05", "B21.09", "B24.11"), ("B18.23", "B46.17")),
])
def test_item67_item68_the_engineers_start_on_the_side_printed(scenario, emplaced, engineer_side):
    """2.3: an engineer on its Bridge side bridges every river hexside of its hex (German-built
    bridges, TEC +1); those on their Engineer side bridge nothing.  The sixth engineer is dead."""
    s = opening(scenario)
    for hex_id in emplaced:
        (uid,) = engineers_at(s, hex_id)
        assert mode(s.content, s.state, uid) == BRIDGE, hex_id
    for hex_id in engineer_side:
        (uid,) = engineers_at(s, hex_id)
        assert mode(s.content, s.state, uid) != BRIDGE, hex_id
    expected = set().union(*(river_sides(s, h) for h in emplaced))
    assert all(river_sides(s, h) for h in emplaced)  # each stands on the Our
    assert german_bridges(s.content, s.state) == expected
    assert s.unit("6SSEng:2").where == "dead"  # "6 SS Pz Army Engineer" of the dead pile


@pytest.mark.parametrize("scenario, hidden, dead", [
    # 5.4: "A34.34: Greif Team C (Hide)", "A47.25: Greif Team B (Hide)", "A50.05: Greif Team D
    # (Hide)"; dead pile "Team A (Greif)"
    ("5.4", {"Ger-Greif:C": "A34.34", "Ger-Greif:B": "A47.25", "Ger-Greif:D": "A50.05"}, {"Ger-Greif:A"}),
    # 5.5: "A47.25: Greif Team B (Hidden)"; dead pile "Greif Teams A, C, D"
    ("5.5", {"Ger-Greif:B": "A47.25"}, {"Ger-Greif:A", "Ger-Greif:C", "Ger-Greif:D"}),
])
def test_item67_item68_the_greif_teams_start_hidden_where_printed(scenario, hidden, dead):
    """2.1b: a Hidden team shows its "Hide" side: no stacking steps (2.1bB)."""
    s = opening(scenario)
    for uid, hex_id in hidden.items():
        assert s.unit(uid).hex == hex_id and "hidden" in s.unit(uid).statuses
        assert stacking_steps(s.content, s.state, uid) == 0
    assert all(s.unit(uid).where == "dead" for uid in dead)
    assert rules_data(s.state).hidden == frozenset(hidden)


REAL, DUMMY = True, False


@pytest.mark.parametrize("scenario, dumps", [
    ("5.4", {
        # German set-up: "B26.27: US Supply Dump (real, captured)", "B54.13: ... US Supply Dump (real, captured)"
        "B26.27": (REAL, GERMAN), "B54.13": (REAL, GERMAN),
        # US set-up: real at B15.28, A26.03, B49.28, B55.32; dummy at A36.02, B42.16, B39.26
        "B15.28": (REAL, ALLIED), "A26.03": (REAL, ALLIED), "B49.28": (REAL, ALLIED), "B55.32": (REAL, ALLIED),
        "A36.02": (DUMMY, ALLIED), "B42.16": (DUMMY, ALLIED), "B39.26": (DUMMY, ALLIED),
    }),
    ("5.5", {
        # German set-up: "US Supply Dump (real, captured)" at A26.03, B26.27, B54.13
        "A26.03": (REAL, GERMAN), "B26.27": (REAL, GERMAN), "B54.13": (REAL, GERMAN),
        # US set-up: real at B15.28, B49.28, B55.32; the US dead pile: "3x US Supply Dump (dummy)"
        "B15.28": (REAL, ALLIED), "B49.28": (REAL, ALLIED), "B55.32": (REAL, ALLIED),
    }),
])
def test_item67_item68_the_us_supply_dumps_and_those_the_germans_captured(scenario, dumps):
    """3.3: a German entering a real dump's hex flips it and it is a German Supply Dump from then on:
    the captured ones start German and face up; the US ones face down (3.3a)."""
    s = opening(scenario)
    hex_id = s.content.map.hex_id
    got = rules_data(s.state).dumps
    assert {hex_id(h): (d.real, d.owner) for h, d in got.items()} == dumps
    assert all(d.revealed == (d.owner == GERMAN) for d in got.values())


LESS_ONE_STEP = {
    "5.4": {
        "352VG:915",  # B11.07 (915 Inf Rgt, less one step)
        "5FJ:13",  # B11.16 (13 FJ Rgt, less one step)
        "2Pz:Gutmann-A",  # B21.30 (KG Guttmn-A, less one step, KG Guttmn-B)
        "116Pz:156",  # B26.28 (KG Stephen, KG 156 PG, less one step)
        "62VG:183",  # B36.13 (183 Inf Rgt, less one step)
        "3FJ:18", "3FJ:9", "3FJ:5",  # B52.20, B52.19 (with the 3 Arty Rgt, full), B53.18
        "12SS:Krause", "12SS:Kulmann-A", "12SS:Kulmann-C",  # B53.17, B53.16
        "12VG:27",  # B54.14 (27 Füs Rgt, less one step)
        "277VG:991",  # B58.12 (991 Inf Rgt, less one step)
        "28ID:112",  # B36.14 (112 Inf Rgt, less one step)
        "2ID:23", "2ID:38",  # B55.15
        "2ID:9",  # B56.14 (741 Tank Bn, 644 TD Bn, 9 Inf Rgt, less one step)
        "99ID:393", "99ID:394",  # B57.15, B58.14
    },
    "5.5": {
        "276VG:987",  # B12.01
        "352VG:915", "352VG:916", "352VG:914",  # B11.07, B10.07 (with the 352 Arty Rgt, full), B9.08
        "26VG:78",  # B16.25 (KG 78, less one step)
        "116Pz:60",  # A24.13 (KG 60 PG, less one step)
        "560VG:Schumann", "560VG:Schmidt", "560VG:Hauptmann",  # A31.06, A32.05, A32.04
        "12SS:Kulmann-A", "12SS:Kulmann-C",  # B29.27
        "12SS:Müller-A", "12SS:Krause",  # B30.26
        "2SS:Deutschland",  # A36.02 (KG Krag, Deutschland, less one step, 2 Pz Arty Rgt)
        "62VG:183",  # B43.28
        "3PG:29",  # B42.16 (103 AG Bn, 29 PG Rgt, less one step, 3 Arty Rgt)
        "1SS:Hansen-A",  # B46.18 (KG Hansn-A, less one step, KG Knittel)
        "1SS:Sandig",  # B47.19 (KG Sandig, less one step, 1 Pz Arty Rgt)
        "3FJ:9", "3FJ:5",  # B52.19, B53.17
        "12VG:48",  # B55.14 (KG 48, less one step)
        "277VG:990", "277VG:991",  # B56.12, B57.13
        "9AD:CCA",  # B10.04 (CCA, less one step)
        "28ID:112",  # A3.07
        "2AD:41",  # A19.27 (2-66 Tank Bn, 41 Mech Rgt, less one step)
        "82AB:508", "82AB:325",  # B42.31, B42.30
        "30ID:120",  # B52.23 (120 Inf Rgt, less one step, 743 Tank Bn)
        "2ID:23", "2ID:38", "2ID:9",  # B55.15, B56.14
        "99ID:393", "99ID:394", "99ID:395",  # B57.15, B58.14, B59.14
    },
}


@pytest.mark.parametrize("scenario", ["5.4", "5.5"])
def test_item67_item68_units_printed_less_one_step_start_one_step_down(scenario):
    """1.4: a unit "less one step" starts flipped, one step short of its counter's; every other
    unit on the map starts at full strength ("less one step" follows the unit it applies to)."""
    s = opening(scenario)
    on_map = [u for u in s.units() if u.where == "map"]
    reduced = {u.id for u in on_map if u.steps < u.max_steps}
    assert reduced == LESS_ONE_STEP[scenario]
    for u in on_map:
        if u.id in reduced:
            assert u.steps == u.max_steps - 1 and u.reduced and u.values == u.reduced_values, u.id


DEAD_PILES = {
    "5.4": {
        # German: Team A (Greif), (228 AG Bn)—116 Pz Div, (KG v.Coch-B)—2 Pz Div, 244 AG Bn,
        # (KG Rlbn:A, KG Bremer, KG Kulmn-B)—12 SS Pz Div, KG v.Heydte, 4 Werfer Bde, 6 SS Pz Army Engineer
        "Ger-Greif:A", "116Pz:228", "2Pz:von Cochmann-B", "Ger-Ind:244", "12SS:Rollbahn-A", "12SS:Bremer",
        "12SS:Kulmann-B", "Ger-Ind:von der Heydte", "Ger-Ind:4", "6SSEng:2",
        # US: 2x 105mm Arty Grps, (422, 423 Inf Rgt)—106 Inf Div, (18 Cav Bn)—14 Cav Grp,
        # (1-110, 2-110, 3-110, 3-109 Inf Bn, 707 Tank Bn, Divarty)—28 Inf Div
        "US-Ind:105-1", "US-Ind:105-2", "106ID:422", "106ID:423", "14Cav:18",
        "28ID:1-110", "28ID:2-110", "28ID:3-110", "28ID:3-109", "28ID:707", "28ID:Divarty",
    },
    "5.5": {
        # German: (KG Y)—150 Pz Bde, (KG Peiper-A, Peiper-B, Peiper-C, Hansn-B)—1 SS Pz Div,
        # (2 AG Bn, KG Kreuttz-B)—2 SS Pz Div, (KG Bremer, Rlbn: A, Kulmn-B, Müller-B)—12 SS Pz Div,
        # Greif Teams A, C, D, (Pz Bn)—F.Gren Bde, (228 AG Bn)—116 Pz Div, (KG v.Coch-A, v.Coch-B,
        # v.Böhm)—2 Pz Div, 244 AG Bn, KG V.Heydte, (986 Inf Rgt)—276 VG Div, 4 Werfer Bde,
        # 6 SS Pz Engineer Grp
        "150Pz:Y", "1SS:Peiper-A", "1SS:Peiper-B", "1SS:Peiper-C", "1SS:Hansen-B", "2SS:2 AG", "2SS:Kreuz-B",
        "12SS:Bremer", "12SS:Rollbahn-A", "12SS:Kulmann-B", "12SS:Müller-B",
        "Ger-Greif:A", "Ger-Greif:C", "Ger-Greif:D", "FGB:Pz Bn", "116Pz:228",
        "2Pz:von Cochmann-A", "2Pz:von Cochmann-B", "2Pz:von Böhm", "Ger-Ind:244", "Ger-Ind:von der Heydte",
        "276VG:986", "Ger-Ind:4", "6SSEng:2",
        # US: 1x 155 Arty Grp, 2x 105 Arty Grp, (2-67 Tank Bn)—2 Arm Div, (33-32 [3-32], 2-33 Tank
        # Bn)—3 Arm Div, (CCR, Divarty)—9 Arm Div, 99 Inf Bn, (18 Cav Bn)—14 Cav Grp, (1-110, 2-110,
        # 3-110, 2-109, 3-109 Inf Bn, 707 Tk Bn, Divarty)—28 Inf Div, (422, 423 Inf Rgt)—106 Inf Div
        "US-Ind:155-3", "US-Ind:105-1", "US-Ind:105-2", "2AD:2-67", "3AD:3-32", "3AD:2-33",
        "9AD:CCR", "9AD:Divarty", "US-Ind:99", "14Cav:18",
        "28ID:1-110", "28ID:2-110", "28ID:3-110", "28ID:2-109", "28ID:3-109", "28ID:707", "28ID:Divarty",
        "106ID:422", "106ID:423",
    },
}


@pytest.mark.parametrize("scenario", ["5.4", "5.5"])
def test_item67_item68_the_dead_piles_as_printed(scenario):
    """The "DeadPile" lines: those units start dead, and no other does (none is on the map or
    still to arrive)."""
    s = opening(scenario)
    assert {u.id for u in s.units() if u.where == "dead"} == DEAD_PILES[scenario]
    assert all(s.unit(uid).steps == 0 and s.unit(uid).hex is None for uid in DEAD_PILES[scenario])
