"""Compiled code kept between runs of the program: the methods of record classes, and
PySide6's own support modules (``ui.pyside_start``).

Python's ``dataclasses`` writes each record class's ``__init__``, ``__eq__``, ``__repr__``
(and, for frozen ones, ``__setattr__`` and ``__delattr__``) as source text and compiles
it when the class is made.  The table's ~130 record classes make some 600 such methods:
compiling them takes 60-90 ms of the half second the program takes to open the table on
a small machine.  ``keep_record_code`` keeps the compiled code in a file in the cache
folder and hands it back to ``dataclasses`` on the next start.

The source text is the key (with the file name and compiler flags, where they are not
those of text given to ``exec``), so what comes back is exactly what compiling that text
makes.  A file belongs to one Python version (its first bytes are that version's bytecode
mark); a file of another version, or one that cannot be read, is set aside: the code is
compiled as without it, and a good file is written in its place.

Code is run from a file only if the program wrote it: each file is signed (keyed
BLAKE2b) with a key kept outside the cache folder (``folders.code_key``, in the user's
configuration folder, readable by the user alone), and one whose signature does not hold
- changed by anyone who may write the cache, or written with another key - is set aside
like a damaged one, before anything in it is unmarshalled.  Without a key nothing is
kept: Python compiles as it does by itself.
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

try:  # without hashlib and hmac, which load OpenSSL (milliseconds of every start)
    from _blake2 import blake2b
    from _operator import _compare_digest as compare_digest
except ImportError:  # an interpreter without them
    from hashlib import blake2b
    from hmac import compare_digest

FILE_MARK = MAGIC_NUMBER + b"ardennes-qt record code 3\n"
SIGNATURE_SIZE = 32
MOST_KEPT = 5000  # past this many pieces of code, a file keeps only those the last run used
PYTHON_COMPILE = builtins.compile  # Python's own, whatever stands in for it meanwhile

# A piece of code by its source text, or by (file name, compiler flags, source text).
Key = str | tuple


class KeptCode:
    """Compiled code by its source text: what was read from the file (signed with ``key``;
    None: nothing is read or kept), and what this run used."""

    def __init__(self, path: Path, mark: bytes = FILE_MARK, *, key: bytes | None) -> None:
        self.path = path
        self.mark = mark
        self.key = key
        self.kept: dict[Key, CodeType] = read_code_file(path, mark, key=key)
        self.used: dict[Key, CodeType] = {}
        self.compiled = 0  # pieces compiled this run (not found in the file)

    def code_of(self, source: str | bytes, filename: str = "<string>", flags: int = 0) -> CodeType:
        """What ``compile(source, filename, "exec", flags, dont_inherit=True)`` makes."""
        key = source if filename == "<string>" and not flags and isinstance(source, str) else (filename, flags, source)
        code = self.used.get(key) or self.kept.get(key)
        if code is None:
            code = PYTHON_COMPILE(source, filename, "exec", flags, dont_inherit=True)
            self.compiled += 1
        self.used[key] = code
        return code

    def save(self, only_used: bool = False) -> bool:
        """Write the file if this run compiled anything - or, ``only_used`` (keeping only
        what this run used), if it left anything kept unused; whether it did."""
        unused = only_used and self.kept.keys() - self.used.keys()
        if self.key is None or (not self.compiled and not unused):
            return False
        codes = dict(self.used) if only_used else {**self.kept, **self.used}
        if len(codes) > MOST_KEPT:
            codes = dict(self.used)
        body = marshal.dumps(codes)
        try:
            write_bytes_atomic(self.path, self.mark + sign(self.key, self.mark + body) + body)
        except OSError:
            return False  # a cache: the program works the same without it
        self.kept, self.compiled = codes, 0
        return True


class RecordCode(KeptCode):
    """The methods of record classes, handed to ``dataclasses`` in place of its ``exec``."""

    def exec(self, source, globals=None, locals=None, /) -> None:
        """``exec`` as ``dataclasses`` calls it, with the compiled code of its source text."""
        if globals is None:  # exec() would run in its caller's namespace: do just that
            frame = sys._getframe(1)
            globals, locals = frame.f_globals, frame.f_locals if locals is None else locals
        if isinstance(source, str):
            source = self.code_of(source)
        builtins.exec(source, globals, locals)


def sign(key: bytes, data: bytes) -> bytes:
    return blake2b(data, key=key, digest_size=SIGNATURE_SIZE).digest()


def read_code_file(path: Path, mark: bytes = FILE_MARK, *, key: bytes | None) -> dict[Key, CodeType]:
    """The code kept in ``path``; empty if there is none, none this Python can use, or none
    signed with ``key`` (checked before anything in the file is unmarshalled)."""
    if key is None:
        return {}
    try:
        data = path.read_bytes()
    except OSError:
        return {}
    if not data.startswith(mark):
        return {}
    signature, body = data[len(mark):len(mark) + SIGNATURE_SIZE], data[len(mark) + SIGNATURE_SIZE:]
    if not compare_digest(signature, sign(key, mark + body)):
        return {}
    try:
        codes = marshal.loads(body)
    except (EOFError, ValueError, TypeError):
        return {}
    if not isinstance(codes, dict):
        return {}
    return {k: v for k, v in codes.items() if _is_key(k) and isinstance(v, CodeType)}


def _is_key(key) -> bool:
    if isinstance(key, tuple):
        return (len(key) == 3 and isinstance(key[0], str) and isinstance(key[1], int)
                and isinstance(key[2], (str, bytes)))
    return isinstance(key, str)


_active: RecordCode | None = None


def keep_record_code(folder: Path, key: bytes | None) -> RecordCode:
    """From now on, record classes made in this process use (and add to) the code kept in
    ``folder`` and signed with ``key``.  Call it before the program's own modules are imported."""
    global _active
    if _active is None:
        _active = RecordCode(Path(folder) / f"records-{sys.implementation.cache_tag}.bin", key=key)
        dataclasses.exec = _active.exec  # the name dataclasses looks up before the builtin
    return _active


def stop_keeping_record_code() -> None:
    """Record classes are compiled as Python does by itself again; what this run compiled is saved."""
    global _active
    if _active is not None:
        _active.save()
        _active = None
        vars(dataclasses).pop("exec", None)
