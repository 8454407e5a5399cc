"""The Vae Victis Ardennes 1944 transcription (scenarios/vv1944/), read with plain tomllib and csv:
every set-up line and arrival names a counter of counters.csv, every counter is set up or arrives once,
the set-up sizes of checklist item 75, the tables' shapes, and that every estimated counter value follows
the rule tables/estimates.toml (ardennes_qt/rules/vv1944/tables) states for it.  The folder has no map yet, so the program does not list
the game; this test reads the text directly."""

import csv
import re
import tomllib
from collections import Counter as Tally
from pathlib import Path

import pytest

FOLDER = Path(__file__).resolve().parents[2] / "scenarios" / "vv1944"
TABLES = Path(__file__).resolve().parents[2] / "ardennes_qt" / "rules" / "vv1944" / "tables"
SOURCES = {"printed", "rule", "estimated"}
HEX = re.compile(r"^\d{4}$")
SIDES = ("Allied", "German")


def _toml(path: Path) -> dict:
    with open(path, "rb") as f:
        return tomllib.load(f)


def _csv(name: str) -> list[dict]:
    with open(FOLDER / name, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


@pytest.fixture(scope="module")
def counters():
    return {row["id"]: row for row in _csv("counters.csv")}


@pytest.fixture(scope="module")
def formations():
    return {row["code"]: row for row in _csv("formations.csv")}


@pytest.fixture(scope="module")
def scenarios():
    return {sid: _toml(FOLDER / f"{sid}.toml") for sid in ("17.1", "17.2")}


@pytest.fixture(scope="module")
def ooa():
    return _toml(FOLDER / "ooa.toml")


def _setup_ids(scenario: dict) -> list[str]:
    return [u for line in scenario["setup"] + scenario["setup_split"] for u in line["units"]]


def _arrival_ids(ooa: dict, last_turn: int = 99) -> list[str]:
    return [u for a in ooa["arrival"] if a["turn"] <= last_turn for u in a["units"]]


def test_the_map_text_is_shipped_so_the_program_lists_the_game():
    """The program lists a game whose map text exists (library.MAP_FILE): the game's rules are
    registered, and its map text stands beside the vector source it is generated from."""
    from ardennes_qt.store.library import MAP_FILE, systems

    assert (FOLDER / "map" / "source.toml").is_file()
    assert (FOLDER / MAP_FILE).is_file()
    assert "vv1944" in systems()


def test_counter_ids_are_unique_and_rows_complete(counters):
    rows = _csv("counters.csv")
    assert len(rows) == len(counters) == 120
    for row in rows:
        assert all(v is not None for v in row.values()), row["id"]
        assert row["side"] in SIDES and row["nationality"] in ("US", "British", "German")
        assert (row["side"] == "German") == (row["nationality"] == "German")
        assert row["type"] in ("infantry", "mechanized", "armored", "HQ")
        assert (row["type"] == "HQ") == (row["kind"] == "HQ")


def test_every_value_has_a_source(counters):
    for cid, row in counters.items():
        for field in ("army", "corps", "type", "steps", "strength", "quality", "ap", "mp"):
            assert row[f"{field}_source"] in SOURCES, (cid, field)
        for field in ("c3i", "support", "in_trucks"):
            assert (row[field] == "") == (row[f"{field}_source"] == ""), (cid, field)
            assert row[f"{field}_source"] in SOURCES | {""}, (cid, field)


def test_counters_per_side(counters):
    assert Tally(r["side"] for r in counters.values()) == {"Allied": 63, "German": 57}
    assert Tally(r["nationality"] for r in counters.values()) == {"US": 57, "British": 6, "German": 57}


def test_counters_name_known_formations(counters, formations):
    for cid, row in counters.items():
        corps = formations[row["corps"]]
        assert corps["level"] == "corps" and corps["side"] == row["side"], cid
        assert row["army"] == corps["army"], cid
        if row["kind"] == "HQ":
            assert corps["hq"] == cid
        else:
            division = formations[row["formation_code"]]
            assert division["level"] == "division" and row["corps"] in division["parent"].split("|"), cid


def test_formations(formations, counters):
    levels = Tally(f["level"] for f in formations.values())
    assert levels == {"army": 6, "corps": 18, "division": 64}
    for code, f in formations.items():
        if f["level"] == "corps":
            assert formations[f["army"]]["level"] == "army"
            assert (f["hq"] == "") == (f["independent"] == "true"), code
            assert f["hq"] == "" or counters[f["hq"]]["corps"] == code
            assert f["colour"] and f["colour_source"] in ("printed", "estimated")
            assert f["detachment_markers_source"] in ("estimated", "rule")
            assert int(f["detachment_markers"]) >= 0
    printed = {code: f["colour"] for code, f in formations.items() if f["colour_source"] == "printed"}
    assert printed == {"Ind-Allied": "pink", "XLVII": "dark green", "LVIII": "orange", "LXVI": "medium blue",
                       "Ind-German": "pink", "ISS": "yellow", "IISS": "light blue", "LXVII": "olive", "LIII": "red"}


def test_detachment_markers_follow_the_stated_rule(formations, counters):
    for code, f in formations.items():
        if f["level"] != "corps":
            continue
        infantry = [c for c in counters.values() if c["corps"] == code and c["type"] == "infantry"
                    and c["kind"] in ("division", "detachment")]
        assert int(f["detachment_markers"]) == (0 if f["independent"] == "true" else len(infantry)), code


def test_setup_is_shared_and_of_the_printed_size(scenarios, counters):
    first, second = scenarios["17.1"], scenarios["17.2"]
    for key in ("setup", "setup_split", "support_pool"):
        assert first[key] == second[key], key
    assert {k: v for k, v in first["special"].items() if k != "source"} == \
        {k: v for k, v in second["special"].items() if k != "source"}
    ids = _setup_ids(first)
    assert len(ids) == len(set(ids))
    by_side = Tally(counters[i]["side"] for i in ids)
    # checklist 75: US 19 counters (2 corps HQs + 17 units); German 35 (7 corps HQs + 28 divisions/KGs)
    assert by_side == {"Allied": 19, "German": 35}
    hqs = Tally(counters[i]["side"] for i in ids if counters[i]["kind"] == "HQ")
    assert hqs == {"Allied": 2, "German": 7}
    for scenario in scenarios.values():
        assert scenario["counts"]["set_up"] == dict(by_side)


def test_setup_lines(scenarios, counters):
    setup = scenarios["17.1"]["setup"]
    assert len(setup) == 19 + 24
    hexes = {side: {line["hex"] for line in setup if line["side"] == side} for side in SIDES}
    for split in scenarios["17.1"]["setup_split"]:
        hexes[split["side"]] |= set(split["hexes"])
        assert len(split["hexes"]) == 2 and len(split["units"]) == 3
    assert {side: len(h) for side, h in hexes.items()} == {"Allied": 17, "German": 30}
    for line in setup:
        assert HEX.match(line["hex"]) and line["hex"] in line["printed"], line
        assert set(line.get("ip", [])) <= set(line["units"])
        assert all(counters[u]["side"] == line["side"] for u in line["units"])
        assert ("IP" in line["printed"]) == bool(line.get("ip"))
    ip = [u for line in setup for u in line.get("ip", [])]
    assert len(ip) == 8  # 102nd Cav, 393, 394, 395/99th, 2nd DI, 109, 110, 112/28th


def test_every_counter_sets_up_or_arrives_exactly_once(scenarios, ooa, counters):
    used = _setup_ids(scenarios["17.1"]) + _arrival_ids(ooa)
    assert sorted(used) == sorted(counters)


def test_arrivals(ooa, counters, scenarios):
    per_turn = {side: Tally() for side in SIDES}
    for a in ooa["arrival"]:
        assert all(counters[u]["side"] == a["side"] for u in a["units"]), a
        assert a["where"] == " or ".join(a["hexes"]) and all(HEX.match(h) for h in a["hexes"])
        assert all(h in a["printed"] for h in a["hexes"])
        assert a.get("in_trucks", False) == ("in trucks" in a["printed"])
        assert a.get("independent", False) == ("(independent)" in a["printed"])
        for u in a["units"]:
            assert (counters[u]["in_trucks"] == "yes") == a.get("in_trucks", False), u
        per_turn[a["side"]][a["turn"]] += len(a["units"])
    assert per_turn["Allied"] == {1: 7, 2: 9, 3: 3, 4: 10, 5: 3, 6: 5, 8: 7}
    assert per_turn["German"] == {2: 10, 3: 1, 4: 7, 5: 1, 6: 2, 7: 1}
    for sid, scenario in scenarios.items():
        ids = _arrival_ids(ooa, scenario["last_turn"])
        assert scenario["counts"]["arriving"] == dict(Tally(counters[i]["side"] for i in ids)), sid


def test_support_pools_and_additions(scenarios, ooa, formations):
    pools = {p["army"]: {k: v for k, v in p.items() if isinstance(v, int)} for p in scenarios["17.1"]["support_pool"]}
    assert pools == {
        "US1": {"artillery": 2, "tank": 2}, "US3": {"artillery": 2, "tank": 2}, "GB": {},
        "5PzA": {"nebelwerfer": 3, "artillery": 3, "hetzer": 1},
        "6PzA": {"nebelwerfer": 3, "artillery": 3, "stug": 2, "tiger": 1},
        "7A": {"nebelwerfer": 2, "artillery": 2},
    }
    assert all(formations[a]["level"] == "army" for a in pools)
    added = Tally()
    for s in ooa["support"]:
        assert formations[s["army"]]["level"] == "army"
        for k, v in s.items():
            if isinstance(v, int) and k != "turn":
                added[(s["turn"], s["army"], k)] += v
    assert added == {(2, "US1", "artillery"): 2, (2, "US3", "artillery"): 2, (3, "US1", "artillery"): 1,
                     (3, "US1", "tank"): 1, (3, "US3", "artillery"): 1, (3, "US3", "tank"): 1,
                     (4, "US1", "artillery"): 2, (4, "US3", "artillery"): 2, (4, "GB", "artillery"): 1,
                     (6, "GB", "artillery"): 1}


def test_scenario_headers(scenarios):
    assert (scenarios["17.1"]["last_turn"], scenarios["17.2"]["last_turn"]) == (3, 8)
    for scenario in scenarios.values():
        assert scenario["special"]["german_initiative_turns"] == [1, 2]
        assert sorted(scenario["dates"], key=int) == [str(t) for t in range(1, scenario["last_turn"] + 1)]
        assert scenario["notes"] and scenario["text"]["victory"]
    assert len(scenarios["17.2"]["victory"]["german"]) == 2


def test_crt_is_nine_rows_by_eleven_columns():
    crt = _toml(TABLES / "crt.toml")
    assert crt["columns"] == ["1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1", "8:1+"]
    assert sorted(crt["rows"], key=int) == [str(r) for r in range(9)]
    cell = re.compile(r"^(-|E|\d)/(-|E|\d)$")
    for row in crt["rows"].values():
        assert len(row) == 11 and all(cell.match(c) for c in row)
    assert crt["rows"]["3"][8] == "-/2" and crt["rows"]["0"][0] == "E/-" and crt["rows"]["8"][10] == "-/E"
    bold = crt["bold"]["cells"]
    assert {"roll": 3, "column": "6:1", "source": "printed"} in bold
    assert all(b["source"] == "provisional" for b in bold if (b["roll"], b["column"]) != (3, "6:1"))
    for b in bold:
        attacker, defender = crt["rows"][str(b["roll"])][crt["columns"].index(b["column"])].split("/")
        assert attacker == "-" and defender in ("2", "3", "4", "E")
    assert crt["bold"]["source"] == crt["red"]["source"] == "provisional"


def test_small_tables():
    c3i = _toml(TABLES / "c3i.toml")
    assert len(c3i["rows"]) == 6 and all(len(r) == 3 for r in c3i["rows"].values())
    assert [sum(c3i["rows"][str(d)][i] == "S" for d in range(1, 7)) for i in range(3)] == [1, 2, 3]
    assert sorted(_toml(TABLES / "snafu.toml")["results"], key=int) == [str(n) for n in range(2, 13)]
    assert {k: v["ap"] for k, v in _toml(TABLES / "actions.toml").items() if isinstance(v, dict)} == {
        "movement": 1, "normal_attack": 1, "prepared_attack": 2, "enter_ip": 1, "leave_ip": 0, "recover_fatigue": 2}
    assert _toml(TABLES / "attack_types.toml")["prepared"]["shift"] == {"US": 1, "German": 2}
    assert len(_toml(TABLES / "status.toml")) - 2 == 6
    terrain = _toml(TABLES / "terrain.toml")
    assert set(terrain["hex"]) == {"clear", "rough", "forest", "westwall", "village", "city"}


def test_fuel_shortage_lines_name_counters(counters):
    fuel = _toml(TABLES / "fuel_shortage.toml")
    lines = fuel["line"]
    assert len(lines) == 30
    assert all(counters[line["counter"]]["side"] == "German" for line in lines)
    assert all(counters[line["counter"]]["corps"] == line["corps"] for line in lines)
    assert len({line["counter"] for line in lines}) == 30
    assert Tally(line["column"] for line in lines) == {c: 5 for c in range(1, 7)}
    # the table lists every German armored and mechanized counter
    mech = {cid for cid, c in counters.items() if c["side"] == "German" and c["type"] in ("armored", "mechanized")}
    assert {line["counter"] for line in lines} == mech


def test_estimated_values_follow_the_stated_rules(counters):
    est = _toml(TABLES / "estimates.toml")
    doctrine = _toml(TABLES / "doctrine.toml")
    quality = est["quality"]
    for cid, c in counters.items():
        kind = c["kind"]
        if kind == "division" and c["nationality"] == "US" and "DI" in c["name"]:
            rule = est["steps"]["division_us_di"]
        else:
            rule = est["steps"][kind]
        assert (int(c["steps"]), c["steps_source"]) == (rule["value"], rule["source"]), cid
        if kind == "HQ":
            assert (c["strength"], c["strength_source"]) == ("1", "rule")
            assert (int(c["quality"]), c["quality_source"]) == (4, "rule")
            armee = c["name"].endswith("Armeekorps")
            assert c["c3i"] == ("C" if armee else "B") and c["c3i_source"] == "estimated"
            assert int(c["support"]) == (2 if armee or c["nationality"] == "British" else 3)
        else:
            assert int(c["strength"]) == 3 * int(c["steps"]) and c["strength_source"] == "estimated"
            if c["side"] == "German":
                expected = (quality["german_ss_and_fuhrer_brigades"] if c["formation_code"] in
                            quality["german_ss_and_fuhrer_brigades"]["divisions"] else
                            quality["german_infantry"] if c["type"] == "infantry" else quality["german_mechanized_armored"])
            else:
                expected = quality["allied_airborne"] if "Airborne" in c["name"] else quality["allied_other"]
            assert int(c["quality"]) == expected["value"], cid
            if c["corps"].startswith("Ind-"):
                assert c["c3i"] == est["c3i"]["independent"]["by_quality"][c["quality"]], cid
            else:
                assert c["c3i"] == "" and c["support"] == "", cid
        assert int(c["ap"]) == doctrine["action_points"][c["type"]] and c["ap_source"] == "rule", cid
        if kind != "HQ":
            assert int(c["mp"]) == doctrine["movement_points"][c["type"]] and c["mp_source"] == "rule", cid


def test_stacking_of_the_printed_setup(scenarios, counters):
    """With the estimated steps, no set-up hex holds more than 6 steps (5), and each three-counter
    division printed on two hexes can be placed (at most two counters a hex)."""
    steps = Tally()
    for line in scenarios["17.1"]["setup"]:
        for u in line["units"]:
            steps[line["hex"]] += int(counters[u]["steps"])
    assert max(steps.values()) <= 6
    for split in scenarios["17.1"]["setup_split"]:
        two = sorted(int(counters[u]["steps"]) for u in split["units"])[-2:]
        assert sum(two) <= 6 and sum(int(counters[u]["steps"]) for u in split["units"]) > 6


def test_every_table_says_where_it_comes_from():
    for path in TABLES.glob("*.toml"):
        doc = _toml(path)
        text = path.read_text(encoding="utf-8")
        assert "seed 004" in text or path.name == "estimates.toml", path.name
        assert doc.get("source") in ("printed", None), path.name
