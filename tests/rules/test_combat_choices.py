"""The combat families of legal actions: attacks (3.2)."""

from dataclasses import replace

from ardennes_qt.rules.ardennes2.actions import Attack
from ardennes_qt.rules.ardennes2.combat_choices import attack_choices
from ardennes_qt.rules.ardennes2.situation import rules_data
from tests.rules.combat_board import board
from tests.rules.test_combat import ATTACKERS


def test_attack_choices_one_family_per_defender_hex_3_2():
    content, state = board(
        {
            "us": ("Allied", "3-4-12", "A5.05", "mech"),
            "us2": ("Allied", "3-4-12", "A2.02", "mech"),
            **ATTACKERS,
            "gart": ("German", "[6]-1-12", "A5.04"),
        }
    )
    (family,) = attack_choices(content, state)
    assert (family.label, family.side) == ("attack A5.05", "German")
    assert family.actions() == [Attack(("ge1", "ge2"), "A5.05"), Attack(("ge1",), "A5.05"), Attack(("ge2",), "A5.05")]
    used = replace(state, rules=rules_data(state).with_record(attacked=frozenset({"ge1", "ge2"})))
    assert attack_choices(content, used) == []

