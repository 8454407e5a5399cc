"""Importing PySide6 quicker: its support modules' code kept between starts, and its check
of every module imported after it.

PySide6 carries its support modules (the signature and feature machinery loaded with
``shiboken6``) as source text inside its library and compiles them on every start: some
25 ms.  ``import_shiboken`` compiles them once and keeps the code in the cache folder,
signed (``store.record_code``: a file the program did not write is not run), keyed by their whole text - a PySide6 release with other support
modules compiles those, and keeps them instead.  Python's ``compile`` is stood in for only
while ``shiboken6`` is imported; one that loads its support modules some other way finds
nothing kept, and loads as it always does.

Those support modules also compile, as they load, regular expressions they use only to
read a signature (a wrong argument's message, ``inspect.signature``) or to write type stubs:
three patterns of nested brackets, some 12 ms.  While ``shiboken6`` is imported, a pattern
a support module compiles is compiled the first time it is used instead (``FirstUse``).

PySide6 offers ``from __feature__ import snake_case`` per module.  To know which modules
it may switch, it asks of every module imported once PySide6 is there (and of every one
imported before it, when QtCore loads) whether its source text mentions "PySide6" - through
``inspect.getsource``, which reads each file into the line cache and splits it into lines.
For the table's two hundred modules that is some 30 ms of its start, and keeps their text
in memory.  ``quicker_module_check`` gives PySide6 the same answer read straight from the
file's bytes; a module without a source file is still asked the way PySide6 asks it.

The check changes a name in one of PySide6's own support modules: if a PySide6 release
renames it, nothing is changed and PySide6 checks modules its own way.
"""

from __future__ import annotations

import __future__
import builtins
import re
import sys
from pathlib import Path

from ardennes_qt.store.record_code import PYTHON_COMPILE, KeptCode

_MARK = "_ardennes_qt_quick"
SUPPORT_CODE_MARK = b"ardennes-qt pyside6 support code 2\n"
SUPPORT_PACKAGE = "shibokensupport"  # the package PySide6's support modules load as
RE_COMPILE = re.compile  # Python's own, whatever stands in for it meanwhile
# The compiler flags of ``from __future__`` imports: what compile() passes on from its caller.
FUTURE_FLAGS = 0
for _name in __future__.all_feature_names:
    FUTURE_FLAGS |= getattr(__future__, _name).compiler_flag


def import_shiboken(folder: Path, key: bytes | None) -> KeptCode | None:
    """Import ``shiboken6`` (and so PySide6's support modules) with their code kept in
    ``folder`` from an earlier start and signed with ``key`` (``store.record_code``); what
    was compiled now is kept for the next.  None if shiboken6 was imported already."""
    if "shiboken6" in sys.modules:
        return None
    from importlib.util import MAGIC_NUMBER

    kept = KeptCode(Path(folder) / f"pyside-support-{sys.implementation.cache_tag}.bin", MAGIC_NUMBER + SUPPORT_CODE_MARK,
                    key=key)

    def compile_kept(source, filename, mode, flags=0, dont_inherit=False, optimize=-1, **more):
        # Only what the support modules' loader asks: a module's text compiled as it stands.
        if (mode != "exec" or dont_inherit or optimize != -1 or more or flags & ~FUTURE_FLAGS
                or not isinstance(source, (str, bytes)) or not isinstance(filename, str)):
            return PYTHON_COMPILE(source, filename, mode, flags, dont_inherit, optimize, **more)
        inherited = sys._getframe(1).f_code.co_flags & FUTURE_FLAGS  # as compile() would take them
        return kept.code_of(source, filename, flags | inherited)

    def compile_pattern(pattern, flags=0):
        # Only a support module's patterns wait for their first use: other modules loaded on
        # the way (logging, string...) get theirs at once, as they expect.
        if str(sys._getframe(1).f_globals.get("__name__")).startswith(SUPPORT_PACKAGE):
            return FirstUse(pattern, flags)
        return RE_COMPILE(pattern, flags)

    builtins.compile, re.compile = compile_kept, compile_pattern
    try:
        import shiboken6  # noqa: F401
    finally:
        builtins.compile, re.compile = PYTHON_COMPILE, RE_COMPILE
    kept.save(only_used=True)  # another PySide6's support code is not kept on
    return kept


class FirstUse:
    """A regular expression compiled the first time it is used: its methods (``match``,
    ``finditer``, ``split``... - taken from it ahead of use too) and its attributes answer
    as the compiled pattern's."""

    __slots__ = ("_source", "_compiled")

    def __init__(self, pattern, flags=0) -> None:
        self._source = (pattern, flags)
        self._compiled: re.Pattern | None = None

    @property
    def waiting(self) -> bool:
        """Not compiled yet."""
        return self._compiled is None

    def compiled(self) -> re.Pattern:
        if self._compiled is None:
            self._compiled = RE_COMPILE(*self._source)
        return self._compiled

    def __getattr__(self, name: str):
        asked = getattr(re.Pattern, name, None)
        if asked is None:  # not a pattern's (what a class asks of its values, say): not compiled for it
            raise AttributeError(name)
        if callable(asked):  # a method: compiled when called
            return _MethodOnFirstUse(self, name)
        return getattr(self.compiled(), name)  # pattern, flags, groups, groupindex

    def __repr__(self) -> str:
        return repr(self.compiled())


class _MethodOnFirstUse:
    """A method of a ``FirstUse`` pattern.  Not a function, so that one kept in a class (as
    a compiled pattern's method may be) is not bound to that class's instances."""

    __slots__ = ("pattern", "name")

    def __init__(self, pattern: FirstUse, name: str) -> None:
        self.pattern, self.name = pattern, name

    def __call__(self, *args, **kwargs):
        return getattr(self.pattern.compiled(), self.name)(*args, **kwargs)


def _mentions_pyside(path: str) -> bool | None:
    try:
        with open(path, "rb") as source:
            return b"PySide6" in source.read()
    except OSError:
        return None


def quicker_module_check() -> bool:
    """Answer PySide6's per-module question from the file's bytes; True when in place.

    Called before ``PySide6.QtCore`` is first imported, it also covers the modules
    imported before PySide6."""
    import shiboken6  # noqa: F401 - loads PySide6's support modules, as importing PySide6 does

    feature = sys.modules.get("shibokensupport.feature")
    asked = getattr(feature, "_mod_uses_pyside", None)
    if asked is None:
        return False
    if getattr(asked, _MARK, False):
        return True

    def uses_pyside(module) -> bool:
        path = getattr(module, "__file__", None)
        if isinstance(path, str) and path.endswith(".py"):
            answer = _mentions_pyside(path)
            if answer is not None:
                return answer
        return asked(module)

    setattr(uses_pyside, _MARK, True)
    feature._mod_uses_pyside = uses_pyside
    return True
