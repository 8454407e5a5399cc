"""Atomic writes: a file is either the old one or the complete new one, never half."""

from __future__ import annotations

import os
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator


@contextmanager
def replacing(path: Path, durable: bool = True) -> Iterator[Path]:
    """A temporary file beside ``path`` to write; once the block ends without an error it
    takes ``path``'s place in one step (flushed to disk first when ``durable``), and on any
    error it is removed and ``path`` stays as it was."""
    path = Path(path)
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    tmp = Path(name)
    try:
        yield tmp
        if durable:
            with open(tmp, "rb") as f:
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    if durable:
        _fsync_dir(path.parent)


def write_text_atomic(path: Path, text: str) -> None:
    write_bytes_atomic(path, text.encode("utf-8"))


def write_bytes_atomic(path: Path, data: bytes) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with replacing(path) as tmp:
        tmp.write_bytes(data)


def write_sqlite_atomic(path: Path, fill: Callable, durable: bool = True) -> None:
    """Write a whole SQLite file atomically: ``fill(db)`` gets a new sqlite-utils Database,
    inside one transaction."""
    import sqlite_utils  # writing only: reading a game or content needs sqlite3 alone

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with replacing(path, durable) as tmp:
        tmp.unlink()  # SQLite makes its own file
        db = sqlite_utils.Database(tmp)
        try:
            db.execute("PRAGMA journal_mode=DELETE")
            with db.atomic():
                fill(db)
        finally:
            db.close()


def _fsync_dir(directory: Path) -> None:
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
