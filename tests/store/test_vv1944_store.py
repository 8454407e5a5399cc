"""Ardennes 1944 (scenarios/vv1944/) read through the store with the game's declaration
(rules/vv1944/schema.py), before the game's rules exist or register: its counters keep the
values the game prints, each with its source; its formations stand in three levels; its
scenarios keep the divisions placed over two hexes and the support pools; written back,
counters.csv and formations.csv are the same bytes and the scenario files the same
documents; its values survive the content database."""

from __future__ import annotations

import sqlite3
import tomllib
from pathlib import Path

import pytest
import sqlite_utils

from ardennes_qt.core.numbering import ColumnRow
from ardennes_qt.rules.vv1944.schema import UNIT_COLUMNS, schema
from ardennes_qt.store.contentdb import read_counter_table, read_formation_table, write_unit_tables, create_tables
from ardennes_qt.store.errors import ContentError
from ardennes_qt.store.gamecolumns import format_game_counters, format_game_formations
from ardennes_qt.store.idwrite import format_id_ooa, format_id_scenario
from ardennes_qt.store.scenariotext import load_system

FOLDER = Path(__file__).resolve().parents[2] / "scenarios" / "vv1944"
# The map is not in the program yet: a column-row numbering wide and tall enough for its hex ids.
NUMBERING = ColumnRow(columns=34, first_row=1, last_row=22)


@pytest.fixture(scope="module")
def vv():
    return load_system(FOLDER, NUMBERING, schema())


def test_counters_keep_the_printed_values_and_their_sources(vv):
    hq = vv.counters["HQ:V"]
    assert hq.name == "HQ Vth Corps" and hq.side == "Allied" and hq.nationality == "US" and hq.steps == 1
    assert hq.value("c3i") == "B" and hq.provenance["c3i"] == "estimated"
    assert hq.value("support") == 3 and hq.provenance["support"] == "estimated"
    assert hq.value("ap") == 3 and hq.provenance["ap"] == "rule"
    assert hq.value("army") == "US1" and hq.value("corps") == "V" and hq.formation == ""
    cav = vv.counters["102Cav"]
    assert cav.steps == 2 and cav.provenance["steps"] == "estimated" and cav.formation == "102Cav"
    assert cav.value("strength") == 6 and cav.value("c3i") is None and "c3i" not in cav.provenance
    assert vv.counters["30DI"].value("in_trucks") is True and vv.counters["30DI"].provenance["in_trucks"] == "printed"
    assert vv.counters["9DI"].value("in_trucks") is None
    assert vv.counters["12SS:Müller"].value("quality") == 5
    assert all(c.full is None and not c.is_artillery for c in vv.counters.values())


def test_formations_stand_in_armies_corps_and_divisions(vv):
    f = vv.formations
    assert {x.level for x in f.values()} == {"army", "corps", "division"}
    assert f["US1"].level == "army" and f["V"].parent == "US1" and f["V"].provenance["parent"] == "printed"
    assert f["9DI"].parents == ("V",) and f["9DB"].parents == ("XVIII", "VIII")
    assert f["V"].values["detachment_markers"] == 3 and f["V"].provenance["detachment_markers"] == "estimated"
    assert f["V"].values["colour"] == "light green" and f["V"].colour == "#5f9e4f" and f["V"].colour_source == "estimated"
    assert f["Ind-German"].independent and "HQ 1st SS Panzerkorps" in f["ISS"].aliases


def test_the_scenarios_keep_the_split_set_up_and_the_support_pools(vv):
    s1, s2 = vv.scenarios["17.1"], vv.scenarios["17.2"]
    assert (s1.first_turn, s1.last_turn, s2.last_turn) == (1, 3, 8) and s1.dates[1] == "16-17 Dec 44"
    split = s1.extras["setup_split"]
    assert [e["hexes"] for e in split][0] == ["2615", "2715"]
    assert split[0]["units"] == ["2Pz:Böhm", "2Pz:Cochenhausen", "2Pz:Gutman"] and split[0]["side"] == "German"
    split_units = {u for e in split for u in e["units"]}
    assert not split_units & {p.counter for p in s1.placements}  # the player places them
    pools = {e["army"]: e for e in s1.extras["support_pool"]}
    assert pools["6PzA"]["nebelwerfer"] == 3 and pools["6PzA"]["tiger"] == 1 and pools["US1"]["tank"] == 2
    assert "artillery" not in pools["GB"]
    # the additions of the scenario's own turns, from ooa.toml
    assert {e["turn"] for e in s1.extras["support"]} == {2, 3} and {e["turn"] for e in s2.extras["support"]} == {2, 3, 4, 6}
    ip = {u for e in s1.extras["setup"] for u in e.get("ip", ())}
    assert "102Cav" in ip and len(ip) == 8
    monschau = next(p for p in s1.placements if p.counter == "102Cav")
    assert NUMBERING.format(monschau.hex) == "2803"
    assert s1.extras["setup_split"] == s2.extras["setup_split"] and s1.extras["support_pool"] == s2.extras["support_pool"]
    trucks = [a for a, more in zip(s2.arrivals, s2.extras["arrival"]) if more.get("in_trucks")]
    assert "30DI" in {u for a in trucks for u in a.counters}


def test_written_back_the_files_are_the_same(vv):
    assert format_game_counters(vv.counters, UNIT_COLUMNS) == (FOLDER / "counters.csv").read_text(encoding="utf-8")
    assert format_game_formations(vv.formations, UNIT_COLUMNS) == (FOLDER / "formations.csv").read_text(encoding="utf-8")
    sections = schema().scenario_sections
    for sid, s in vv.scenarios.items():
        written = format_id_scenario(s, vv.counters, NUMBERING.format, sections, one_sheet=True)
        assert tomllib.loads(written) == tomllib.loads((FOLDER / f"{sid}.toml").read_text(encoding="utf-8"))
    written = format_id_ooa(vv.ooa_notes, vv.ooa, vv.ooa_extras, NUMBERING.format)
    assert tomllib.loads(written) == tomllib.loads((FOLDER / "ooa.toml").read_text(encoding="utf-8"))


def test_written_back_and_read_again_the_scenarios_are_the_same(vv, tmp_path):
    folder = tmp_path / "vv1944"
    folder.mkdir()
    sections = schema().scenario_sections
    (folder / "counters.csv").write_text(format_game_counters(vv.counters, UNIT_COLUMNS), encoding="utf-8")
    (folder / "formations.csv").write_text(format_game_formations(vv.formations, UNIT_COLUMNS), encoding="utf-8")
    (folder / "ooa.toml").write_text(format_id_ooa(vv.ooa_notes, vv.ooa, vv.ooa_extras, NUMBERING.format), encoding="utf-8")
    for sid, s in vv.scenarios.items():
        text = format_id_scenario(s, vv.counters, NUMBERING.format, sections, one_sheet=True)
        (folder / f"{sid}.toml").write_text(text, encoding="utf-8")
    again = load_system(folder, NUMBERING, schema())
    assert again.scenarios == vv.scenarios and again.counters == vv.counters and again.formations == vv.formations


def test_the_values_survive_the_content_database(vv):
    db = sqlite_utils.Database(sqlite3.connect(":memory:"))
    create_tables(db, ("formations", "counters", "unit_values"))
    write_unit_tables(db, vv.formations, vv.counters)
    counters, formations = read_counter_table(db), read_formation_table(db)
    assert counters == vv.counters
    assert {k: c.provenance for k, c in counters.items()} == {k: c.provenance for k, c in vv.counters.items()}
    for code, f in vv.formations.items():
        got = formations[code]
        assert (got.level, got.parent, got.values, got.provenance) == (f.level, f.parent, f.values, f.provenance)


def test_a_value_of_the_wrong_kind_is_refused_with_its_line(tmp_path):
    folder = tmp_path / "vv1944"
    folder.mkdir()
    for name in ("formations.csv", "ooa.toml", "17.1.toml"):
        (folder / name).write_bytes((FOLDER / name).read_bytes())
    text = (FOLDER / "counters.csv").read_text(encoding="utf-8")
    (folder / "counters.csv").write_text(text.replace("HQ,HQ,printed,1,rule,1,rule,4,rule,B,", "HQ,HQ,printed,1,rule,1,rule,4,rule,BB,", 1),
                                         encoding="utf-8")
    with pytest.raises(ContentError, match=r"counters.csv, line 2: c3i 'BB' is not one letter"):
        load_system(folder, NUMBERING, schema())
    (folder / "counters.csv").write_text(text, encoding="utf-8")
    scenario = (FOLDER / "17.1.toml").read_text(encoding="utf-8")
    (folder / "17.1.toml").write_text(scenario.replace("tiger = 1", "tiger = \"one\""), encoding="utf-8")
    with pytest.raises(ContentError, match=r"'tiger' must be a whole number"):
        load_system(folder, NUMBERING, schema())
    (folder / "17.1.toml").write_text(scenario.replace('rule = "The division', 'rules = "The division', 1), encoding="utf-8")
    with pytest.raises(ContentError, match=r"'rules' is not a key of \[\[setup_split\]\]"):
        load_system(folder, NUMBERING, schema())


def test_the_editors_counter_columns_are_the_games(vv):
    from ardennes_qt.store.editorcounters import COUNTER_FIELDS, counter_fields, edit_counter, shown_value, source_of

    assert counter_fields(None) == COUNTER_FIELDS  # the SCS counter's, as before
    fields = dict(counter_fields(UNIT_COLUMNS))
    assert fields["c3i"] == "C3I" and fields["ap"] == "AP" and "full" not in fields and list(fields)[-1] == "notes"
    hq = vv.counters["HQ:V"]
    assert shown_value(hq, "c3i", UNIT_COLUMNS) == "B" and source_of(hq, "c3i", UNIT_COLUMNS) == "estimated"
    edited = edit_counter(hq, "c3i", "a".upper(), UNIT_COLUMNS)
    assert edited.value("c3i") == "A" and edited.provenance["c3i"] == "user" and hq.value("c3i") == "B"
    assert edit_counter(hq, "name", "HQ V Corps", UNIT_COLUMNS).name == "HQ V Corps"
    assert edit_counter(vv.counters["30DI"], "in_trucks", "", UNIT_COLUMNS).value("in_trucks") is None
    with pytest.raises(ValueError, match="not one letter"):
        edit_counter(hq, "c3i", "AB", UNIT_COLUMNS)
    with pytest.raises(ValueError, match="not a whole number"):
        edit_counter(hq, "strength", "two", UNIT_COLUMNS)
