"""Check sums a saved game records of what it holds, so that a file changed outside the
program - a flipped bit, a table deleted, a value edited, a line of play dropped - says
so when it is opened instead of playing on something else without a word.

- the content (map, counters, scenario: every row of the content tables and the map's
  and scenario's values in ``meta``), read back from the file as it is written;
- the game: the dice seed, the position, the check sum of the position and every action
  of the log (each action's check sum kept as it is written, so the autosave adds one
  action's worth of work per action);
- each other line of play, and the set of them.

BLAKE2b (16 bytes): a changed file is told from the one written about once in 10^38.
These sums find changes, not forgers: whoever rewrites the file can rewrite its sums.
"""

from __future__ import annotations

from typing import Iterable

try:  # BLAKE2 as the standard library builds it, without hashlib, which loads OpenSSL (ms of every start)
    from _blake2 import blake2b
except ImportError:  # an interpreter without it
    from hashlib import blake2b

from ardennes_qt.store.contentdb import CONTENT_TABLES, EXTENSION_TABLES, SCHEMA

# The content's values kept in ``meta`` rather than in tables of their own.
CONTENT_META = ("map_id", "map_title", "map_numbering", "map_source", "map_notes", "scenario")


def _part(value) -> bytes:
    """``value`` (text, a number, bytes, None) as bytes that no other value gives."""
    data = repr(value).encode("utf-8", "surrogatepass")
    return len(data).to_bytes(8, "little") + data


def digest(parts: Iterable, sums: Iterable[bytes] = ()) -> str:
    """The check sum of ``parts`` (values) followed by ``sums`` (check sums of 16 bytes each)."""
    h = blake2b(digest_size=16)
    for part in parts:
        h.update(_part(part))
    sums = list(sums)
    h.update(_part(len(sums)))
    for one in sums:
        h.update(one)
    return h.hexdigest()


def content_digest(db) -> str:
    """The check sum of the content tables and values of a file (a sqlite-utils Database or
    a store.sqlite_rows.RowReader), as the file has them - every column it has, the rows in
    the order of their keys whatever order they were written in; read before any migration.
    SQLite writes each table out as one text (``quote`` spells every value unmistakably):
    some 20 ms for the campaign's map."""
    h = blake2b(digest_size=16)
    meta = dict(db.execute("SELECT key, value FROM meta WHERE key IN (%s)" % ",".join("?" * len(CONTENT_META)),
                           CONTENT_META).fetchall())
    for key in CONTENT_META:
        h.update(_part(key) + _part(meta.get(key)))
    for table in CONTENT_TABLES:
        _, pk = SCHEMA[table]
        order = ", ".join(f'"{k}"' for k in ((pk,) if isinstance(pk, str) else pk))
        # The columns the file has (a later version may add some: the sum is of the file as written).
        columns = [c for _, c, *_ in db.execute(f'PRAGMA table_info("{table}")')]
        if not columns and table in EXTENSION_TABLES:  # a file of a format before the table's
            continue
        row = " || ',' || ".join(f'quote("{c}")' for c in columns) or "''"
        (rows, text) = db.execute(f'SELECT count(*), group_concat(line, char(10)) FROM '
                                  f'(SELECT {row} AS line FROM "{table}" ORDER BY {order})').fetchone()
        h.update(_part(table) + _part(rows) + _part(text))
    return h.hexdigest()


def action_digest(text: str) -> bytes:
    """The check sum of one action, as the file holds its text."""
    return blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


def game_digest(seed, pointer, state_hash, actions: Iterable[bytes]) -> str:
    """The check sum of a game's line: its seed, position, position's check sum and log
    (``action_digest`` of each action's text, in order)."""
    return digest(("game", seed, pointer, state_hash), actions)


def line_digest(name, parent, fork_at, pointer, state_hash, actions_text, state_text) -> str:
    """The check sum of one other line of play, as its row holds it."""
    return digest(("line", name, parent, fork_at, pointer, state_hash, actions_text, state_text))


def lines_digest(own_line_text, main_line, line_digests: Iterable[str]) -> str:
    """The check sum of the set of lines: the game's own line, the main line's name and every
    other line's check sum, in order."""
    return digest(("lines", own_line_text, main_line, *line_digests))
