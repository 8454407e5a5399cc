"""An Ardennes II game saved before the odds rounding followed the designer's worked example
(saved-game format 3 and earlier: odds rounded in the defender's favour) opens at its position,
keeps the rounding it was played with as a house rule of its own, and its log still replays to
its position; a game saved now plays with the new default."""

from __future__ import annotations

import shutil

import pytest

from ardennes_qt.core.tableset import TableSet
from ardennes_qt.engine import Session
from ardennes_qt.rules.ardennes2.actions import Attack, EndPhase
from ardennes_qt.rules.ardennes2.tables import TABLE_SET, TABLES
from ardennes_qt.store import gamefile

# 7.1, seed 2: the German Turn 1 attack of the 295 Inf Rgt (3) on A/422 Inf Bn(+) (4) in Forest.
# 3 to 4 is raw 1:2 rounded for the defender (1:3 after the Forest), 1:1 to the nearest (1:2);
# the dice roll 4: A2 on the 1:3 column, A1 on the 1:2.
ATTACK = Attack(("18VG:295",), "B33.34")


def _to_the_attack(session: Session) -> None:
    while ATTACK not in session.legal_actions():
        session.apply(session.legal_actions()[0] if session.phase().pending else EndPhase())
    session.apply(ATTACK)
    while session.phase().pending:
        session.apply(session.legal_actions()[0])


@pytest.fixture
def old_save(tmp_path, monkeypatch):
    """A 7.1 game played and saved as the program did before: format 3, rounding for the defender."""
    tables = tmp_path / "tables"
    shutil.copytree(TABLES, tables)
    series = tables / "series.toml"
    series.write_text(series.read_text().replace('rounding = "nearest"', 'rounding = "defender"'))
    options = tables / "options.toml"  # and the set-up's DG markers cleared in the first Pre-Turn
    head, _, rest = options.read_text().partition("[setup_dg]\n")
    options.write_text(head + "[setup_dg]\n" + rest.replace('default = "first_turn"', 'default = "pre_turn"', 1))
    with monkeypatch.context() as before:
        before.setattr(TABLE_SET, "_shipped", TableSet("ardennes2", tables))
        before.setattr(gamefile, "SCHEMA_VERSION", 3)
        session = Session.new("ardennes2/7.1", seed=2)
        _to_the_attack(session)
        assert "at 1:3" in " ".join(line.text for line in session.log()[-6:])
        path = tmp_path / "old.ardennes"
        session.save(path)
        return path, session.state_hash(), list(session.action_log())


def test_an_old_save_opens_at_its_position_and_keeps_the_defenders_rounding(old_save):
    path, state_hash, actions = old_save
    session = Session.load(path)
    assert session.state_hash() == state_hash and session.warnings == []
    series = session.tables()["series"]
    assert series.source == "house rule" and series.rows["odds"]["rounding"] == "defender"
    assert "keeps that rounding" in series.rows["odds"]["rounding_reason"]
    options = session.tables()["options"]
    assert options.source == "house rule" and options.rows["setup_dg"]["default"] == "pre_turn"
    assert session.verify_history() is None and session.warnings == []  # the log replays to the position
    assert len(session.history) == len(actions)


def test_the_old_log_does_not_replay_under_the_new_default(old_save):
    """Why the old game keeps its rounding: played now, the same actions end elsewhere."""
    path, state_hash, actions = old_save
    now = Session.new("ardennes2/7.1", seed=2)
    for action in actions:
        now.apply(action)
    assert now.state_hash() != state_hash
    assert "at 1:2" in " ".join(line.text for line in now.log()[-6:])


def test_a_game_saved_now_has_no_kept_rounding(tmp_path):
    session = Session.new("ardennes2/7.3", seed=1)
    session.save(tmp_path / "new.ardennes")
    again = Session.load(tmp_path / "new.ardennes")
    assert again.tables()["series"].source == "shipped"
    assert again.tables()["series"].rows["odds"]["rounding"] == "nearest"
