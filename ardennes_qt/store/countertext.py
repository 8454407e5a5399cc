"""The reviewable text form of formations and counters: two CSV files, one row each.

``formations.csv``: ``code,name,aliases,side,nationality,colour,colour_source,independent``
(``aliases`` are other spellings the listings print, ``|``-separated).

``counters.csv``: ``id,side,nationality,formation,designation,unit_type,full,reduced,
steps,ma_type,exploit,steps_source,reduced_source,ma_type_source,exploit_source,notes``.
``full`` and ``reduced`` are printed value strings (``3-5-10``, ``[9]-1-16``); ``reduced``
is empty for one-step units.  Each ``*_source`` is ``rule``, ``estimated`` or ``user``.
A file may also have a ``full_source`` column (the editor writes one): where the printed
values come from when that is not the rules (a value changed in the editor, or guessed);
and a ``sides`` column naming other printed sides that are not a step loss
(``move=[3]-1-8; bridge=0-0-0``).  ``steps`` is a whole number from 1 to 9; a unit of two
steps or more has a reduced side, a one-step unit none.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from pathlib import Path

from ardennes_qt.core.units import MA_TYPES, NATIONALITIES, PROVENANCE, SIDES, Counter, Formation, Values
from ardennes_qt.store.errors import ContentError
from ardennes_qt.store.limits import read_text_file

FORMATION_COLUMNS = ("code", "name", "aliases", "side", "nationality", "colour", "colour_source", "independent")
COUNTER_COLUMNS = (
    "id", "side", "nationality", "formation", "designation", "unit_type", "full", "reduced", "steps",
    "ma_type", "exploit", "steps_source", "reduced_source", "ma_type_source", "exploit_source", "notes",
)  # fmt: skip
# The counter fields whose source the file records, by column.
SOURCED_FIELDS = ("steps", "reduced", "ma_type", "exploit")
# ...and those whose column a file may leave out (it then says they are as printed).
OPTIONAL_SOURCED_FIELDS = ("full",)

_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
_BOOLEANS = {"true": True, "false": False}


@dataclass(frozen=True)
class SeedFormation(Formation):
    """A formation with the other spellings the printed listings use for it."""

    aliases: tuple[str, ...] = ()

    @property
    def printed_names(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)


def read_formations(path: Path) -> dict[str, SeedFormation]:
    out: dict[str, SeedFormation] = {}
    for where, row in _rows(Path(path), FORMATION_COLUMNS):
        code = row["code"]
        if not code or code in out:
            raise ContentError(f"formation code '{code}' is empty or used twice", where)
        side, nationality = row["side"], row["nationality"]
        _check(side in SIDES, f"side '{side}' is not one of {', '.join(SIDES)}", where)
        _check(nationality in NATIONALITIES.get(side, ()), f"nationality '{nationality}' is not the {side} side's", where)
        _check(bool(_COLOUR.match(row["colour"])), f"colour '{row['colour']}' is not like #3a6b35", where)
        source = row["colour_source"]
        _check(source in PROVENANCE, f"colour_source '{source}' is not one of {', '.join(PROVENANCE)}", where)
        out[code] = SeedFormation(
            code=code,
            name=row["name"],
            side=side,
            nationality=nationality,
            colour=row["colour"].lower(),
            colour_source=source,
            independent=_boolean(row["independent"], "independent", where),
            aliases=tuple(a.strip() for a in row["aliases"].split("|") if a.strip()),
        )
    return out


def read_counters(path: Path, formations: dict[str, Formation]) -> dict[str, Counter]:
    out: dict[str, Counter] = {}
    for where, row in _rows(Path(path), COUNTER_COLUMNS):
        counter = _counter(row, formations, where)
        if counter.id in out:
            raise ContentError(f"counter id '{counter.id}' is used twice", where)
        out[counter.id] = counter
    return out


def _counter(row: dict[str, str], formations: dict[str, Formation], where: str) -> Counter:
    cid, code, designation = row["id"], row["formation"], row["designation"]
    formation = formations.get(code)
    _check(formation is not None, f"'{cid}' names formation '{code}', which formations.csv does not list", where)
    # The id is "<formation code>:<designation>", plus a type word where the formation
    # prints that designation on two counters (README, "Counter ids").
    _check(bool(designation) and cid.startswith(f"{code}:"), f"id '{cid}' does not start with '{code}:'", where)
    side, nationality = row["side"], row["nationality"]
    _check(side == formation.side, f"'{cid}' is {side} but its formation {code} is {formation.side}", where)
    _check(nationality in NATIONALITIES[side], f"'{cid}': nationality '{nationality}' is not the {side} side's", where)
    full = _values(row["full"], "full", where)
    reduced = _values(row["reduced"], "reduced", where) if row["reduced"] else None
    steps = row["steps"]
    _check(steps in tuple("123456789"), f"'{cid}': steps '{steps}' is not a whole number from 1 to 9", where)
    needs = "needs" if steps != "1" else "has no"
    _check((steps != "1") == (reduced is not None), f"'{cid}': a {steps}-step unit {needs} reduced side", where)
    _check(row["ma_type"] in MA_TYPES, f"'{cid}': ma_type '{row['ma_type']}' is not one of {', '.join(MA_TYPES)}", where)
    provenance = {}
    for name in SOURCED_FIELDS:
        source = row[f"{name}_source"]
        _check(source in PROVENANCE, f"'{cid}': {name}_source '{source}' is not one of {', '.join(PROVENANCE)}", where)
        provenance[name] = source
    for name in OPTIONAL_SOURCED_FIELDS:
        source = row.get(f"{name}_source") or "rule"
        _check(source in PROVENANCE, f"'{cid}': {name}_source '{source}' is not one of {', '.join(PROVENANCE)}", where)
        if source != "rule":
            provenance[name] = source
    provenance["colour"] = formation.colour_source
    return Counter(
        id=cid,
        side=side,
        nationality=nationality,
        formation=code,
        designation=designation,
        unit_type=row["unit_type"],
        full=full,
        reduced=reduced,
        steps=int(steps),
        ma_type=row["ma_type"],
        exploit=_boolean(row["exploit"], "exploit", where),
        provenance=provenance,
        notes=row["notes"],
        sides=parse_sides(row.get("sides", ""), where),
    )


def parse_sides(text: str, where: str = "") -> dict[str, Values]:
    """``move=[3]-1-8; bridge=0-0-0`` as {side name: values}."""
    out = {}
    for part in filter(None, (p.strip() for p in (text or "").split(";"))):
        name, equals, values = part.partition("=")
        _check(bool(equals) and bool(name.strip()), f"side '{part}' is not like move=[3]-1-8", where)
        out[name.strip()] = _values(values.strip(), f"side {name.strip()}", where)
    return out


def sides_text(sides: dict[str, Values]) -> str:
    return "; ".join(f"{name}={values}" for name, values in sides.items())


def _rows(path: Path, columns: tuple[str, ...]):
    """(where, row) for every data row, after checking the header names every column."""
    reader = csv.DictReader(io.StringIO(read_text_file(path), newline=""))
    try:
        missing = [c for c in columns if c not in (reader.fieldnames or ())]
        if missing:
            raise ContentError(f"the header lacks the column(s) {', '.join(missing)}", f"{path.name}, line 1")
        for row in reader:
            where = f"{path.name}, line {reader.line_num}"
            if None in row or None in row.values():
                raise ContentError(f"the row does not have the header's {len(reader.fieldnames)} fields", where)
            yield where, {k: v.strip() for k, v in row.items()}
    except csv.Error as exc:  # a field longer than csv takes, a stray quote
        raise ContentError(f"cannot read this row ({exc})", f"{path.name}, line {reader.line_num}") from None


def _values(text: str, column: str, where: str) -> Values:
    try:
        return Values.parse(text)
    except ValueError as exc:
        raise ContentError(f"{column}: {exc}", where) from None


def _boolean(text: str, column: str, where: str) -> bool:
    if text not in _BOOLEANS:
        raise ContentError(f"{column} '{text}' is not true or false", where)
    return _BOOLEANS[text]


def _check(condition: bool, message: str, where: str) -> None:
    if not condition:
        raise ContentError(message, where)
