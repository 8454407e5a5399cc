"""What the table asks the Ardennes II rules while moving counters: the markers on the map
and where arriving units may be placed (play_questions, map_markers)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ardennes_qt.core.system import Placement
from ardennes_qt.core.map_markers import AIR_SUPPLY, BARRAGE_FULL, BARRAGE_HALF, BRIDGE_BLOWN, CONTROL
from ardennes_qt.engine import Session
from ardennes_qt.rules.ardennes2.actions import EndPhase
from ardennes_qt.rules.ardennes2.bridge_blowing import plunger_bridges
from ardennes_qt.rules.ardennes2.control import vp_hexes
from ardennes_qt.rules.ardennes2.map_markers import map_markers
from ardennes_qt.rules.ardennes2.reinforcements import due_units, placement_hexes
from ardennes_qt.rules.ardennes2.situation import rules_data, with_rules


@pytest.fixture(scope="module")
def campaign():
    return Session.new("ardennes2/7.1", seed=1)


def test_every_vp_hex_of_the_play_area_carries_its_controller(campaign):
    control = [m for m in map_markers(campaign.content, campaign.state) if m.kind == CONTROL]
    by_hex = {m.hex: m for m in control}
    bastogne = by_hex["B1.16"]
    assert bastogne.owner == "Allied" and bastogne.label == str(campaign.content.map.places[campaign.map.parse("B1.16")].vp)
    assert "Bastogne" in bastogne.detail and "6.0" in bastogne.detail
    assert set(by_hex) == {campaign.map.hex_id(h) for h in vp_hexes(campaign.content)}


def test_barrage_bridge_and_air_supply_markers_are_listed_with_what_they_do(campaign):
    content, state = campaign.content, campaign.state
    st_vith = content.map.parse("B20.34")
    plunger = next(p for p in sorted(content.map.plungers) if plunger_bridges(content, p))
    data = replace(rules_data(state), bridges={plunger: "blown"}, air_supply=(content.map.parse("B1.16"),))
    state = with_rules(replace(state, markers={st_vith: ("German:full", "Allied:half")}), data)
    markers = [m for m in map_markers(content, state) if m.kind != CONTROL]
    kinds = [(m.kind, m.hex, m.owner, m.label) for m in markers]
    assert (BARRAGE_FULL, "B20.34", "German", "Full") in kinds
    assert (BARRAGE_HALF, "B20.34", "Allied", "Half") in kinds
    assert (AIR_SUPPLY, "B1.16", "Allied", "Air Supply") in kinds
    blown = [m for m in markers if m.kind == BRIDGE_BLOWN]
    assert len(blown) == len(plunger_bridges(content, plunger))
    side = plunger_bridges(content, plunger)[0]
    assert (blown[0].hex, blown[0].across) == tuple(content.map.hex_id(h) for h in side.hexes)
    assert all("3.5" in m.detail for m in markers if m.kind.startswith("barrage"))


def test_arriving_units_may_be_placed_only_in_their_phase_where_the_rules_allow():
    session = Session.new("ardennes2/7.1", seed=1)
    ruleset = session.capability(Placement)
    while not (session.state.turn == 2 and session.state.phase == "reinforcements"):
        session.apply(session.legal_actions()[0] if session.phase().pending else EndPhase())
    unit = due_units(session.content, session.state)[0]
    hexes = ruleset.placement_hexes(session.content, session.state, (unit,))
    assert hexes == [session.map.hex_id(h) for h in placement_hexes(session.content, session.state, unit)]
    assert hexes
    assert ruleset.placement_hexes(session.content, session.state, ("no such unit",)) == []
    session.apply(EndPhase())
    assert ruleset.placement_hexes(session.content, session.state, (unit,)) == []
