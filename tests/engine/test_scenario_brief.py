"""A scenario described for choosing it: turns and dates, play area, forces, how it is won."""

from __future__ import annotations

import pytest

from ardennes_qt.engine.scenario_brief import forces_words, scenario_brief
from ardennes_qt.store.library import load_content

# Set-up and arriving units per side, as each scenario's transcription notes count them.
FORCES = {
    "ardennes2/7.1": "Allied: 59 units set up, 195 arrive later. German: 134 units set up, 92 arrive later.",
    "ardennes2/7.3": "Allied: 23 units set up, 33 arrive later. German: 54 units set up, 26 arrive later.",
    "ardennes2/7.4": "Allied: 22 units set up. German: 33 units set up, 3 arrive later.",  # and 1 SS Pz Div removed
    "ardennes2/7.5": "Allied: 15 units set up, 2 arrive later. German: 24 units set up, 4 arrive later.",
    "ardennes2/7.6": "Allied: 48 units set up, 11 arrive later. German: 32 units set up, 17 arrive later.",
}


@pytest.mark.parametrize("key, words", FORCES.items())
def test_the_forces_are_counted_as_the_listing_gives_them(key, words):
    assert forces_words(load_content(key)) == words


def test_the_brief_reads_turns_play_area_forces_and_victory_in_that_order():
    brief = dict(scenario_brief(load_content("ardennes2/7.3")))
    assert list(brief)[:3] == ["Turns", "Play area", "Forces"]
    assert brief["Turns"] == "Turns 2–6: 17 Dec 44 to 21 Dec 44"
    assert brief["Play area"].startswith("Map B, B1.36 to B40.54")
    assert "Victory conditions" in brief


def test_every_shipped_scenario_has_a_brief_with_both_sides():
    from ardennes_qt.store.library import list_scenarios

    from ardennes_qt.engine.systems import sides_of

    for key, _ in list_scenarios():
        content = load_content(key)
        forces = dict(scenario_brief(content))["Forces"]
        first, second = sorted(sides_of(content.system))  # each game's own sides: Allied, German; German, U.S.
        assert forces.startswith(f"{first}: ") and f" {second}: " in forces, key
