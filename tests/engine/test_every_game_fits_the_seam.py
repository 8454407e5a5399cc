"""Every shipped game answers the seam's Situation whole: the table reads every field of it
(the phase bar, the what-if lines, the log), whatever the game."""

import pytest

from ardennes_qt.core.system import Situation
from ardennes_qt.engine import Session
from ardennes_qt.store import library


def first_scenario_of_each_game() -> list[str]:
    seen: dict[str, str] = {}
    for key, _ in library.list_scenarios():
        seen.setdefault(key.split("/")[0], key)
    return sorted(seen.values())


@pytest.mark.parametrize("key", first_scenario_of_each_game())
def test_the_situation_has_every_field_the_table_reads(key):
    session = Session.new(key, seed=1)
    situation = session.phase()
    assert isinstance(situation, Situation)
    assert isinstance(situation.numbered_turns, bool)
    assert isinstance(situation.conditions(), tuple)
