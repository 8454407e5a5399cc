"""Random legal play through every scenario (5.1-5.5): three turns each from three seeds, the
rules never refusing an action they listed as legal and never losing a unit."""

from __future__ import annotations

import random

import pytest

from ardennes_qt.core.state import WHERE
from ardennes_qt.engine import Session
from ardennes_qt.engine.autoplay import RandomPlayer


def accounted_for(s: Session, units_at_start: set[str]) -> list[str]:
    """What is wrong with where the units are: every unit of the scenario is somewhere; on the map
    it stands in the play area; only Greif Teams hide (2.1b); an exit is recorded (4.1, 5.1)."""
    state, content = s.state, s.content
    wrong = [f"{u} is gone" for u in units_at_start - set(state.units)]
    for uid, u in state.units.items():
        if u.where not in WHERE:
            wrong.append(f"{uid} is in '{u.where}'")
        if u.where == "map" and (u.hex is None or not content.in_play_area(u.hex)):
            wrong.append(f"{uid} stands outside the play area")
        if u.where == "exited" and uid not in state.rules.exits:
            wrong.append(f"{uid} left the map with no exit hex")
    wrong += [f"{uid} is hidden but no Greif Team" for uid in state.rules.hidden
              if content.counter(uid).unit_type != "Greif Team"]
    return wrong


@pytest.mark.parametrize("scenario", ["5.1", "5.2", "5.3", "5.4", "5.5"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_never_crashes_and_every_unit_is_accounted_for(scenario, seed):
    s = Session.new(f"ardennes1994/{scenario}", seed=seed)
    units = set(s.state.units)
    first = s.state.turn
    RandomPlayer(random.Random(seed)).play(s, until_turn=first + 3)
    assert s.state.turn == first + 3 or s.phase().game_over
    assert accounted_for(s, units) == []
