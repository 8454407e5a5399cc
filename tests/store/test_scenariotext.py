"""The listing grammar and the scenario/OOA loader, on small hand-written files."""

from pathlib import Path

import pytest

from ardennes_qt.core.numbering import ScsSheets
from ardennes_qt.core.units import Values
from ardennes_qt.store.errors import ContentError
from ardennes_qt.store.scenariotext import load_system, read_counters, read_formations, read_ooa
from ardennes_qt.store.seedgrammar import GrammarError, parse_items, parse_setup_line

SHEETS = ScsSheets()

# --- grammar -----------------------------------------------------------------------------


def _summary(line):
    return [(str(i.values), i.unit_type, i.designations, i.dg, i.step_loss, i.printed_nationality, i.independent) for i in line.items]


@pytest.mark.parametrize(
    "text, hex_id, within, items",
    [
        (
            "B23.46: 3-5-10 Inf Bn(+) (A/23), [7]-1-16 Arty Rgt (DIVARTY)",
            "B23.46", 0,
            [("3-5-10", "Inf Bn(+)", ("A/23",), False, False, "", False),
             ("[7]-1-16", "Arty Rgt", ("DIVARTY",), False, False, "", False)],
        ),
        (  # multi-designation: one counter per designation
            "B8.54: 3-5-10 Inf Bn(+) (A/26, B/26)",
            "B8.54", 0, [("3-5-10", "Inf Bn(+)", ("A/26", "B/26"), False, False, "", False)],
        ),
        (  # a DG closing the line sits on the whole stack (3.4)
            "B22.19: 5-3-12 Pz Bn (I/3), 4-2-12 Pz Bn (II/3) (DG)",
            "B22.19", 0,
            [("5-3-12", "Pz Bn", ("I/3",), True, False, "", False), ("4-2-12", "Pz Bn", ("II/3",), True, False, "", False)],
        ),
        (
            "B34.39: 4-5-8 Inf Rgt (27), 1-2-8 Pio Bn (12) (Both DG)",
            "B34.39", 0,
            [("4-5-8", "Inf Rgt", ("27",), True, False, "", False), ("1-2-8", "Pio Bn", ("12",), True, False, "", False)],
        ),
        (  # a Step Loss is the item's own
            "A36.44: [7]-1-8 Arty Rgt (DIVARTY), 2-2-16 Arm Cav Bn (87) (Step Loss)",
            "A36.44", 0,
            [("[7]-1-8", "Arty Rgt", ("DIVARTY",), False, False, "", False),
             ("2-2-16", "Arm Cav Bn", ("87",), False, True, "", False)],
        ),
        (
            "A35.34: 4-3-14 Arm TF (Erlen), 3-3-14 Mech TF (Rhea) (Each with a Step Loss)",
            "A35.34", 0,
            [("4-3-14", "Arm TF", ("Erlen",), False, True, "", False), ("3-3-14", "Mech TF", ("Rhea",), False, True, "", False)],
        ),
        (
            "w/i 1 B40.30: 4-2-12 Pz Bn (FB), 1-1-10 Bicycle Bn (828)",
            "B40.30", 1,
            [("4-2-12", "Pz Bn", ("FB",), False, False, "", False), ("1-1-10", "Bicycle Bn", ("828",), False, False, "", False)],
        ),
        (
            "B39.48: 4-5-12 JgPz Bn (560) (Wehrmacht)",
            "B39.48", 0, [("4-5-12", "JgPz Bn", ("560",), False, False, "Wehrmacht", False)],
        ),
        (  # nationality printed inside the type words
            "B27.11: 3-3-10 LW StG Bde (11), 2-2-14 SS Pz Recon KG (Bremer)",
            "B27.11", 0,
            [("3-3-10", "LW StG Bde", ("11",), False, False, "Luftwaffe", False),
             ("2-2-14", "SS Pz Recon KG", ("Bremer",), False, False, "SS", False)],
        ),
        (  # artillery values, and an independent unit set up with a division
            "B1.16: [5]-1-8 Abn Arty Rgt (DIVARTY), [9]-1-16 Independent Arty Grp (333)",
            "B1.16", 0,
            [("[5]-1-8", "Abn Arty Rgt", ("DIVARTY",), False, False, "", False),
             ("[9]-1-16", "Arty Grp", ("333",), False, False, "", True)],
        ),
        (  # a quoted designation is one counter
            'B40.49: 3-3-10 StG Bde ("394, 667")',
            "B40.49", 0, [("3-3-10", "StG Bde", ("394, 667",), False, False, "", False)],
        ),
    ],
)  # fmt: skip
def test_setup_line_grammar(text, hex_id, within, items):
    line = parse_setup_line(text)
    assert (line.hex, line.within) == (hex_id, within)
    assert _summary(line) == items


@pytest.mark.parametrize(
    "text, complaint",
    [
        ("B39.39: 3-3-12 Inf Bn(+) B/1)", "never opened"),
        ("B12.20 2-3-10 Inf Bn (2/110)", "is not a set-up line"),
        ("B1.16: 3-5 Inf Bn (A/1)", "does not start with counter values"),
        ("B1.16: 3-5-10 Inf Bn (A/1) xx", "'xx' stands outside"),
        ("B1.16: 3-5-10 Inf Bn (A/1) (Foo)", "'(Foo)' is not"),
        ("B1.16: 3-5-10 Inf Bn (A/1),", "empty item"),
        ("B1.16: 3-5-10 (A/1)", "no unit type"),
        ("B1.16: 3-5-10 Inf Bn ()", "empty designation"),
        ("B1.16: 3-5-10 Inf Bn", "no designation"),
        ("B1.16: 3-5-10 Inf Bn (A/1, B/1, C/1) (Both DG)", "does not list two units"),
        ("B20.38: 3-3-12 Inf Bn(+) (A/I", "open"),
    ],
)
def test_malformed_lines_are_refused_with_a_reason(text, complaint):
    with pytest.raises(GrammarError) as info:
        parse_setup_line(text)
    assert complaint in str(info.value)


def test_items_without_a_hex():
    items = parse_items("2-2-16 CW Arm Cav Bn (2 HHC, 61 Rec), 3-4-8 Inf Rgt (1130) (Step Loss)")
    assert [i.designations for i in items] == [("2 HHC", "61 Rec"), ("1130",)]
    assert items[0].printed_nationality == "CW" and items[1].step_loss
    assert items[1].values == Values(3, 4, 8)


# --- a small system folder ---------------------------------------------------------------

FORMATIONS = """code,name,aliases,side,nationality,colour,colour_source,independent
US-Ind,Independents,,Allied,US,#9e2e2e,estimated,true
1ID,1 Inf Div,Big Red One,Allied,US,#3a6b35,estimated,false
GE-Ind,Independents,,German,Wehrmacht,#555555,estimated,true
1SS,1 SS Pz Div,1 SS Pz Div (includes 1 SS-P),German,SS,#222222,estimated,false
"""
HEAD = "id,side,nationality,formation,designation,unit_type,full,reduced,steps,ma_type,exploit,steps_source,reduced_source,ma_type_source,exploit_source,notes\n"
COUNTERS = HEAD + """US-Ind:99,Allied,US,US-Ind,99,Inf Bn,1-3-16,1-2-16,2,mech,true,estimated,estimated,estimated,estimated,
US-Ind:174,Allied,US,US-Ind,174,Arty Grp,[9]-1-16,,1,mech,false,rule,rule,estimated,estimated,
1ID:A/26,Allied,US,1ID,A/26,Inf Bn(+),3-5-10,2-3-10,2,leg,false,estimated,estimated,estimated,estimated,
1ID:B/26,Allied,US,1ID,B/26,Inf Bn(+),3-5-10,2-3-10,2,leg,false,estimated,estimated,estimated,estimated,
1ID:DIVARTY,Allied,US,1ID,DIVARTY,Arty Rgt,[7]-1-16,,1,mech,false,rule,rule,estimated,estimated,
GE-Ind:244,German,Wehrmacht,GE-Ind,244,StG Bde,3-3-10,2-2-10,2,mech,true,estimated,estimated,estimated,estimated,
GE-Ind:653,German,Wehrmacht,GE-Ind,653,JgTg Bn,6-8-8,3-4-8,2,mech,true,estimated,estimated,estimated,estimated,
1SS:1 JgPz,German,SS,1SS,1,SS JgPz Bn,3-4-12,2-2-12,2,mech,true,estimated,estimated,estimated,estimated,
1SS:1 Pio,German,SS,1SS,1,Pz Pio Bn,2-2-12,1-1-12,2,mech,true,estimated,estimated,estimated,estimated,
1SS:560,German,Wehrmacht,1SS,560,JgPz Bn,4-5-12,2-3-12,2,mech,true,user,estimated,estimated,estimated,
1SS:A/1,German,SS,1SS,A/1,Inf Bn(+),3-3-12,2-2-12,2,mech,true,estimated,estimated,estimated,estimated,
"""
OOA = """
notes = ["an OOA note"]

[[arrival]]
turn = 2
side = "Allied"
where = "N or O"
formation = "1 Inf Div"
units = "3-5-10 Inf Bn(+) (B/26)"

[[arrival]]
turn = 3
side = "German"
where = "B"
units = "6-8-8 JgTg Bn (653)"
roll = 5

[[arrival]]
turn = 4
side = "German"
formation = "1 SS Pz Div"
remove = true
formation_all = true
except = ["3-3-12 Inf Bn(+) (A/1)"]
"""
SCENARIO = '''
system = "ardennes2"
id = "9.1"
title = "Test"
maps = ["B"]
first_turn = 2
last_turn = 4
first_date = "17 Dec 44"
reinforcements = "own"
notes = ["a decision"]

[[bounds]]
sheet = "B"
min_row = 36

[text]
victory = "As per 6.0."

[setup.Allied]
"1 Inf Div" = """
B8.54: 3-5-10 Inf Bn(+) (A/26), [7]-1-16 Arty Rgt (DIVARTY)
"""
"Independents" = """
B1.47: 1-3-16 Inf Bn (99) (Step Loss)
"""

[setup.German]
"1 SS Pz Div (includes 1 SS-P)" = """
B40.41: 3-4-12 SS JgPz Bn (1), 2-2-12 Pz Pio Bn (1) (DG)
B39.48: 4-5-12 JgPz Bn (560) (Wehrmacht), 3-3-10 Independent StG Bde (244)
w/i 1 B40.38: 3-3-12 Inf Bn(+) (A/1)
"""

[[arrivals]]
turn = 3
side = "Allied"
where = "w/i 1 B17.49"
units = "[9]-1-16 Arty Grp (174)"

[[arrivals]]
turn = 4
side = "Allied"
where = "Entry Area O"
formation = "Big Red One"
units = "3-5-10 Inf Bn(+) (B/26) (Step Loss)"
'''


def write_system(folder: Path, scenario: str = SCENARIO, counters: str = COUNTERS, ooa: str = OOA) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "formations.csv").write_text(FORMATIONS)
    (folder / "counters.csv").write_text(counters)
    (folder / "ooa.toml").write_text(ooa)
    (folder / "9.1.toml").write_text(scenario)
    return folder


@pytest.fixture
def system(tmp_path):
    return write_system(tmp_path / "ardennes2")


def test_load_a_small_system(system):
    content = load_system(system, SHEETS)
    assert content.system == "ardennes2" and content.ooa_notes == ["an OOA note"]
    s = content.scenarios["9.1"]
    assert s.dates == {2: "17 Dec 44", 3: "18 Dec 44", 4: "19 Dec 44"}
    assert s.notes == ["a decision"] and s.text == {"victory": "As per 6.0."}
    got = {p.counter: (SHEETS.format(p.hex), p.within, p.dg, p.step_loss) for p in s.placements}
    assert got == {
        "1ID:A/26": ("B8.54", 0, False, False),
        "1ID:DIVARTY": ("B8.54", 0, False, False),
        "US-Ind:99": ("B1.47", 0, False, True),
        "1SS:1 JgPz": ("B40.41", 0, True, False),  # the same designation, told apart by type word
        "1SS:1 Pio": ("B40.41", 0, True, False),
        "1SS:560": ("B39.48", 0, False, False),
        "GE-Ind:244": ("B39.48", 0, False, False),  # "Independent" under a division header
        "1SS:A/1": ("B40.38", 1, False, False),
    }
    first, second = s.arrivals
    assert (first.counters, SHEETS.format(first.hexes[0]), first.within) == (("US-Ind:174",), "B17.49", 1)
    assert (second.counters, second.areas) == (("1ID:B/26",), ("O",))  # formation found by alias
    assert second.step_loss == ("1ID:B/26",)


def test_ooa_entries(system):
    counters = read_counters(system / "counters.csv", read_formations(system / "formations.csv"))
    ooa = read_ooa(system / "ooa.toml", counters, read_formations(system / "formations.csv"), SHEETS)
    assert ooa[0].areas == ("N", "O")
    assert (ooa[1].counters, ooa[1].roll) == (("GE-Ind:653",), 5)
    assert ooa[2].remove and set(ooa[2].counters) == {"1SS:1 JgPz", "1SS:1 Pio", "1SS:560"}


def test_counters_carry_provenance_including_user_values(system):
    formations = read_formations(system / "formations.csv")
    counters = read_counters(system / "counters.csv", formations)
    assert counters["1SS:560"].provenance == {
        "steps": "user", "reduced": "estimated", "ma_type": "estimated", "exploit": "estimated", "colour": "estimated",
    }  # fmt: skip
    assert counters["US-Ind:174"].reduced is None and counters["US-Ind:174"].source_of("steps") == "rule"
    assert formations["1SS"].printed_names == ("1 SS Pz Div", "1 SS Pz Div (includes 1 SS-P)")


def test_ooa_scenario_takes_the_main_ooa_within_its_turns(tmp_path):
    text = SCENARIO.replace('reinforcements = "own"', 'reinforcements = "ooa"').split("[[arrivals]]")[0]
    folder = write_system(tmp_path / "ardennes2", scenario=text.replace("last_turn = 4", "last_turn = 3"))
    s = load_system(folder, SHEETS).scenarios["9.1"]
    assert [a.turn for a in s.arrivals] == [2, 3]


def test_borrowed_setup_leaves_out_the_listed_counters(tmp_path):
    folder = write_system(tmp_path / "ardennes2")
    (folder / "9.2.toml").write_text(
        'system = "ardennes2"\nid = "9.2"\ntitle = "Borrowed"\nmaps = ["B"]\nfirst_turn = 2\nlast_turn = 2\n'
        'first_date = "17 Dec 44"\nreinforcements = "none"\nsetup_from = "9.1"\nnot_in_play = ["US-Ind:99"]\n'
    )
    s = load_system(folder, SHEETS).scenarios["9.2"]
    assert len(s.placements) == 7 and "US-Ind:99" not in {p.counter for p in s.placements}
    assert s.options["not_in_play"] == ["US-Ind:99"]


BORROWER = ('system = "ardennes2"\nid = "9.2"\ntitle = "Borrowed"\nmaps = ["B"]\nfirst_turn = 2\nlast_turn = 2\n'
            'first_date = "17 Dec 44"\nreinforcements = "none"\nsetup_from = "9.1"\nnot_in_play = ["US-Ind:99"]\n')


def test_a_unit_left_out_of_a_borrowed_setup_may_be_set_up_in_a_hex_of_its_own(tmp_path):
    """7.2 takes 7.1's set-up, two of whose units stand on Map A, out of its play area: it sets
    them up on Map B in lines of its own, after the borrowed set-up."""
    folder = write_system(tmp_path / "ardennes2")
    (folder / "9.2.toml").write_text(BORROWER + '[setup.Allied]\n"Independents" = """\nB2.47: 1-3-16 Inf Bn (99)\n"""\n')
    s = load_system(folder, SHEETS).scenarios["9.2"]
    assert len(s.placements) == 8 and s.options["not_in_play"] == ["US-Ind:99"]
    assert (s.placements[-1].counter, SHEETS.format(s.placements[-1].hex)) == ("US-Ind:99", "B2.47")
    assert not s.placements[-1].step_loss  # its own line, not the lender's "(Step Loss)"


def test_a_borrowed_setup_sets_up_again_only_the_units_it_leaves_out(tmp_path):
    folder = write_system(tmp_path / "ardennes2")
    (folder / "9.2.toml").write_text(BORROWER + '[setup.Allied]\n"1 Inf Div" = """\nB2.47: 3-5-10 Inf Bn(+) (A/26)\n"""\n')
    with pytest.raises(ContentError) as info:
        load_system(folder, SHEETS)
    assert "1ID:A/26 is set up by 9.1.toml: only a unit left out of that set-up (not_in_play) is set up here" in str(info.value)


# --- errors name the file and line ------------------------------------------------------


def _line_of(text: str, fragment: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), start=1) if fragment in line)


@pytest.mark.parametrize(
    "old, new, complaint",
    [
        ("B8.54: 3-5-10 Inf Bn(+) (A/26)", "B8.54: 3-4-10 Inf Bn(+) (A/26)", "prints 3-4-10, but counters.csv has 1ID:A/26 as 3-5-10"),
        ("B8.54: 3-5-10 Inf Bn(+) (A/26)", "B8.54: 3-5-10 Inf Bn(+) (C/26)", "has no counter 'C/26' in 1 Inf Div"),
        ("B8.54: 3-5-10 Inf Bn(+) (A/26)", "B8.55: 3-5-10 Inf Bn(+) (A/26)", "row 55 is outside"),
        ("B8.54: 3-5-10 Inf Bn(+) (A/26)", "B8.540: 3-5-10 Inf Bn(+) (A/26)", "'B8.540' is not a hex id"),
        ("B8.54: 3-5-10 Inf Bn(+) (A/26)", "B8.54 3-5-10 Inf Bn(+) (A/26)", "is not a set-up line"),
        ("B8.54: 3-5-10 Inf Bn(+) (A/26)", "B8.20: 3-5-10 Inf Bn(+) (A/26)", "outside the play area"),
        ("B8.54: 3-5-10 Inf Bn(+) (A/26)", "B8.54: 3-5-10 Inf Bn(+) (A/26) (Step Loss), [7]-1-16 Arty Rgt (DIVARTY) (Step Loss)", "one step"),
        ("(560) (Wehrmacht)", "(560) (SS)", "prints SS, but counters.csv has 1SS:560 as Wehrmacht"),
        ("2-2-12 Pz Pio Bn (1)", "2-2-12 Pz Arty Bn (1)", "'1' names 1SS:1 JgPz, 1SS:1 Pio, and its type words pick 0"),
    ],
)
def test_setup_errors_name_file_line_and_both_values(tmp_path, old, new, complaint):
    scenario = SCENARIO.replace(old, new)
    folder = write_system(tmp_path / "ardennes2", scenario=scenario)
    with pytest.raises(ContentError) as info:
        load_system(folder, SHEETS)
    assert complaint in str(info.value)
    assert info.value.where == f"9.1.toml, line {_line_of(scenario, new.split(':')[0] if ':' in new else new)}"


@pytest.mark.parametrize(
    "old, new, complaint",
    [
        ('"1 Inf Div" = """', '"2 Inf Div" = """', "no Allied formation is named '2 Inf Div'"),
        ('first_date = "17 Dec 44"', 'first_date = "Dec 17"', "not a date"),
        ('reinforcements = "own"', 'reinforcements = "ooa"', "[[arrivals]] are listed"),
        ('maps = ["B"]', 'maps = ["C"]', "are not scs sheets=A,B"),
        ("min_row = 36", "min_row = 36\nfloor = 2", "needs a sheet in play"),
        ('title = "Test"', 'title = "Test"\ncolour = "red"', "unknown key(s) colour"),
        ('victory = "As per 6.0."', 'victory = "As per 6.0."\nweather = "snow"', "[text] key(s) weather"),
        ('title = "Test"', 'title = "Test', "not valid TOML"),
    ],
)
def test_scenario_header_errors(tmp_path, old, new, complaint):
    folder = write_system(tmp_path / "ardennes2", scenario=SCENARIO.replace(old, new))
    with pytest.raises(ContentError) as info:
        load_system(folder, SHEETS)
    assert complaint in str(info.value) and "9.1.toml" in info.value.where


@pytest.mark.parametrize(
    "old, new, complaint",
    [
        ('where = "N or O"', 'where = "N or Q"', "is not an entry place"),
        ('where = "N or O"', 'where = "B99.99"', "column 99"),
        ('units = "6-8-8 JgTg Bn (653)"', 'units = "6-8-8 JgTg Bn (654)"', "no counter '654'"),
        ("roll = 5", "roll = 7", "not a die result"),
        ("formation_all = true", 'formation_all = true\nwhere = "B"', "a removal has no entry place"),
        ('except = ["3-3-12 Inf Bn(+) (A/1)"]', 'except = ["3-3-12 Inf Bn(+) (B/1)"]', "no counter 'B/1'"),
        ('formation = "1 Inf Div"', 'formation = "1 Inf Div"\nplace = "x"', "unknown key(s) place"),
        ("formation_all = true\n", "", "'except' only qualifies formation_all"),
    ],
)
def test_ooa_errors_name_the_arrival(tmp_path, old, new, complaint):
    ooa = OOA.replace(old, new)
    folder = write_system(tmp_path / "ardennes2", ooa=ooa)
    with pytest.raises(ContentError) as info:
        load_system(folder, SHEETS)
    assert complaint in str(info.value)
    assert info.value.where.startswith("ooa.toml, line ")


@pytest.mark.parametrize(
    "old, new, line, complaint",
    [
        ("1ID:A/26,Allied,US,1ID", "1ID:A/26,Allied,US,9ID", 4, "names formation '9ID'"),
        ("1ID:A/26,Allied,US,1ID,A/26,Inf Bn(+),3-5-10", "1ID:A/26,Allied,US,1ID,A/26,Inf Bn(+),3-5-X", 4, "full:"),
        ("Arty Rgt,[7]-1-16,,1,mech", "Arty Rgt,[7]-1-16,,2,mech", 6, "needs reduced side"),
        ("2-3-10,2,leg,false,estimated", "2-3-10,2,leg,false,guessed", 4, "steps_source 'guessed'"),
        ("US-Ind:174,Allied,US", "US-Ind:99,Allied,US", 3, "used twice"),
        ("1ID:B/26,Allied,US,1ID,B/26", "1ID:B/26,German,US,1ID,B/26", 5, "is German but its formation"),
        ("1SS:A/1,German,SS,1SS,A/1,Inf Bn(+),3-3-12", "1SS:A/1,German,SS,1SS,A/1,Inf Bn(+),3-3-12,extra", 12, "fields"),
    ],
)
def test_counter_file_errors_name_the_line(tmp_path, old, new, line, complaint):
    counters = COUNTERS.replace(old, new, 1)
    folder = write_system(tmp_path / "ardennes2", counters=counters)
    with pytest.raises(ContentError) as info:
        load_system(folder, SHEETS)
    assert complaint in str(info.value)
    assert info.value.where == f"counters.csv, line {line}"


def test_a_counter_set_up_twice_is_refused(tmp_path):
    scenario = SCENARIO.replace("B1.47: 1-3-16 Inf Bn (99) (Step Loss)", "B1.47: 1-3-16 Inf Bn (99)\nB1.48: 1-3-16 Inf Bn (99)")
    with pytest.raises(ContentError, match="US-Ind:99 sets up or arrives more than once"):
        load_system(write_system(tmp_path / "ardennes2", scenario=scenario), SHEETS)


def test_an_own_arrival_outside_the_play_area_is_refused(tmp_path):
    scenario = SCENARIO.replace('where = "w/i 1 B17.49"', 'where = "B17.20"')
    with pytest.raises(ContentError, match="outside the play area"):
        load_system(write_system(tmp_path / "ardennes2", scenario=scenario), SHEETS)
