"""A process for the kill -9 tests (test_kill_safety.py) to kill: it writes one kind of file
over and over and says on standard output what it has written, line by line.

    python -m tests.store.crash_child autosave FOLDER [campaign]
    python -m tests.store.crash_child save FOLDER [campaign]
    python -m tests.store.crash_child recovery FOLDER

- ``autosave``: a game autosaved to FOLDER/autosave.ardennes; after each action (and now and
  then an undo) is written, ``done <position> <state hash>``.
- ``save``: the same game saved to FOLDER/game.ardennes after each action, then ``done ...``.
- ``recovery``: an editor document (the recovery copy under $XDG_DATA_HOME) edited every
  few milliseconds; ``edit <n> <monotonic time>`` as each edit is made.  Edit n sets the
  map's title to "edit n" and one hex's terrain (``recovery_terrain``), so a recovery copy
  says which edit it holds and whether it holds all of it.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

EDIT_EVERY_MS = 15
TERRAINS = ("woods", "city")


def _say(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def game_session(campaign: bool):
    from ardennes_qt.engine import Session

    if campaign:
        return Session.new("ardennes2/7.1", seed=5)
    from tests.builders import small_content

    return Session(small_content(), seed=5)


def moves(session):
    """Free moves, unit after unit, to hex after hex of the play area: endless."""
    from ardennes_qt.core.actions import MoveUnits

    units = sorted(u.id for u in session.units() if u.hex)
    hexes = [session.map.hex_id(h) for h in session.map.numbering.hexes()][::7]
    n = 0
    while True:
        yield MoveUnits((units[n % len(units)],), hexes[n % len(hexes)], free=True)
        n += 1


def play(session, write) -> None:
    for n, action in enumerate(moves(session)):
        session.apply(action)
        if n % 5 == 4:
            session.undo()  # a redo tail, cut by the next action
        write()
        _say(f"done {session.history_position} {session.state_hash()}")


def recovery_terrain(n: int) -> tuple[int, str]:
    """Edit n: the index of the hex it changes (in the map's order) and the terrain it gives it."""
    return n % 40, TERRAINS[(n // 40) % 2]


def edit_module(folder: Path) -> None:
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QGuiApplication

    from ardennes_qt.core.mapdata import HexRecord
    from editor.document import EditorDocument
    from tests.editor.modules import small_module

    app = QGuiApplication([sys.argv[0]])
    document = EditorDocument(small_module(), folder / "module.ardmod")
    hexes = list(document.module.map.numbering.hexes())
    count = [0]

    def edit() -> None:
        n = count[0]
        index, terrain = recovery_terrain(n)
        document.swap({"map_info": {"title": f"edit {n}"}, "hexes": {hexes[index]: HexRecord(frozenset({terrain}))}})
        _say(f"edit {n} {time.monotonic():.4f}")
        count[0] += 1

    timer = QTimer()
    timer.timeout.connect(edit)
    timer.start(EDIT_EVERY_MS)
    _say("ready")
    app.exec()


def main(argv: list[str]) -> None:
    mode, folder = argv[0], Path(argv[1])
    campaign = argv[2:] == ["campaign"]
    if mode == "recovery":
        edit_module(folder)
        return
    session = game_session(campaign)
    if mode == "autosave":
        session.autosave(folder / "autosave.ardennes")
        _say("ready")
        play(session, lambda: None)
    else:
        path = folder / "game.ardennes"
        session.save(path)
        _say("ready")
        play(session, lambda: session.save(path))


if __name__ == "__main__":
    main(sys.argv[1:])
