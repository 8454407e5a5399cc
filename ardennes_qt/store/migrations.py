"""File formats and their migration chains.

Every SQLite file the program writes says what it is and in which version of its format
(``meta``: ``format`` and ``schema``).  A file of an older version is opened through the
chain of steps from its version to the current one, each taking the database one
version up; the steps run on a copy in memory, so the file itself stays as it was until
it is saved again.  The chain starts at the oldest version the program still opens (the
files of every release are kept as test fixtures and must keep opening); a file older
than that, or newer than this program, is refused with a message saying so.

A game also keeps the rules it was played with: where a rule system has changed a default
since an older format, the step to the next format asks the game's rule system for the rule
tables as they were (``kept_house_rules``) and writes them into the game as its house rules,
so that its log still replays to its position.

The built content of the shipped scenarios is not migrated: it is a cache, named after
its format and its text, and built again when either changes.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from typing import Callable

from ardennes_qt.core.scenario import HOUSE_RULES_OPTION
from ardennes_qt.store.errors import NotASaveFile

Step = Callable[[sqlite3.Connection], None]


@dataclass(frozen=True)
class FileFormat:
    """A kind of file (``name`` as its meta says it), the version this program writes, the
    oldest version it still opens and the steps from each older one."""

    name: str
    what: str  # "game", "module": for the messages
    current: int
    oldest: int
    steps: dict[int, Step] = field(default_factory=dict)  # version -> the step to the next

    def __post_init__(self) -> None:
        missing = [v for v in range(self.oldest, self.current) if v not in self.steps]
        if missing:
            raise ValueError(f"the {self.what} format has no step from version(s) {missing}")

    def opened(self, conn: sqlite3.Connection, schema_text: str | None, origin: str) -> sqlite3.Connection:
        """``conn`` when its file is of the current version; else a copy in memory migrated
        to it (the caller closes ``conn``).  NotASaveFile for a version that cannot be."""
        schema = version(schema_text, self.what, origin)
        if schema == self.current:
            return conn
        if schema > self.current:
            raise NotASaveFile(f"this {self.what} was saved by a newer version of ardennes-qt (format {schema}); "
                               "update the program to open it", origin)
        if schema < self.oldest:
            raise NotASaveFile(f"this {self.what} is of format {schema}, older than any this version of "
                               f"ardennes-qt opens (formats {self.oldest} and later)", origin)
        memory = sqlite3.connect(":memory:")
        conn.backup(memory)
        for v in range(schema, self.current):
            with memory:
                self.steps[v](memory)
                memory.execute("UPDATE meta SET value = ? WHERE key = 'schema'", [str(v + 1)])
        return memory


def add_unit_values(conn: sqlite3.Connection) -> None:
    """The content table of a game's own counter and formation values (contentdb.py's
    ``unit_values``), empty: a file written before it has only SCS counters."""
    conn.execute("CREATE TABLE IF NOT EXISTS unit_values (unit TEXT, id TEXT, name TEXT, value TEXT, "
                 "PRIMARY KEY (unit, id, name))")


def version(text: str | None, what: str, origin: str) -> int:
    if text is None or not text.isdigit() or len(text) > 6:
        raise NotASaveFile(f"this {what} does not say which version of its format it is in", origin)
    return int(text)


# How to find what a game's rule system keeps for older saves, by the system's name: the engine,
# which knows the rule systems, says so (``engine.systems``); the store imports no engine.
_kept_rules_of: Callable[[str], Callable | None] | None = None


def keeps_rules_with(finder: Callable[[str], Callable | None]) -> None:
    """Set how ``kept_house_rules`` finds a rule system's ``kept_rules`` by the system's name."""
    global _kept_rules_of
    _kept_rules_of = finder


def kept_house_rules(conn: sqlite3.Connection, saved_format: int) -> None:
    """Write into a saved game's scenario the house rules its rule system keeps for games of
    ``saved_format`` (the system's ``kept_rules``, if it has one); a table the game already has
    a house rule of keeps it.  A scenario header that cannot be read is left for the reading
    to refuse with its own message."""
    row = conn.execute("SELECT value FROM meta WHERE key = 'scenario'").fetchone()
    try:
        header = json.loads(row[0])
        options = header.get("options") or {}
        rules = options.get(HOUSE_RULES_OPTION) or {}
        kept = _kept_rules_of(str(header["system"])) if _kept_rules_of is not None else None
    except (TypeError, ValueError, KeyError, AttributeError, RecursionError):
        return
    added = kept(saved_format, rules) if kept is not None and isinstance(rules, dict) else {}
    if added:
        header["options"] = {**options, HOUSE_RULES_OPTION: {**rules, **added}}
        conn.execute("UPDATE meta SET value = ? WHERE key = 'scenario'", [json.dumps(header, sort_keys=True)])
