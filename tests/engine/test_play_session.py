"""The session's answers for the table while playing: the log by action with the dice each
rolled, where arriving units may go, the markers on the map."""

from __future__ import annotations

from ardennes_qt.core.map_markers import CONTROL
from ardennes_qt.engine import Session
from ardennes_qt.rules.ardennes2.actions import EndPhase


def test_the_log_by_action_counts_the_dice_and_follows_undo():
    session = Session.new("ardennes2/7.1", seed=1)
    assert session.log_entries() == []
    session.apply(EndPhase())  # the Pre-Turn: weather and Air Strike rolls, then the German moves
    (entry,) = session.log_entries()
    assert entry.action == EndPhase() and entry.lines == tuple(session.log())
    assert entry.dice == session.state.draws > 0
    session.undo()
    assert session.log_entries() == []
    session.redo()
    assert session.log_entries() == [entry]


def test_placements_and_markers_come_from_the_rules():
    session = Session.new("ardennes2/7.1", seed=1)
    assert session.placements(["no such unit"]) == []
    control = [m for m in session.map_markers() if m.kind == CONTROL]
    assert any(m.hex == "B1.16" and m.owner == "Allied" for m in control)


def test_each_entry_says_when_it_was_taken_and_later_entries_come_alone():
    session = Session.new("ardennes2/7.1", seed=1)
    session.apply(EndPhase())
    session.apply(EndPhase())
    first, second = session.log_entries()
    assert (first.turn, first.phase) == (1, "Weather Determination")
    assert (second.turn, second.phase) == (1, "Movement & Barrage")
    assert session.log_entries(1) == [second]
