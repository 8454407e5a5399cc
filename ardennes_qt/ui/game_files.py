"""Games on disk: open, save, save as, the recent files list and the autosave.

Every action, undo and redo is written to an autosave file in the user's data folder
(the engine keeps it up to date).  Starting another game first keeps the previous
autosave aside, so opening the program never wipes out the last game played; a game the
program was playing when it stopped without closing is offered back first, if it holds
play that was never saved.  A file that cannot be opened leaves the game on the table as
it was.
"""

from __future__ import annotations

from pathlib import Path

import platformdirs
from PySide6.QtCore import QSettings

from ardennes_qt.engine.session import Session
from ardennes_qt.store.gamefile import SUFFIX, UnfinishedGame, unfinished_autosave
from ardennes_qt.store.sqlitefile import move_database

APP_NAME = "ardennes-qt"
RECENT_KEY = "recentFiles"
RECENT_KEPT = 8
FILE_FILTER = f"Ardennes games (*{SUFFIX});;All files (*)"


def settings() -> QSettings:
    return QSettings(APP_NAME, "table")


def autosave_path() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / f"autosave{SUFFIX}"


def previous_autosave_path() -> Path:
    return autosave_path().with_name(f"autosave-previous{SUFFIX}")


def start_autosave(session: Session) -> Path:
    """Autosave ``session`` from now on, keeping the last game's autosave as the previous one."""
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():  # with its journal's write finished: a journal left behind would damage the next autosave
        move_database(path, previous_autosave_path())
    session.autosave(path)
    return path


def unfinished_game() -> UnfinishedGame | None:
    """The game the last run was playing when it stopped without closing (a crash, a kill),
    if it holds play that was never saved to a file."""
    return unfinished_autosave(autosave_path())


def restored(game: UnfinishedGame) -> Session:
    """The unfinished game back on the table, as it was; saving it goes to the file it was
    last saved to (not to the autosave).  ContentError if it cannot be read."""
    session = Session.load(game.path)
    session.unsaved_play = True
    if session.lines is not None:
        session.lines.saved_as(game.saved_file)
    session.file = game.saved_file
    return session


def with_suffix(path: str | Path) -> Path:
    path = Path(path)
    return path if path.suffix == SUFFIX else path.with_name(path.name + SUFFIX)


def recent_files() -> list[Path]:
    value = settings().value(RECENT_KEY, [])
    if isinstance(value, str):  # QSettings gives a lone string for a one-item list
        value = [value]
    return [Path(p) for p in value or []]


def remember(path: Path) -> list[Path]:
    """Put ``path`` first in the recent files and return the list."""
    path = Path(path).resolve()
    files = [path] + [p for p in recent_files() if p != path]
    files = files[:RECENT_KEPT]
    settings().setValue(RECENT_KEY, [str(p) for p in files])
    return files


def forget(path: Path) -> None:
    path = Path(path).resolve()
    settings().setValue(RECENT_KEY, [str(p) for p in recent_files() if p != path])
