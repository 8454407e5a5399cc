"""What-if branches: fork, play apart, compare, return or keep, saved with the game."""

from __future__ import annotations

import random
import sqlite3

import pytest

from ardennes_qt.core.outcome import Refused
from ardennes_qt.engine import Session
from ardennes_qt.engine.autoplay import RandomPlayer
from ardennes_qt.engine.branches import FORMER_MAIN_LINE, MAIN_LINE, BranchSet
from ardennes_qt.engine.line_compare import compare
from ardennes_qt.rules.ardennes2.actions import EndPhase
from ardennes_qt.store.gamefile import SavedLine, read_game, write_game


def played(actions: int, seed: int = 1) -> Session:
    session = Session.new("ardennes2/7.4", seed=seed)
    RandomPlayer(random.Random(seed)).play(session, max_actions=actions)
    return session


@pytest.fixture(scope="module")
def opening() -> Session:
    return played(25)


def game(opening: Session) -> Session:
    """A fresh copy of the module's game (forking is what copies a game)."""
    return opening.forked()


def test_a_fork_plays_on_apart_and_the_main_line_is_untouched(opening):
    main = game(opening)
    before, log = main.state_hash(), main.action_log()
    lines = BranchSet.of(main)
    line = lines.fork("Push on St. Vith")
    assert (line.parent, line.fork_at) == (MAIN_LINE, len(log))
    branch = lines.switch("Push on St. Vith")
    assert lines.current == "Push on St. Vith" and branch.lines is lines
    assert branch.action_log() == log and branch.state_hash() == before
    RandomPlayer(random.Random(7)).play(branch, max_actions=20)
    assert branch.history_position == len(log) + 20
    assert main.state_hash() == before and main.action_log() == log
    assert lines.switch(MAIN_LINE) is main
    branch.undo()
    assert branch.history_position == len(log) + 19  # a line keeps its own undo history


def test_the_dice_fall_in_a_branch_as_they_would_in_the_main_line(opening):
    main = game(opening)
    lines = BranchSet.of(main)
    branch = lines.fork().session
    assert lines.names() == [MAIN_LINE, "Branch 1"]
    for session in (main, branch):
        while not session.state.turn > opening.state.turn:
            session.apply(session.legal_actions()[0] if session.phase().pending else EndPhase())
    assert branch.state_hash() == main.state_hash()


def test_a_fork_from_an_earlier_position_of_a_line(opening):
    main = game(opening)
    line = BranchSet.of(main).fork("Back to the set-up", at=0)
    assert line.session.history_position == 0 and line.session.state == main.state_at(0)
    with pytest.raises(ValueError):
        BranchSet.of(main).fork("Too far", at=main.history_position + 1)


def test_keeping_a_branch_sets_the_former_main_line_aside(opening):
    main = game(opening)
    lines = BranchSet.of(main)
    lines.fork("Hold the Our")
    lines.keep("Hold the Our")
    assert lines.main == "Hold the Our"
    assert lines.names() == ["Hold the Our", FORMER_MAIN_LINE]
    assert lines.session(FORMER_MAIN_LINE) is main and lines.current == FORMER_MAIN_LINE


def test_discard_keeps_the_main_line_and_the_line_on_the_table(opening):
    lines = BranchSet.of(game(opening))
    lines.fork("A")
    lines.fork("B", source="A")
    with pytest.raises(Refused, match="main line"):
        lines.discard(MAIN_LINE)
    lines.switch("A")
    with pytest.raises(Refused, match="on the table"):
        lines.discard("A")
    lines.switch(MAIN_LINE)
    lines.discard("A")
    assert lines.names() == [MAIN_LINE, "B"] and lines.line("B").parent == MAIN_LINE


def test_names_stay_unique(opening):
    lines = BranchSet.of(game(opening))
    assert lines.fork("Plan").name == "Plan"
    assert lines.fork("Plan").name == "Plan (2)"
    assert lines.rename("Plan (2)", "Plan") == "Plan (3)"
    with pytest.raises(Refused):
        lines.rename("Plan", "  ")


def test_compare_sets_two_lines_side_by_side(opening):
    main = game(opening)
    lines = BranchSet.of(main)
    branch = lines.fork("Try").session
    RandomPlayer(random.Random(5)).play(branch, max_actions=40)
    result = compare(lines, MAIN_LINE, "Try")
    assert result.shared == main.history_position
    assert (result.a.name, result.a.main, result.a.actions, result.a.moved) == (MAIN_LINE, True, 0, 0)
    assert result.b.actions == 40 and result.b.turn == branch.state.turn
    assert result.b.moved == sum(
        1 for uid, u in branch.state.units.items() if (u.where, u.hex) != (main.state.units[uid].where, main.state.units[uid].hex)
    )
    assert result.differences, "forty random actions changed something"
    for d in result.differences:
        a, b = main.state.units[d.unit], branch.state.units[d.unit]
        assert (a.where, a.hex, a.steps, a.dg) != (b.where, b.hex, b.steps, b.dg)
    assert result.a.german_vp == main.victory().current_vp and result.a.result == main.victory().result
    assert set(result.a.losses) == {"German", "Allied"}


def test_branches_are_saved_with_the_game_and_come_back(opening, tmp_path):
    main = game(opening)
    lines = BranchSet.of(main)
    branch = lines.fork("Bastogne first").session
    RandomPlayer(random.Random(3)).play(branch, max_actions=12)
    branch.undo()  # a redo tail is kept too
    lines.fork("Second thoughts", source=MAIN_LINE, at=5)
    lines.switch("Bastogne first")
    branch.save(tmp_path / "game.ardennes")
    saved = read_game(tmp_path / "game.ardennes")
    assert saved.line.name == "Bastogne first" and saved.main_line == MAIN_LINE
    assert [line.name for line in saved.lines] == [MAIN_LINE, "Second thoughts"]

    opened = Session.load(tmp_path / "game.ardennes")
    assert not opened.warnings
    again = opened.lines
    assert again.names()[0] == MAIN_LINE and set(again.names()) == set(lines.names())
    assert again.current == "Bastogne first" and again.main == MAIN_LINE
    for name in lines.names():
        old, new = lines.session(name), again.session(name)
        assert new.state_hash() == old.state_hash() and new.history == old.history
        assert new.history_position == old.history_position and new.file == tmp_path / "game.ardennes"
    assert again.session("Bastogne first").can_redo
    assert again.line("Second thoughts").fork_at == 5


def test_a_line_that_no_longer_replays_is_left_out_with_a_warning(opening, tmp_path):
    main = game(opening)
    saved = main._saved()
    log = main.action_log()
    saved.lines = [SavedLine("Broken", MAIN_LINE, 0, [log[-1]] + log, len(log) + 1, "not a hash")]
    write_game(tmp_path / "broken.ardennes", saved)
    opened = Session.load(tmp_path / "broken.ardennes")
    assert opened.state_hash() == main.state_hash()
    assert opened.lines.names() == [MAIN_LINE]
    assert any("'Broken'" in w and "left out" in w for w in opened.warnings)


def test_a_game_saved_before_branches_existed_still_opens(opening, tmp_path):
    path = tmp_path / "old.ardennes"
    game(opening).save(path)
    db = sqlite3.connect(path)
    db.execute("DROP TABLE lines")
    db.execute("UPDATE meta SET value = '1' WHERE key = 'schema'")
    db.commit()
    db.close()
    opened = Session.load(path)
    assert opened.state_hash() == opening.state_hash() and opened.lines is None


def test_the_autosave_follows_the_line_on_the_table(opening, tmp_path):
    main = game(opening)
    path = tmp_path / "autosave.ardennes"
    main.autosave(path)
    lines = BranchSet.of(main)
    lines.fork("Night attack")
    branch = lines.switch("Night attack")
    assert main.autosave_file is None and branch.autosave_file == path
    RandomPlayer(random.Random(9)).play(branch, max_actions=6)
    saved = read_game(path)
    assert saved.actions == list(branch.history) and saved.line.name == "Night attack"
    assert [line.name for line in saved.lines] == [MAIN_LINE]
    lines.rename(MAIN_LINE, "Cautious")
    assert read_game(path).main_line == "Cautious"
    branch.close()
