"""Saved games: one SQLite file holding the content the game is played on, the seed,
the action log (with the redo tail) and the current state.

Saving writes a complete new file next to the target and renames it over the old one,
so a save is the old file or the new one, never half of either.  Autosave keeps one
file open and appends each action in its own transaction.

Format 2 adds the game's other lines of play (what-if branches, table ``lines``): each is
its own action log from the same set-up and seed.  The line that was on the table is the
game itself (``actions`` and the meta), so a file reads the same without its branches.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ardennes_qt.core.actions import Action, action_from_dict
from ardennes_qt.core.content import Content
from ardennes_qt.store.atomic import write_sqlite_atomic
from ardennes_qt.store.contentdb import get_meta, read_content, set_meta, write_content
from ardennes_qt.store.errors import ContentError, NotASaveFile
from ardennes_qt.store.sqlitefile import open_for_reading
from ardennes_qt.store.sqlite_rows import RowReader

if TYPE_CHECKING:
    import sqlite_utils

FORMAT = "ardennes-qt game"
SCHEMA_VERSION = 2  # 2: the other lines of play
SUFFIX = ".ardennes"


@dataclass
class SavedLine:
    """A line of play: its name, where it was forked from and, for a line other than the
    game's own, its action log, position and the check sum of that position."""

    name: str
    parent: str = ""  # the line it was forked from; "" for the first line
    fork_at: int = 0  # actions it shared with its parent when forked
    actions: list[Action] = field(default_factory=list)
    pointer: int = 0
    state_hash: str = ""


@dataclass
class SavedGame:
    """A saved game as its file holds it: the content, the seed, the action log with its redo tail,
    the current state and its check sum, and the other lines of play."""

    content: Content
    seed: int
    actions: list[Action]
    pointer: int  # actions[:pointer] are applied; the rest can be redone
    state_json: dict
    state_hash: str
    line: SavedLine | None = None  # the game's own line (name, parent, fork) when it has others
    main_line: str = ""  # the name of the main line
    lines: list[SavedLine] = field(default_factory=list)  # the other lines of play


def _game_meta(seed: int, pointer: int, state_json: dict, state_hash: str) -> dict[str, str]:
    return {
        "seed": str(seed),
        "pointer": str(pointer),
        "state": json.dumps(state_json, sort_keys=True),
        "state_hash": state_hash,
    }


def _write_actions(db: sqlite_utils.Database, actions: list[Action], start: int = 0) -> None:
    db.execute("DELETE FROM actions WHERE seq >= ?", [start])
    db["actions"].insert_all(
        {"seq": i, "action": json.dumps(a.to_dict(), sort_keys=True)} for i, a in enumerate(actions[start:], start)
    )


def _lines_meta(game: SavedGame) -> dict[str, str]:
    line = game.line or SavedLine("")
    return {"line": json.dumps({"name": line.name, "parent": line.parent, "fork_at": line.fork_at}),
            "main_line": game.main_line}


def _write_lines(db: sqlite_utils.Database, game: SavedGame) -> None:
    db.execute("DELETE FROM lines")
    db["lines"].insert_all(
        {
            "seq": i,
            "name": line.name,
            "parent": line.parent,
            "fork_at": line.fork_at,
            "pointer": line.pointer,
            "state_hash": line.state_hash,
            "actions": json.dumps([a.to_dict() for a in line.actions], sort_keys=True),
        }
        for i, line in enumerate(game.lines)
    )
    set_meta(db, _lines_meta(game))


def _read_lines(db: sqlite_utils.Database, meta: dict[str, str], system: str) -> tuple[SavedLine | None, str, list[SavedLine]]:
    if "lines" not in db.table_names():
        return None, "", []
    own = json.loads(meta.get("line") or "{}")
    line = SavedLine(own["name"], own.get("parent", ""), int(own.get("fork_at", 0))) if own.get("name") else None
    lines = [
        SavedLine(
            row["name"],
            row["parent"],
            int(row["fork_at"]),
            [action_from_dict(a, system) for a in json.loads(row["actions"])],
            int(row["pointer"]),
            row["state_hash"],
        )
        for row in db["lines"].rows_where(order_by="seq")
    ]
    return line, meta.get("main_line", ""), lines


def write_game(path: Path, game: SavedGame) -> None:
    """Write a complete saved game atomically."""
    write_sqlite_atomic(path, lambda db: _write_game(db, game))


def _write_game(db, game: SavedGame) -> None:
    set_meta(db, {"format": FORMAT, "schema": str(SCHEMA_VERSION)})
    write_content(db, game.content)
    db["actions"].create({"seq": int, "action": str}, pk="seq")
    _write_actions(db, game.actions)
    set_meta(db, _game_meta(game.seed, game.pointer, game.state_json, game.state_hash))
    db["lines"].create(
        {"seq": int, "name": str, "parent": str, "fork_at": int, "pointer": int, "state_hash": str,
         "actions": str},
        pk="seq",
    )
    _write_lines(db, game)


def read_game(path: Path) -> SavedGame:
    """Read a saved game, or raise NotASaveFile / ContentError with a message for the user.

    The file is opened read-only (a write to it cut short by a crash finished first, see
    sqlitefile.py): a file that cannot be read is left exactly as it was.
    """
    path = Path(path)
    name = path.name
    conn = open_for_reading(path, name, "an ardennes-qt game")
    try:
        db = RowReader(conn)
        try:
            meta = get_meta(db)
            if meta.get("format") != FORMAT:
                raise NotASaveFile("this database is not an ardennes-qt game", name)
            schema = int(meta.get("schema", "0"))
            if schema > SCHEMA_VERSION:
                raise NotASaveFile(f"this game was saved by a newer version of ardennes-qt (format {schema})", name)
            content = read_content(db, name)
            system = content.system
            actions = [action_from_dict(json.loads(row["action"]), system) for row in db["actions"].rows_where(order_by="seq")]
            pointer = int(meta["pointer"])
            if not 0 <= pointer <= len(actions):
                raise ContentError(f"the game's position ({pointer}) lies outside its {len(actions)} actions", name)
            line, main_line, lines = _read_lines(db, meta, system)
            return SavedGame(
                content=content,
                seed=int(meta["seed"]),
                actions=actions,
                pointer=pointer,
                state_json=json.loads(meta["state"]),
                state_hash=meta["state_hash"],
                line=line,
                main_line=main_line,
                lines=lines,
            )
        finally:
            conn.close()
    except ContentError:
        raise
    except sqlite3.DatabaseError as exc:
        raise NotASaveFile(f"the file is damaged and cannot be read ({exc})", name) from None
    except (KeyError, ValueError) as exc:
        raise ContentError(f"the saved game is incomplete or damaged ({exc})", name) from None


class Autosave:
    """A saved game kept up to date action by action (each sync is one transaction)."""

    def __init__(self, path: Path, game: SavedGame) -> None:
        self.path = Path(path)
        write_game(self.path, game)
        import sqlite_utils  # loaded by write_game already

        self.db = sqlite_utils.Database(self.path)
        self.written = len(game.actions)

    def sync(self, actions: list[Action], pointer: int, seed: int, state_json: dict, state_hash: str, common: int) -> None:
        """Bring the file in line: ``common`` leading actions are unchanged since the last sync."""
        start = min(common, self.written)
        with self.db.atomic():
            _write_actions(self.db, actions, start)
            set_meta(self.db, _game_meta(seed, pointer, state_json, state_hash))
        self.written = len(actions)

    def write_lines(self, game: SavedGame) -> None:
        """Bring the other lines of play in line (after a fork, a switch, a rename...)."""
        with self.db.atomic():
            _write_lines(self.db, game)

    def close(self) -> None:
        self.db.close()
