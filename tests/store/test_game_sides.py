"""A game names its own sides (its schema's ``sides``) and the content checks take those: a
game whose sides are "U.S." and "German" has its counters, formations, entry areas and
arrivals checked against them; a game the store does not know keeps the SCS sides."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from ardennes_qt.core.units import SIDES
from ardennes_qt.store import gameschemas
from ardennes_qt.store.contentcheck import check_content
from ardennes_qt.store.errors import ContentError
from tests.builders import small_content


@pytest.fixture
def us_and_german(monkeypatch):
    schema = SimpleNamespace(sides=("U.S.", "German"))
    monkeypatch.setattr(gameschemas, "_schema_of", lambda system: schema if system == "ownsides" else None)


def _as_us(content):
    """The small content as a game of the sides U.S. and German."""
    counters = {k: replace(c, side="U.S.") if c.side == "Allied" else c for k, c in content.counters.items()}
    formations = {k: replace(f, side="U.S.") if f.side == "Allied" else f for k, f in content.formations.items()}
    content.map.friendly_edges.update({e: "U.S." for e, s in content.map.friendly_edges.items() if s == "Allied"})
    scenario = replace(content.scenario, system="ownsides")
    return replace(content, counters=counters, formations=formations, scenario=scenario)


def test_a_game_the_store_does_not_know_has_the_scs_sides():
    assert gameschemas.sides_of("nosuchgame") == SIDES
    check_content(small_content(), "small")


def test_a_game_s_own_sides_are_the_ones_its_content_is_checked_against(us_and_german):
    assert gameschemas.sides_of("ownsides") == ("U.S.", "German")
    check_content(_as_us(small_content()), "ownsides")
    allied = replace(small_content(), scenario=replace(small_content().scenario, system="ownsides"))
    with pytest.raises(ContentError, match="belongs to no side: .Allied."):
        check_content(allied, "ownsides")


def test_the_engine_tells_the_store_each_game_s_sides():
    from ardennes_qt.engine.systems import system_for

    assert gameschemas.sides_of("ardennes2") == system_for("ardennes2").schema().sides
