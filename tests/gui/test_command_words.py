"""The command line's words: --help lists the other commands and says a module made in
the editor opens too; an autoplay run stopped before the scenario's first turn says why;
an offscreen run prints none of the offscreen platform's chatter."""

import os
import subprocess
import sys
from pathlib import Path

from ardennes_qt.app import table_parser

ROOT = Path(__file__).resolve().parents[2]


def test_help_lists_the_other_commands_and_modules():
    words = table_parser().format_help()
    assert "print-setup" in words and "install-desktop" in words
    assert ".ardmod" in words and "module" in words


def test_autoplay_before_the_first_turn_says_where_the_scenario_starts_and_nothing_else(tmp_path):
    env = dict(os.environ)
    env.pop("QT_QPA_PLATFORM", None)  # a screenshot run goes offscreen by itself
    env["PYTHONPATH"] = str(ROOT)
    result = subprocess.run(
        [sys.executable, "-m", "ardennes_qt", "--scenario", "ardennes2/7.4", "--autoplay", "random", "--seed", "1",
         "--until-turn", "2", "--screenshot", str(tmp_path / "shot.png"), "--size", "900x600"],
        env=env, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip() == ("ardennes-qt: 7.4 starts on turn 3, so --until-turn 2 stops before any play: "
                                     "0 actions played, turn 3")
