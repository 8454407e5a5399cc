"""Movement on the shipped map (6, 13, 4): a Move action's MP along the TEC, the road alone and
stacked, rivers for US infantry and for the German, mechanized units barred without a bridge,
the enemy ZoC, AP spent."""

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.rules.vv1944 import movement
from ardennes_qt.rules.vv1944.actions import UnitAction
from ardennes_qt.rules.vv1944.state import data
from tests.rules.vv1944.board import activated, cleared, session_at

# Hexes of the shipped (representative) map: a road from clear 0217 into forest 0317; a river
# without a bridge between clear 0613 and 0712.
ROAD_FROM, ROAD_TO = "0217", "0317"
RIVER_NEAR, RIVER_FAR = "0613", "0712"


def at(vv, placed, moving, ap=None, side="Allied"):
    return session_at(vv, activated(vv, cleared(vv), placed, moving, ap, side))


def test_the_road_costs_half_an_mp_to_a_mechanized_unit_alone(vv):
    s = at(vv, {"9DB:CCA": ROAD_FROM}, ("9DB:CCA",))
    assert s.map.road_between(s.map.parse(ROAD_FROM), s.map.parse(ROAD_TO))
    assert "forest" in s.map.terrain(s.map.parse(ROAD_TO))
    assert s.legal_moves(("9DB:CCA",))[ROAD_TO] == 0.5


def test_a_stack_pays_the_terrain_off_the_road(vv):
    s = at(vv, {"9DB:CCA": ROAD_FROM, "9DB:CCR": ROAD_FROM}, ("9DB:CCA", "9DB:CCR"))
    assert s.legal_moves(("9DB:CCA", "9DB:CCR"))[ROAD_TO] == 3  # TEC forest, mechanized
    alone_into_a_friend = at(vv, {"9DB:CCA": ROAD_FROM, "9DB:CCR": ROAD_TO}, ("9DB:CCA",))
    assert alone_into_a_friend.legal_moves(("9DB:CCA",))[ROAD_TO] == 3  # 6.2: through a unit on the road


def test_us_infantry_crosses_a_river_for_2_mp(vv):
    s = at(vv, {"9DI": RIVER_NEAR}, ("9DI",))
    assert "river" in s.map.side_features(s.map.parse(RIVER_NEAR), s.map.parse(RIVER_FAR))
    assert s.legal_moves(("9DI",))[RIVER_FAR] == 2
    step = s.path(("9DI",), RIVER_FAR)[-1]
    assert step["why"][2] == "TEC, 13.1" and "river" in step["why"][1]


def test_the_german_pays_1_ap_for_a_river_and_keeps_his_mp(vv):
    s = at(vv, {"26VG": RIVER_NEAR}, ("26VG",), side="German")
    assert s.path(("26VG",), RIVER_FAR)[-1]["why"][1] == "river crossed: 1 AP"
    s.apply(MoveUnits(("26VG",), RIVER_FAR))
    assert data(s.state).activation.ap["26VG"] == 1  # one AP for the crossing, none for MP


def test_a_mechanized_unit_cannot_cross_a_river_without_a_bridge(vv):
    s = at(vv, {"9DB:CCA": RIVER_NEAR}, ("9DB:CCA",))
    g, _ = movement.group_of(s.content, s.state, ("9DB:CCA",))
    a, b = s.map.parse(RIVER_NEAR), s.map.parse(RIVER_FAR)
    cost, why, rule = movement.step_cost(s.content, s.state, g, a, b, {}, set())
    assert cost is None and rule == "13.1"
    for step in s.path(("9DB:CCA",), RIVER_FAR) if RIVER_FAR in s.legal_moves(("9DB:CCA",)) else []:
        assert "river crossed" not in step["why"][1]


def test_entering_an_enemy_zoc_stops_the_unit_and_leaving_costs_1_mp(vv):
    # a German division two hexes east of the US tank on the road
    enemy_hex = "0417"
    s = at(vv, {"9DB:CCA": ROAD_FROM, "26VG": enemy_hex}, ("9DB:CCA",))
    zoc = movement.zoc_map(s.content, s.state, "Allied")
    moves = s.legal_moves(("9DB:CCA",))
    assert enemy_hex not in moves
    for hex_id in moves:
        route = [step["hex"] for step in s.path(("9DB:CCA",), hex_id)]
        assert not any(s.map.parse(h) in zoc for h in route[:-1])  # 4.2: no move on through a ZoC hex
    inside = next(h for h in moves if s.map.parse(h) in zoc)
    s.apply(MoveUnits(("9DB:CCA",), inside))
    assert "9DB:CCA" in data(s.state).activation.must_attack
    out = s.legal_moves(("9DB:CCA",))
    free = next(h for h in out if s.map.parse(h) not in zoc)
    assert "leaving an enemy ZoC +1 MP" in s.path(("9DB:CCA",), free)[0]["why"][1]


def test_a_move_spends_whole_move_actions(vv):
    s = at(vv, {"9DI": ROAD_FROM}, ("9DI",))
    moves = s.legal_moves(("9DI",))
    assert max(moves.values()) <= 8  # 2 AP x 4 MP (6.1)
    far = next(h for h, cost in moves.items() if cost > 4)
    s.apply(MoveUnits(("9DI",), far))
    assert data(s.state).activation.ap["9DI"] == 0


def test_stacking_is_six_steps_after_a_move(vv):
    s = at(vv, {"9DI": ROAD_FROM, "2DI": ROAD_TO}, ("9DI",))
    assert ROAD_TO not in s.legal_moves(("9DI",))  # 4 + 4 steps


def test_ip_costs_1_ap_to_enter_none_to_leave_and_fatigue_2_to_recover(vv):
    s = at(vv, {"9DB:CCA": ROAD_FROM}, ("9DB:CCA",))
    s.apply(UnitAction("9DB:CCA", "enter_ip"))
    assert data(s.state).activation.ap["9DB:CCA"] == 2
    s.apply(UnitAction("9DB:CCA", "leave_ip"))
    assert data(s.state).activation.ap["9DB:CCA"] == 2


def test_a_bridge_costs_us_armor_3_mp_and_us_infantry_2(vv):
    near, far = "0814", "0913"  # a road bridge over a river into Rochefort
    tank = at(vv, {"9DB:CCA": near}, ("9DB:CCA",))
    assert tank.content.map.side_features(tank.map.parse(near), tank.map.parse(far)) & {"river"}
    assert tank.legal_moves(("9DB:CCA",))[far] == 3
    assert at(vv, {"9DI": near}, ("9DI",)).legal_moves(("9DI",))[far] == 2


def test_us_units_adjacent_to_germans_at_the_start_cannot_move_on_turn_1(vv):
    from ardennes_qt.rules.vv1944.actions import EndPhase

    vv.apply(EndPhase())
    pinned = data(vv.state).pinned
    assert "99DI:394" in pinned and "HQ:VIII" not in pinned
