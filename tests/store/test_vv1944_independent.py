"""The shipped Ardennes 1944 transcription (scenarios/vv1944/) against a second, independent
transcription of the same printed lists and tables (tests/store/vv1944_independent.py).

The comparison is made at the level of the printed line: the shipped files may split one printed line
into several counters ("CCA, CCB, CCR/7th DB" is three, a German division printed on two hexes is three),
so each shipped counter is mapped back to the printed line it belongs to through counters.csv (its
`name`, or its `formation` for the counters of a divided division) and the line is compared as a whole:
hexes, alternatives, IP, army, corps, turn, trucks, independence.

Each check is a function that returns the disagreements as sentences, so that a test can also show that
a changed shipped value is caught (the comparison can fail).

Where the printed text is ambiguous and the shipped files chose a reading, the reading is named in
READINGS below (the number is the one in scenarios/vv1944/README.md, "Readings of the text").
"""

import copy
import csv
import tomllib
from pathlib import Path

import pytest

from tests.store import vv1944_independent as ind

FOLDER = Path(__file__).resolve().parents[2] / "scenarios" / "vv1944"
TABLES = Path(__file__).resolve().parents[2] / "ardennes_qt" / "rules" / "vv1944" / "tables"

ARMY = {"1st": "US1", "3rd": "US3", "XXX": "GB", "5th Panzer": "5PzA", "6th Panzer": "6PzA", "7th": "7A"}
CORPS = {"I SS": "ISS"}  # the independent transcription's corps words -> formations.csv codes

# Ambiguous printed words and the shipped reading kept for them.
READINGS = {
    # Reading 7: "9th PzG Div.: 3413 (independent)" is read as the 9th Pz Div (16.3 and the Fuel
    # Shortage table name only a 9th Pz Div: 33/9 Pz, 10/9 Pg, 11/9 Pg, "Turn 4").
    "9th PzG Div.": "9th Pz Div",
}
PLACE_READINGS = {
    # Reading 1: "3308 (Stadkyll)" is written Stadtkyll.
    "Stadkyll": "Stadtkyll",
}


def _toml(path: Path) -> dict:
    with open(path, "rb") as f:
        return tomllib.load(f)


def _norm(words: str) -> str:
    return " ".join(words.replace(".", " ").split()).lower()


def _line_names(words: str) -> list[str]:
    """The counter names a printed line stands for: "CCA, CCB, CCR/7th DB" is three commands."""
    words = READINGS.get(words, words)
    if "/" in words and "," in words.split("/")[0]:
        commands, division = words.split("/", 1)
        return [f"{cc.strip()}/{division}" for cc in commands.split(",")]
    return [words]


def _counters_of_line(line: dict, side: str, counters: dict) -> list[str]:
    """Shipped counter ids that belong to one printed line: by name, or by formation (a divided division)."""
    wanted = {_norm(n) for n in _line_names(line["words"])}
    return [
        cid for cid, row in counters.items()
        if row["side"] == side and (_norm(row["name"]) in wanted or _norm(row["formation"]) in wanted)
    ]


def _side_lines():
    return {
        "Allied": (ind.US_SETUP, ind.US_REINFORCEMENTS),
        "German": (ind.GE_SETUP, ind.GE_REINFORCEMENTS),
    }


# --- comparisons -----------------------------------------------------------------------------------


def line_mapping_disagreements(counters: dict) -> list[str]:
    """Every printed line has shipped counters, and every shipped counter belongs to exactly one line."""
    out = []
    owner: dict[str, list[str]] = {cid: [] for cid in counters}
    for side, (setup, arrivals) in _side_lines().items():
        for line in setup + arrivals:
            ids = _counters_of_line(line, side, counters)
            if not ids:
                out.append(f"{side} '{line['words']}': no shipped counter")
            for cid in ids:
                owner[cid].append(line["words"])
    for cid, lines in owner.items():
        if len(lines) != 1:
            out.append(f"counter {cid} ({counters[cid]['name']}) belongs to {len(lines)} printed lines: {lines}")
    return out


def setup_disagreements(scenario: dict, counters: dict) -> list[str]:
    out = []
    entries = scenario.get("setup", []) + scenario.get("setup_split", [])
    where: dict[str, list[dict]] = {}
    for entry in entries:
        for cid in entry["units"]:
            where.setdefault(cid, []).append(entry)
    seen = set()
    for side, (setup, _arrivals) in _side_lines().items():
        for line in setup:
            ids = _counters_of_line(line, side, counters)
            tag = f"{side} set-up '{line['words']}'"
            lines_entries = []
            for cid in ids:
                if cid not in where:
                    out.append(f"{tag}: counter {cid} is not set up")
                    continue
                seen.add(cid)
                for entry in where[cid]:
                    if entry not in lines_entries:
                        lines_entries.append(entry)
            if not lines_entries:
                continue
            hexes = []
            for entry in lines_entries:
                for h in entry.get("hexes", [entry.get("hex")]):
                    if h not in hexes:
                        hexes.append(h)
                if entry.get("side") != side:
                    out.append(f"{tag}: side {entry.get('side')}")
                if entry.get("army") != ARMY[line["army"]]:
                    out.append(f"{tag}: army {entry.get('army')}, printed {line['army']}")
                if _norm(line.get("printed", line["words"]).split(":")[0]) not in _norm(entry.get("printed", "")):
                    out.append(f"{tag}: shipped printed words '{entry.get('printed')}'")
                place = line.get("place", "")
                if entry.get("place", "") != PLACE_READINGS.get(place, place) and "hexes" not in entry:
                    out.append(f"{tag}: place '{entry.get('place', '')}', printed '{place}'")
                for cid in entry["units"]:
                    if cid in ids and (cid in entry.get("ip", [])) != line.get("ip", False):
                        out.append(f"{tag}: {cid} IP {cid in entry.get('ip', [])}, printed {line.get('ip', False)}")
            if sorted(hexes) != sorted(line["hexes"]):
                out.append(f"{tag}: hexes {hexes}, printed {line['hexes']}")
            # a line that names its battle groups per hex: the same groups in the same hex
            for hx, groups in line.get("parts", {}).items():
                shipped = sorted(
                    counters[cid]["name"].split("/")[0]
                    for entry in lines_entries if entry.get("hex") == hx for cid in entry["units"]
                )
                printed = sorted(g.removeprefix("KG ") for g in groups)
                if shipped != printed:
                    out.append(f"{tag}: {hx} holds {shipped}, printed {printed}")
            # a line printed on several hexes without naming who goes where: the shipped split keeps them all
            if len(line["hexes"]) > 1 and "parts" not in line:
                if not any(entry.get("hexes") == line["hexes"] for entry in lines_entries):
                    out.append(f"{tag}: no entry carries the printed hexes {line['hexes']}")
            for cid in ids:
                row = counters[cid]
                if row["army"] != ARMY[line["army"]]:
                    out.append(f"{tag}: counters.csv army of {cid} is {row['army']}")
                corps = CORPS.get(line["formation"], line["formation"])
                if row["corps"] != corps:
                    out.append(f"{tag}: counters.csv corps of {cid} is {row['corps']}, printed {corps}")
    for cid in where:
        if cid not in seen:
            out.append(f"set-up counter {cid} belongs to no printed set-up line")
    return out


def hex_disagreements(scenario: dict, counters: dict) -> list[str]:
    """Hex by hex: the printed lines (or battle groups) set up in a hex are those of the shipped counters there."""
    printed: dict[str, set] = {}
    owner: dict[str, str] = {}
    for side, (setup, _arrivals) in _side_lines().items():
        for line in setup:
            # a line that names its battle groups per hex is compared group by group
            parts = line.get("parts", {})
            for hx in line["hexes"]:
                printed.setdefault(hx, set()).update(parts.get(hx, [line["words"]]))
            for cid in _counters_of_line(line, side, counters):
                owner[cid] = "KG " + counters[cid]["name"].split("/")[0] if parts else line["words"]
    shipped: dict[str, set] = {}
    for entry in scenario.get("setup", []) + scenario.get("setup_split", []):
        for hx in entry.get("hexes", [entry.get("hex")]):
            shipped.setdefault(hx, set()).update(owner.get(cid, f"?{cid}") for cid in entry["units"])
    return [
        f"hex {hx}: shipped {sorted(shipped.get(hx, ()))}, printed {sorted(printed.get(hx, ()))}"
        for hx in sorted(set(printed) | set(shipped)) if shipped.get(hx) != printed.get(hx)
    ]


def count_disagreements(scenario: dict, counters: dict) -> list[str]:
    """The scenario's counts of counters set up and arriving, from the printed lines' counters."""
    set_up = {"Allied": 0, "German": 0}
    arriving = {"Allied": 0, "German": 0}
    for side, (setup, arrivals) in _side_lines().items():
        set_up[side] = sum(len(_counters_of_line(line, side, counters)) for line in setup)
        arriving[side] = sum(
            len(_counters_of_line(line, side, counters)) for line in arrivals if line["turn"] <= scenario["last_turn"]
        )
    want = {"set_up": set_up, "arriving": arriving}
    return [] if scenario.get("counts") == want else [f"counts: shipped {scenario.get('counts')}, lines give {want}"]


def arrival_disagreements(ooa: dict, counters: dict) -> list[str]:
    out = []
    where: dict[str, list[dict]] = {}
    for entry in ooa.get("arrival", []):
        for cid in entry["units"]:
            where.setdefault(cid, []).append(entry)
    seen = set()
    for side, (_setup, arrivals) in _side_lines().items():
        for line in arrivals:
            ids = _counters_of_line(line, side, counters)
            tag = f"{side} Turn {line['turn']} '{line['words']}'"
            entries = []
            for cid in ids:
                if len(where.get(cid, [])) != 1:
                    out.append(f"{tag}: counter {cid} arrives {len(where.get(cid, []))} times")
                    continue
                seen.add(cid)
                if where[cid][0] not in entries:
                    entries.append(where[cid][0])
            if len(entries) != 1:
                out.append(f"{tag}: spread over {len(entries)} shipped arrivals")
            for entry in entries:
                if sorted(entry["units"]) != sorted(ids):
                    out.append(f"{tag}: shipped arrival holds {entry['units']}, the line's counters are {ids}")
                if entry["turn"] != line["turn"]:
                    out.append(f"{tag}: shipped turn {entry['turn']}")
                if entry.get("side") != side:
                    out.append(f"{tag}: side {entry.get('side')}")
                printed_hexes = [line["hex"], *line["alternatives"]]
                if entry.get("hexes") != printed_hexes:
                    out.append(f"{tag}: hexes {entry.get('hexes')}, printed {printed_hexes}")
                if entry.get("where") != " or ".join(printed_hexes):
                    out.append(f"{tag}: where '{entry.get('where')}', printed {printed_hexes}")
                if bool(entry.get("in_trucks", False)) != line["trucks"]:
                    out.append(f"{tag}: in_trucks {entry.get('in_trucks', False)}, printed {line['trucks']}")
                if bool(entry.get("independent", False)) != line["independent"]:
                    out.append(f"{tag}: independent {entry.get('independent', False)}, printed {line['independent']}")
                if _norm(line.get("printed", line["words"]).split(":")[0]) not in _norm(entry.get("printed", "")):
                    out.append(f"{tag}: shipped printed words '{entry.get('printed')}'")
            for cid in ids:
                row = counters[cid]
                if (row["in_trucks"] == "yes") != line["trucks"]:
                    out.append(f"{tag}: counters.csv in_trucks of {cid} is '{row['in_trucks']}'")
                if row["corps"].startswith("Ind-") != line["independent"]:
                    out.append(f"{tag}: counters.csv corps of {cid} is {row['corps']}")
    for cid in where:
        if cid not in seen:
            out.append(f"arriving counter {cid} belongs to no printed reinforcement line")
    return out


def _markers(entry: dict) -> dict:
    skip = {"army", "printed", "note", "turn"}
    return {k: v for k, v in entry.items() if k not in skip}


def support_disagreements(scenario: dict, ooa: dict) -> list[str]:
    out = []
    printed_start = {ARMY[a]: kinds for a, kinds in {**ind.US_SUPPORT_START, **ind.GE_SUPPORT_START}.items()}
    shipped_start = {p["army"]: _markers(p) for p in scenario.get("support_pool", [])}
    for army in sorted(set(printed_start) | set(shipped_start)):
        if shipped_start.get(army, {}) != printed_start.get(army, {}):
            out.append(f"start pool {army}: shipped {shipped_start.get(army)}, printed {printed_start.get(army)}")
    printed_add = {
        (turn, ARMY[a]): kinds
        for added in (ind.US_SUPPORT_ADDED, ind.GE_SUPPORT_ADDED)
        for turn, armies in added.items() for a, kinds in armies.items()
    }
    shipped_add: dict[tuple, dict] = {}
    for s in ooa.get("support", []):
        key = (s["turn"], s["army"])
        if key in shipped_add:
            out.append(f"support addition {key} shipped twice")
        shipped_add[key] = _markers(s)
    for key in sorted(set(printed_add) | set(shipped_add)):
        if shipped_add.get(key) != printed_add.get(key):
            out.append(f"support addition {key}: shipped {shipped_add.get(key)}, printed {printed_add.get(key)}")
    return out


def crt_disagreements(crt: dict) -> list[str]:
    out = []
    if crt.get("columns") != ind.CRT_COLUMNS:
        out.append(f"CRT columns {crt.get('columns')}")
    rows = {int(k): v for k, v in crt.get("rows", {}).items()}
    if sorted(rows) != sorted(ind.CRT):
        out.append(f"CRT rows {sorted(rows)}")
    for roll, printed in ind.CRT.items():
        shipped = rows.get(roll, [])
        for i, column in enumerate(ind.CRT_COLUMNS):
            cell = shipped[i] if i < len(shipped) else None
            if cell != printed[i]:
                out.append(f"CRT roll {roll} at {column}: shipped {cell}, printed {printed[i]}")
        if len(shipped) != len(printed):
            out.append(f"CRT roll {roll}: {len(shipped)} cells")
    return out


def table_disagreements(terrain: dict, actions: dict, c3i: dict, snafu: dict) -> list[str]:
    out = []
    # Terrain Effects Chart, movement
    hexes = {**terrain.get("hex", {}), "road": terrain.get("road", {})}
    for name, (inf, mech) in ind.TERRAIN_MOVE_NUMBERS.items():
        row = hexes.get(name, {})
        if row.get("infantry") != inf:
            out.append(f"TEC {name} infantry: shipped {row.get('infantry')}, printed {inf}")
        if mech is not None and row.get("mechanized") != mech:
            out.append(f"TEC {name} mechanized: shipped {row.get('mechanized')}, printed {mech}")
    for name, (inf, mech) in ind.TERRAIN_MOVE.items():
        row = hexes.get(name) or terrain.get("hexside", {}).get(name, {})
        printed_words = _norm(row.get("printed", ""))
        for words in (inf, mech):
            for part in words.split(", "):
                if _norm(part) not in printed_words:
                    out.append(f"TEC {name}: '{part}' not in shipped printed '{row.get('printed')}'")
    if hexes.get("westwall", {}).get("infantry") != "OTIH" or hexes.get("westwall", {}).get("mechanized") != "OTIH":
        out.append("TEC westwall is not OTIH/OTIH")
    if hexes.get("village", {}).get("mechanized") != ind.TERRAIN_MOVE["village"][1]:
        out.append(f"TEC village mechanized: {hexes.get('village', {}).get('mechanized')}")
    if hexes.get("city", {}).get("mechanized_printed") != ind.TERRAIN_MOVE["city"][1]:
        out.append(f"TEC city mechanized: {hexes.get('city', {}).get('mechanized_printed')}")
    if terrain.get("road", {}).get("only_if_alone") is not True:
        out.append("TEC road: 'if alone in hex' lost")
    sides = terrain.get("hexside", {})
    field = {("infantry", "US"): "infantry_us_mp", ("infantry", "German"): "infantry_german_ap",
             ("mechanized", "US"): "mechanized_us_mp", ("mechanized", "German"): "mechanized_german_ap"}
    for name, costs in ind.RIVER_BRIDGE_COSTS.items():
        row = sides.get(name, {})
        for key, cost in costs.items():
            if cost is None:
                if str(row.get("mechanized", "")).lower() != "not allowed":
                    out.append(f"TEC {name} mechanized: shipped {row.get('mechanized')}, printed Not allowed")
                continue
            if row.get(field[key]) != cost[0]:
                out.append(f"TEC {name} {key}: shipped {row.get(field[key])}, printed {cost[0]} {cost[1]}")
    # Actions table
    for action, ap in ind.ACTIONS_AP.items():
        key = action.lower().replace(" ", "_")
        if actions.get(key, {}).get("ap") != ap:
            out.append(f"Actions {action}: shipped {actions.get(key, {}).get('ap')}, printed {ap}")
    printed_keys = {a.lower().replace(" ", "_") for a in ind.ACTIONS_AP}
    extra = {k for k, v in actions.items() if isinstance(v, dict)} - printed_keys
    if extra:
        out.append(f"Actions: shipped actions not printed {sorted(extra)}")
    # C3I
    if c3i.get("columns") != ["A", "B", "C"]:
        out.append(f"C3I columns {c3i.get('columns')}")
    rows = {int(k): tuple(v) for k, v in c3i.get("rows", {}).items()}
    if rows != ind.C3I:
        out.append(f"C3I rows: shipped {rows}, printed {ind.C3I}")
    # SNAFU
    results = {int(k): v for k, v in snafu.get("results", {}).items()}
    if sorted(results) != sorted(ind.SNAFU):
        out.append(f"SNAFU rolls {sorted(results)}")
    for roll, printed in ind.SNAFU.items():
        if results.get(roll, "").replace("’", "'") != printed:
            out.append(f"SNAFU {roll}: shipped '{results.get(roll)}', printed '{printed}'")
    return out


# --- fixtures ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def counters():
    with open(FOLDER / "counters.csv", encoding="utf-8", newline="") as f:
        return {row["id"]: row for row in csv.DictReader(f)}


@pytest.fixture(scope="module")
def ooa():
    return _toml(FOLDER / "ooa.toml")


@pytest.fixture(scope="module")
def tables():
    return {name: _toml(TABLES / f"{name}.toml") for name in ("crt", "terrain", "actions", "c3i", "snafu")}


# --- tests ------------------------------------------------------------------------------------------


def test_every_printed_line_maps_to_its_own_shipped_counters(counters):
    assert line_mapping_disagreements(counters) == []


@pytest.mark.parametrize("sid", ["17.1", "17.2"])
def test_setup_agrees_line_by_line(sid, counters):
    assert setup_disagreements(_toml(FOLDER / f"{sid}.toml"), counters) == []


@pytest.mark.parametrize("sid", ["17.1", "17.2"])
def test_every_printed_setup_hex_holds_the_same_lines(sid, counters):
    assert hex_disagreements(_toml(FOLDER / f"{sid}.toml"), counters) == []


@pytest.mark.parametrize("sid", ["17.1", "17.2"])
def test_scenario_counts_follow_the_printed_lines(sid, counters):
    assert count_disagreements(_toml(FOLDER / f"{sid}.toml"), counters) == []


def test_reinforcements_agree_line_by_line(ooa, counters):
    assert arrival_disagreements(ooa, counters) == []


@pytest.mark.parametrize("sid", ["17.1", "17.2"])
def test_support_pools_and_additions_agree(sid, ooa):
    assert support_disagreements(_toml(FOLDER / f"{sid}.toml"), ooa) == []


def test_scenario_turns_take_the_printed_reinforcements(ooa):
    # 17.1 lasts three turns, 17.2 eight; the list prints arrivals on Turns 1-8 (none on US 7, German 1 and 8)
    printed_turns = {(side, line["turn"]) for side, (_setup, arrivals) in _side_lines().items() for line in arrivals}
    shipped_turns = {(a["side"], a["turn"]) for a in ooa["arrival"]}
    assert shipped_turns == printed_turns
    assert _toml(FOLDER / "17.1.toml")["last_turn"] == 3
    assert _toml(FOLDER / "17.2.toml")["last_turn"] == 8


def test_crt_agrees_cell_by_cell(tables):
    assert crt_disagreements(tables["crt"]) == []


def test_terrain_actions_c3i_snafu_agree(tables):
    t = tables
    assert table_disagreements(t["terrain"], t["actions"], t["c3i"], t["snafu"]) == []


# --- the comparison can fail --------------------------------------------------------------------------


def test_a_changed_shipped_value_is_caught(counters, ooa, tables):
    scenario = _toml(FOLDER / "17.2.toml")

    moved = copy.deepcopy(scenario)
    moved["setup"][2]["hex"] = "2902"  # 9th DI off its printed 2901
    assert any("9th DI" in d for d in setup_disagreements(moved, counters))

    dug_in = copy.deepcopy(scenario)
    dug_in["setup"][2]["ip"] = dug_in["setup"][2]["units"]
    assert any("IP" in d for d in setup_disagreements(dug_in, counters))

    swapped = copy.deepcopy(scenario)
    peiper = next(e for e in swapped["setup"] if e["hex"] == "3207")
    sandig = next(e for e in swapped["setup"] if e["hex"] == "3208")
    peiper["units"], sandig["units"][0] = [sandig["units"][0]], peiper["units"][0]
    assert any("3207" in d for d in setup_disagreements(swapped, counters))
    assert hex_disagreements(swapped, counters)
    assert hex_disagreements(moved, counters)

    late = copy.deepcopy(ooa)
    late["arrival"][0]["turn"] = 2
    assert any("HQ US XVIII" in d for d in arrival_disagreements(late, counters))

    walking = copy.deepcopy(ooa)
    next(a for a in walking["arrival"] if a["units"] == ["87DI"])["in_trucks"] = False
    assert any("87th DI" in d for d in arrival_disagreements(walking, counters))

    no_alternative = copy.deepcopy(ooa)
    next(a for a in no_alternative["arrival"] if a["units"] == ["30DI"])["hexes"] = ["2501"]
    assert any("30th DI" in d for d in arrival_disagreements(no_alternative, counters))

    richer = copy.deepcopy(ooa)
    richer["support"][0]["artillery"] = 3
    assert support_disagreements(scenario, richer)

    crt = copy.deepcopy(tables["crt"])
    crt["rows"]["3"][8] = "1/2"
    assert crt_disagreements(crt) == ["CRT roll 3 at 6:1: shipped 1/2, printed -/2"]

    c3i = copy.deepcopy(tables["c3i"])
    c3i["rows"]["4"] = ["S", "-", "-"]
    assert table_disagreements(tables["terrain"], tables["actions"], c3i, tables["snafu"])

    renamed = dict(counters)
    renamed["1SS:Peiper"] = {**counters["1SS:Peiper"], "name": "Knittel/1", "formation": "1st SS Pz. Div."}
    assert setup_disagreements(scenario, renamed)
