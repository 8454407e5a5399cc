"""TOML text from plain data, for the rule tables the editor stores as house rules.

Writes what ``tomllib`` reads back equal: tables, arrays of tables, inline tables inside
arrays, strings, numbers, booleans and lists.  Keys that are not bare words are quoted.
"""

from __future__ import annotations

import json
import re
import tomllib

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def dumps(document: dict) -> str:
    lines: list[str] = []
    _table(document, [], lines)
    return "\n".join(lines).strip("\n") + "\n"


def _key(key: str) -> str:
    return key if _BARE.match(key) else json.dumps(key, ensure_ascii=False)


def _is_table_list(value) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _table(document: dict, path: list[str], lines: list[str]) -> None:
    plain = {k: v for k, v in document.items() if not isinstance(v, dict) and not _is_table_list(v)}
    for key, value in plain.items():
        lines.append(f"{_key(key)} = {value_text(value)}")
    for key, value in document.items():
        if isinstance(value, dict):
            lines += ["", f"[{'.'.join(_key(k) for k in path + [key])}]"]
            _table(value, path + [key], lines)
        elif _is_table_list(value):
            for item in value:
                lines += ["", f"[[{'.'.join(_key(k) for k in path + [key])}]]"]
                _table(item, path + [key], lines)


def value_text(value) -> str:
    """One value as TOML writes it (also what the rule tables tab shows in a cell)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(value_text(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {value_text(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"{value!r} has no TOML form")


def parse_value(text: str):
    """A value typed as TOML (``3``, ``"P"``, ``[4, 5]``, ``true``); ValueError if it is not one."""
    try:
        return tomllib.loads(f"v = {text.strip()}")["v"]
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"'{text.strip()}' is not a value (a number, \"text\", [a, list] or true/false): {exc}") from None
