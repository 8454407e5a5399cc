"""SQLite files opened, moved and removed so that a write cut short by a crash is finished
as SQLite means it to be, never turned into damage.

SQLite writes a transaction with a rollback journal beside the file (``<file>-journal``):
if the program dies halfway, the journal is "hot", and the next connection that may write
the file rolls the half-written transaction back from it.  Two things defeat that:

- opening such a file read-only: SQLite cannot roll back, and refuses to read it
  ("attempt to write a readonly database");
- separating the file from its journal: a file renamed without its journal is left
  half-written, and a journal left behind is played into whatever file takes the name
  next, damaging it.

So a file is read through ``open_for_reading`` (which lets SQLite finish first, in a copy
when the file may not be written), and moved or removed with its journal dealt with
(``move_database``, ``remove_database``).  A WAL file (``-wal``, from another program)
is checkpointed the same way.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from ardennes_qt.store.errors import NotASaveFile

SQLITE_HEADER = b"SQLite format 3\x00"
SIDECARS = ("-journal", "-wal", "-shm")


def sidecar(path: Path, suffix: str) -> Path:
    path = Path(path)
    return path.with_name(path.name + suffix)


def sidecars(path: Path) -> list[Path]:
    """The journal, WAL and shared-memory files that belong with ``path`` (existing or not)."""
    return [sidecar(path, s) for s in SIDECARS]


def write_unfinished(path: Path) -> bool:
    """Does a write to ``path`` wait to be finished (a non-empty journal, or a WAL file)?"""
    journal, wal = sidecar(path, "-journal"), sidecar(path, "-wal")
    try:
        return (journal.is_file() and journal.stat().st_size > 0) or wal.is_file()
    except OSError:
        return False


def uri(path: Path, mode: str) -> str:
    """``path`` as an SQLite URI (a name with ``?`` or ``#`` in it stays one file name)."""
    return f"{Path(path).resolve().as_uri()}?mode={mode}"


def finish_write(path: Path) -> None:
    """Let SQLite finish a write to ``path`` cut short by a crash: roll back a hot journal,
    checkpoint a WAL file.  Raises sqlite3.Error or OSError when it cannot."""
    conn = sqlite3.connect(uri(path, "rw"), uri=True, timeout=2.0)
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()  # takes the lock that rolls back
    finally:
        conn.close()


def check_header(path: Path, name: str, what: str) -> None:
    """NotASaveFile unless ``path`` is a file that starts as an SQLite database does."""
    path = Path(path)
    if not path.is_file():
        raise NotASaveFile("there is no such file" if not path.exists() else "this is a folder, not a file", name)
    try:
        with open(path, "rb") as f:
            header = f.read(len(SQLITE_HEADER))
    except OSError as exc:
        raise NotASaveFile(f"the file cannot be read ({exc.strerror or exc})", name) from None
    if header != SQLITE_HEADER:
        raise NotASaveFile(f"this is not {what} (it is not an SQLite database)", name)


def open_for_reading(path: Path, name: str, what: str) -> sqlite3.Connection:
    """A read-only connection to the database in ``path`` (``what`` it should be, for the
    messages: "an ardennes-qt game"), a write cut short by a crash finished first.

    The file is finished in place when it may be written; otherwise a copy of it and its
    journal is finished and read (in memory), and the file is left as it is.  Raises
    NotASaveFile with a message for the user when it is no database.
    """
    path = Path(path)
    check_header(path, name, what)
    if write_unfinished(path):
        try:
            finish_write(path)
        except (sqlite3.Error, OSError):
            pass
        if write_unfinished(path):
            return _finished_copy(path, name)
    try:
        return sqlite3.connect(uri(path, "ro"), uri=True)
    except sqlite3.Error as exc:
        raise NotASaveFile(f"the file cannot be opened ({exc})", name) from None


def _finished_copy(path: Path, name: str) -> sqlite3.Connection:
    """The file as SQLite finishes it, from a copy of it and its journal, in memory."""
    import shutil
    import tempfile

    with tempfile.TemporaryDirectory(prefix="ardennes-qt-recover-") as folder:
        copy = Path(folder) / path.name
        try:
            shutil.copyfile(path, copy)
            for suffix in SIDECARS:
                if sidecar(path, suffix).is_file():
                    shutil.copyfile(sidecar(path, suffix), sidecar(copy, suffix))
            source = sqlite3.connect(uri(copy, "rw"), uri=True)
            try:
                source.execute("SELECT count(*) FROM sqlite_master").fetchone()  # rolls back the copy
                memory = sqlite3.connect(":memory:")
                source.backup(memory)
            finally:
                source.close()
        except (sqlite3.Error, OSError) as exc:
            raise NotASaveFile(f"the file was left half-written and cannot be recovered ({exc})", name) from None
    return memory


def settle(path: Path) -> None:
    """Before ``path`` is moved or replaced: its interrupted write finished, or, when that
    cannot be done (a damaged file), its journal taken away so it is played into no other file."""
    if write_unfinished(path) and Path(path).is_file():
        try:
            finish_write(path)
        except (sqlite3.Error, OSError):
            pass
    for extra in sidecars(path):
        extra.unlink(missing_ok=True)


def move_database(source: Path, target: Path) -> None:
    """Move a closed database file to ``target`` (replacing it) with its interrupted write
    finished first, leaving no journal behind at either name."""
    source, target = Path(source), Path(target)
    settle(source)
    settle(target)
    os.replace(source, target)
    fsync_folder(target.parent)


def remove_database(path: Path) -> None:
    """Remove a closed database file and whatever journal it has."""
    path = Path(path)
    for extra in sidecars(path):
        extra.unlink(missing_ok=True)
    path.unlink(missing_ok=True)


def fsync_folder(directory: Path) -> None:
    """Make a rename in ``directory`` durable (where the system allows it)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
