"""Ardennes 1944 opens: every set-up unit on its printed hex, IP markers, support pools; the
German sets up the divisions printed over two hexes, at least one counter in each."""

from ardennes_qt.engine import Session
from ardennes_qt.rules.vv1944.schema import IN_IP
from ardennes_qt.rules.vv1944.state import data
from tests.rules.vv1944.board import set_up


def test_every_set_up_unit_stands_on_its_printed_hex(vv):
    for p in vv.content.scenario.placements:
        assert vv.unit(p.counter).hex == vv.map.hex_id(p.hex)
    assert vv.unit("HQ:VIII").hex == "1817" and vv.unit("102Cav").hex == "2803"
    assert len([u for u in vv.units() if u.where == "map"]) == 19 + 35 - 9


def test_units_printed_ip_begin_in_improved_positions(vv):
    ip = {u.id for u in vv.units() if IN_IP in u.statuses}
    assert "102Cav" in ip and "99DI:395" in ip and len(ip) == 8
    assert IN_IP not in vv.unit("9DI").statuses


def test_support_pools_are_in_the_state(vv):
    pools = data(vv.state).pools
    assert pools["6PzA"] == {"nebelwerfer": 3, "artillery": 3, "stug": 2, "tiger": 1}
    assert pools["US1"] == {"artillery": 2, "tank": 2}


def test_the_german_places_the_two_hex_divisions_one_hex_each_at_least(vv):
    assert vv.phase().phase == "setup" and vv.phase().acting == "German"
    assert sorted(a.hex for a in vv.legal_actions() if a.unit == "2Pz:Böhm") == ["2615", "2715"]
    set_up(vv)
    for hexes in (("2615", "2715"), ("2815", "2915"), ("2813", "2912")):
        stacks = [len(vv.stack_at(h)) for h in hexes]
        assert all(n >= 1 for n in stacks) and sum(stacks) >= 3
    assert vv.phase().phase == "operations"


def test_the_last_counter_must_go_where_none_of_its_division_stands(vv):
    vv.apply(next(a for a in vv.legal_actions() if a.unit == "2Pz:Böhm" and a.hex == "2615"))
    vv.apply(next(a for a in vv.legal_actions() if a.unit == "2Pz:Cochenhausen" and a.hex == "2615"))
    assert [a.hex for a in vv.legal_actions() if a.unit == "2Pz:Gutman"] == ["2715"]


def test_both_scenarios_open():
    s = Session.new("vv1944/17.2", seed=2)
    assert s.phase().last_turn == 8 and s.phase().phase == "setup"


def test_next_phase_sets_up_the_two_hex_divisions_by_default(vv):
    from ardennes_qt.rules.vv1944.actions import EndPhase

    vv.apply(EndPhase())
    assert [u.id for u in vv.stack_at("2615")] == ["2Pz:Böhm", "2Pz:Cochenhausen"]
    assert [u.id for u in vv.stack_at("2715")] == ["2Pz:Gutman"]
    assert vv.phase().phase == "operations"
