"""A whole scenario played through the table with random legal choices: each action is
carried out by the table's own controls (drops, Next Phase, the dialogs' apply), and the
command writes the end-of-scenario screen."""

from __future__ import annotations

import random

from PySide6.QtGui import QImage

from ardennes_qt.app import main
from ardennes_qt.engine.autoplay import RandomPlayer
from ardennes_qt.engine.session import Session
from ardennes_qt.ui.autoplay_run import TableAutoplay


def test_the_table_plays_the_same_game_as_the_engines_random_player(qtbot):
    from ardennes_qt.ui.table_window import TableWindow

    session = Session.new("ardennes2/7.4", seed=2)
    window = TableWindow(session, autosave=False, remember_layout=False)
    qtbot.addWidget(window)
    window.show()
    taken = TableAutoplay(window, random.Random(2)).play(until_turn=4)
    assert taken > 20 and session.state.turn == 4
    alone = Session.new("ardennes2/7.4", seed=2)
    assert RandomPlayer(random.Random(2)).play(alone, until_turn=4) == taken
    assert alone.state_hash() == session.state_hash()
    assert window.play.log_panel.model.rowCount() == taken
    assert window.play.assistance.mode == "enforce"


def test_the_autoplay_command_plays_74_to_its_end_and_writes_the_end_screen(qapp, tmp_path, capsys):
    out = tmp_path / "end.png"
    assert main(["--scenario", "ardennes2/7.4", "--autoplay", "random", "--seed", "1", "--screenshot", str(out)]) == 0
    assert "actions played, turn 7: " in capsys.readouterr().err
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1600, 1000)
