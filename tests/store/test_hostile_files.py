"""Saved games and modules changed in hostile ways (mutations.py) open identically, or
open with a stated warning, or are refused with a clean error naming the file - within a
time bound, never with another exception, never hanging.

A module is a file the player may change with other tools, so one that opens differently
is a different module: it must then be one the editor can show and the table can play.
The runs here are a few hundred mutations of small files; ``-m slow`` runs more, on the
campaign.
"""

from __future__ import annotations

import faulthandler
import shutil
from collections import Counter
from contextlib import contextmanager
from pathlib import Path

import pytest

from ardennes_qt.core.actions import MoveUnits
from ardennes_qt.engine import Session
from ardennes_qt.engine.branches import BranchSet
from ardennes_qt.engine.opening import open_file
from ardennes_qt.store.editorfile import read_module, write_module
from ardennes_qt.store.editormodel import Backdrop, VectorLayer
from ardennes_qt.store.errors import ContentError
from ardennes_qt.store.gamefile import ContentChanged
from tests.builders import small_content
from tests.editor.modules import small_module
from tests.store.mutations import mutate_sqlite

TIME_LIMIT_S = 60  # per file, on a busy machine; past it the run ends with every thread's traceback


@contextmanager
def watchdog(what: str):
    """End the test run, saying where it hung, if the block takes longer than TIME_LIMIT_S."""
    faulthandler.dump_traceback_later(TIME_LIMIT_S, exit=True)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()


def saved_game(path: Path) -> Session:
    """A small game with a redo tail and a what-if line, saved to ``path``."""
    session = Session(small_content(), seed=7)
    session.apply(MoveUnits(("1ID:A/1",), "A3.03", free=True))
    session.apply(MoveUnits(("1Pz:I/1",), "B2.02", free=True))
    lines = BranchSet.of(session)
    branch = lines.fork("Careful").session
    branch.apply(MoveUnits(("1ID:B/1",), "A1.02", free=True))
    session.apply(MoveUnits(("1ID:B/1",), "A4.04", free=True))
    session.undo()
    session.save(path)
    return session


def fingerprint(session: Session) -> tuple:
    """What a saved game holds: content, seed, history, position, every line of play."""
    lines = ()
    if session.lines is not None:
        for name in session.lines.names():
            session.lines.session(name).verify_history()
        lines = tuple((name, [a.to_dict() for a in session.lines.session(name).history],
                       session.lines.session(name).history_position, session.lines.session(name).state_hash())
                      for name in session.lines.names())
    return (session.content, session.seed, [a.to_dict() for a in session.history], session.history_position,
            session.state_hash(), lines)


def open_hostile_game(path: Path, original: tuple, done: str) -> str:
    """'identical', 'warned', 'changed' (its content is not the saved one: refused, and
    opened as a physical table when the player wants it anyway) or 'refused'; anything else
    fails the test, saying what was done."""
    try:
        with watchdog(done):
            try:
                session = open_file(path)
                session.verify_history()
            except ContentChanged as exc:
                assert path.name in str(exc), f"{done}: the message does not name the file: {exc}"
                session = open_file(path, accept_changed_content=True)
                session.verify_history()
                assert session.physical_table and session.warnings, f"{done}: opened anyway without a word"
                return "changed"
    except ContentError as exc:
        assert path.name in str(exc), f"{done}: the message does not name the file: {exc}"
        return "refused"
    except Exception as exc:  # noqa: BLE001 - the point of the test
        raise AssertionError(f"{done}: {type(exc).__name__}: {exc}") from exc
    if fingerprint(session) == original:
        return "identical"
    assert session.warnings, f"{done}: opened a different game without a word"
    return "warned"


def fuzz_games(folder: Path, runs: range, base: Path) -> Counter:
    original = fingerprint(Session.load(base))
    outcomes: Counter = Counter()
    for n in runs:
        path = folder / f"mutant-{n}.ardennes"
        shutil.copyfile(base, path)
        done = f"mutation {n} ({mutate_sqlite(path, n)})"
        outcomes[open_hostile_game(path, original, done)] += 1
        for extra in folder.glob(f"mutant-{n}.*"):
            extra.unlink()
    return outcomes


def test_hostile_saved_games_open_identically_or_with_a_warning_or_are_refused_cleanly(tmp_path):
    base = tmp_path / "base.ardennes"
    saved_game(base)
    outcomes = fuzz_games(tmp_path, range(250), base)
    assert sum(outcomes.values()) == 250
    print(f"\nsaved games, 250 mutations: {dict(outcomes)}")


@pytest.mark.slow
def test_hostile_campaign_saves(tmp_path, request):
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("604 mutations of a campaign save: run with -m slow")
    import random

    from ardennes_qt.engine.autoplay import RandomPlayer

    session = Session.new("ardennes2/7.1", seed=2)
    RandomPlayer(random.Random(2)).play(session, until_turn=2)
    BranchSet.of(session).fork("Other")
    base = tmp_path / "campaign.ardennes"
    session.save(base)
    outcomes = fuzz_games(tmp_path, range(1000, 1604), base)
    print(f"\ncampaign saves, 604 mutations: {dict(outcomes)}")


# --- modules ----------------------------------------------------------------------------------


def module_file(path: Path) -> None:
    """The small module with what only a module holds: a second scenario, vector layers, a
    backdrop, a house rule."""
    module = small_module()
    scenario = module.scenarios["test"]
    from dataclasses import replace

    module.scenarios["second"] = replace(scenario, id="second", title="Second")
    module.layers["Creek"] = VectorLayer("Creek", "polyline", "stream", ((1.0, 1.0), (2.0, 2.5), (3.0, 2.0)), label="Creek")
    module.layers["Wood"] = VectorLayer("Wood", "polygon", "woods", ((0.0, 0.0), (2.0, 0.0), (1.0, 2.0)))
    module.backdrop["backdrop"] = Backdrop("scan.png", png(8, 8), 8, 8, ((0.0, 0.0, "A1.01"), (1.0, 0.0, "A3.01"),
                                                                           (0.0, 1.0, "A1.03")), 0.5)
    from ardennes_qt.engine.systems import system_for

    module.house_rules[("map", "crt")] = system_for("ardennes2").tables({}).shipped_text("crt")
    write_module(path, module)


def png(width: int, height: int) -> bytes:
    """A grey PNG image of this size."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + b"\x80" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def open_hostile_module(path: Path, done: str) -> str:
    """'opened' (and every scenario plays) or 'refused'; anything else fails the test."""
    try:
        with watchdog(done):
            module = read_module(path)
    except ContentError as exc:
        assert path.name in str(exc), f"{done}: the message does not name the file: {exc}"
        return "refused"
    except Exception as exc:  # noqa: BLE001 - the point of the test
        raise AssertionError(f"{done}: {type(exc).__name__}: {exc}") from exc
    for scenario_id in module.scenarios:
        try:
            with watchdog(done):
                Session(module.play_content(scenario_id), seed=1).legal_actions()
        except ContentError:
            pass  # the table says why it cannot play it (a house rule that is not a table)
        except Exception as exc:  # noqa: BLE001
            raise AssertionError(f"{done}: playing {scenario_id}: {type(exc).__name__}: {exc}") from exc
    return "opened"


def fuzz_modules(folder: Path, runs: range, base: Path) -> Counter:
    outcomes: Counter = Counter()
    for n in runs:
        path = folder / f"mutant-{n}.ardmod"
        shutil.copyfile(base, path)
        done = f"mutation {n} ({mutate_sqlite(path, n)})"
        outcomes[open_hostile_module(path, done)] += 1
        for extra in folder.glob(f"mutant-{n}.*"):
            extra.unlink()
    return outcomes


def test_hostile_modules_open_as_modules_the_table_can_play_or_are_refused_cleanly(tmp_path):
    base = tmp_path / "base.ardmod"
    module_file(base)
    outcomes = fuzz_modules(tmp_path, range(250), base)
    print(f"\nmodules, 250 mutations: {dict(outcomes)}")


@pytest.mark.slow
def test_hostile_shipped_modules(tmp_path, request):
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("663 mutations of the shipped module: run with -m slow")
    from tests.editor.modules import shipped_module

    base = tmp_path / "shipped.ardmod"
    write_module(base, shipped_module())
    outcomes = fuzz_modules(tmp_path, range(2000, 2663), base)
    print(f"\nshipped module, 663 mutations: {dict(outcomes)}")
