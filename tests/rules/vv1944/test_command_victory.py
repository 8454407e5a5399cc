"""Command range (8.1, 9.2-9.3) and victory (17.1) on the shipped map."""

from ardennes_qt.rules.vv1944.actions import Pass
from ardennes_qt.rules.vv1944.command import in_command
from ardennes_qt.rules.vv1944.state import with_data
from tests.rules.vv1944.board import activated, cleared, session_at


def test_a_german_unit_is_in_command_within_4_hexes_of_its_hq(vv):
    state = activated(vv, cleared(vv), {"HQ:LXVI": "1809", "18VG": "2209", "62VG": "2309"}, ())
    assert in_command(vv.content, state, "18VG") and not in_command(vv.content, state, "62VG")


def test_a_line_of_command_does_not_pass_enemy_units(vv):
    ring = {"HQ:LXVI": "1809", "18VG": "1811"}
    blocked = dict(ring)
    h = vv.map.parse("1809")
    us = ["9DI", "2DI", "102Cav", "14Cav", "99DI:393", "99DI:394"]
    for uid, n in zip(us, h.neighbours()):
        blocked[uid] = vv.map.hex_id(n)
    assert in_command(vv.content, activated(vv, cleared(vv), ring, ()), "18VG")
    assert not in_command(vv.content, activated(vv, cleared(vv), blocked, ()), "18VG")


def test_a_german_unit_across_the_meuse_at_the_turns_end_wins_17_1(vv):
    state = activated(vv, vv.state, {"3FJ": "0105"}, ())
    s = session_at(vv, with_data(state, activation=None, to_place={}))
    s.apply(Pass())
    s.apply(Pass())
    assert s.phase().game_over and s.victory().winner == "German"
    assert "across the Meuse" in " ".join(r[1] for r in s.victory().reasons)
