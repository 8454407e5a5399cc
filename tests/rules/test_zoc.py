"""ZOC Posts and ZOC Bonds (1.2; checklist items 43-46), on small hand-built boards."""

from __future__ import annotations

import pytest

from ardennes_qt.rules.ardennes2.zoc import hexes_between, is_post_infantry, is_zoc_post, zoc_bonds, zoc_posts
from tests.rules.test_movement import SHEETS, Table, moves, route


def bonds(table: Table, side: str = "Allied") -> set[str]:
    content, state = table.game()
    return {content.map.hex_id(h) for h in zoc_bonds(content, state, side)}


@pytest.mark.parametrize(
    "unit_type, eligible",
    [
        ("Inf Bn", True),
        ("Inf Bn(+)", True),
        ("Inf Co", True),
        ("Arm Inf TF", True),  # armoured infantry
        ("Mech TF", True),
        ("PG KG", True),  # Panzer Grenadiers
        ("Abn Bn(+)", True),
        ("Glider Bn", True),
        ("LW FJ Bn(+)", True),  # Fallschirmjager: airborne infantry
        ("Bicycle Bn", False),
        ("Penal Bn", False),
        ("Erz Bn", False),
        ("Ost Bn", False),
        ("MG Bn", False),
        ("Pz Pio Bn", False),
        ("Pio Bn", False),
        ("Pz Bn", False),
        ("Arm TF", False),
        ("Pz Recon KG", False),
        ("Arty Rgt", False),
    ],
)
def test_item21_zoc_post_infantry_by_type_words(unit_type, eligible):
    table = Table().unit("u", "A1.00", unit_type=unit_type)
    assert is_post_infantry(table.counters["u"]) == eligible


@pytest.mark.parametrize(
    "stack, city, post",
    [
        ([("Inf Bn", 2, 2)], False, True),  # a full-strength two-step battalion
        ([("Inf Bn", 2, 1)], False, False),  # reduced: one step
        ([("Inf Co", 1, 1), ("Inf Co", 1, 1)], False, True),  # two one-step companies
        ([("Pz Bn", 2, 2), ("Inf Bn", 2, 1)], False, False),  # tanks are not infantry
        ([("Bicycle Bn", 2, 2)], False, False),
        ([("Inf Bn", 2, 2)], True, False),  # no ZOC Post in a City hex
    ],
)
def test_item44_a_post_needs_two_steps_of_infantry_outside_cities(stack, city, post):
    table = Table()
    if city:
        table.terrain("A3.03", "city")
    for n, (unit_type, steps, left) in enumerate(stack):
        table.unit(f"u{n}", "A3.03", unit_type=unit_type, steps=steps, left=left)
    content, state = table.game()
    ids = state.units_at(table.hex("A3.03"))
    assert is_zoc_post(content, state, table.hex("A3.03"), ids) == post
    assert (table.hex("A3.03") in zoc_posts(content, state, "Allied")) == post


@pytest.mark.parametrize(
    "a, b, between",
    [("B2.03", "B2.05", ["B2.04"]), ("B2.03", "B4.03", ["B3.03", "B3.04"]), ("B2.03", "A6.02", ["B1.03"])],
)
def test_item44_the_hexes_between_two_hexes_two_apart(a, b, between):
    assert sorted(SHEETS.format(h) for h in hexes_between(SHEETS.parse(a), SHEETS.parse(b))) == between


def test_item44_two_posts_two_apart_bond_the_hex_between():
    assert bonds(Table().unit("a", "B2.03").unit("b", "B2.05")) == {"B2.04"}
    assert bonds(Table().unit("a", "B2.03").unit("b", "B2.06")) == set()  # three apart


def test_item44_of_two_possible_bond_hexes_the_one_further_from_the_enemy():
    table = Table().unit("a", "B2.03").unit("b", "B4.03").unit("e", "B3.06", side="German")
    assert bonds(table) == {"B3.03"}  # B3.04 is nearer the enemy in B3.06
    table = Table().unit("a", "B2.03").unit("b", "B4.03").unit("e", "B3.01", side="German")
    assert bonds(table) == {"B3.04"}


@pytest.mark.parametrize("occupant_side", ["Allied", "German"])
def test_item44_the_bond_hex_must_be_empty_of_both_sides(occupant_side):
    table = Table().unit("a", "B2.03").unit("b", "B2.05").unit("x", "B2.04", "1-1-10", side=occupant_side, unit_type="Pz Bn")
    assert bonds(table) == set()
    table = Table().unit("a", "B2.03").unit("b", "B4.03").unit("x", "B3.03", "1-1-10", side=occupant_side, unit_type="Pz Bn")
    assert bonds(table) == {"B3.04"}  # the other way between them


def test_item44_no_bond_across_prohibited_terrain():
    """Judged for Leg MA (tables/zoc.toml): Forest is no obstacle, the Meuse is."""
    assert bonds(Table().terrain("B2.04", "forest").unit("a", "B2.03").unit("b", "B2.05")) == {"B2.04"}
    assert bonds(Table().side("B2.04", "B2.05", "meuse").unit("a", "B2.03").unit("b", "B2.05")) == set()


def test_item44_a_post_in_a_city_makes_no_bond():
    assert bonds(Table().terrain("B2.05", "city").unit("a", "B2.03").unit("b", "B2.05")) == set()


def test_item44_a_post_supports_at_most_two_bonds():
    table = Table().unit("c", "B2.03").unit("n", "B2.05").unit("s", "B2.01").unit("w", "A6.02").unit("e", "B4.02", side="German")
    found = bonds(table)
    around_c = found & {"B2.04", "B2.02", "B1.03"}
    assert len(around_c) == 2
    assert "B2.02" in around_c  # the bond nearest the enemy in B4.02 is kept first


def test_bonds_belong_to_their_side():
    table = Table().unit("a", "B2.03").unit("b", "B2.05")
    assert bonds(table, "German") == set()


# --- item 45: +4 MP to enter, instead of Moving Adjacently ------------------------------------------


def test_item45_entering_an_enemy_bond_costs_four_more_and_not_the_adjacent_one():
    table = Table().unit("a", "B2.03").unit("b", "B2.05").unit("g", "B3.05", "5-3-12", side="German", ma="mech")
    steps = route(table, "g", "B2.04", phase="ge_movement")
    assert [s.hex for s in steps] == ["B3.05", "B2.04"]
    assert steps[-1].mp == 7  # Open 3 + ZOC Bond 4, no +1 though both hexes are next to Allied units
    assert [r[1] for r in steps[-1].reasons] == ["Open", "entering an enemy ZOC Bond hex"]


def test_item45_a_friendly_bond_costs_nothing():
    table = Table().unit("a", "B2.03").unit("b", "B2.05").unit("u", "B3.05", unit_type="Pz Bn")
    assert moves(table, "u")["B2.04"] == 2  # Open only
