"""Importing PySide6 quicker: its check of every module imported after it.

PySide6 offers ``from __feature__ import snake_case`` per module.  To know which modules
it may switch, it asks of every module imported once PySide6 is there (and of every one
imported before it, when QtCore loads) whether its source text mentions "PySide6" - through
``inspect.getsource``, which reads each file into the line cache and splits it into lines.
For the table's two hundred modules that is some 30 ms of its start, and keeps their text
in memory.  ``quicker_module_check`` gives PySide6 the same answer read straight from the
file's bytes; a module without a source file is still asked the way PySide6 asks it.

It changes a name in one of PySide6's own support modules: if a PySide6 release renames
it, nothing is changed and PySide6 checks modules its own way.
"""

from __future__ import annotations

import sys

_MARK = "_ardennes_qt_quick"


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
