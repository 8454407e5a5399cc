"""Hostile changes to files, for the fuzzers (test_hostile_files.py, test_hostile_text.py):
each mutation is made from a seed, so a failing one is made again from its number.

SQLite files (saved games, modules) are changed cell by cell, row by row and table by
table through SQL, inside JSON values, and as bytes (bits flipped, cut short, a stray
journal beside them); text folders line by line and character by character.
"""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
from pathlib import Path

BIG = 2**63 - 1
# Values a hostile file may hold where a program expects something sensible.
HOSTILE = (
    None, -1, 0, 1, 7, BIG, -BIG - 1, 1e308, -0.5, 1e9, "", "x" * 1_000_000, "x" * 300, b"\x00\xff\xfe",
    "[]", "{}", "null", "true", "[" * 5000 + "]" * 5000, '{"a": 1}', "99999999999999999999999", "-5", "nan",
    "scs sheets=A,B columns=100000 rows=0-54", "scs sheets=A,B columns=40 rows=0-9999", "xxyy columns=0 rows=1-1",
    "A1.01", "Z99.99", "B2.02", "woods", "Allied", "German", "map", "dead", "1ID:A/1", "Main line",
)
HOSTILE_JSON = (None, -1, 0, BIG * 4, -BIG, 1e308, "", "x" * 300, [], {}, [[[[]]]], "A1.01", "Z9.99", True, 3.5)


def _table_names(conn: sqlite3.Connection) -> list[str]:
    return [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]


def _columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [r[1] for r in conn.execute(f'PRAGMA table_info("{table}")')]


def _random_row(conn: sqlite3.Connection, table: str, rng: random.Random) -> int | None:
    rowids = [r[0] for r in conn.execute(f'SELECT rowid FROM "{table}"')]
    return rng.choice(rowids) if rowids else None


def _mutated_json(value, rng: random.Random, depth: int = 0):
    """``value`` with one node somewhere inside replaced, removed or doubled."""
    if isinstance(value, dict) and value and (depth < 6 and rng.random() < 0.7):
        key = rng.choice(sorted(value, key=str))
        out = dict(value)
        choice = rng.random()
        if choice < 0.2:
            del out[key]
        elif choice < 0.5:
            out[key] = rng.choice(HOSTILE_JSON)
        else:
            out[key] = _mutated_json(value[key], rng, depth + 1)
        return out
    if isinstance(value, list) and value and (depth < 6 and rng.random() < 0.7):
        i = rng.randrange(len(value))
        out = list(value)
        choice = rng.random()
        if choice < 0.2:
            del out[i]
        elif choice < 0.3:
            out.insert(i, out[i])
        elif choice < 0.5:
            out[i] = rng.choice(HOSTILE_JSON)
        else:
            out[i] = _mutated_json(value[i], rng, depth + 1)
        return out
    if isinstance(value, bool) or value is None:
        return rng.choice(HOSTILE_JSON)
    if isinstance(value, int):
        return rng.choice((-value - 1, value + 1, BIG * 2, -1, 0, value * 1000))
    if isinstance(value, str):
        return rng.choice(("", value + "x", value[::-1], "x" * 200_000, "A99.99", value.upper()))
    return rng.choice(HOSTILE_JSON)


def mutate_sqlite(path: Path, seed: int) -> str:
    """Change the SQLite file in ``path`` one hostile way; what was done, in words."""
    rng = random.Random(seed)
    kind = rng.choice(("cell", "cell", "json", "json", "json", "row", "table", "meta", "meta", "bits", "cut", "journal"))
    if kind == "bits":
        data = bytearray(path.read_bytes())
        spots = [rng.randrange(len(data)) for _ in range(rng.choice((1, 1, 2, 8)))]
        for spot in spots:
            data[spot] ^= 1 << rng.randrange(8)
        path.write_bytes(bytes(data))
        return f"bits flipped at {spots}"
    if kind == "cut":
        data = path.read_bytes()
        size = rng.randrange(len(data))
        path.write_bytes(data[:size])
        return f"cut to {size} bytes"
    if kind == "journal":
        junk = bytes(rng.randrange(256) for _ in range(rng.choice((8, 512, 4096))))
        header = bytes.fromhex("d9d505f920a163d7") if rng.random() < 0.5 else b""
        (path.parent / (path.name + "-journal")).write_bytes(header + junk)
        return f"a stray journal of {len(header + junk)} bytes"
    conn = sqlite3.connect(path)
    try:
        tables = _table_names(conn)
        if kind == "meta" and "meta" in tables:
            keys = [r[0] for r in conn.execute("SELECT key FROM meta")]
            key = rng.choice(keys)
            value = rng.choice(HOSTILE)
            conn.execute("UPDATE meta SET value = ? WHERE key = ?", [value, key])
            done = f"meta {key} = {_short(value)}"
        elif kind == "table":
            table = rng.choice(tables)
            if rng.random() < 0.5:
                conn.execute(f'DROP TABLE "{table}"')
                done = f"table {table} dropped"
            else:
                conn.execute(f'DELETE FROM "{table}"')
                done = f"table {table} emptied"
        else:
            table = rng.choice([t for t in tables if conn.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0]])
            rowid = _random_row(conn, table, rng)
            if kind == "row":
                conn.execute(f'DELETE FROM "{table}" WHERE rowid = ?', [rowid])
                done = f"row {rowid} of {table} deleted"
            else:
                column = rng.choice(_columns(conn, table))
                (old,) = conn.execute(f'SELECT "{column}" FROM "{table}" WHERE rowid = ?', [rowid]).fetchone()
                value = rng.choice(HOSTILE)
                if kind == "json":
                    parsed = _parsed(old)
                    if parsed is not None:
                        value = json.dumps(_mutated_json(parsed, rng))
                try:
                    conn.execute(f'UPDATE "{table}" SET "{column}" = ? WHERE rowid = ?', [value, rowid])
                except sqlite3.IntegrityError:
                    value = None
                done = f"{table}.{column} of row {rowid}: {_short(old)} -> {_short(value)}"
        conn.commit()
    finally:
        conn.close()
    return done


def _parsed(value):
    if not isinstance(value, str) or value[:1] not in "[{":
        return None
    try:
        return json.loads(value)
    except ValueError:
        return None


def _short(value) -> str:
    text = repr(value)
    return text if len(text) < 80 else text[:60] + f"... ({len(text)} chars)"


# --- text folders ---------------------------------------------------------------------------


TEXT_HOSTILE = ("-1", "0", "99999999999999999999", "18446744073709551616", "-9223372036854775809", "1e9",
                "columns=100000", "rows=0-9999", "vp=-3", "Z99.99", '"', "[", "x" * 1_000_000, "\u00e9", "")


def mutate_folder(folder: Path, seed: int) -> str:
    """Change one file of a text folder one hostile way; what was done, in words."""
    rng = random.Random(seed)
    files = sorted(p for p in folder.rglob("*") if p.is_file())
    path = rng.choice(files)
    name = path.relative_to(folder).as_posix()
    kind = rng.choice(("line", "line", "dup", "token", "token", "token", "bytes", "empty", "folder", "cut"))
    data = path.read_bytes()
    if kind == "folder":
        path.unlink()
        path.mkdir()
        return f"{name} replaced by a folder"
    if kind == "empty":
        path.write_bytes(b"")
        return f"{name} emptied"
    if kind == "cut":
        size = rng.randrange(len(data) or 1)
        path.write_bytes(data[:size])
        return f"{name} cut to {size} bytes"
    if kind == "bytes":
        spot = rng.randrange(len(data) or 1)
        junk = rng.choice((b"\xff\xfe", b"\x00", b"\xc3", b"\x80\x80"))
        path.write_bytes(data[:spot] + junk + data[spot:])
        return f"{name}: bytes {junk!r} at {spot}"
    lines = data.decode("utf-8").split("\n")
    i = rng.randrange(len(lines))
    if kind == "line":
        del lines[i]
        done = f"{name}: line {i + 1} deleted"
    elif kind == "dup":
        lines.insert(i, lines[i])
        done = f"{name}: line {i + 1} doubled"
    else:
        tokens = lines[i].split(" ")
        j = rng.randrange(len(tokens))
        tokens[j] = rng.choice(TEXT_HOSTILE) if rng.random() < 0.6 else _number_changed(tokens[j], rng)
        lines[i] = " ".join(tokens)
        done = f"{name}: line {i + 1} word {j + 1} -> {_short(tokens[j])}"
    path.write_text("\n".join(lines), encoding="utf-8")
    return done


def _number_changed(token: str, rng: random.Random) -> str:
    digits = [k for k, c in enumerate(token) if c.isdigit()]
    if not digits:
        return token + rng.choice(("0", "-1", "x"))
    k = rng.choice(digits)
    return token[:k] + rng.choice(("9", "0", "-", "99999999999999999999")) + token[k + 1:]


def copy_folder(source: Path, target: Path) -> Path:
    shutil.copytree(source, target)
    return target
