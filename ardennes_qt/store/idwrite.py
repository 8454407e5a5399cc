"""Writing the scenario files that list counters by id (idtext.py) and their ooa.toml, for a
game that declares sections of its own: the program's values and the game's typed extras
back into ``[[setup]]``, ``[[arrival]]`` and the game's ``[[section]]`` entries, and every
other key the scenario kept as it was read.  Read back, a file written from what was read
is the same document (comments and layout aside: contenttext.py writes an unchanged
file's own text back).

Not written: near placements, dead piles and supply dumps (the 1994 scenarios', which
their own text keeps).
"""

from __future__ import annotations

import json
import re

from ardennes_qt.core.scenario import Arrival, Scenario, ScenarioSection
from ardennes_qt.core.units import Counter

# Extras idtext.py derives from the program's own sections: not written as keys of their own.
DERIVED = {"near", "hidden", "emplaced", "dump_sets", "setup", "arrival"}
_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def format_id_scenario(s: Scenario, counters: dict[str, Counter], hex_id, sections: tuple[ScenarioSection, ...],
                       one_sheet: bool) -> str:
    doc: dict = {"system": s.system, "id": s.id, "title": s.title}
    if not one_sheet:
        doc["maps"] = list(s.maps)
    doc.update(first_turn=s.first_turn, last_turn=s.last_turn, reinforcements=s.options.get("reinforcements", "own"))
    if s.dates:
        doc["dates"] = {str(t): d for t, d in sorted(s.dates.items())}
    ooa_sections = {x.name for x in sections if x.file == "ooa"}
    placed = [u for x in sections if x.places_units for e in s.extras.get(x.name, ()) for u in e.get("units", ())]
    doc["counts"] = _counts(s, counters, placed)
    if s.blown_bridges:
        doc["blown_bridges"] = [hex_id(h) for h in s.blown_bridges]
    if s.notes:
        doc["notes"] = list(s.notes)
    if s.text:
        doc["text"] = dict(s.text)
    for key, value in s.extras.items():
        if key not in DERIVED and key not in ooa_sections:
            doc[key] = value
    doc["setup"] = _setup_entries(s, counters, hex_id)
    if doc["reinforcements"] == "own" and s.arrivals:
        doc["arrival"] = [_arrival_entry(a, hex_id) for a in s.arrivals]
    return toml_document(doc)


def _arrival_entry(a: Arrival, hex_id) -> dict:
    """An arrival as idtext reads it: where it enters (none where its note says), its units, its note."""
    where = " or ".join(a.areas or [hex_id(h) for h in a.hexes])
    entry: dict = {"turn": a.turn, "side": a.side, **({"where": where} if where or not a.note else {})}
    entry.update(units=list(a.counters))
    if a.note:
        entry["note"] = a.note
    return entry


def _counts(s: Scenario, counters: dict[str, Counter], placed: list[str]) -> dict:
    set_up = [p.counter for p in s.placements] + placed
    arriving = [c for a in s.arrivals if not a.remove for c in a.counters]
    sides = list(dict.fromkeys(counters[c].side for c in counters))

    def by_side(ids) -> dict:
        found = [counters[c].side for c in ids]
        return {side: found.count(side) for side in sides}

    return {"set_up": by_side(set_up), "arriving": by_side(arriving)}


def _setup_entries(s: Scenario, counters: dict[str, Counter], hex_id) -> list[dict]:
    """One entry per set-up line the game kept (its keys beside the units), then one per
    hex and printed line for placements no kept line names (placed in the editor)."""
    by_unit = {p.counter: p for p in s.placements}
    hidden, emplaced = set(s.extras.get("hidden", ())), set(s.extras.get("emplaced", ()))
    out, named = [], set()

    def entry(placements, added: dict) -> dict:
        units = [p.counter for p in placements]
        first = placements[0]
        one: dict = {"side": counters[units[0]].side, "hex": hex_id(first.hex), "printed": first.note, "units": units}
        for key, kept in (("step_loss", {p.counter for p in placements if p.step_loss}), ("hidden", hidden),
                          ("emplaced", emplaced)):
            listed = [u for u in units if u in kept]
            if listed:
                one[key] = listed
        return {**one, **added}

    for kept in s.extras.get("setup", ()):
        units = [u for u in kept.get("units", ()) if u in by_unit]
        if units:
            named.update(units)
            out.append(entry([by_unit[u] for u in units], {k: v for k, v in kept.items() if k != "units"}))
    rest = [p for p in s.placements if p.counter not in named]
    while rest:
        group = [p for p in rest if p.hex == rest[0].hex and p.note == rest[0].note]
        rest = [p for p in rest if p not in group]
        out.append(entry(group, {}))
    return out


def format_id_ooa(notes, ooa: list[Arrival], ooa_extras: dict[str, list], hex_id) -> str:
    arrivals = []
    added = ooa_extras.get("arrival", [{} for _ in ooa])
    for a, more in zip(ooa, added):
        entry = _arrival_entry(a, hex_id)
        entry.update(more)
        arrivals.append(entry)
    doc: dict = {"notes": list(notes)} if notes else {}
    doc["arrival"] = arrivals
    doc.update({k: v for k, v in ooa_extras.items() if k != "arrival"})
    return toml_document(doc)


# --- TOML -------------------------------------------------------------------------------------


def toml_document(doc: dict) -> str:
    """``doc`` as TOML: its plain keys first, then a ``[table]`` per table and ``[[name]]``
    entries per list of tables, values inline within them."""
    lines = [f"{_key(k)} = {toml_value(v)}" for k, v in doc.items() if not _table(v) and not _tables(v)]
    for key, value in doc.items():
        if _table(value):
            lines += ["", f"[{_key(key)}]"] + [f"{_key(k)} = {toml_value(v)}" for k, v in value.items()]
    for key, value in doc.items():
        if _tables(value):
            for entry in value:
                lines += ["", f"[[{_key(key)}]]"] + [f"{_key(k)} = {toml_value(v)}" for k, v in entry.items()]
    return "\n".join(lines) + "\n"


def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # JSON's escapes are TOML's
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {toml_value(v)}" for k, v in value.items()) + " }" if value else "{}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise ValueError(f"{value!r} has no TOML form")


def _key(key) -> str:
    key = str(key)
    return key if _BARE.match(key) else json.dumps(key, ensure_ascii=False)


def _table(value) -> bool:
    return isinstance(value, dict) and bool(value)


def _tables(value) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)
