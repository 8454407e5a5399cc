"""The compiled methods of record classes, kept between runs of the program.

Python's ``dataclasses`` writes each record class's ``__init__``, ``__eq__``, ``__repr__``
(and, for frozen ones, ``__setattr__`` and ``__delattr__``) as source text and compiles
it when the class is made.  The table's ~130 record classes make some 600 such methods:
compiling them takes 60-90 ms of the half second the program takes to open the table on
a small machine.  ``keep_record_code`` keeps the compiled code in a file in the cache
folder and hands it back to ``dataclasses`` on the next start.

The source text is the key, so what comes back is exactly what compiling that text makes.
The file belongs to one Python version (its first bytes are that version's bytecode
mark); a file of another version, or one that cannot be read, is set aside: the methods
are compiled as without it, and a good file is written in its place.
"""

from __future__ import annotations

import builtins
import dataclasses
import marshal
import sys
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from types import CodeType

from ardennes_qt.store.atomic import write_bytes_atomic

FILE_MARK = MAGIC_NUMBER + b"ardennes-qt record code 1\n"
MOST_KEPT = 5000  # past this many methods, a file keeps only those the last run used


class RecordCode:
    """Compiled method code by its source text: what was read from the file, and what this run used."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.kept: dict[str, CodeType] = read_code_file(path)
        self.used: dict[str, CodeType] = {}
        self.compiled = 0  # methods compiled this run (not found in the file)

    def code_of(self, source: str) -> CodeType:
        code = self.used.get(source) or self.kept.get(source)
        if code is None:
            code = compile(source, "<string>", "exec")  # the name exec() gives source text
            self.compiled += 1
        self.used[source] = code
        return code

    def exec(self, source, globals=None, locals=None, /) -> None:
        """``exec`` as ``dataclasses`` calls it, with the compiled code of its source text."""
        if globals is None:  # exec() would run in its caller's namespace: do just that
            frame = sys._getframe(1)
            globals, locals = frame.f_globals, frame.f_locals if locals is None else locals
        if isinstance(source, str):
            source = self.code_of(source)
        builtins.exec(source, globals, locals)

    def save(self) -> bool:
        """Write the file if this run compiled anything; whether it did."""
        if not self.compiled:
            return False
        codes = dict(self.kept)
        codes.update(self.used)
        if len(codes) > MOST_KEPT:
            codes = dict(self.used)
        try:
            write_bytes_atomic(self.path, FILE_MARK + marshal.dumps(codes))
        except OSError:
            return False  # a cache: the program works the same without it
        self.kept, self.compiled = codes, 0
        return True


def read_code_file(path: Path) -> dict[str, CodeType]:
    """The code kept in ``path``; empty if there is none, or none this Python can use."""
    try:
        data = path.read_bytes()
    except OSError:
        return {}
    if not data.startswith(FILE_MARK):
        return {}
    try:
        codes = marshal.loads(data[len(FILE_MARK):])
    except (EOFError, ValueError, TypeError):
        return {}
    if not isinstance(codes, dict):
        return {}
    return {k: v for k, v in codes.items() if isinstance(k, str) and isinstance(v, CodeType)}


_active: RecordCode | None = None


def keep_record_code(folder: Path) -> RecordCode:
    """From now on, record classes made in this process use (and add to) the code kept in
    ``folder``.  Call it before the program's own modules are imported."""
    global _active
    if _active is None:
        _active = RecordCode(Path(folder) / f"records-{sys.implementation.cache_tag}.bin")
        dataclasses.exec = _active.exec  # the name dataclasses looks up before the builtin
    return _active


def stop_keeping_record_code() -> None:
    """Record classes are compiled as Python does by itself again; what this run compiled is saved."""
    global _active
    if _active is not None:
        _active.save()
        _active = None
        vars(dataclasses).pop("exec", None)
