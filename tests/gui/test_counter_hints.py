"""A counter's tooltip, and the status bar on hover, say what a player may do with it now -
asked of the rules for the counter under the pointer: drag it where the rules give it a
move (its stack too, where the stack may move), drag it to answer a Decision, or else
that it has no move now and the menu has what the rules allow; on a free table, drag it
anywhere.  The counter's menu offers Move only where the rules give it a move."""

from __future__ import annotations

import pytest

from ardennes_qt.rules.ardennes2.artillery import open_bug_outs
from ardennes_qt.ui.rules_assistance import OFF, WARN
from tests.gui.mouse import counter_point, hover
from tests.gui.play_table import right_click, table_on
from tests.rules.test_barrage_board import board, east_road, position

BOARD = board(roads=(east_road("A1.05", 14),), exits=(("A1.05", "NW"),))
GERMANS = {"1Pz:I/1": "A13.05", "1Pz:II/1": "A13.05"}  # a stack, II/1 on top
AMERICAN = {"1ID:A/1": "A3.05"}
GUN = "US-Ind:402"


def tip(window, unit_id: str) -> str:
    """The counter's tooltip once the pointer rests on it (the top one of its stack)."""
    hover(window, counter_point(window, unit_id))
    assert window.view.counters.hovered == unit_id
    return window.view.counters.items[unit_id].toolTip()


def move_entries(window, unit_id: str) -> list[str]:
    texts = [a.text().replace("&", "") for a in right_click(window, unit_id=unit_id).actions()]
    return [t for t in texts if t.startswith("Move")]


@pytest.fixture
def table_in(qtbot):
    def table(phase: str, where=None):
        window = table_on(qtbot, BOARD, position(BOARD, where or {**GERMANS, **AMERICAN}, phase=phase))
        window.view.zoom_to(0.9, "A8.05")
        return window
    return table


def test_in_its_movement_phase_a_unit_and_its_stack_are_dragged(table_in):
    window = table_in("ge_movement")
    words = tip(window, "1Pz:II/1")
    assert words.startswith("II/1 Pz Bn — ")
    assert words.endswith("Drag to move it; Shift-drag moves the whole stack")
    assert "drag to move it; Shift-drag moves the whole stack" in window.hover_label.text()
    assert move_entries(window, "1Pz:II/1") == ["Move This Unit…", "Move the Whole Stack…"]


def test_the_side_not_acting_is_not_told_to_drag(table_in):
    window = table_in("ge_movement")
    words = tip(window, "1ID:A/1")
    assert "Drag" not in words
    assert words.endswith("The German player acts now; right-click for what the rules allow here")
    assert "drag" not in window.hover_label.text()
    assert move_entries(window, "1ID:A/1") == []


def test_in_a_combat_phase_no_unit_is_told_to_drag_nor_offered_a_move(table_in):
    window = table_in("ge_combat")
    for unit in ("1Pz:II/1", "1ID:A/1"):
        assert "Drag" not in tip(window, unit)
        assert move_entries(window, unit) == []
    assert tip(window, "1Pz:II/1").endswith("It cannot move now; right-click for what the rules allow here")


def test_a_free_table_drags_every_counter(table_in):
    window = table_in("ge_combat")
    window.assistance.set_mode(OFF, remember=False)
    assert tip(window, "1ID:A/1").endswith("Free table: drag it anywhere")
    assert tip(window, "1Pz:II/1").endswith("Free table: drag it anywhere; Shift-drag moves the whole stack")
    assert move_entries(window, "1Pz:I/1") == ["Move This Unit…", "Move the Whole Stack…"]


def test_warned_a_drag_may_still_move_it_anyway(table_in):
    window = table_in("ge_movement")
    window.assistance.set_mode(WARN, remember=False)
    assert tip(window, "1ID:A/1").endswith("A drag asks whether to move it anyway, as a free move.")
    assert move_entries(window, "1ID:A/1") == []


def test_a_gun_that_must_bug_out_is_dragged_to_a_highlighted_hex(qtbot):
    state, _ = open_bug_outs(BOARD, position(BOARD, {GUN: "A12.05", "1Pz:I/1": "A13.05"}, phase="ge_movement"))
    window = table_on(qtbot, BOARD, state)
    window.view.zoom_to(0.9, "A12.05")
    assert tip(window, GUN).endswith("402 Arty Grp must Bug Out: drag it to a highlighted hex, "
                                     "or pick one in the Decision panel")
    assert tip(window, "1Pz:I/1").endswith("The game waits for the Allied player's decision; "
                                           "right-click for what the rules allow here")


def test_tooltips_are_asked_of_the_rules_on_hover_not_on_every_change(table_in, monkeypatch):
    window = table_in("ge_movement", {**GERMANS, **AMERICAN, "1Pz:Fus": "A15.05"})
    session = window.session
    asked = []
    real = session.legal_moves
    monkeypatch.setattr(session, "legal_moves", lambda units: asked.append(units) or real(units))
    window.apply(next(a for a in session.legal_actions() if a.kind == "move" and a.units == ("1Pz:Fus",)))
    assert asked == [] and not any(item.toolTip() for item in window.view.counters.items.values())
    tip(window, "1Pz:II/1")
    assert 0 < len(asked) <= 2
    # The game changes under the pointer: that counter's words follow it, and its alone.
    asked.clear()
    window.apply(next(a for a in session.legal_actions() if a.kind == "end_phase"))
    assert "The Allied player acts now" in window.view.counters.items["1Pz:II/1"].toolTip()
    assert [u for u, item in window.view.counters.items.items() if item.toolTip()] == ["1Pz:II/1"]
