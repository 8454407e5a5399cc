"""What a player reads of the two SCS games is in his words: the setup sheets, the notes on
the transcription, the Orders of Arrival's notes, the reasons the rule tables give and the
log of play name no file, no internal counter id (other than the text sheet's Counter
column, kept for scripts), no file key or section and no mark of the implementation
checklist.  The reasoning behind the ids stays in each game's scenarios README.md."""

from __future__ import annotations

import random
import re
import tomllib
from pathlib import Path

import pytest

import ardennes_qt
from ardennes_qt.engine import Session
from ardennes_qt.engine.autoplay import RandomPlayer
from ardennes_qt.engine.setup_sheet import setup_sheet
from ardennes_qt.engine.setup_sheet_text import SETUP_COLUMNS, setup_sheet_text
from ardennes_qt.store.library import list_scenarios, load_content, system_content

GAMES = ("ardennes2", "ardennes1994")
SCENARIOS = [key for key, _ in list_scenarios() if key.split("/")[0] in GAMES]

DEVELOPERS_WORDS = (
    (r"\b[\w.-]+\.(?:toml|csv|md|txt|json|py)\b|\bREADME\b", "a file name"),
    (r"\bM\d+\b|\bitems? \d+\b|\bchecklist\b", "a checklist mark"),
    (r"\[\[?[a-z_]+\]\]?|\b[a-z]+(?:_[a-z]+)+\b", "a file's key or section"),
    (r"\bseeds?\b", "the name of a source document as the project files it"),
    (r"\b[A-Za-z]+-Ind:(?=\S)", "a counter id"),
)


def developers_words(text: str, system: str) -> list[str]:
    """Each bit of ``text`` a player would not say, with what it is."""
    codes = "|".join(re.escape(code) for code in sorted(system_content(system).formations, key=len, reverse=True))
    patterns = (*DEVELOPERS_WORDS, (rf"(?<![\w-])(?:{codes}):(?=\S)", "a counter id"))
    return [f"{what}: ...{text[max(0, m.start() - 40):m.end() + 20]}..."
            for pattern, what in patterns for m in re.finditer(pattern, text)]


def without_counter_column(text: str) -> str:
    """The text sheet without its set-up tables' last column, the counter ids for scripts."""
    out, cut = [], None
    for line in text.splitlines():
        if line.split() == list(SETUP_COLUMNS):
            cut = line.index(SETUP_COLUMNS[-1])
            continue
        if not line.strip():
            cut = None
        out.append(line[:cut] if cut is not None else line)
    return "\n".join(out)


def test_the_check_finds_what_a_player_would_not_say():
    found = developers_words("US-Ind:105-1 (README id scheme; nationality SS in counters.csv; M7, item 59;"
                             " a [[bounds]] rectangle, map_bounds; 6SSEng:1; seed 002)", "ardennes1994")
    assert len(found) == 10, found
    assert not developers_words("the 105mm Arty Grp at B45.11 (shown as Arty Grp 105-1), KG 'Rlbn: A', 3:1, "
                                "Set 1: Büllingen (B54.13), A/26, M/110", "ardennes1994")
    header = "  Hex     Values    Type      Unit   Status  Counter"
    row = "  B45.11  ≈[4]-1-0  Arty Grp  105-1          US-Ind:105-1"
    kept = without_counter_column(f"{header}\n{row}\n\nUS-Ind:1")
    assert kept == "  B45.11  ≈[4]-1-0  Arty Grp  105-1          \n\nUS-Ind:1"  # a note after the table is checked


@pytest.mark.parametrize("key", SCENARIOS)
def test_the_setup_sheet_is_in_players_words(key):
    text = without_counter_column(setup_sheet_text(setup_sheet(load_content(key))))
    assert developers_words(text, key.split("/")[0]) == []


@pytest.mark.parametrize("key", SCENARIOS)
def test_the_scenarios_notes_and_arrival_notes_are_in_players_words(key):
    scenario = load_content(key).scenario
    texts = [*scenario.notes, *(a.note for a in scenario.arrivals)]
    assert [found for text in texts for found in developers_words(text, scenario.system)] == []


@pytest.mark.parametrize("system", GAMES)
def test_the_orders_of_arrivals_notes_are_in_players_words(system):
    module = system_content(system)
    texts = [*module.ooa_notes, *(a.note for a in module.ooa)]
    assert [found for text in texts for found in developers_words(text, system)] == []


def _reasons(value, key: str = ""):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _reasons(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from _reasons(v, key)
    elif isinstance(value, str) and (key == "rule" or key.endswith("reason")):
        yield value


@pytest.mark.parametrize("system", GAMES)
def test_the_rule_tables_reasons_are_in_players_words(system):
    tables = Path(ardennes_qt.__file__).parent / "rules" / system / "tables"
    texts = [text for path in sorted(tables.glob("*.toml"))
             for text in _reasons(tomllib.loads(path.read_text(encoding="utf-8")))]
    assert texts
    assert [found for text in texts for found in developers_words(text, system)] == []


@pytest.mark.parametrize("key", ["ardennes1994/5.1", "ardennes1994/5.3", "ardennes2/7.1", "ardennes2/7.4"])
def test_the_log_of_random_play_is_in_players_words(key):
    session = Session.new(key, seed=1)
    player = RandomPlayer(random.Random(1))
    last = session.state.turn + 2
    in_phase, at = 0, None
    for _ in range(1500):
        if session.state.turn >= last or session.phase().game_over or player.step(session, in_phase) is None:
            break
        in_phase = in_phase + 1 if at == (session.state.turn, session.state.phase) else 0
        at = (session.state.turn, session.state.phase)
    lines = [text for line in session.log() for text in (line.text, *line.reasons)]
    assert lines
    assert [found for text in lines for found in developers_words(text, key.split("/")[0])] == []
