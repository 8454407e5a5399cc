"""NATO symbols and size marks read from the type words the setup listings print."""

import pytest

from ardennes_qt.ui.unit_symbols import symbol_for


@pytest.mark.parametrize(
    "unit_type, parts, size",
    [
        ("Inf Bn", {"infantry"}, "II"),
        ("Inf Co", {"infantry"}, "I"),
        ("Inf Rgt(-)", {"infantry"}, "III\u2212"),
        ("LW FJ Bn(+)", {"infantry", "airborne"}, "II+"),
        ("Pz Bn", {"armour"}, "II"),
        ("SS Pz Recon KG", {"armour", "recon"}, "KG"),
        ("Arm Cav Bn", {"armour", "recon"}, "II"),
        ("PG Rgt", {"infantry", "armour"}, "III"),
        ("Arm Inf TF", {"infantry", "armour"}, "TF"),
        ("Arty Rgt", {"artillery"}, "III"),
        ("Abn Arty Rgt", {"artillery", "airborne"}, "III"),
        ("Werfer Bde", {"rocket"}, "X"),
        ("Pz Pio Bn", {"armour", "engineer"}, "II"),
        ("JgPz Bn", {"anti_tank", "armour"}, "II"),
        ("Hetz KG", {"anti_tank", "armour"}, "KG"),
        ("StG Bde", {"assault_gun"}, "X"),
        ("Glider Bn", {"infantry", "glider"}, "II"),
        ("Bicyle Bn", {"infantry", "bicycle"}, "II"),
        ("MG Bn", {"infantry", "machine_gun"}, "II"),
        ("Belgian Inf Bn", {"infantry"}, "II"),
        ("Arty Grp", {"artillery"}, "III"),
    ],
)
def test_type_words_give_symbol_and_size(unit_type, parts, size):
    symbol = symbol_for(unit_type)
    assert set(symbol.parts) == parts
    assert symbol.size == size
