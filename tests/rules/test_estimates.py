"""The stated estimation rules for counter values the documents do not print (M6)."""

import pytest

from ardennes_qt.core.units import Values
from ardennes_qt.rules.ardennes2.estimates import ESTIMATED, RULE, exploit_capable, ma_type, reduced_side, steps, type_words


@pytest.mark.parametrize(
    "values, unit_type, expected",
    [
        ("[9]-1-16", "Arty Grp", (1, RULE)),  # designer's notes: all artillery one step
        ("[4]-1-8", "Werfer Bde", (1, RULE)),
        ("[5]-1-8", "Abn Arty Rgt", (1, RULE)),
        ("1-1-10", "Inf Co", (1, ESTIMATED)),  # a company
        ("4-5-10", "STgr Co", (1, ESTIMATED)),  # a company, however strong
        ("1-1-14", "Mech TF", (1, ESTIMATED)),  # attack and defense both at most 1
        ("1-1-6", "Ost Bn", (1, ESTIMATED)),
        ("1-2-8", "Pio Bn", (2, ESTIMATED)),
        ("3-5-10", "Inf Bn(+)", (2, ESTIMATED)),
        ("7-5-8", "SS TGR Bn", (2, ESTIMATED)),
    ],
)
def test_steps(values, unit_type, expected):
    assert steps(Values.parse(values), unit_type) == expected


@pytest.mark.parametrize(
    "values, step_count, expected",
    [
        ("3-5-10", 2, "2-3-10"),
        ("2-2-16", 2, "1-1-16"),
        ("1-2-8", 2, "1-1-8"),
        ("6-8-8", 2, "3-4-8"),
        ("7-5-8", 2, "4-3-8"),
        ("1-1-10", 1, None),
        ("[7]-1-16", 1, None),
    ],
)
def test_reduced_side_halves_rounding_up_and_keeps_the_ma(values, step_count, expected):
    reduced = reduced_side(Values.parse(values), step_count)
    assert (str(reduced) if reduced else None) == expected


@pytest.mark.parametrize(
    "values, unit_type, expected",
    [
        ("3-5-10", "Inf Bn(+)", "leg"),
        ("3-4-8", "Inf Rgt", "leg"),
        ("2-2-10", "Bicycle Bn", "leg"),
        ("3-3-10", "StG KG", "mech"),  # armoured type word below MA 12
        ("3-3-10", "TD TF", "mech"),
        ("6-8-8", "JgTg Bn", "mech"),
        ("2-2-10", "Brm Bn", "mech"),
        ("4-4-12", "PG KG", "mech"),  # 4.2: 2 Pz Div has Mech MA infantry
        ("4-4-12", "Inf KG", "mech"),  # MA 12 or more
        ("1-3-16", "Inf Bn", "mech"),
        ("[6]-1-12", "Arty Rgt", "mech"),
        ("[6]-1-8", "Arty Rgt", "leg"),
        ("3-3-10", "Inf TF", "leg"),  # an infantry division's task force
    ],
)
def test_ma_type(values, unit_type, expected):
    assert ma_type(Values.parse(values), unit_type) == expected


@pytest.mark.parametrize(
    "values, movement_type, expected",
    [("4-3-14", "mech", True), ("3-5-10", "leg", False), ("[9]-1-16", "mech", False), ("[6]-1-8", "leg", False)],
)
def test_exploit_banner_on_mech_units_that_are_not_artillery(values, movement_type, expected):
    assert exploit_capable(Values.parse(values), movement_type) is expected


def test_type_words_drop_size_markers():
    assert type_words("SS Inf Rgt(-)") == ["SS", "Inf", "Rgt"]
    assert type_words("Inf Bn(+)") == ["Inf", "Bn"]
