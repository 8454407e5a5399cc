"""Golden tests of each scenario's opening position (7.1-7.6; checklist items 96-101 set-up).

The opening state is written out as text - unit counts per side, every unit on the map
with its steps and DG, the arrivals scheduled by turn, VP control, blown bridges, the
turn and phase - and compared with ``tests/rules/golden/<scenario>.txt``.  After a
deliberate change, rewrite the files with ``ARDENNES_QT_UPDATE_GOLDEN=1 pytest ...`` and
review the diff.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest

from ardennes_qt.engine import Session

GOLDEN = Path(__file__).with_name("golden")
SCENARIOS = ("7.1", "7.2", "7.3", "7.4", "7.5", "7.6")


def opening(session: Session) -> str:
    content, state = session.content, session.state
    m = content.map
    scenario = content.scenario
    lines = [f"scenario {scenario.key}: {scenario.title}", f"turn {state.turn} phase {state.phase}"]
    for side in ("Allied", "German"):
        where = Counter(u.where for uid, u in state.units.items() if content.counter(uid).side == side)
        lines.append(f"{side}: " + ", ".join(f"{k} {where[k]}" for k in sorted(where)))
    lines.append("control: " + ", ".join(f"{m.hex_id(h)} {side}" for h, side in sorted(state.control.items(), key=lambda kv: m.hex_id(kv[0]))))
    lines.append("bridges: " + ", ".join(f"{k} {v}" for k, v in sorted(state.rules.bridges.items())))
    lines.append("")
    lines.append("on the map:")
    for uid in sorted(state.units, key=lambda u: (content.counter(u).side, m.hex_id(state.units[u].hex) if state.units[u].hex else "", u)):
        u = state.units[uid]
        if u.where != "map":
            continue
        notes = [f"steps {u.steps}/{content.counter(uid).steps}"] + (["DG"] if u.dg else [])
        lines.append(f"  {content.counter(uid).side[0]} {m.hex_id(u.hex):7} {uid:18} {', '.join(notes)}")
    lines.append("")
    lines.append("scheduled:")
    by_turn: dict[int, list[str]] = {}
    for arrival in scenario.arrivals:
        scheduled = [u for u in arrival.counters if state.units.get(u) and state.units[u].where == "scheduled"]
        if arrival.remove:
            by_turn.setdefault(arrival.turn, []).append(f"{arrival.side} remove {' '.join(arrival.counters)}")
        elif scheduled:
            place = " or ".join(arrival.areas) or " or ".join(m.hex_id(h) for h in arrival.hexes) or arrival.edge or arrival.note
            extra = f" w/i {arrival.within}" if arrival.within else ""
            roll = f" on {arrival.roll}+" if arrival.roll else ""
            by_turn.setdefault(arrival.turn, []).append(f"{arrival.side} {place}{extra}{roll}: {' '.join(scheduled)}")
    for turn in sorted(by_turn):
        lines += [f"  turn {turn}: {entry}" for entry in by_turn[turn]]
    dead = sorted(uid for uid, u in state.units.items() if u.where in ("dead", "removed"))
    lines.append("dead or removed: " + " ".join(dead))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_opening_position_matches_its_golden_file(scenario):
    text = opening(Session.new(f"ardennes2/{scenario}", seed=1))
    path = GOLDEN / f"{scenario}.txt"
    if os.environ.get("ARDENNES_QT_UPDATE_GOLDEN"):
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "scenario, allied_map, german_map, allied_scheduled, german_scheduled, first_turn",
    [
        ("7.1", 59, 134, 195, 92, 1),
        ("7.2", 59, 134, None, None, 1),
        ("7.3", 23, 54, 33, 26, 2),
        ("7.4", 22, 33, 0, 3, 3),
        ("7.5", 15, 24, 2, 4, 4),
        ("7.6", 48, 32, 11, 17, 9),
    ],
)
def test_items_96_101_set_up_counts(scenario, allied_map, german_map, allied_scheduled, german_scheduled, first_turn):
    """The counts of scenarios/ardennes2/README.md; every set-up unit starts on the map."""
    session = Session.new(f"ardennes2/{scenario}", seed=1)
    state, content = session.state, session.content
    count = Counter((content.counter(uid).side, u.where) for uid, u in state.units.items())
    assert (count["Allied", "map"], count["German", "map"]) == (allied_map, german_map)
    if allied_scheduled is not None:
        assert (count["Allied", "scheduled"], count["German", "scheduled"]) == (allied_scheduled, german_scheduled)
    assert (state.turn, state.phase) == (first_turn, "weather")


def test_7_1_german_stacks_start_dg_and_7_3_units_start_reduced():
    s71 = Session.new("ardennes2/7.1", seed=1)
    assert s71.unit("2Pz:Gutmn").dg and s71.unit("12VG:27").dg and not s71.unit("12VG:89").dg
    s73 = Session.new("ardennes2/7.3", seed=1)
    assert s73.unit("99ID:B/394").steps == 1 and s73.unit("99ID:A/394").steps == 2


def test_7_2_sets_up_7_1s_map_a_units_on_map_b_as_7_3_does():
    """7.2 plays Map B with 7.1's set-up, whose 99 Inf Bn (A35.53) and 526 Mech Bn (A38.44)
    stand on Map A: they set up at B1.47, 7.3's hex for them, full strength and in play."""
    s71, s72 = Session.new("ardennes2/7.1", seed=1), Session.new("ardennes2/7.2", seed=1)
    assert (s71.unit("US-Ind:99").hex, s71.unit("US-Ind:526").hex) == ("A35.53", "A38.44")
    assert {u.id for u in s72.stack_at("B1.47")} == {"US-Ind:99", "US-Ind:526"}
    assert all(s72.unit(u).steps == 2 and not s72.unit(u).dg for u in ("US-Ind:99", "US-Ind:526"))
    assert s72.content.in_play_area(s72.map.parse("B1.47"))
    moved = {"US-Ind:99", "US-Ind:526"}
    assert all(s72.unit(u.id).hex == u.hex for u in s71.units() if u.hex and u.hex.startswith("B") and u.id not in moved)


def test_7_4_within_1_spreads_keep_the_stacking_limit_and_one_division_per_hex():
    """ "w/i 1 B40.38" (7.4): 10 units of 9 SS Pz Div within 1 hex, 3 to a hex (3.1)."""
    session = Session.new("ardennes2/7.4", seed=1)
    hexes = Counter(u.hex for u in session.units() if u.formation == "9SS")
    assert sum(hexes.values()) == 10 and max(hexes.values()) == 3
    centre = session.map.parse("B40.38")
    assert all(session.map.parse(h).distance(centre) <= 1 for h in hexes)


def test_7_4_the_allied_artillery_does_not_share_b22_38_with_the_enemy():
    session = Session.new("ardennes2/7.4", seed=1)
    assert [u.side for u in session.stack_at("B22.38")] == ["German"]
    arty = session.map.parse(session.unit("US-Ind:174").hex)
    germans = {session.map.parse(u.hex) for u in session.units() if u.side == "German" and u.hex}
    assert all(arty.distance(g) > 1 for g in germans)


@pytest.mark.parametrize(
    "scenario, hexes, side",
    [
        ("7.1", ("B1.16", "A36.54", "B20.34"), "Allied"),
        ("7.4", ("B20.34", "B21.29", "B10.34"), "Allied"),
        ("7.5", ("B1.16",), "Allied"),
        ("7.6", ("A17.26", "A34.27"), "German"),
        ("7.6", ("A23.31",), "Allied"),
    ],
)
def test_item_94_m10_initial_control(scenario, hexes, side):
    session = Session.new(f"ardennes2/{scenario}", seed=1)
    assert all(session.hex_info(h)["control"] == side for h in hexes)


def test_7_5_bridges_blown_at_start():
    session = Session.new("ardennes2/7.5", seed=1)
    assert dict(session.state.rules.bridges) == {"A37.23": "blown", "B11.14": "blown"}
