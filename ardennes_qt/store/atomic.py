"""Atomic writes: a file is either the old one or the complete new one, never half.

The new file is written beside the old one under a temporary name that carries the
writing process's id (``.<name>.<pid>.<token>.tmp``) and then takes the old one's place
in one step.  A write cut short by a crash leaves that temporary file behind: the next
write of the same file removes those whose process is gone (``remove_orphans``).
"""

from __future__ import annotations

import os
import re
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from ardennes_qt.store.sqlitefile import fsync_folder, settle

ORPHAN_AGE_S = 600  # a temporary file without a process id in its name, older than this, is an orphan
_writing: set[Path] = set()  # this process's temporary files being written now


def temporary_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")


@contextmanager
def replacing(path: Path, durable: bool = True, before_replace: Callable[[], None] | None = None) -> Iterator[Path]:
    """A temporary file beside ``path`` to write; once the block ends without an error it
    takes ``path``'s place in one step (flushed to disk first when ``durable``), and on any
    error it is removed and ``path`` stays as it was.  ``before_replace`` runs just before."""
    path = Path(path)
    remove_orphans(path)
    tmp = temporary_name(path)
    tmp.touch()
    _writing.add(tmp)
    try:
        yield tmp
        if durable:
            with open(tmp, "rb") as f:
                os.fsync(f.fileno())
        if before_replace is not None:
            before_replace()
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    finally:
        _writing.discard(tmp)
    if durable:
        fsync_folder(path.parent)


def write_text_atomic(path: Path, text: str) -> None:
    write_bytes_atomic(path, text.encode("utf-8"))


def write_bytes_atomic(path: Path, data: bytes) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with replacing(path) as tmp:
        tmp.write_bytes(data)


def write_sqlite_atomic(path: Path, fill: Callable, durable: bool = True) -> None:
    """Write a whole SQLite file atomically: ``fill(db)`` gets a new sqlite-utils Database,
    inside one transaction.

    The temporary database keeps its journal in memory: cut short, it is only an orphan to
    remove, with no journal file of its own.  The file it replaces has its interrupted
    write finished (or its journal removed) first, so that no journal of the old file is
    left beside the new one."""
    import sqlite_utils  # writing only: reading a game or content needs sqlite3 alone

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with replacing(path, durable, before_replace=lambda: settle(path)) as tmp:
        tmp.unlink()  # SQLite makes its own file
        db = sqlite_utils.Database(tmp)
        try:
            db.execute("PRAGMA journal_mode=MEMORY")
            with db.atomic():
                fill(db)
        finally:
            db.close()


def remove_orphans(path: Path) -> list[Path]:
    """Remove the temporary files left beside ``path`` by writes of it cut short (their
    process is gone, or, for a name without a process id, they are old); those removed."""
    path = Path(path)
    removed = []
    temporary = re.compile(rf"^\.{re.escape(path.name)}\.(?:(?P<pid>\d+)\.)?[0-9a-z_]+\.tmp(?:-journal|-wal|-shm)?$")
    try:
        candidates = list(path.parent.glob(f".{_glob_escape(path.name)}.*.tmp*"))
    except OSError:
        return removed
    for tmp in candidates:
        m = temporary.match(tmp.name)
        if not m or tmp in _writing:
            continue
        pid = m.group("pid")
        try:
            orphan = (not process_alive(int(pid))) if pid else time.time() - tmp.stat().st_mtime > ORPHAN_AGE_S
            if orphan or (pid and int(pid) == os.getpid()):
                tmp.unlink()
                removed.append(tmp)
        except OSError:
            continue
    return removed


def _glob_escape(name: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", name)


def process_alive(pid: int) -> bool:
    """Is there a process ``pid`` (True when that cannot be told)?"""
    if pid == os.getpid():
        return True
    if sys.platform == "win32":
        return _windows_process_alive(pid)
    try:
        os.kill(pid, 0)  # signal 0: no signal, only the check
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


def _windows_process_alive(pid: int) -> bool:
    import ctypes  # os.kill(pid, 0) would end the process on Windows

    kernel32 = ctypes.windll.kernel32
    handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return False
    try:
        code = ctypes.c_ulong()
        return not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)) or code.value == 259  # STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)
