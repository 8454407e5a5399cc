"""The scripting facade of README's Scripting section, on the shipped 7.1 campaign."""

from __future__ import annotations

import random

import pytest

from ardennes_qt.core.outcome import Refused
from ardennes_qt.engine import Session
from ardennes_qt.engine.autoplay import RandomPlayer
from ardennes_qt.rules.ardennes2.actions import EndPhase, PlaceReinforcements


@pytest.fixture(scope="module")
def german_movement():
    session = Session.new("ardennes2/7.1", seed=1)
    session.apply(EndPhase())
    while session.phase().phase != "ge_movement":
        session.apply(session.legal_actions()[0] if session.phase().pending else EndPhase())
    return session


def test_phase_tells_the_turn_the_phase_and_who_acts(german_movement):
    info = german_movement.phase()
    assert (info.turn, info.date, info.phase, info.name, info.acting) == (1, "16 Dec 44", "ge_movement", "Movement & Barrage", "German")
    assert info.as_dict()["game_over"] is False


def test_legal_actions_and_their_families_agree(german_movement):
    listed = german_movement.legal_actions()
    assert EndPhase() in listed
    families = german_movement.choices()
    assert {f.side for f in families} <= {"German", "Allied", ""}
    assert sum(len(f.actions()) for f in families) == len(listed)


def test_legal_moves_and_path_with_reasons(german_movement):
    moves = german_movement.legal_moves(["2Pz:I/3"])
    destination, cost = next(iter(sorted(moves.items(), key=lambda kv: -kv[1])))
    steps = german_movement.path(["2Pz:I/3"], destination)
    assert steps[0].hex == "B22.19" and steps[-1].hex == destination and steps[-1].mp == cost
    assert all(reason for step in steps[1:] for reason in step.reasons)


def test_the_action_log_replays_to_the_same_hash():
    session = Session.new("ardennes2/7.5", seed=4)
    RandomPlayer(random.Random(4)).play(session, max_actions=40)
    replayed = Session.new("ardennes2/7.5", seed=4)
    for action in session.action_log():
        replayed.apply(action)
    assert replayed.state_hash() == session.state_hash()


def test_a_refused_action_says_why_and_which_rule(german_movement):
    before = german_movement.state_hash()
    with pytest.raises(Refused) as info:
        german_movement.apply(PlaceReinforcements(("4ID:Luckett",), "B28.00"))
    assert info.value.rule == "2.2" and "Reinforcement Placement" in info.value.reason
    assert german_movement.state_hash() == before


# In a fresh interpreter, as a script or the table starts: a new game and its phase, then a
# move of play, then the game saved and opened again in another fresh interpreter.
OPENING = """
import json, sys
from ardennes_qt.engine import Session
from ardennes_qt.rules.ardennes2.actions import EndPhase
session = Session.new("ardennes2/7.1", seed=3)
info = session.phase()
opened_with_rules_of_play = "ardennes_qt.rules.ardennes2.play" in sys.modules
readers_at_opening = sorted(m for m in ("tomllib", "hashlib") if m in sys.modules)
session.apply(EndPhase())  # the weather, then the next phase a player acts in
played = "ardennes_qt.rules.ardennes2.play" in sys.modules
session.save(sys.argv[1])
print(json.dumps({"phase": [info.turn, info.phase, info.acting], "loaded_at_opening": opened_with_rules_of_play,
                  "readers_at_opening": readers_at_opening,
                  "loaded_to_play": played, "now": session.phase().phase, "hash": session.state_hash(),
                  "legal": len(session.legal_actions())}))
"""
REOPENING = """
import json, sys
from ardennes_qt.engine import Session
session = Session.load(sys.argv[1])
print(json.dumps({"now": session.phase().phase, "hash": session.state_hash(), "undo": session.can_undo,
                  "legal": len(session.legal_actions())}))
"""


def fresh(code: str, *args: str) -> dict:
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=root, env=dict(os.environ, PYTHONPATH=str(root)),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_game_opens_with_its_phase_before_the_rules_of_play_load_and_plays_once_they_do(tmp_path):
    saved = tmp_path / "game.ardennes"
    opened = fresh(OPENING, str(saved))
    here = Session.new("ardennes2/7.1", seed=3).phase()  # in this process every rule is loaded
    assert opened["phase"] == [here.turn, here.phase, here.acting] == [1, "weather", "Allied"]
    assert not opened["loaded_at_opening"]
    # Nor are the rule tables' TOML reader and the dice's hash (OpenSSL) loaded to open it.
    assert opened["readers_at_opening"] == []
    assert opened["loaded_to_play"] and opened["now"] == "air_supply" and opened["legal"] > 1
    # The same game opened in an interpreter that has loaded no rules yet: its log replays
    # (the action kinds are looked for where the rule system defines them) to the same position.
    again = fresh(REOPENING, str(saved))
    assert again == {"now": "air_supply", "hash": opened["hash"], "undo": True, "legal": opened["legal"]}


KINDS = """
import json, sys
from ardennes_qt.core.actions import action_from_dict
from ardennes_qt.engine import Session
Session.new("ardennes2/7.1", seed=3)
opened_with_kinds = "ardennes_qt.rules.ardennes2.actions" in sys.modules
action = action_from_dict({"kind": "reinforce", "units": ["82AB:A/504"], "to": "B1.16"}, "ardennes2")
try:
    action_from_dict({"kind": "teleport"}, "ardennes2")
    unknown = ""
except ValueError as exc:
    unknown = str(exc)
print(json.dumps({"opened_with_kinds": opened_with_kinds, "read": [type(action).__name__, action.to], "unknown": unknown}))
"""


def test_a_new_game_opens_without_the_action_kinds_and_reads_them_when_asked():
    found = fresh(KINDS)
    assert not found["opened_with_kinds"]
    assert found["read"] == ["PlaceReinforcements", "B1.16"]
    assert found["unknown"] == "unknown action kind 'teleport'"
