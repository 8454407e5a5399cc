"""The shipped Ardennes II transcription: counts, play areas, OOA entries, and that every
rule-given or estimated counter value still follows its stated rule."""

from collections import Counter as Tally
from datetime import date, timedelta
from pathlib import Path

import pytest

from ardennes_qt.core.numbering import ScsSheets
from ardennes_qt.rules.ardennes2 import estimates
from ardennes_qt.store.scenariotext import load_system

FOLDER = Path(__file__).resolve().parents[2] / "scenarios" / "ardennes2"
SHEETS = ScsSheets()


@pytest.fixture(scope="module")
def content():
    return load_system(FOLDER, SHEETS)


def _side_counts(content, counter_ids):
    tally = Tally(content.counters[c].side for c in counter_ids)
    return tally["Allied"], tally["German"]


# Counted by hand from the printed listings (README "Counts"); (Allied, German).
SETUP_COUNTS = {
    "7.1": (59, 134),
    "7.2": (59, 134),  # 7.1's set-up, its two Map A units set up at B1.47
    "7.3": (23, 54),
    "7.4": (22, 33),
    "7.5": (15, 24),
    "7.6": (48, 32),
}
OWN_ARRIVAL_COUNTS = {"7.3": (33, 26), "7.4": (0, 3), "7.5": (2, 4), "7.6": (11, 17)}


@pytest.mark.parametrize("scenario_id, counts", SETUP_COUNTS.items())
def test_setup_counts_per_side(content, scenario_id, counts):
    placements = content.scenarios[scenario_id].placements
    assert _side_counts(content, [p.counter for p in placements]) == counts


@pytest.mark.parametrize("scenario_id, counts", OWN_ARRIVAL_COUNTS.items())
def test_own_reinforcement_counts_per_side(content, scenario_id, counts):
    arrivals = content.scenarios[scenario_id].arrivals
    assert _side_counts(content, [c for a in arrivals if not a.remove for c in a.counters]) == counts


def test_7_1_counts_agree_with_the_checklist_within_two(content):
    allied, german = SETUP_COUNTS["7.1"]
    assert abs(allied - 60) <= 2 and abs(german - 132) <= 2


@pytest.mark.parametrize("scenario_id", SETUP_COUNTS)
def test_every_placement_is_a_map_hex_inside_the_play_area(content, scenario_id):
    scenario = content.scenarios[scenario_id]
    for p in scenario.placements:
        assert SHEETS.contains(p.hex)
        assert scenario.in_play_area(*SHEETS.sheet_column_row(p.hex)), (p.counter, SHEETS.format(p.hex))


@pytest.mark.parametrize("scenario_id", SETUP_COUNTS)
def test_every_turn_has_its_date_one_day_per_turn(content, scenario_id):
    scenario = content.scenarios[scenario_id]
    for turn in range(scenario.first_turn, scenario.last_turn + 1):
        day = date(1944, 12, 16) + timedelta(days=turn - 1)  # Turn 1 is 16 Dec 44 (7.1)
        assert scenario.dates[turn] == f"{day.day:02d} Dec 44"


def test_every_counter_is_set_up_or_arrives_somewhere(content):
    used = {p.counter for s in content.scenarios.values() for p in s.placements}
    used |= {c for s in content.scenarios.values() for a in s.arrivals for c in a.counters}
    used |= {c for a in content.ooa for c in a.counters}
    assert set(content.counters) - used == set()


def test_every_formation_has_counters_and_its_own_colour(content):
    assert {c.formation for c in content.counters.values()} == set(content.formations)
    colours = [f.colour for f in content.formations.values()]
    assert len(set(colours)) == len(colours)
    assert all(f.colour_source == "estimated" for f in content.formations.values())  # M6


def test_counter_ids_follow_the_readme_rule(content):
    for c in content.counters.values():
        base = f"{c.formation}:{c.designation.replace(', ', '+')}"
        assert c.id == base or (c.id.startswith(base + " ") and c.id[len(base) + 1 :] in estimates.type_words(c.unit_type)), c.id


def test_estimated_and_rule_values_re_derive_from_the_stated_rules(content):
    """counters.csv cannot drift from estimates.py: only 'user' values may differ."""
    for c in content.counters.values():
        steps, source = estimates.steps(c.full, c.unit_type)
        derived = {
            "steps": (steps, source),
            "reduced": (estimates.reduced_side(c.full, steps), source if steps == 1 else estimates.ESTIMATED),
            "ma_type": (estimates.ma_type(c.full, c.unit_type), estimates.ESTIMATED),
        }
        derived["exploit"] = (estimates.exploit_capable(c.full, derived["ma_type"][0]), estimates.ESTIMATED)
        for field, (value, expected_source) in derived.items():
            if c.provenance[field] == "user":
                continue
            assert (getattr(c, field), c.provenance[field]) == (value, expected_source), (c.id, field)


def test_step_losses_fall_on_two_step_units(content):
    for s in content.scenarios.values():
        for p in s.placements:
            assert not p.step_loss or content.counters[p.counter].steps == 2


def test_dg_stacks_of_7_1(content):
    dg = {p.counter for p in content.scenarios["7.1"].placements if p.dg}
    assert {"2Pz:vBohm", "2Pz:Gutmn", "2Pz:I/3", "2Pz:II/3", "12VG:27", "12VG:12 Pio", "3FJ:A/5", "3FJ:B/5"} <= dg
    assert "Lehr:130 JgPz" not in dg and "1SS:501" not in dg
    assert len(dg) == 19


def test_printed_nationality_overrides(content):
    assert content.counters["12SS:560"].nationality == "Wehrmacht"
    assert content.counters["US-Ind:5 Fus"].nationality == "Belgian"
    assert content.counters["5FJ:11"].nationality == "Luftwaffe"
    assert content.counters["1SS:501"].nationality == "SS"


def _ooa(content, side, turn):
    return [a for a in content.ooa if a.side == side and a.turn == turn]


def test_ooa_turns_cover_both_sides(content):
    assert sorted({a.turn for a in content.ooa if a.side == "Allied"}) == list(range(2, 16))
    assert sorted({a.turn for a in content.ooa if a.side == "German"}) == [2, 3, 4, 6, 7, 8, 10, 11, 13, 14]


def test_us_turn_12_removes_10_arm_div_except_cherry_desobry_ohara(content):
    (removal,) = [a for a in _ooa(content, "Allied", 12) if a.remove]
    assert set(removal.counters) == {"10AD:90", "10AD:Chmbln", "10AD:Standish", "10AD:Riley", "10AD:DIVARTY"}


def test_german_turn_13_removals(content):
    removed = {c for a in _ooa(content, "German", 13) if a.remove for c in a.counters}
    assert removed == {"150Pz:X", "150Pz:Y", "150Pz:Z", "GE-Ind:394+667", "GE-Ind:7", "GE-Ind:17", "GE-Ind:410"}


def test_goose_egg_removes_all_of_1_ss(content):
    (removal,) = [a for a in content.scenarios["7.4"].arrivals if a.remove]
    assert removal.turn == 4 and set(removal.counters) == {c.id for c in content.counters.values() if c.formation == "1SS"}


@pytest.mark.parametrize("turn, counter_id", [(3, "GE-Ind:653"), (14, "9Pz:301")])
def test_conditional_arrivals_need_a_five(content, turn, counter_id):
    (arrival,) = [a for a in _ooa(content, "German", turn) if counter_id in a.counters]
    assert arrival.roll == 5 and arrival.counters == (counter_id,)


def test_only_the_two_conditional_arrivals_roll(content):
    assert sorted(c for a in content.ooa if a.roll for c in a.counters) == ["9Pz:301", "GE-Ind:653"]
    (jgtg,) = [a for a in content.scenarios["7.3"].arrivals if a.roll]
    assert jgtg.counters == ("GE-Ind:653",) and jgtg.roll == 5


def test_von_der_heydte_drops_within_one_of_b17_49_on_turn_2(content):
    for arrivals in (content.ooa, content.scenarios["7.3"].arrivals):
        (vdh,) = [a for a in arrivals if "GE-Ind:vdH" in a.counters]
        assert (vdh.turn, SHEETS.format(vdh.hexes[0]), vdh.within) == (2, "B17.49", 1)


def test_airborne_divisions_arrive_by_5_1(content):
    for code in ("82AB", "101AB"):
        (arrival,) = [a for a in _ooa(content, "Allied", 3) if a.counters[0].startswith(code + ":")]
        assert arrival.areas == () and arrival.hexes == () and "See 5.1" in arrival.note


def test_7_3_own_ooa_agrees_with_the_main_ooa(content):
    """7.3's Turn 3/4/6 lists are the main OOA's lines for those units (M8 'Turn 6' = Turn 3)."""
    main = {c: (a.turn, a.areas) for a in content.ooa for c in a.counters if not a.remove}
    for a in content.scenarios["7.3"].arrivals:
        for c in a.counters:
            if a.areas:
                assert main[c][0] == a.turn and set(a.areas) <= set(main[c][1]), c


def test_scenario_notes_record_the_decisions(content):
    notes = " ".join(content.scenarios["7.1"].notes)
    for decision in ("B12.509", "I/110", "B27.17", "Webrmacht"):
        assert decision in notes
    assert any("Turn 6" in n and "Turn 3" in n for n in content.ooa_notes)
    assert any("4-1-8 Arm Rgt" in n for n in content.ooa_notes)


def test_no_unit_arrives_twice_in_the_campaign(content):
    entering = [p.counter for p in content.scenarios["7.1"].placements]
    entering += [c for a in content.ooa if not a.remove for c in a.counters]
    assert len(entering) == len(set(entering)) == len(content.counters)

