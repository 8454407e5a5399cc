"""Editing counters and formations as the editor's tables do it, without Qt.

A counter is edited one field at a time from the text a user typed; the result is a
new Counter whose edited value is marked ``user`` in its provenance (the artillery
range is part of the printed values, so editing it marks ``full``).  Text that does
not make a counter (a reduced side on a one-step unit, "3-5" for values) raises
ValueError with a message for the user, and nothing changes.

A game that declares its own columns (``UnitColumns``) has its counters shown and edited
by them (``counter_fields(columns)``): the name, nationality, steps, its own values of
their kinds, and the notes.
"""

from __future__ import annotations

import io
import tempfile
from dataclasses import replace
from pathlib import Path

from ardennes_qt.core.units import MA_TYPES, NATIONALITIES, PROVENANCE, SIDES, Counter, Formation, UnitColumns, Values
from ardennes_qt.store.contenttext import format_counters
from ardennes_qt.store.countertext import SeedFormation, read_counters
from ardennes_qt.store.editormodel import Module
from ardennes_qt.store.gamecolumns import parse_value, value_text

USER = "user"
# The columns of the counters table: (field, heading).
COUNTER_FIELDS = (
    ("designation", "Designation"),
    ("unit_type", "Type"),
    ("nationality", "Nationality"),
    ("full", "Full side"),
    ("reduced", "Reduced side"),
    ("steps", "Steps"),
    ("ma_type", "MA"),
    ("exploit", "Exploit"),
    ("range", "Range"),
    ("notes", "Notes"),
)
_YES = {"yes": True, "true": True, "y": True, "1": True, "no": False, "false": False, "n": False, "0": False, "": False}


def counter_fields(columns: UnitColumns | None) -> tuple[tuple[str, str], ...]:
    """The columns of the counters table: the SCS counter's, or a game's declared ones."""
    if columns is None:
        return COUNTER_FIELDS
    own = tuple((c.name, c.heading) for c in columns.counter_values())
    return (("name", "Name"), ("nationality", "Nationality"), ("steps", "Steps"), *own, ("notes", "Notes"))


def _own_column(columns: UnitColumns | None, field: str):
    return next((c for c in columns.counter_values() if c.name == field), None) if columns is not None else None


def shown_value(counter: Counter, field: str, columns: UnitColumns | None = None) -> str:
    """A counter's value as the table shows it."""
    own = _own_column(columns, field)
    if own is not None:
        return value_text(own, counter.values.get(field))
    if field == "name":
        return counter.name
    if field == "full":
        return str(counter.full)
    if field == "reduced":
        return str(counter.reduced) if counter.reduced else ""
    if field == "range":
        return str(counter.full.bracket) if counter.full.bracket is not None else ""
    if field == "exploit":
        return "yes" if counter.exploit else "no"
    return str(getattr(counter, field))


def source_of(counter: Counter, field: str, columns: UnitColumns | None = None) -> str:
    """rule, estimated or user (or a game's own word: printed): where a counter's value comes
    from; "" for a game's value of no stated source."""
    if columns is not None:
        return counter.provenance.get(field, "")
    return counter.source_of("full" if field == "range" else field)


def edit_counter(counter: Counter, field: str, text: str, columns: UnitColumns | None = None) -> Counter:
    """The counter with one value changed from typed text, that value now ``user``."""
    text = text.strip()
    changes: dict = {}
    own = _own_column(columns, field)
    if own is not None:
        values = {k: v for k, v in counter.values.items() if k != field}
        if text:
            try:
                values[field] = parse_value(own, text)
            except ValueError as exc:
                raise ValueError(str(exc).split(": ", 1)[-1]) from None
        return replace(counter, values=values, provenance={**counter.provenance, field: USER})
    if field == "name" and columns is not None:
        if not text:
            raise ValueError("the name cannot be empty")
        changes["printed_name"] = text
    elif field == "steps" and columns is not None:
        if not text.isdigit() or not 1 <= int(text) <= 9:
            raise ValueError("steps are a whole number from 1 to 9")
        changes["steps"] = int(text)
    elif field == "nationality" and columns is not None:
        if text not in columns.nationalities.get(counter.side, ()):
            raise ValueError(f"a {counter.side} counter is {', '.join(columns.nationalities.get(counter.side, ()))}")
        changes[field] = text
    elif field in ("designation", "unit_type", "notes"):
        if field != "notes" and not text:
            raise ValueError(f"the {field.replace('_', ' ')} cannot be empty")
        changes[field] = text
    elif field == "nationality":
        if text not in NATIONALITIES[counter.side]:
            raise ValueError(f"a {counter.side} counter is {', '.join(NATIONALITIES[counter.side])}")
        changes[field] = text
    elif field == "full":
        changes["full"] = Values.parse(text)
        if counter.reduced is not None and changes["full"].is_artillery != counter.reduced.is_artillery:
            raise ValueError("the full and reduced sides must both be artillery ([range]) or both not")
    elif field == "reduced":
        if not text:
            changes.update(reduced=None, steps=1)
        else:
            changes.update(reduced=Values.parse(text), steps=2)
    elif field == "steps":
        if text not in ("1", "2"):
            raise ValueError("a counter has 1 or 2 steps")
        steps = int(text)
        if steps == 1:
            changes.update(steps=1, reduced=None)
        elif counter.reduced is None:
            raise ValueError("give the counter a reduced side first: that makes it a two-step unit")
        else:
            changes.update(steps=2)
    elif field == "ma_type":
        if text.lower() not in MA_TYPES:
            raise ValueError(f"the movement allowance type is {' or '.join(MA_TYPES)}")
        changes[field] = text.lower()
    elif field == "exploit":
        if text.lower() not in _YES:
            raise ValueError("exploit is yes or no")
        changes[field] = _YES[text.lower()]
    elif field == "range":
        changes.update(_with_range(counter, text))
    else:
        raise ValueError(f"'{field}' is not a counter value")
    provenance = {**counter.provenance, **{"name" if k == "printed_name" else k: USER for k in changes}}
    return replace(counter, **changes, provenance=provenance)


def with_source(counter: Counter, field: str, source: str) -> Counter:
    """The counter with a value's provenance set by hand (a value checked against a real
    counter is ``rule``; a guess is ``estimated``)."""
    if source not in PROVENANCE:
        raise ValueError(f"a value comes from {', '.join(PROVENANCE)}")
    key = "full" if field == "range" else field
    return replace(counter, provenance={**counter.provenance, key: source})


def _with_range(counter: Counter, text: str) -> dict:
    if not counter.is_artillery:
        raise ValueError("only artillery has a range (its values print like [9]-1-16)")
    if not text.isdigit() or int(text) < 1:
        raise ValueError("the range is a whole number of hexes")
    r = int(text)
    out = {"full": replace(counter.full, bracket=r)}
    if counter.reduced is not None:
        out["reduced"] = replace(counter.reduced, bracket=r)
    return out


def new_counter(module: Module, formation_code: str, designation: str) -> Counter:
    """A new counter in a formation, its values to be filled in (every value ``user``)."""
    formation = module.formations[formation_code]
    designation = designation.strip()
    if not designation:
        raise ValueError("give the new counter a designation")
    counter_id = f"{formation_code}:{designation}"
    if counter_id in module.counters:
        raise ValueError(f"{formation.name} already has a counter {designation}")
    return Counter(
        id=counter_id, side=formation.side, nationality=formation.nationality, formation=formation_code,
        designation=designation, unit_type="Inf Bn", full=Values(2, 2, 10), reduced=Values(1, 1, 10), steps=2,
        ma_type="leg", exploit=False, provenance={k: USER for k in ("steps", "reduced", "ma_type", "exploit", "full")},
    )


def where_used(module: Module, counter_id: str) -> list[str]:
    """The scenarios (and the Orders of Arrival) that name a counter."""
    out = [sid for sid, s in module.scenarios.items()
           if any(p.counter == counter_id for p in s.placements) or any(counter_id in a.counters for a in s.arrivals)]
    if any(counter_id in a.counters for a in module.ooa):
        out.append("the Orders of Arrival")
    return out


# --- formations ------------------------------------------------------------------------------


def edit_formation(formation: Formation, **values) -> Formation:
    """A formation with some values changed; a new colour is ``user``'s."""
    if "side" in values and values["side"] not in SIDES:
        raise ValueError(f"the side is {' or '.join(SIDES)}")
    side = values.get("side", formation.side)
    if values.get("nationality", formation.nationality) not in NATIONALITIES[side]:
        raise ValueError(f"a {side} formation is {', '.join(NATIONALITIES[side])}")
    if "name" in values and not values["name"].strip():
        raise ValueError("a formation needs a name")
    if "colour" in values:
        values["colour_source"] = USER
    return replace(formation, **values)


def new_formation(module: Module, code: str, name: str, side: str) -> SeedFormation:
    code = code.strip()
    if not code or ":" in code or code in module.formations:
        raise ValueError(f"'{code}' is empty, has a colon, or is already a formation's code")
    return SeedFormation(code, name.strip() or code, side, NATIONALITIES[side][0], "#888888", USER)


# --- CSV ----------------------------------------------------------------------------------------


def counters_csv(counters: dict[str, Counter]) -> str:
    """Counters in the columns of counters.csv."""
    return format_counters(counters)


def counters_from_csv(text: str, module: Module) -> dict[str, Counter]:
    """Counters read from text in counters.csv's columns, checked against the module's
    formations; ContentError (with the line) when the text does not make counters."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "counters.csv"
        with io.open(path, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        return read_counters(path, module.formations)
