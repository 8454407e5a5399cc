"""Reading SQLite tables with the standard library alone: what reading content and saved
games needs - the table names, a table's rows as dicts, in an order - shaped as sqlite-utils
shapes them, so the same readers take either.

Opening the table reads content this way: sqlite-utils (with the numpy, click and dateutil
it loads) is imported only when something is written, after the first frame.
"""

from __future__ import annotations

import sqlite3
from typing import Iterator


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


class RowTable:
    def __init__(self, conn: sqlite3.Connection, name: str) -> None:
        self.conn = conn
        self.name = name

    @property
    def rows(self) -> Iterator[dict]:
        return self.rows_where()

    def rows_where(self, order_by: str | None = None) -> Iterator[dict]:
        sql = f"SELECT * FROM {_quoted(self.name)}" + (f" ORDER BY {_quoted(order_by)}" if order_by else "")
        cursor = self.conn.execute(sql)
        columns = [c[0] for c in cursor.description]
        for row in cursor:
            yield dict(zip(columns, row))


class RowReader:
    """A read-only view of an SQLite connection: ``reader.table_names()``, ``reader["t"].rows``."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def table_names(self) -> list[str]:
        return [row[0] for row in self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]

    def execute(self, sql: str, parameters=()) -> sqlite3.Cursor:
        """Rows as tuples, as ``sqlite_utils.Database.execute`` gives them."""
        return self.conn.execute(sql, parameters)

    def __getitem__(self, name: str) -> RowTable:
        return RowTable(self.conn, name)

    def close(self) -> None:
        self.conn.close()
