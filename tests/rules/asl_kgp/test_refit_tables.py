"""The Kampfgruppe Peiper Refit Phase tables (8.51-8.625) read as data: their shape, and cells held
against the rules text."""

import tomllib

import pytest

from ardennes_qt.rules.asl_kgp.refit_tables import (
    FILES, TABLES, cpp_replenished, cpp_total, load, row_for,
)

DICE_RANGE = {"2d6": (2, 12), "dr": (1, 6)}


def all_tables():
    for name in FILES:
        for key, value in load(name).items():
            if isinstance(value, dict):
                yield name, key, value


def die_tables():
    return [(n, k, t) for n, k, t in all_tables() if "rows" in t]


def walk(node, path=""):
    if isinstance(node, dict):
        yield path, node
        for k, v in node.items():
            yield from walk(v, f"{path}.{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from walk(v, f"{path}[{i}]")


def test_every_file_is_listed_and_parses():
    on_disk = {p.stem for p in TABLES.glob("*.toml")} - {"los"}
    assert on_disk == set(FILES)
    for p in TABLES.glob("*.toml"):
        with open(p, "rb") as f:
            tomllib.load(f)


@pytest.mark.parametrize("name,key,table", die_tables(), ids=lambda x: x if isinstance(x, str) else "")
def test_die_table_covers_its_range_once(name, key, table):
    assert table["dice"] in DICE_RANGE
    rows = table["rows"]
    assert rows[-1].get("open_high"), f"{key}: last row must be >= (open)"
    assert not any(r.get("open_high") for r in rows[:-1])
    assert not any(r.get("open_low") for r in rows[1:])
    # Consecutive, no gap and no overlap.
    for a, b in zip(rows, rows[1:]):
        assert b["low"] == a["high"] + 1, f"{key}: gap/overlap between {a} and {b}"
    for r in rows:
        if "low" in r and "high" in r:
            assert r["low"] <= r["high"]
    lo, hi = DICE_RANGE[table["dice"]]
    first = rows[0]
    start = lo if first.get("open_low") else first["low"]
    for final in range(min(start, lo), hi + 1):
        if final < start:
            continue
        hits = [r for r in rows if (r.get("open_low") or final >= r["low"])
                and (r.get("open_high") or final <= r["high"])]
        assert len(hits) == 1, f"{key}: {final} is in {len(hits)} rows"


def test_every_modifier_has_rule_reason_and_value():
    seen = 0
    for name, key, table in all_tables():
        for drm in table.get("drm", []):
            seen += 1
            assert drm["rule"].startswith("8."), (key, drm)
            assert drm["reason"].strip(), (key, drm)
            assert ("value" in drm) != ("value_from" in drm), (key, drm)
            if "value" in drm:
                assert isinstance(drm["value"], int) and drm["value"] != 0
    assert seen >= 40


def test_every_table_has_a_rule_and_status():
    for name, key, table in all_tables():
        if key == "cg":
            continue
        assert str(table.get("rule", "")).startswith("8."), (name, key)
        assert table.get("status") in ("printed", "provisional"), (name, key)
    for cg in load("campaigns")["cg"].values():
        assert cg["status"] == "printed" and cg["rule"].startswith("8.5")


def test_every_provisional_value_says_why():
    count = 0
    for name in FILES:
        for path, node in walk(load(name)):
            for k, v in node.items():
                if k == "status" and v == "provisional":
                    count += 1
                    assert node.get("why", "").strip(), f"{name}{path}"
                if k.endswith("_status") and v == "provisional":
                    count += 1
                    assert node.get(k.replace("_status", "_why"), "").strip(), f"{name}{path}.{k}"
                if k.endswith("status"):
                    assert v in ("printed", "provisional"), f"{name}{path}.{k}"
    assert count > 10


def test_cpp_base_keeps_its_shape_with_placeholders():
    base = load("purchase")["cpp_base"]
    assert base["status"] == "provisional" and "missing" in base["why"]
    cgs = load("campaigns")["cg"]
    cells = {(c["cg"], c["side"], c["date"]): c for c in base["cells"]}
    for cg, d in cgs.items():
        for date in d["dates"][1:]:
            for side in ("US", "German"):
                assert (cg, side, date) in cells
    assert len(cells) == 2 * sum(len(d["dates"]) - 1 for d in cgs.values())
    for key, c in cells.items():
        if key == ("I", "German", "19 PM"):
            assert c["value"] == 30 and c["status"] == "printed"   # 8.6162 EX
        else:
            assert c["placeholder"] is True and "status" not in c


def test_cpp_example_8_6162():
    # German CPP Base # 30, replenishment DR 6 -> 24; 2 left from 19 AM -> 26.
    cell = next(c for c in load("purchase")["cpp_base"]["cells"]
                if (c["cg"], c["side"], c["date"]) == ("I", "German", "19 PM"))
    assert cpp_replenished(cell["value"], 6) == 24
    assert cpp_total(cell["value"], 6, left=2) == 26
    assert cpp_replenished(30, 7, halved=True) == 27   # 8.31: DR halved, FRD


def test_german_ammunition_shortage_8_618():
    t = load("ammunition")["german_ammunition_shortage"]
    assert t["dice"] == "2d6"
    assert t["shortage_on_final_dr_at_least"] == 12
    assert t["first_cg_date"] == "20 AM"
    (drm,) = t["drm"]
    assert drm["value"] == 1 and "after 20 AM" in drm["per"]


def test_escape_cells_8_606():
    t = load("escape")["escape"]
    assert row_for(t, 8)["infantry"] == "Escapes"
    assert row_for(t, 2)["infantry_notes"] == [1]
    assert row_for(t, 9)["mobile_vehicle"] == "Abandoned; crew (if any) Escapes"
    assert row_for(t, 10)["infantry"] == "Escapes; Casualty Reduced"
    assert row_for(t, 11)["infantry"] == "Escapes; Replaced, then Casualty Reduced"
    assert row_for(t, 14)["infantry"] == "All units and Equipment Eliminated"
    assert row_for(t, 12)["mobile_vehicle"] == "Eliminated; crew (if any) is Eliminated"
    values = {d["reason"]: d.get("value") for d in t["drm"]}
    assert values["Isolated"] == 2 and values["Encircled"] == 2
    assert values["a Captured vehicle"] == 1
    assert values["two hexes away from a Friendly Setup Area"] == -1
    # 8.6061 EX: a squad in an enemy Setup Area rolls an Original 6 and Escapes on a Final 8;
    # the Isolated steeple squad has +3 (+1 per HS-equivalent > one HS, +2 Isolated).
    per_hs = next(d for d in t["drm"] if d.get("per", "").startswith("HS-equivalent"))
    enemy = next(d for d in t["drm"] if d["reason"].startswith("in enemy Setup Area"))
    assert row_for(t, 6 + enemy["value"] + per_hs["value"])["infantry"] == "Escapes"
    assert per_hs["value"] + values["Isolated"] == 3
    # EX: an unarmed truck in an enemy Setup Area, Original 7 -> Final 9.
    assert row_for(t, 7 + values["unarmed"] + enemy["value"])["mobile_vehicle"].startswith("Abandoned")


def test_shift_and_leader_cells():
    s = load("shift")["shift"]
    assert row_for(s, 10)["result"] == "No Shift"
    assert row_for(s, 11)["result"] == "Shifted with Casualties"
    lead = load("leaders")
    assert row_for(lead["wounded_leader"], 1)["result"] == "Retained unwounded"
    assert row_for(lead["wounded_leader"], 4)["result"] == "Eliminated (evacuated)"
    assert row_for(lead["mmc_battle_hardening"], -3)["mmc"] == 5
    assert row_for(lead["mmc_battle_hardening"], 3)["mmc"] == 2
    assert row_for(lead["leader_battle_hardening"], 7)["leader"] == "8-0"
    assert row_for(lead["leader_battle_hardening"], 12)["leader"] == "6+1"
    san = lead["san_adjustment"]
    # 8.6122 EX: SAN 6 -> +2 drm; an Original dr >= 3 lowers it to 4.
    drm = 6 - san["drm_is_san_minus"]
    assert 3 + drm >= san["reduce_on_final_dr_at_least"] > 2 + drm
    assert 6 - san["reduction"] == 4


def test_equipment_weather_purchase_initiative_cells():
    e = load("equipment")
    assert row_for(e["immobilization_removal"], 2)["result"].startswith("Becomes Mobile")
    assert row_for(e["weapon_repair"], 3)["result"] == "Eliminated"
    assert e["baz_psk_ft_dc_recovery"]["retained_on_final_dr_at_most"] == 4
    assert e["captured_equipment"]["eliminated_on_dr_at_least"] == 4
    assert e["special_ammo"]["german_restored_on_final_dr_at_most"] == 3
    assert e["german_gas_siphoning"]["vehicles_marked_out_of_gas_per_refuel"] == 3
    assert row_for(e["removal"], 3)["result"] == "Eliminated"
    w = load("weather")
    assert row_for(w["random_weather"], 9)["weather"] == "Overcast"
    assert row_for(w["random_weather"], 3)["weather"] == "Mist & Overcast"
    assert row_for(w["mist_density"], 0)["density"] == "Extremely Heavy"
    assert row_for(w["mist_density"], 5)["density"] == "Moderate"
    p = load("purchase")
    assert row_for(p["german_rg_strength"], 11)["strength"] == "Full"
    assert row_for(p["german_rg_strength"], 12)["strength"] == "Depleted"
    fort = {i["name"]: i["fpp"] for i in p["fortifications"]["items"]}
    assert fort == {"Trench": [7], "Foxhole": [3, 2, 1], "A-P Mine Factor": [1, 1.5],
                    "A-T Mine Factor": [3, 4], "Roadblock": [7], "Booby Trap": [1],
                    "HIP": [3, 2, 1, 1]}
    assert p["fortifications"]["mines_fpp_max_per_cg_date_per_map_group"] == 30
    assert p["recon"]["cpp"] == 1 and p["recon"]["drm"][0]["value"] == 5
    i = load("initiative")
    limits = i["attack_chit_limits"]
    assert (limits["I"]["US"], limits["I"]["German"]) == (5, 3)
    assert (limits["II"]["US"], limits["II"]["German"]) == (3, 1)
    assert (limits["III"]["US"], limits["III"]["German"]) == (8, 3)
    assert row_for(i["dual_attack_first_move"], 3)["side"] == "U.S."
    assert row_for(i["dual_attack_first_move"], 4)["side"] == "German"


def test_campaign_definitions_8_51_to_8_53():
    cg = load("campaigns")["cg"]
    assert [c["map_group"] for c in cg.values()] == ["St", "Ch", "Lg"]
    for c in cg.values():
        assert len(c["dates"]) == c["date_count"]
        assert (c["dates"][0], c["dates"][-1]) == (c["first_date"], c["last_date"])
        assert c["attack_chits"] == {
            k: v for k, v in load("initiative")["attack_chit_limits"][
                {"8.51": "I", "8.52": "II", "8.53": "III"}[c["rule"]]].items() if k != "rule"}
    assert cg["I"]["us_cg_lvp_to_win"] == 130 and cg["III"]["us_cg_lvp_to_win"] == 160
    assert cg["II"]["us_lvp_hexes_to_control"] == 10
