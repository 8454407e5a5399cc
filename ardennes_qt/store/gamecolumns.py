"""The text form of a game's own counters and formations: counters.csv and formations.csv
with the columns its schema declares (``core.units.UnitColumns``), read and written in
the declared order.

A column either fills a field every counter (or formation) has (id, side, formation,
steps...) or is a value of the game's own, kept typed in ``values`` by its name: a whole
number, text, one capital letter or yes/no; an empty cell is no value.  A sourced column
is followed by ``<name>_source``, one of the game's source words (or empty where the value
is), kept in ``provenance`` by the column's name.  Writing gives back the file as read: the
same columns in the same order, each value spelt as it was.

The SCS games declare no columns: their files are countertext.py's.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from ardennes_qt.core.units import Column, Counter, Formation, UnitColumns
from ardennes_qt.store.countertext import SeedFormation, _rows
from ardennes_qt.store.errors import ContentError

_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
_INT = re.compile(r"^-?\d{1,9}$")
_YESNO = {"yes": True, "no": False}
_BOOLEANS = {"true": True, "false": False}


def header(columns: tuple[Column, ...]) -> tuple[str, ...]:
    """The file's columns: each declared one, a sourced one followed by its ``_source``."""
    return tuple(n for c in columns for n in ((c.name, f"{c.name}_source") if c.sourced else (c.name,)))


# --- reading -------------------------------------------------------------------------------


def read_game_formations(path: Path, declared: UnitColumns) -> dict[str, SeedFormation]:
    out: dict[str, SeedFormation] = {}
    for where, row in _rows(Path(path), header(declared.formations)):
        fields, values, provenance = _split(row, declared.formations, declared.sources, where)
        code = fields.get("code", "")
        _check(bool(code) and code not in out, f"formation code '{code}' is empty or used twice", where)
        side, nationality = fields.get("side", ""), fields.get("nationality", "")
        _check(side in declared.nationalities, f"side '{side}' is not one of {', '.join(declared.nationalities)}", where)
        _check(nationality in declared.nationalities[side], f"nationality '{nationality}' is not the {side} side's", where)
        level = fields.get("level", "")
        _check(level in declared.levels if declared.levels else not level,
               f"level '{level}' is not one of {', '.join(declared.levels) or 'none'}", where)
        colour = fields.get("colour", "")
        _check(not colour or bool(_COLOUR.match(colour)), f"colour '{colour}' is not like #3a6b35", where)
        out[code] = SeedFormation(
            code=code,
            name=fields.get("name", ""),
            side=side,
            nationality=nationality,
            colour=colour,
            colour_source=provenance.get("colour", "estimated"),
            independent=_boolean(fields.get("independent", "false"), where),
            level=level,
            parent=fields.get("parent", ""),
            values=values,
            provenance=provenance,
            aliases=tuple(a.strip() for a in fields.get("aliases", "").split("|") if a.strip()),
        )
    for code, f in out.items():
        unknown = [p for p in f.parents if p not in out]
        _check(not unknown, f"formation '{code}' stands under {', '.join(unknown)}, which the file does not list", path.name)
    return out


def read_game_counters(path: Path, formations: dict[str, Formation], declared: UnitColumns) -> dict[str, Counter]:
    out: dict[str, Counter] = {}
    for where, row in _rows(Path(path), header(declared.counters)):
        fields, values, provenance = _split(row, declared.counters, declared.sources, where)
        cid, side, code = fields.get("id", ""), fields.get("side", ""), fields.get("formation", "")
        _check(bool(cid) and cid not in out, f"counter id '{cid}' is empty or used twice", where)
        _check(side in declared.nationalities, f"'{cid}': side '{side}' is not one of {', '.join(declared.nationalities)}", where)
        nationality = fields.get("nationality", "")
        _check(not nationality or nationality in declared.nationalities[side],
               f"'{cid}': nationality '{nationality}' is not the {side} side's", where)
        formation = formations.get(code)
        _check(not code or formation is not None, f"'{cid}' names formation '{code}', which formations.csv does not list", where)
        _check(formation is None or formation.side == side, f"'{cid}' is {side} but its formation {code} is not", where)
        steps = fields.get("steps", "")
        _check(bool(_INT.match(steps)) and int(steps) >= 1, f"'{cid}': steps '{steps}' is not a whole number of 1 or more", where)
        out[cid] = Counter(
            id=cid,
            side=side,
            nationality=nationality,
            formation=code,
            designation="",
            unit_type=fields.get("unit_type", ""),
            full=None,
            reduced=None,
            steps=int(steps),
            ma_type="",
            exploit=False,
            provenance=provenance,
            notes=fields.get("notes", ""),
            values=values,
            printed_name=fields.get("name", ""),
        )
    return out


def _split(row: dict[str, str], columns: tuple[Column, ...], sources: tuple[str, ...], where: str):
    """A row's common fields (as text), its own values (typed) and the sources of both."""
    fields: dict[str, str] = {}
    values: dict[str, object] = {}
    provenance: dict[str, str] = {}
    for column in columns:
        text = row[column.name]
        if column.field:
            fields[column.field] = text
        elif text:
            values[column.name] = parse_value(column, text, where)
        if column.sourced:
            source = row[f"{column.name}_source"]
            _check(not source or source in sources,
                   f"{column.name}_source '{source}' is not one of {', '.join(sources)}", where)
            if source:
                provenance[column.name] = source
    return fields, values, provenance


def parse_value(column: Column, text: str, where: str = "") -> object:
    """A cell of one of the game's own columns as its kind's value; ContentError otherwise."""
    if column.kind == "int":
        _check(bool(_INT.match(text)), f"{column.name} '{text}' is not a whole number", where)
        return int(text)
    if column.kind == "letter":
        _check(len(text) == 1 and text.isalpha() and text.isupper(), f"{column.name} '{text}' is not one letter A-Z", where)
        return text
    if column.kind == "yesno":
        _check(text in _YESNO, f"{column.name} '{text}' is not yes or no", where)
        return _YESNO[text]
    return text


def value_text(column: Column, value: object) -> str:
    """A value of one of the game's own columns as its cell spells it ("" for none)."""
    if value is None:
        return ""
    if column.kind == "yesno":
        return "yes" if value else "no"
    return str(value)


# --- writing -------------------------------------------------------------------------------


def format_game_formations(formations: dict[str, Formation], declared: UnitColumns) -> str:
    def fields(f: Formation) -> dict[str, str]:
        return {"code": f.code, "level": f.level, "name": f.name, "aliases": "|".join(getattr(f, "aliases", ())),
                "side": f.side, "nationality": f.nationality, "parent": f.parent, "colour": f.colour,
                "independent": "true" if f.independent else "false"}

    return _csv(declared.formations, ((fields(f), f.values, f.provenance) for f in formations.values()))


def format_game_counters(counters: dict[str, Counter], declared: UnitColumns) -> str:
    def fields(c: Counter) -> dict[str, str]:
        return {"id": c.id, "side": c.side, "nationality": c.nationality, "formation": c.formation,
                "name": c.printed_name or c.name, "unit_type": c.unit_type, "steps": str(c.steps), "notes": c.notes}

    return _csv(declared.counters, ((fields(c), c.values, c.provenance) for c in counters.values()))


def _csv(columns: tuple[Column, ...], records) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header(columns))
    for fields, values, provenance in records:
        row = []
        for column in columns:
            row.append(fields.get(column.field, "") if column.field else value_text(column, values.get(column.name)))
            if column.sourced:
                row.append(provenance.get(column.name, ""))
        writer.writerow(row)
    return buffer.getvalue()


def _boolean(text: str, where: str) -> bool:
    _check(text in _BOOLEANS, f"independent '{text}' is not true or false", where)
    return _BOOLEANS[text]


def _check(condition: bool, message: str, where: str) -> None:
    if not condition:
        raise ContentError(message, where)
