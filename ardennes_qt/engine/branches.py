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
from typing import TYPE_CHECKING

from ardennes_qt.core.outcome import Refused
from ardennes_qt.core.state import state_to_json
from ardennes_qt.store.errors import ContentError
from ardennes_qt.store.gamefile import SavedGame, SavedLine

if TYPE_CHECKING:  # a line's sessions are made by the session's own class: the session module imports this one
    from ardennes_qt.engine.session import Session

MAIN_LINE = "Main line"
FORMER_MAIN_LINE = "Former main line"


@dataclass
class Line:
    """One named line of play of a game: its session, the line it was forked from and the actions
    they shared then."""

    name: str
    session: Session
    parent: str  # the line it was forked from; "" for the first line
    fork_at: int  # actions it shared with its parent when forked


class BranchSet:
    def __init__(self, main: Session, name: str = MAIN_LINE, parent: str = "", fork_at: int = 0) -> None:
        self._lines: dict[str, Line] = {name: Line(name, main, parent, fork_at)}
        self.main = name
        self.current = name
        main.lines = self

    @classmethod
    def of(cls, session: Session) -> BranchSet:
        """The lines of ``session``'s game (a set of one, the main line, until a fork)."""
        return session.lines if session.lines is not None else cls(session)

    # --- reading -------------------------------------------------------------------------

    def names(self) -> list[str]:
        """The main line, then the branches in the order they were made."""
        return [self.main] + [name for name in self._lines if name != self.main]

    def line(self, name: str) -> Line:
        return self._lines[name]

    def session(self, name: str) -> Session:
        return self._lines[name].session

    @property
    def current_session(self) -> Session:
        return self._lines[self.current].session

    def name_of(self, session: Session) -> str:
        return next(name for name, line in self._lines.items() if line.session is session)

    def shared(self, a: str, b: str) -> int:
        """How many actions the two lines have in common from the start (their fork point)."""
        log_a, log_b = self.session(a).action_log(), self.session(b).action_log()
        n = 0
        while n < min(len(log_a), len(log_b)) and log_a[n] == log_b[n]:
            n += 1
        return n

    # --- changing -------------------------------------------------------------------------

    def fork(self, name: str = "", source: str | None = None, at: int | None = None) -> Line:
        """A new line from ``source`` (default: the current line) at ``at`` actions (default:
        its position now); the player goes on in whichever line the caller switches to."""
        parent = self._lines[source or self.current]
        session = parent.session.forked(at)
        line = Line(self._unique(name.strip() or self._next_branch_name()), session, parent.name, session.history_position)
        session.lines = self
        self._lines[line.name] = line
        self._changed()
        return line

    def switch(self, name: str) -> Session:
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

    def saved_lines(self, session: Session) -> tuple[SavedLine, str, list[SavedLine]]:
        """(the saved session's own line, the main line's name, every other line) for its file."""
        own = self._lines[self.name_of(session)]
        others = []
        for line in self._lines.values():
            if line.session is not session:
                s = line.session
                others.append(SavedLine(line.name, line.parent, line.fork_at, list(s.history), s.history_position,
                                        s.state_hash(), state_to_json(s.state, s.content.map.hex_id)))
        return SavedLine(own.name, own.parent, own.fork_at), self.main, others

    def saved_as(self, path: Path) -> None:
        for line in self._lines.values():
            line.session.file = path

    @classmethod
    def restore(cls, session: Session, saved: SavedGame) -> BranchSet:
        """The lines of a saved game around ``session`` (its own line, just loaded).

        Each other line opens at its saved position, its log replayed later as the game's own
        is (engine.history); a line of a file older than format 3, which holds no position,
        is replayed from the set-up now.  A line whose position does not check, or whose log
        no longer replays to it, is left out, with a warning.
        """
        own = saved.line or SavedLine(MAIN_LINE)
        lines = cls(session, own.name, own.parent, own.fork_at)
        lines.main = saved.main_line or own.name
        # The set-up every line starts from (the game's own line may have been kept without it).
        set_up = session.state_at(0) if saved.history_sound else type(session)(session.content, saved.seed).state
        for entry in saved.lines:
            restored = _restored(session, set_up, entry)
            if restored is None:
                session.warnings.append(f"The what-if line '{entry.name}' no longer replays to its saved position; it is left out.")
                continue
            restored.lines, restored.file, restored.physical_table = lines, session.file, session.physical_table
            lines._lines[entry.name] = Line(entry.name, restored, entry.parent, entry.fork_at)
        if lines.main not in lines._lines:
            lines.main = own.name
        return lines


def _restored(session: Session, set_up, entry: SavedLine) -> Session | None:
    """One other line of a saved game, or None when it does not hold together."""
    if entry.state_json is not None:
        try:
            position = session.position_of(entry.state_json, entry.state_hash, "")
        except (ContentError, ValueError, KeyError, TypeError, AttributeError):
            return None
        return type(session).opened_at(session.content, session.seed, set_up, entry.actions, entry.pointer, position)
    restored = _replayed(type(session)(session.content, session.seed, initial=set_up), entry.actions, entry.pointer)
    return restored if restored is not None and restored.state_hash() == entry.state_hash else None


def _replayed(base: Session, actions, pointer: int) -> Session | None:
    """``base`` with ``actions`` applied, then undone back to ``pointer``; None if the rules refuse one."""
    for action in actions:
        try:
            base.apply(action)
        except Exception:  # noqa: BLE001 - a log that no longer replays cannot be trusted
            return None
    if not 0 <= pointer <= base.history_position:
        return None  # a position the line never had (the file checks it; a line built otherwise may not)
    while base.history_position > pointer:
        base.undo()
    return base
