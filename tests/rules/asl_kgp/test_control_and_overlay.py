"""Hex control set by the players (an action: logged, undone), the Set-up areas overlay on it,
and the Initial OBs' generic counters waiting off the map."""

from __future__ import annotations

from ardennes_qt.core import system as capabilities
from ardennes_qt.engine import Session
from ardennes_qt.rules.asl_kgp.control import SetControl
from ardennes_qt.rules.asl_kgp.schema import COUNTER_TYPES, SIDES


def test_the_initial_obs_wait_off_the_map_as_generic_counters():
    session = Session.new("asl_kgp/CG1")
    due = session.phase().due_reinforcements
    assert len(due) == 37 and "I:Inf Pltn 6" in due and "I:Pz IV Sect 4" in due
    counters = session.content.counters
    assert {c.side for c in counters.values()} == set(SIDES) == {"U.S.", "German"}
    assert {c.unit_type for c in counters.values()} <= set(COUNTER_TYPES)
    assert counters["I:76L AT 1"].full is None and counters["I:76L AT 1"].name == "76L AT"
    assert Session.new("asl_kgp/CG3").state.units["III:PzKpfw VIB"].where == "map"  # III.4: in R44


def test_control_is_set_from_the_map_menu_and_undone():
    session = Session.new("asl_kgp/CG1")
    family = next(f for f in session.choices() if f.hex == "StJ19")
    assert [a.describe() for a in family.actions()] == ["Controlled by German", "Controlled by U.S."]
    session.apply(SetControl("StJ19", "U.S."))
    assert set(session.state.control.values()) == {"U.S."}
    family = next(f for f in session.choices() if f.hex == "StJ19")
    assert "Controlled by nobody" in [a.describe() for a in family.actions()]
    session.undo()
    assert not session.state.control


def test_the_set_up_areas_overlay_shows_each_side_s_areas_and_no_man_s_land():
    session = Session.new("asl_kgp/CG1")
    for hex_id, side in (("StJ19", "U.S."), ("StL19", "U.S."), ("StK23", "German")):
        session.apply(SetControl(hex_id, side))
    overlays = session.system.capability(capabilities.Overlays)
    (kind,) = overlays.overlays(session.content)
    picture = overlays.overlay(session.content, session.state, kind.key)
    tints = {shape.tint for shape in picture.shapes}
    assert {"side:U.S.", "side:German", "caution"} <= tints
    assert picture.says("StJ19").startswith("U.S. Setup Area A: a Strategic Location the U.S. side Controls")
    assert picture.says("StK21") == "No Man's Land: within two hexes of both sides' Controlled Strategic Locations (8.6051)"
    assert kind.provisional
