"""Supply (10) on the shipped map: the Line of Supply (10.1), who is supplied (10.2), the
Isolated and Unsupplied markers (10.3) and what reads them (AP, support, victory)."""

from __future__ import annotations

from dataclasses import replace

from ardennes_qt.core.hexgrid import Hexside
from ardennes_qt.engine import Session
from ardennes_qt.rules.vv1944 import supply
from ardennes_qt.rules.vv1944.activation import action_points
from ardennes_qt.rules.vv1944.schema import ISOLATED, UNSUPPLIED
from ardennes_qt.rules.vv1944.sequence import support_phase
from ardennes_qt.rules.vv1944.state import data
from ardennes_qt.rules.vv1944.supply import Lines, supply_phase, trace
from ardennes_qt.rules.vv1944.victory import city_holder
from tests.rules.vv1944.board import cleared, set_up


def board(session, placed: dict[str, str], turn: int = 2):
    state = replace(cleared(session), turn=turn)
    for uid, hex_id in placed.items():
        state = state.placed((uid,), session.map.parse(hex_id))
    return state


def test_the_opening_position_cuts_the_112th_behind_the_our_without_a_bridge(vv):
    s = set_up(vv)
    t = trace(s.content, s.state, "Allied")
    assert t.supplied["28DI:109"] and t.supplied["HQ:VIII"]
    assert not t.supplied["28DI:112"]
    assert "2612 (unbridged river)" in t.why["28DI:112"]


def test_a_line_of_supply_crosses_a_river_on_a_bridge_only(vv):
    s = set_up(vv)
    lines = Lines(s.content, s.state, "Allied")
    m = s.map
    bridge = next(iter(m.bridges))
    a, b = bridge.hexes
    assert lines.crossing(a, b)
    a, b = m.parse("2712"), m.parse("2612")
    assert m.side_features(a, b) & {"river"} and Hexside.between(a, b) not in m.bridges
    assert not lines.crossing(a, b)


def test_enemy_units_and_enemy_zoc_block_unless_a_friendly_unit_is_in_the_hex(vv):
    s = set_up(vv)
    state = board(s, {"352VG": "1817", "28DI:109": "1716"})  # German at Bastogne, US beside it
    lines = Lines(s.content, state, "Allied")
    m = s.map
    assert lines.blocked(m.parse("1817")) == "enemy unit"
    zoc = [n for n in m.parse("1817").neighbours() if lines.zoc.get(n) and n != m.parse("1716")]
    assert lines.blocked(zoc[0]) == "enemy ZoC"
    assert lines.blocked(m.parse("1716")) == ""  # Q&A: the friendly unit in the hex


def test_a_unit_is_supplied_by_a_supplied_hq_within_command_range_and_only_so_off_the_roads(vv):
    s = set_up(vv)
    alone = board(s, {"28DI:109": "1714"})
    t = trace(s.content, alone, "Allied")
    assert not t.supplied["28DI:109"]
    assert "no road to a friendly edge within 1 hex nor a supplied HQ within 6 hexes" in t.why["28DI:109"]
    t = trace(s.content, board(s, {"28DI:109": "1714", "HQ:VIII": "1817"}), "Allied")
    assert t.supplied["HQ:VIII"] and t.supplied["28DI:109"]
    assert t.why["28DI:109"] == "a supplied HQ within 6 hexes"


def test_a_corps_hq_is_supplied_only_by_a_road_within_one_hex(vv):
    s = set_up(vv)
    t = trace(s.content, board(s, {"HQ:VIII": "1714", "HQ:XVIII": "1817"}), "Allied")
    assert t.supplied["HQ:XVIII"]
    assert not t.supplied["HQ:VIII"]
    assert t.why["HQ:VIII"].startswith("no road to a friendly edge within 1 hex;")


def test_a_road_leads_to_the_edge_only_free_of_enemy_units_and_zoc(vv):
    s = set_up(vv)
    m = s.map
    free = trace(s.content, board(s, {}), "Allied").roads
    assert m.parse("0622") in free  # a road leaving by the south edge
    cut = trace(s.content, board(s, {"352VG": "0622"}), "Allied").roads
    assert m.parse("0622") not in cut


def test_british_units_west_of_the_meuse_are_always_supplied_east_of_it_they_use_the_allied_edges():
    s = Session.new("vv1944/17.2", seed=1)
    m = s.map
    hex_id = "0115"
    assert "west_of_meuse" in m.terrain(m.parse(hex_id))
    around = dict(zip(("352VG", "276VG", "212VG", "5FJ", "26VG", "560VG"),
                      (m.hex_id(n) for n in m.parse(hex_id).neighbours() if m.contains(n))))
    state = board(s, {"53DI": hex_id, "1DI": hex_id, **around}, turn=8)
    t = trace(s.content, state, "Allied")
    assert t.supplied["53DI"] and t.why["53DI"] == "British west of the Meuse (16.2)"
    assert not t.supplied["1DI"]
    east = trace(s.content, board(s, {"53DI": "1714"}, turn=8), "Allied")
    assert not east.supplied["53DI"]


def test_a_reinforcement_is_supplied_on_its_arrival_turn(vv):
    s = set_up(vv)
    t = trace(s.content, board(s, {"1DI": "1714"}, turn=1), "Allied")
    assert t.supplied["1DI"] and t.why["1DI"] == "arrived this turn (16.1)"
    assert not trace(s.content, board(s, {"1DI": "1714"}, turn=2), "Allied").supplied["1DI"]


def test_isolated_then_unsupplied_then_off_and_the_ap_and_the_log_say_so(vv):
    s = set_up(vv)
    c = s.content
    state = board(s, {"9DB:CCR": "1714"})
    log = []
    state = supply_phase(c, state, log)
    assert state.units["9DB:CCR"].has(ISOLATED)
    assert action_points(c, state, "9DB:CCR") == 2
    assert "CCR/9th DB at 1714 is Isolated" in log[0].text and "10.3" in log[0].reasons
    assert "no road to a friendly edge within 1 hex" in log[0].text
    state = supply_phase(c, state, log)
    u = state.units["9DB:CCR"]
    assert u.has(UNSUPPLIED) and not u.has(ISOLATED)
    assert action_points(c, state, "9DB:CCR") == 1
    assert "fails again: Unsupplied" in log[1].text
    state = state.placed(("HQ:VIII",), s.map.parse("1817"))
    state = supply_phase(c, state, log)
    assert not state.units["9DB:CCR"].has(UNSUPPLIED) and not state.units["9DB:CCR"].has(ISOLATED)
    assert "markers off" in log[2].text


def test_the_one_step_reading_of_removal(vv, monkeypatch):
    s = set_up(vv)
    state = board(s, {"9DB:CCR": "1817", "HQ:VIII": "1817"})
    state = state.with_units({"9DB:CCR": state.units["9DB:CCR"].with_status(UNSUPPLIED)})
    monkeypatch.setattr(supply, "removal", lambda: "one_step")
    state = supply_phase(s.content, state, [])
    assert state.units["9DB:CCR"].has(ISOLATED) and not state.units["9DB:CCR"].has(UNSUPPLIED)


def test_an_unsupplied_hq_receives_no_support_markers(vv):
    s = set_up(vv)
    state = board(s, {"HQ:VIII": "1817", "HQ:V": "2501"})
    state = state.with_units({"HQ:VIII": state.units["HQ:VIII"].with_status(UNSUPPLIED)})
    state = support_phase(s.content, state, log := [])
    assert "HQ:VIII" not in data(state).hq_support
    assert any("Unsupplied: no Support markers" in line.text for line in log)


def test_a_city_is_occupied_for_17_2_only_by_a_supplied_unit():
    s = Session.new("vv1944/17.2", seed=1)
    m = s.map
    around = dict(zip(("28DI:109", "28DI:110", "28DI:112", "9DB:CCR", "9DB:CCA", "106DI:424"),
                      (m.hex_id(n) for n in m.parse("1817").neighbours())))
    state = board(s, {"352VG": "1817"})
    assert "352VG" in supply.supplied_units(s.content, state)
    state = board(s, {"352VG": "1817", **around})
    assert city_holder(s.content, state, "Bastogne", True) == "German"
    supplied = supply.supplied_units(s.content, state)
    assert "352VG" not in supplied
    assert city_holder(s.content, state, "Bastogne", True, supplied) == ""


def test_the_supply_phase_runs_in_the_game(vv):
    s = set_up(vv)
    assert s.state.units["28DI:112"].has(ISOLATED)
    assert "112/28th DI at 2712 is Isolated" in " ".join(line.text for line in s.log())


def test_the_supply_overlays_tint_the_supplied_area_and_ring_the_units_cut_off(vv):
    from ardennes_qt.core.planning import Area, Rings
    from ardennes_qt.core.system import Overlays

    s = set_up(vv)
    overlays = s.capability(Overlays)
    kinds = {k.key: k for k in overlays.overlays(s.content)}
    assert set(kinds) == {"supply_allied", "supply_german"} and kinds["supply_allied"].provisional
    picture = overlays.overlay(s.content, s.state, "supply_allied")
    area = next(x for x in picture.shapes if isinstance(x, Area))
    rings = next(x for x in picture.shapes if isinstance(x, Rings))
    assert "1817" in area.hexes and "2712" not in area.hexes
    assert "2712" in rings.hexes
    assert "112/28th DI" in picture.says("2712") and "marked Isolated" in picture.says("2712")
    assert picture.says("1817").startswith("Allied supplied: a road to a friendly edge")
