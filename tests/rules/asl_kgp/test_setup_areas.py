"""Setup Area Determination (8.605-8.6057) on small hand-made grounds and on the shipped maps."""

from __future__ import annotations

import pytest

from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.rules.asl_kgp.setup_areas import setup_areas

US, GE = "U.S.", "German"
SIDES = (GE, US)


def board(width: int = 20, height: int = 9) -> frozenset[Hex]:
    """A parallelogram of hexes, q 0..width-1, r 0..height-1."""
    return frozenset(Hex(q, r) for q in range(width) for r in range(height))


def areas(control, hexes=None, strategic=(), river=(), targets=None, occupied=()):
    hexes = hexes or board()
    return setup_areas(hexes, frozenset(strategic), control, lambda h: h not in set(river),
                       targets if targets is not None else {}, frozenset(occupied), SIDES)


def test_a_controlled_strategic_location_and_the_hexes_within_two_are_its_side_s_setup_area():
    a = areas({Hex(5, 4): US})
    (area,) = a.areas
    assert area.side == US and area.hexes == frozenset(Hex(5, 4).within(2))
    assert a.status(Hex(6, 4)) == ("U.S. Setup Area A (Isolated)", "8.2 Setup Area; 8.6052")
    assert a.status(Hex(8, 4))[1] == "8.6053"  # three hexes off: Uncontrolled Territory


def test_hexes_within_two_of_both_sides_are_no_man_s_land_and_in_no_setup_area():
    a = areas({Hex(5, 4): US, Hex(8, 4): GE})
    nml = {Hex(6, 4), Hex(7, 4)}
    assert nml <= a.no_mans_land
    assert all(a.area_of(h) is None for h in a.no_mans_land)
    assert a.status(Hex(6, 4))[1] == "8.6051"
    # A Strategic Location is never No Man's Land (8.6051), even uncontrolled between the two.
    b = areas({Hex(5, 4): US, Hex(8, 4): GE}, strategic=[Hex(6, 4)])
    assert Hex(6, 4) not in b.no_mans_land and Hex(6, 4) in b.uncontrolled


def test_a_hex_not_enterable_from_the_strategic_location_is_left_out():
    # A river line between: the hex beyond it is within two hexes but not Enterable from it (8.2).
    river = [Hex(6, r) for r in range(9)]
    a = areas({Hex(5, 4): US}, river=river)
    (area,) = a.areas
    assert Hex(7, 4) not in area.hexes and Hex(6, 4) not in area.hexes
    assert Hex(4, 4) in area.hexes


def test_touching_setup_areas_are_one_and_separate_ones_are_named_in_board_order():
    a = areas({Hex(3, 4): US, Hex(7, 4): US, Hex(15, 4): US})
    assert [(x.name, len(x.strategic)) for x in a.of_side(US)] == [("A", 2), ("B", 1)]


def test_a_hex_enclosed_within_one_side_s_setup_area_becomes_part_of_it():
    # A ring of Controlled Strategic Locations around an uncontrolled building three hexes from all.
    centre = Hex(9, 4)
    ring = list(centre.ring(3))
    a = areas({h: US for h in ring}, strategic=[centre])
    (area,) = a.areas
    assert centre in area.enclosed and centre in area.hexes
    assert a.status(centre) == ("U.S. Setup Area A: enclosed by it (Isolated)", "8.6054; 8.6052")
    # Occupied, it stays Uncontrolled Territory (8.6054: each unoccupied Strategic Location).
    b = areas({h: US for h in ring}, strategic=[centre], occupied=[centre])
    assert centre in b.uncontrolled


def test_an_area_is_isolated_without_a_path_of_uncontrolled_or_own_hexes_to_an_eligible_entry_area():
    entry = frozenset(Hex(0, r) for r in range(9))
    free = areas({Hex(8, 4): US}, targets={US: entry})
    assert not free.of_side(US)[0].isolated
    # A German wall of No Man's Land and Setup Area across the board cuts the path (8.6052).
    wall = {Hex(4, r): GE for r in range(0, 9, 2)}
    cut = areas({Hex(12, 4): US, **wall}, targets={US: entry})
    assert cut.of_side(US)[0].isolated
    # The Germans' own areas reach the same entry hexes: they are not isolated from them.
    assert not areas(wall, targets={GE: entry}).of_side(GE)[0].isolated


@pytest.mark.parametrize("group, hq", [("St", None), ("Lg", "LgN25")])
def test_on_the_shipped_maps_each_group_s_areas_come_out(group, hq):
    from ardennes_qt.engine import systems  # noqa: F401  (the store learns the game's sides)
    from ardennes_qt.rules.asl_kgp.setup_areas import isolation_targets, on_map
    from ardennes_qt.store import library

    content = library.load_content({"St": "asl_kgp/CG1", "Lg": "asl_kgp/CG3"}[group])
    m, hexes = content.map, content.play_area()
    church = {"St": "StJ19", "Lg": "LgN25"}[group]
    control = {m.parse(church): GE}
    found = on_map(m, hexes, control, frozenset(), group, SIDES)
    (area,) = found.of_side(GE)
    assert m.parse(church) in area.strategic
    targets = isolation_targets(m, hexes, control, group, SIDES)
    if hq:  # 8.6052: on Lg the German path goes to Peiper's HQ, here the area itself
        assert targets[GE] == {m.parse(hq)} and not area.isolated
    else:  # the German Entry Area's centre (N56) is not German-Controlled: not Eligible (CG6c)
        assert targets[GE] == frozenset() and area.isolated
    assert len(found.uncontrolled) + len(area.hexes) == len(hexes)
