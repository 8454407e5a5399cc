"""What-if branches: the lines of play of one game.

A game starts with one line, the main line.  Forking copies the history of a line up to a
position into a new, named line (a session of its own on the same content and seed); the
player tries a line of play there, compares it with the others, returns to the main line
or keeps the branch as the new main line.  Nothing is lost on the way: keeping a branch
sets the former main line aside as a branch, and only an explicit discard removes a line.

Every line is a ``Session``; all of them know their ``BranchSet`` (``session.lines``), so
saving any of them writes the whole set, the one on the table as the game itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Generic, Protocol, Self, TypeVar

from ardennes_qt.core.actions import Action
from ardennes_qt.core.outcome import Refused
from ardennes_qt.store.gamefile import SavedGame, SavedLine


class LineSession(Protocol):
    """What a line of play needs of its session.  ``engine.session.Session`` is one; it opens a
    saved game's other lines itself and hands them over (``BranchSet.restore``), so this
    module never needs the session's class."""

    lines: BranchSet[Self] | None
    file: Path | None

    @property
    def history_position(self) -> int: ...

    @property
    def autosave_file(self) -> Path | None: ...

    def action_log(self) -> list[Action]: ...

    def forked(self, at: int | None = None) -> Self: ...

    def autosave(self, path: Path | str) -> None: ...

    def close(self) -> None: ...

    def lines_changed(self) -> None: ...

    def saved_line(self, name: str, parent: str, fork_at: int) -> SavedLine: ...


SessionT = TypeVar("SessionT", bound=LineSession)  # the class of the game's sessions (one per line)

MAIN_LINE = "Main line"
FORMER_MAIN_LINE = "Former main line"


@dataclass
class Line(Generic[SessionT]):
    """One named line of play of a game: its session, the line it was forked from and the actions
    they shared then."""

    name: str
    session: SessionT
    parent: str  # the line it was forked from; "" for the first line
    fork_at: int  # actions it shared with its parent when forked


class BranchSet(Generic[SessionT]):
    def __init__(self, main: SessionT, name: str = MAIN_LINE, parent: str = "", fork_at: int = 0) -> None:
        self._lines: dict[str, Line[SessionT]] = {name: Line(name, main, parent, fork_at)}
        self.main = name
        self.current = name
        main.lines = self

    @classmethod
    def of(cls, session: SessionT) -> BranchSet[SessionT]:
        """The lines of ``session``'s game (a set of one, the main line, until a fork)."""
        return session.lines if session.lines is not None else cls(session)

    # --- reading -------------------------------------------------------------------------

    def names(self) -> list[str]:
        """The main line, then the branches in the order they were made."""
        return [self.main] + [name for name in self._lines if name != self.main]

    def line(self, name: str) -> Line[SessionT]:
        return self._lines[name]

    def session(self, name: str) -> SessionT:
        return self._lines[name].session

    @property
    def current_session(self) -> SessionT:
        return self._lines[self.current].session

    def name_of(self, session: SessionT) -> str:
        return next(name for name, line in self._lines.items() if line.session is session)

    def shared(self, a: str, b: str) -> int:
        """How many actions the two lines have in common from the start (their fork point)."""
        log_a, log_b = self.session(a).action_log(), self.session(b).action_log()
        n = 0
        while n < min(len(log_a), len(log_b)) and log_a[n] == log_b[n]:
            n += 1
        return n

    # --- changing -------------------------------------------------------------------------

    def fork(self, name: str = "", source: str | None = None, at: int | None = None) -> Line[SessionT]:
        """A new line from ``source`` (default: the current line) at ``at`` actions (default:
        its position now); the player goes on in whichever line the caller switches to."""
        parent = self._lines[source or self.current]
        session = parent.session.forked(at)
        line = Line(self._unique(name.strip() or self._next_branch_name()), session, parent.name, session.history_position)
        session.lines = self
        self._lines[line.name] = line
        self._changed()
        return line

    def switch(self, name: str) -> SessionT:
        """Play ``name`` from now on; the autosave follows it to the same file."""
        new, old = self.session(name), self.current_session
        if new is not old:
            path = old.autosave_file
            if path is not None:
                old.close()
                new.autosave(path)
            new.file = old.file
        self.current = name
        return new

    def keep(self, name: str) -> None:
        """Make ``name`` the main line; the former main line stays, set aside as a branch."""
        if name == self.main:
            return
        former = self.main
        self.main = name
        if former == MAIN_LINE:
            self.rename(former, FORMER_MAIN_LINE)
        self._changed()

    def rename(self, name: str, new_name: str) -> str:
        """Rename a line (a taken name gets a number); the name it now has."""
        new_name = new_name.strip()
        if not new_name:
            raise Refused("a line needs a name")
        if new_name == name:
            return name
        new_name = self._unique(new_name)
        self._lines = {(new_name if k == name else k): v for k, v in self._lines.items()}
        self._lines[new_name].name = new_name
        for line in self._lines.values():
            if line.parent == name:
                line.parent = new_name
        self.main = new_name if self.main == name else self.main
        self.current = new_name if self.current == name else self.current
        self._changed()
        return new_name

    def discard(self, name: str) -> None:
        """Drop a branch for good (never the main line, nor the line on the table)."""
        if name == self.main:
            raise Refused("the main line cannot be discarded: keep another line as the main line first")
        if name == self.current:
            raise Refused("the line on the table cannot be discarded: return to another line first")
        gone = self._lines.pop(name)
        gone.session.lines = None
        for line in self._lines.values():
            if line.parent == name:
                line.parent = gone.parent
        self._changed()

    def _unique(self, name: str) -> str:
        if name not in self._lines:
            return name
        n = 2
        while f"{name} ({n})" in self._lines:
            n += 1
        return f"{name} ({n})"

    def _next_branch_name(self) -> str:
        n = len(self._lines)
        while f"Branch {n}" in self._lines:
            n += 1
        return f"Branch {n}"

    def _changed(self) -> None:
        self.current_session.lines_changed()

    # --- saving ------------------------------------------------------------------------------

    def saved_lines(self, session: SessionT) -> tuple[SavedLine, str, list[SavedLine]]:
        """(the saved session's own line, the main line's name, every other line) for its file."""
        own = self._lines[self.name_of(session)]
        others = [line.session.saved_line(line.name, line.parent, line.fork_at)
                  for line in self._lines.values() if line.session is not session]
        return SavedLine(own.name, own.parent, own.fork_at), self.main, others

    def saved_as(self, path: Path) -> None:
        for line in self._lines.values():
            line.session.file = path

    @classmethod
    def restore(cls, session: SessionT, saved: SavedGame, others: list[tuple[SavedLine, SessionT]]) -> BranchSet[SessionT]:
        """The lines of a saved game around ``session`` (its own line, just loaded), with
        ``others``, the other lines the session has opened from the file (those that hold
        together: ``engine.session.Session.opened_lines``)."""
        own = saved.line or SavedLine(MAIN_LINE)
        lines = cls(session, own.name, own.parent, own.fork_at)
        lines.main = saved.main_line or own.name
        for entry, restored in others:
            restored.lines = lines
            lines._lines[entry.name] = Line(entry.name, restored, entry.parent, entry.fork_at)
        if lines.main not in lines._lines:
            lines.main = own.name
        return lines
