"""What the planning overlays, the VP track and the end of the scenario are told by the
engine: supply, ZOC Bonds, markers, VP hexes, the threat map, the VP track and losses."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from ardennes_qt.core.actions import SendToDeadPile
from ardennes_qt.engine import Session
from ardennes_qt.core.system import Overlays
from ardennes_qt.engine.autoplay import RandomPlayer
from ardennes_qt.engine.losses import losses
from ardennes_qt.rules.ardennes2 import movement, supply
from ardennes_qt.rules.ardennes2 import overlay_facts as facts
from ardennes_qt.rules.ardennes2.overlays import provisional_choices
from ardennes_qt.rules.ardennes2.threat import movement_snapshot, threat_map
from ardennes_qt.rules.ardennes2.vp_track import vp_track
from ardennes_qt.rules.ardennes2.actions import EndPhase
from tests.builders import small_content
from tests.gui.free_table import free_table_content


@pytest.fixture(scope="module")
def st_vith() -> Session:
    session = Session.new("ardennes2/7.4", seed=2)
    RandomPlayer(random.Random(2)).play(session, max_actions=60)
    return session


def test_supply_marks_the_units_out_of_supply_and_says_why(st_vith):
    content, state = st_vith.content, st_vith.state
    for side in ("German", "Allied"):
        picture = facts.supply_picture(content, state, side)
        supplied = {content.map.hex_id(h) for h in supply.supplied_hexes(content, state, side)}
        assert picture.supplied == supplied
        for u in st_vith.units():
            if u.side == side and u.where == "map":
                assert (u.id in picture.units_cut_off) == (u.hex not in supplied)
                assert (u.hex in picture.cut_off) == any(
                    v.hex == u.hex and v.id in picture.units_cut_off for v in st_vith.units()
                )
    inside = next(iter(sorted(facts.supply_picture(content, state, "Allied").supplied)))
    allied = facts.supply_picture(content, state, "Allied")
    ok, reasons = facts.supply_reasons(content, allied, inside)
    assert ok and any("(3.7" in r for r in reasons)
    outside = next(h for h in map(content.map.hex_id, content.map.all_hexes()) if h not in allied.supplied)
    ok, reasons = facts.supply_reasons(content, allied, outside)
    assert not ok and reasons


def test_zoc_links_join_two_posts_through_each_bond(st_vith):
    content, state = st_vith.content, st_vith.state
    for side in ("German", "Allied"):
        picture = facts.zoc_picture(content, state, side)
        assert {bond for _, bond, _ in picture.links} == set(picture.bonds)
        parse = content.map.parse
        for a, bond, b in picture.links:
            assert a in picture.posts and b in picture.posts
            assert parse(a).distance(parse(b)) == 2 and parse(bond).distance(parse(a)) == 1


def test_markers_and_dg_stacks_by_hex(st_vith):
    content, state = st_vith.content, st_vith.state
    h = content.map.parse("B20.34")
    some_unit = next(u.id for u in st_vith.units() if u.where == "map")
    marked = replace(state, markers={h: ("German:full", "Allied:half")})
    marked = marked.with_units({some_unit: replace(state.units[some_unit], dg=True)})
    picture = facts.marker_picture(content, marked)
    assert picture.barrage == (("B20.34", "Allied", "half"), ("B20.34", "German", "full"))
    where = content.map.hex_id(state.units[some_unit].hex)
    entry = next(e for e in picture.dg if e[0] == where)
    assert entry[1] >= 1 and entry[2] == len(state.units_at(state.units[some_unit].hex))


def test_vp_hexes_with_who_controls_them(st_vith):
    hexes = facts.vp_hexes(st_vith.content, st_vith.state)
    assert {(v.hex, v.name, v.vp) for v in hexes} == {("B20.34", "St. Vith", 3), ("B21.29", "Burg Reuland", 1), ("B10.34", "Vielsalm", 2)}
    german = sum(v.vp for v in hexes if v.controller == "German")
    assert german == st_vith.victory().current_vp


def test_the_threat_map_is_every_unit_s_next_movement(st_vith):
    content, state = st_vith.content, st_vith.state
    seen = []
    threat = threat_map(content, state, "German", progress=lambda done, total: seen.append((done, total)) or True)
    snapshot = movement_snapshot(content, state, "German")
    assert snapshot.phase == "ge_movement" and "Movement" in threat.phase
    expected: dict[str, float] = {}
    for u in st_vith.units():
        if u.side == "German" and u.where == "map":
            for hex_id, cost in movement.legal_moves(content, snapshot, (u.id,)).items():
                expected[hex_id] = min(cost, expected.get(hex_id, cost))
    assert threat.reach == expected and threat.reach
    assert seen[0] == (0, threat.units) and seen[-1] == (threat.units, threat.units)
    assert threat_map(content, state, "German", progress=lambda done, total: done < 3) is None


def test_the_vp_track_of_a_campaign_game():
    session = Session.new("ardennes2/7.1", seed=3)
    while session.state.turn < 3:
        session.apply(session.legal_actions()[0] if session.phase().pending else EndPhase())
    track = vp_track(session.content, session.state)
    assert track.kind == "vp" and [t for t, _ in track.by_turn] == [1, 2]
    assert track.greatest == max(vp for _, vp in track.by_turn)
    assert track.result == session.victory().result == track.level_of(track.greatest).result
    assert [lv.min for lv in track.levels] == [33, 29, 24, 19, None]
    assert track.level_of(30).result == "Minor German Victory" and track.level_of(0).winner == "Allied"
    assert (track.first_turn, track.last_turn, track.turn) == (1, 16, 3)


def test_losses_count_from_the_set_up(st_vith):
    content = st_vith.content
    start = st_vith.state_at(0)
    before = losses(content, start, start)
    assert before["Allied"].steps == 0 and before["German"].steps == 0  # units set up reduced lose nothing
    game = st_vith.forked()
    victim = next(u for u in game.units() if u.where == "map" and u.side == "German")
    game.apply(SendToDeadPile((victim.id,)))
    after = losses(content, start, game.state)
    grew = after["German"].units - losses(content, start, st_vith.state)["German"].units
    assert grew == 1
    row = next(r for r in after["German"].formations if r.formation == victim.formation)
    assert row.units >= 1 and row.steps >= start.units[victim.id].steps


def test_the_provisional_choices_behind_each_overlay(st_vith):
    content = st_vith.content
    supply = dict(provisional_choices(content, "supply"))
    assert "the supply table, enemy units block" in supply and "SCS 12.0" in supply["the supply table, enemy units block"]
    assert "the supply table, trace" not in supply  # 3.7 says it: nothing provisional there
    assert [w for w, _ in provisional_choices(content, "vp")] == ["the victory table, control"]
    assert [w for w, _ in provisional_choices(content, "zoc")] == ["the zoc table, bond"]
    assert provisional_choices(content, "") == ()


def test_other_rule_systems_get_no_answer(monkeypatch):
    from ardennes_qt.engine import systems
    from tests.gui.free_table import SYSTEM, FreeTable

    monkeypatch.setitem(systems._LOADED, SYSTEM, FreeTable())
    session = Session(free_table_content(small_content()))
    assert session.capability(Overlays) is None and not session.offers(Overlays)
    assert session.vp_track() is None and session.victory() is None
