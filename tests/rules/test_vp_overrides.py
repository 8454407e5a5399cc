"""A scenario's own VP values (issue 6: "VP overrides"): 7.1 with a hex worth more, a town
worth 0 and a crossroads made a VP hex; the rules count them, the shared map keeps its own,
the setup sheet lists them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ardennes_qt.core.content import Content
from ardennes_qt.engine.setup_sheet import setup_sheet
from ardennes_qt.engine.setup_sheet_text import setup_sheet_text
from ardennes_qt.rules.ardennes2.phases import ALLIED, GERMAN
from ardennes_qt.rules.ardennes2.control import vp_hexes
from ardennes_qt.rules.ardennes2.map_markers import map_markers
from ardennes_qt.rules.ardennes2.ruleset import Ardennes2
from ardennes_qt.rules.ardennes2.setup import initial_control
from ardennes_qt.rules.ardennes2.victory import german_vp, victory_status
from ardennes_qt.store.library import content_from_text

# German-held in 7.1 for 28 VP, a Draw (6.0: 24-28); one more VP is a Minor German Victory.
GERMAN_HELD = ("B1.16", "B20.34", "A36.54", "A1.46", "A2.32", "A18.49", "B4.23", "B15.20", "B15.43", "B24.46")


@pytest.fixture(scope="module")
def shipped():
    return content_from_text("ardennes2/7.1")


def with_values(content: Content, **values: int) -> Content:
    m = content.map
    overrides = {m.parse(hex_id.replace("_", ".")): vp for hex_id, vp in values.items()}
    return Content(m, content.formations, content.counters, replace(content.scenario, vp_overrides=overrides))


def opening(content: Content, german: tuple[str, ...] = ()):
    state = Ardennes2().initial_state(content, 1)
    control = dict(state.control)
    control.update({content.map.parse(h): GERMAN for h in german})
    return replace(state, control=control)


def test_a_higher_value_turns_a_draw_into_a_german_victory(shipped):
    before = victory_status(shipped, opening(shipped, GERMAN_HELD))
    assert (before.current_vp, before.result) == (28, "Draw")
    bastogne_6 = with_values(shipped, B1_16=6)
    after = victory_status(bastogne_6, opening(bastogne_6, GERMAN_HELD))
    assert (after.current_vp, after.result) == (29, "Minor German Victory")
    assert (6, "Bastogne B1.16 German-controlled", "6.0") in after.reasons


def test_a_town_worth_0_is_no_vp_hex_in_the_scenario(shipped):
    rochefort = shipped.map.parse("A17.26")
    no_rochefort = with_values(shipped, A17_26=0)
    assert rochefort in vp_hexes(shipped) and rochefort not in vp_hexes(no_rochefort)
    assert rochefort not in initial_control(no_rochefort)
    state = opening(no_rochefort, ("A17.26",))
    assert german_vp(no_rochefort, state)[0] == 0
    assert not any(marker.hex == "A17.26" for marker in map_markers(no_rochefort, state))
    assert no_rochefort.map.places[rochefort].name == "Rochefort"  # still a town on the map


def test_a_hex_with_no_place_becomes_a_vp_hex_named_by_its_id(shipped):
    crossroads = shipped.map.parse("B2.16")
    assert crossroads not in shipped.map.places
    content = with_values(shipped, B2_16=2)
    place = content.map.places[crossroads]
    assert (place.name, place.vp, place.source) == ("B2.16", 2, "user")
    assert vp_hexes(content)[crossroads] is place
    assert initial_control(content)[crossroads] == ALLIED  # as every VP hex 7.1 does not name
    assert german_vp(content, opening(content, ("B2.16",)))[0] == 2


def test_the_map_other_scenarios_play_on_keeps_its_values(shipped):
    shared = shipped.map
    with_values(shipped, B1_16=7, A17_26=0, B2_16=2)
    assert shared.places[shared.parse("B1.16")].vp == 5
    assert shared.places[shared.parse("A17.26")].vp == 2
    assert shared.parse("B2.16") not in shared.places
    assert content_from_text("ardennes2/7.2").map is shared
    assert with_values(shipped).map is shared  # no overrides: the map itself, no copy


def test_the_setup_sheet_lists_them_under_the_victory_conditions(shipped):
    content = with_values(shipped, B1_16=7, A17_26=0, B2_16=2)
    victory = dict(setup_sheet(content).rules)["Victory conditions"]
    assert victory.splitlines()[-1] == ("VP values in this scenario, over the map's: A17.26 Rochefort 0 VP "
                                        "(not a VP hex); B1.16 Bastogne 7 VP; B2.16 2 VP.")
    assert "VP values in this scenario" in setup_sheet_text(setup_sheet(content))
    assert "VP values" not in dict(setup_sheet(shipped).rules).get("Victory conditions", "")
