"""Opening a file the player names: one way in, one way out.

Every way the table opens a file - the command line, File ▸ Open, the recent files, a
file dropped on the window - comes here: a saved game opens as it was left, an editor
module as a new game of one of its scenarios.  Whatever is wrong with the file, what
comes out is a game or a ContentError naming the file and saying what is wrong in the
player's words: never a traceback, never a wait without end (the readers check what a
file asks for before they do the work, ``store.limits``).
"""

from __future__ import annotations

import random
from pathlib import Path

from ardennes_qt.engine.session import Session
from ardennes_qt.store.errors import reading


def open_file(path: Path | str, scenario: str | None = None, seed: int | None = None,
              accept_changed_content: bool = False) -> Session:
    """The game in ``path``: a saved game, or a new game of an editor module's scenario
    (``scenario``: its id, or system/id; the module's first by default) with ``seed`` (a
    random one by default).  ContentError with a message for the player otherwise; a saved
    game whose content was changed outside the program raises ``gamefile.ContentChanged``
    unless ``accept_changed_content`` (then it opens as a physical table)."""
    from ardennes_qt.store.editorfile import is_module_file, play_content  # a file is opened: not at start

    path = Path(path)
    if is_module_file(path):
        with reading(path.name, "the module"):
            content = play_content(path, (scenario or "").rpartition("/")[2] or None)
            return Session(content, seed if seed is not None else random.randrange(1, 1_000_000))
    return Session.load(path, accept_changed_content)


def new_game(key: str, seed: int) -> Session:
    """A new game of a shipped scenario (``ardennes2/7.1``); ContentError naming the
    scenario's file and what is wrong in it otherwise."""
    with reading(key, "the scenario", named=False):  # its errors name its text's files
        return Session.new(key, seed)
