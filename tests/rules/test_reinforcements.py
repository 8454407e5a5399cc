"""Reinforcement Placement (2.2; OOA; 4.1 vdH; 5.1 XVIII Abn Corps; checklist items 23, 83, 87-92)."""

from __future__ import annotations

import re

import pytest

from ardennes_qt.core.outcome import Refused
from ardennes_qt.core.scenario import Arrival, Bounds
from ardennes_qt.engine import Session
from ardennes_qt.rules.ardennes2.actions import EndPhase, PlaceReinforcements
from ardennes_qt.rules.ardennes2.reinforcements import placement_hexes
from tests.rules.sequence_board import hexes, sequence_content

GERMAN_SETUP = [("1Pz:I", "B3.03", 0)]
ALLIED_SETUP = [("1ID:A", "A2.03", 0)]


def session_at(content, phase: str = "reinforcements", turn: int = 2, seed: int = 3) -> Session:
    """A session played on (ending every phase, answering nothing) to ``phase`` of ``turn``."""
    session = Session(content, seed)
    while not (session.state.turn == turn and session.state.phase == phase):
        assert not session.phase().game_over, f"never reached {phase} of Turn {turn}"
        session.apply(session.legal_actions()[0] if session.phase().pending else EndPhase())
    return session


def legal_hexes(session: Session, unit_id: str) -> list[str]:
    return sorted(session.map.hex_id(h) for h in placement_hexes(session.content, session.state, unit_id))


# --- where a unit may be placed (2.2; tables/reinforcements.toml) ---------------------------


def _content_with(arrival_kw: dict, placements=GERMAN_SETUP + ALLIED_SETUP, **kw):
    base = sequence_content(placements)
    kw_hexes = arrival_kw.pop("hex_ids", ())
    return sequence_content(placements, [Arrival(hexes=hexes(base, *kw_hexes), **arrival_kw)], **kw)


@pytest.mark.parametrize(
    "arrival_kw, unit, expected, item",
    [
        (dict(turn=2, side="Allied", counters=("2ID:A",), areas=("F",)), "2ID:A", ["A1.00", "A2.00", "A3.00"], "Entry Area F"),
        (dict(turn=2, side="German", counters=("1Pz:II",), hex_ids=("B5.03", "B5.04")), "1Pz:II", ["B5.03", "B5.04"], "B5.03 or B5.04"),
        (
            dict(turn=2, side="German", counters=("1Pz:II",), hex_ids=("B5.03",), within=1),
            "1Pz:II",
            ["B4.02", "B4.03", "B5.02", "B5.03", "B5.04", "B6.02", "B6.03"],
            "w/i 1 B5.03",
        ),
        (dict(turn=2, side="Allied", counters=("2ID:A",), edge="B:south"), "2ID:A", [f"B{c}.00" for c in range(1, 7)], "Map B south edge"),
    ],
)
def test_item_90_printed_entry_places(arrival_kw, unit, expected, item):
    session = session_at(_content_with(dict(arrival_kw)))
    assert legal_hexes(session, unit) == expected, item


def test_item_90_map_edge_of_the_play_area():
    """7.5 "Any hex along Map A's south edge": the play area's south edge (rows 2 and up here)."""
    content = _content_with(
        dict(turn=2, side="Allied", counters=("2ID:A",), edge="A:south"),
        bounds=(Bounds("A", min_row=2), Bounds("B", min_row=2)),
    )
    session = session_at(content)
    assert legal_hexes(session, "2ID:A") == [f"A{c}.02" for c in range(1, 7)]


def test_2_2_enemy_held_and_full_hexes_are_left_out():
    placements = GERMAN_SETUP + [("1ID:B", "A1.00", 0), ("1ID:C", "A1.00", 0), ("1ID:D", "A1.00", 0), ("1Pz:III", "A3.00", 0)]
    content = _content_with(dict(turn=2, side="Allied", counters=("2ID:A",), areas=("F",)), placements)
    assert legal_hexes(session_at(content), "2ID:A") == ["A2.00"]


def test_2_2_provisional_overflow_to_the_nearest_hexes_with_room():
    """No printed hex can take the unit: the nearest ring that can (tables/reinforcements.toml)."""
    placements = GERMAN_SETUP + [("1ID:B", "A1.00", 0), ("1ID:C", "A1.00", 0), ("1ID:D", "A1.00", 0)]
    content = _content_with(dict(turn=2, side="Allied", counters=("2ID:A",), hex_ids=("A1.00",)), placements)
    assert legal_hexes(session_at(content), "2ID:A") == ["A1.01", "A2.00"]


@pytest.mark.parametrize(
    "option, expected",
    [
        (None, ["B1.03"]),  # the default: the play area's edge, in the printed row
        ("play_area_edge", ["B1.03"]),
        ("nearest_hex", ["B1.03", "B1.04"]),  # the nearest hexes with room, counted in hexes
    ],
)
def test_7_2_printed_hex_outside_the_play_area_enters_at_the_play_areas_nearest_edge(option, expected):
    """tables/options.toml outside_arrivals: A6.03, on a sheet out of play, enters on the play
    area's west column in its own row."""
    content = _content_with(
        dict(turn=2, side="Allied", counters=("2ID:A",), hex_ids=("A6.03",)), placements=[("1Pz:I", "B4.03", 0)],
        maps=("B",), options={"outside_arrivals": option} if option else None,
    )
    assert legal_hexes(session_at(content), "2ID:A") == expected


def test_tec_prohibited_terrain_only_on_a_road():
    content = _content_with(
        dict(turn=2, side="German", counters=("1Pz:II",), hex_ids=("B5.03", "B5.04")), terrain={"B5.03": {"forest"}}
    )
    assert legal_hexes(session_at(content), "1Pz:II") == ["B5.04"]


# --- placing ------------------------------------------------------------------------------


def test_2_2_placing_puts_the_unit_on_the_map_with_its_printed_step_loss_and_dg():
    """7.4 Turn 6 "(Step Loss)": the unit arrives on its reduced side; DG likewise."""
    content = _content_with(
        dict(turn=2, side="German", counters=("1Pz:II", "1Pz:III"), areas=("A",), step_loss=("1Pz:II",), dg=("1Pz:III",))
    )
    session = session_at(content)
    outcome = session.apply(PlaceReinforcements(("1Pz:II", "1Pz:III"), "B6.03"))
    assert [(u.id, u.steps, u.dg) for u in session.stack_at("B6.03")] == [("1Pz:II", 1, False), ("1Pz:III", 2, True)]
    assert "Step Loss" in " ".join(outcome.log[0].reasons)


@pytest.mark.parametrize(
    "units, to, reason",
    [
        (("1Pz:IV",), "B6.03", "not due"),
        (("1Pz:II",), "B1.03", "cannot be placed"),
        (("1Pz:II", "1Pz:II"), "B6.03", "once"),
        (("1Pz:II",), "Z9.99", "no map sheet Z"),
    ],
)
def test_2_2_refused_placements(units, to, reason):
    session = session_at(_content_with(dict(turn=2, side="German", counters=("1Pz:II", "1Pz:III"), areas=("A",))))
    with pytest.raises(Refused, match=reason):
        session.apply(PlaceReinforcements(units, to))


def test_3_1_a_placement_never_overstacks():
    placements = [("1Pz:I", "B6.03", 0), ("1Pz:IV", "B6.03", 0)] + ALLIED_SETUP
    session = session_at(_content_with(dict(turn=2, side="German", counters=("1Pz:II", "1Pz:III"), areas=("A",)), placements))
    with pytest.raises(Refused, match="cannot be placed in B6.03"):
        session.apply(PlaceReinforcements(("1Pz:II", "1Pz:III"), "B6.03"))


def test_2_2_placing_is_refused_outside_the_reinforcement_phase():
    session = session_at(_content_with(dict(turn=2, side="German", counters=("1Pz:II",), areas=("A",))), phase="ge_movement")
    with pytest.raises(Refused, match="Pre-Turn Reinforcement Placement"):
        session.apply(PlaceReinforcements(("1Pz:II",), "B6.03"))


def test_provisional_unplaced_units_are_placed_when_the_phase_ends_keeping_divisions_apart():
    placements = [("2Pz:I", "B6.02", 0)] + GERMAN_SETUP + ALLIED_SETUP
    session = session_at(_content_with(dict(turn=2, side="German", counters=("1Pz:II", "1Pz:III"), areas=("A",)), placements))
    outcome = session.apply(EndPhase())
    assert session.unit("1Pz:II").hex == "B6.03" and session.unit("1Pz:III").hex == "B6.03"
    placed = [line for line in outcome.log if "placed in" in line.text]
    assert len(placed) == 2 and all("placed by the program" in " ".join(line.reasons) for line in placed)


def test_a_unit_with_nowhere_to_go_waits_for_the_next_turn():
    content = sequence_content(GERMAN_SETUP + ALLIED_SETUP, [Arrival(2, "German", ("1Pz:II",), areas=("X",))])
    session = session_at(content)
    session.apply(EndPhase())
    assert session.unit("1Pz:II").where == "scheduled"
    assert session_at(content, turn=3).phase().due_reinforcements == ("1Pz:II",)


# --- removals and conditional arrivals (2.2; OOA) ----------------------------------------------


@pytest.mark.parametrize("where_before", ["map", "dead", "scheduled"])
def test_2_2_removal_takes_units_out_of_play_even_if_dead(where_before):
    placements = GERMAN_SETUP + ALLIED_SETUP + ([("1Pz:II", "B4.03", 0)] if where_before == "map" else [])
    arrivals = [Arrival(3, "German", ("1Pz:II",), remove=True)]
    if where_before == "scheduled":
        arrivals.append(Arrival(5, "German", ("1Pz:II",), areas=("A",)))
    content = sequence_content(placements, arrivals, dead=("1Pz:II",) if where_before == "dead" else (), last_turn=5)
    session = Session(content, 1)
    assert session.unit("1Pz:II").where == where_before
    session = session_at(content, phase="ge_movement", turn=3)
    assert session.unit("1Pz:II").where == "removed"
    assert any("Removed from play" in line.text and "even if dead" in line.reasons[0] for line in session.log())


@pytest.mark.parametrize("seed", range(8))
def test_item_88_conditional_arrival_on_a_roll_of_5_or_more(seed):
    content = sequence_content(GERMAN_SETUP + ALLIED_SETUP, [Arrival(2, "German", ("GE-Ind:653",), areas=("A",), roll=5)])
    session = session_at(content, phase="ge_movement", seed=seed)
    line = next(line for line in session.log() if "653" in line.text)
    roll = int(re.search(r"rolled (\d)", line.reasons[0]).group(1))
    if roll >= 5:
        assert line.text.startswith("Due") and session.unit("GE-Ind:653").where == "map"
    else:
        assert line.text.startswith("Does not arrive") and session.unit("GE-Ind:653").where == "removed"


# --- 4.1 von der Heydte --------------------------------------------------------------------------


def _vdh_content():
    placements = GERMAN_SETUP + [("1ID:A", "B4.04", 0)]
    return _content_with(dict(turn=2, side="German", counters=("GE-Ind:vdH",), hex_ids=("B4.03",), within=1), placements)


def test_4_1_vdh_lands_within_1_in_a_hex_without_us_units():
    assert legal_hexes(session_at(_vdh_content()), "GE-Ind:vdH") == ["B3.03", "B3.04", "B4.02", "B4.03", "B5.03", "B5.04"]


@pytest.mark.parametrize("seed", range(8))
def test_4_1_vdh_success_table(seed):
    session = session_at(_vdh_content(), seed=seed)
    outcome = session.apply(PlaceReinforcements(("GE-Ind:vdH",), "B5.03"))
    roll = int(re.search(r"rolled (\d)", outcome.log[0].reasons[-1]).group(1))
    if roll <= 2:
        assert session.unit("GE-Ind:vdH").where == "removed" and "fails" in outcome.log[0].text
    else:
        assert session.unit("GE-Ind:vdH").hex == "B5.03" and "succeeds" in outcome.log[0].text


# --- 5.1 XVIII Abn Corps on the shipped map ------------------------------------------------------


@pytest.fixture(scope="module")
def airborne_turn():
    session = Session.new("ardennes2/7.1", seed=2)
    while not session.state.phase == "us_movement" or session.state.turn != 3:
        session.apply(EndPhase() if not session.phase().pending else session.legal_actions()[0])
    return session


def test_5_1_the_airborne_arrive_in_the_us_movement_phase_of_turn_3(airborne_turn):
    info = airborne_turn.phase()
    assert info.pending[0]["kind"] == "abn_corps_arrival" and info.pending[0]["rule"] == "5.1"
    assert len(info.due_reinforcements) == 18
    assert all(a.kind == "reinforce" for a in airborne_turn.legal_actions())


def test_5_1_each_division_within_3_of_one_group(airborne_turn):
    session = Session(airborne_turn.content, 2, initial=airborne_turn.state)
    near_bastogne = set(legal_hexes(session, "82AB:A/504"))
    assert "B1.16" in near_bastogne and "A38.16" in near_bastogne and "A36.54" in near_bastogne
    session.apply(PlaceReinforcements(("82AB:A/504",), "B2.16"))  # only Group 2 reaches B2.16
    after = set(legal_hexes(session, "82AB:B/504"))
    assert "A36.54" not in after and "B1.13" in after
    assert "A36.54" in legal_hexes(session, "101AB:A/501")  # the other Division chooses its own group
    with pytest.raises(Refused, match="5.1"):
        session.apply(PlaceReinforcements(("82AB:B/504",), "A36.54"))


def test_5_1_nothing_else_until_the_airborne_are_placed(airborne_turn):
    with pytest.raises(Refused, match="abn corps arrival"):
        airborne_turn.ruleset.apply(airborne_turn.content, airborne_turn.state, EndPhase())


def test_7_4_turn_4_removes_all_of_1_ss_pz_div_in_the_game():
    """7.4 "Turn 4 Remove: 1 SS Pz Div (all)": the three 1 SS units set up in 7.4 leave play;
    the rest of the division never was in this scenario."""
    session = Session.new("ardennes2/7.4", seed=1)
    while session.state.turn < 4 or session.state.phase in ("weather", "air_strikes", "air_supply", "reinforcements"):
        session.apply(session.legal_actions()[0] if session.phase().pending else EndPhase())
    assert [u.where for u in session.units() if u.formation == "1SS"] == ["removed"] * 3
    line = next(line for line in session.log() if line.text.startswith("Removed from play"))
    assert line.text.count("(1 SS Pz Div)") == 3


# --- the legal placements, alone and stacked (2.2, 3.1) -----------------------------------------


def test_2_2_legal_placements_offer_each_unit_and_each_entrys_division_stacked():
    """An entry of three 1 Pz Div units and one 2 Pz Div unit: each alone, and the 1 Pz Div
    units stacked, into the hexes with room for all three."""
    counters = ("1Pz:II", "1Pz:III", "1Pz:IV", "2Pz:I")
    placements = [("1Pz:I", "B6.02", 0)] + ALLIED_SETUP  # B6.02 has room for two more
    session = session_at(_content_with(dict(turn=2, side="German", counters=counters, areas=("A",)), placements))
    families = {c.label: c for c in session.choices() if c.label.startswith("place")}
    assert set(families) == {"place 1Pz:II", "place 1Pz:III", "place 1Pz:IV", "place 2Pz:I", "place 1Pz:II, 1Pz:III, 1Pz:IV"}
    stacked = families["place 1Pz:II, 1Pz:III, 1Pz:IV"].actions()
    assert [a.to for a in stacked] == ["B6.03", "B6.04"]  # B6.02 has room for two only
    assert session.placements(("1Pz:II", "1Pz:III", "1Pz:IV")) == ["B6.03", "B6.04"]
    session.apply(stacked[0])
    assert [u.id for u in session.stack_at("B6.03")] == ["1Pz:II", "1Pz:III", "1Pz:IV"]
    assert PlaceReinforcements(("2Pz:I",), "B6.04") in session.legal_actions()


def test_7_2_map_a_arrivals_enter_on_map_bs_west_column_in_their_printed_rows():
    """7.2 reading (tables/options.toml outside_arrivals): the OOA's Map A entries of Turns 2-6
    enter at the play area's edge nearest their printed place: the 740 Arm Bn (Turn 4, A38.48)
    at B1.48, the 551 Abn Bn (Turn 6, Entry Area L, A1.30-A1.36) at B1.30-B1.36; Entry Area I,
    partly on Map B, keeps its Map B hexes."""
    session = Session.new("ardennes2/7.2", seed=1)
    assert legal_hexes(session, "US-Ind:740") == ["B1.48"]
    assert legal_hexes(session, "US-Ind:551") == [f"B1.{r}" for r in range(30, 37)]
    assert set(legal_hexes(session, "10AD:Cherry")) <= {"B1.00", "B2.00", "B3.00"}


def test_7_2_the_740_arm_bn_is_placed_at_b1_48_on_turn_4_saying_why():
    session = Session.new("ardennes2/7.2", seed=1)
    while not (session.state.turn == 4 and session.state.phase == "reinforcements"):
        session.apply(session.legal_actions()[0] if session.phase().pending else EndPhase())
    with pytest.raises(Refused):
        session.apply(PlaceReinforcements(("US-Ind:740",), "B1.47"))
    outcome = session.apply(PlaceReinforcements(("US-Ind:740",), "B1.48"))
    assert [u.id for u in session.stack_at("B1.48")] == ["US-Ind:740"]
    reasons = " ".join(outcome.log[0].reasons)
    assert "A38.48" in reasons and "edge nearest its printed place" in reasons


def test_m10_7_2_reinforcements_arrive_on_map_b_only():
    """7.2 plays Map B alone and does not say which reinforcements it uses (M10): the main
    OOA's entries of Turns 2-6 arrive, each in the hexes of Map B its entry place allows, the
    Map A ones at the nearest Map B hexes (tables/reinforcements.toml, provisional)."""
    session = Session.new("ardennes2/7.2", seed=1)
    content, state = session.content, session.state
    entries = [a for a in content.scenario.arrivals if not a.remove and a.turn <= content.scenario.last_turn]
    assert entries
    for arrival in entries:
        for unit in arrival.counters:
            hexes = placement_hexes(content, state, unit)
            assert hexes, unit
            assert {content.map.numbering.sheet_column_row(h)[0] for h in hexes} == {"B"}, unit


def test_5_1_in_7_3_the_82nd_arrives_in_the_us_movement_phase_at_its_printed_hex():
    """7.3 prints "B1.40: 82 Abn Div" on Turn 3; 5.1 still places it during the US Movement
    Phase, and the printed hex replaces the groups (tables/reinforcements.toml)."""
    session = Session.new("ardennes2/7.3", seed=2)
    while not (session.state.turn == 3 and session.decision() and session.decision()["kind"] == "abn_corps_arrival"):
        assert session.state.turn <= 3, "the 82nd never arrived on Turn 3"
        session.apply(session.legal_actions()[0] if session.phase().pending else EndPhase())
    assert session.state.phase == "us_movement"
    units = session.decision()["data"]["units"]
    assert {session.content.counter(u).formation for u in units} == {"82AB"}
    assert session.placements((units[0],))[0] == "B1.40"


def test_5_1_a_house_rule_that_moves_the_airborne_arrival_is_followed():
    from ardennes_qt.rules.ardennes2 import abn_corps
    from ardennes_qt.rules.ardennes2.ruleset import Ardennes2
    from ardennes_qt.rules.ardennes2.tables import TABLES

    text = (TABLES / "reinforcements.toml").read_text()
    assert abn_corps.arrival_phase() == "us_movement" and abn_corps.rule() == "5.1"
    house = Ardennes2().tables({"reinforcements": text.replace('phase = "us_movement"', 'phase = "reinforcements"')})
    with house.in_use():
        assert abn_corps.arrival_phase() == "reinforcements" and abn_corps.rule() == "5.1"
    assert abn_corps.arrival_phase() == "us_movement"
