"""Errors the store raises for input it cannot use; the message is meant for the user."""

from __future__ import annotations

import copy
import sqlite3
from contextlib import contextmanager
from typing import Iterator


class ContentError(ValueError):
    """A malformed content or save file.  ``where`` names the file and line."""

    def __init__(self, message: str, where: str = "") -> None:
        self.where = where
        self.message = message  # what is wrong, without where
        super().__init__(f"{where}: {message}" if where else message)


    def within(self, name: str) -> ContentError:
        """This error said of the file ``name``, when it named only a part of it (a scenario,
        a table) or nothing."""
        if not name or self.where.startswith(name):
            return self
        other = copy.copy(self)
        other.where = name
        other.message = self.args[0]
        other.args = (f"{name}: {self.args[0]}",)
        return other


class NotASaveFile(ContentError):
    """The file is not an ardennes-qt game (a foreign or broken file)."""


@contextmanager
def reading(name: str, what: str = "the file", named: bool = True) -> Iterator[None]:
    """Whatever goes wrong while ``name`` is read and checked comes out as a ContentError
    naming it: a file can hold anything, and no value in it may end the program with a
    traceback.  (The readers say what is wrong in the player's words where they can; this
    is the net under them.)  A ContentError naming only part of the file is said of the
    file, unless ``named`` is False (the parts are files themselves: a scenario's text)."""
    try:
        yield
    except ContentError as exc:
        raise (exc.within(name) if named else exc) from None
    except MemoryError:
        raise ContentError(f"{what} asks for more memory than this computer has", name) from None
    except RecursionError:
        raise ContentError(f"{what} holds values nested too deeply to be read", name) from None
    except UnicodeError:
        raise ContentError(f"{what} holds text that is not UTF-8", name) from None
    except sqlite3.DatabaseError as exc:
        raise NotASaveFile(f"the file is damaged and cannot be read ({exc})", name) from None
    except OSError as exc:
        raise ContentError(f"the file cannot be read ({exc.strerror or exc})", name) from None
    except Exception as exc:  # noqa: BLE001 - see above: any value a file holds
        raise ContentError(f"{what} is damaged, or holds a value the program cannot use ({_plain(exc)})", name) from None


def _plain(exc: Exception) -> str:
    text = str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc)
    if isinstance(exc, KeyError):
        return f"{text} is missing"
    return text[:300] or type(exc).__name__
