"""A module to and from the reviewable text form under ``scenarios/<system>/``.

    map/map.txt                  maptext.py
    formations.csv, counters.csv countertext.py's columns
    <id>.toml                    one scenario each (scenariotext.py's keys)
    ooa.toml                     the main Orders of Arrival

Reading keeps every file's text in ``Module.sources``.  Writing gives each file its
canonical text, generated from the module by writers that match the readers, except
where the module still holds exactly what the original file says: then the original
(with its comments and printed wording) is written back unchanged, so an unedited
system round-trips byte for byte.  "Exactly what it says" is decided by generating the
canonical text of both and comparing.

The text form has no place for vector layers, the backdrop, house rules or rule
options: ``write_folder`` returns what it had to leave out (editorexport.py plans an
export and says so).  Set-up lines are written in formation blocks, as the printed
listings group them, so a counter set up in the editor joins its formation's block
(read back, it stands there in the set-up order).  counters.csv gets a ``full_source``
column, so printed values changed in the editor stay marked ``user``.
"""

from __future__ import annotations

import csv
import io
import json
import re
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

from ardennes_qt.core.mapdata import MapData
from ardennes_qt.core.scenario import HOUSE_RULES_OPTION, Arrival, Placement, Scenario
from ardennes_qt.core.units import Counter, Formation
from ardennes_qt.store.atomic import write_text_atomic
from ardennes_qt.store.countertext import (
    COUNTER_COLUMNS,
    FORMATION_COLUMNS,
    OPTIONAL_SOURCED_FIELDS,
    SOURCED_FIELDS,
)
from ardennes_qt.store.editormodel import Module
from ardennes_qt.store.errors import reading
from ardennes_qt.store.gamecolumns import format_game_counters, format_game_formations
from ardennes_qt.store.gameschemas import schema_of, sides_of
from ardennes_qt.store.idwrite import format_id_ooa, format_id_scenario
from ardennes_qt.store.limits import read_text_file
from ardennes_qt.store.maptext import format_map, parse_map
from ardennes_qt.store.modulecheck import check_module
from ardennes_qt.store.scenariotext import DATE_FORMAT, TEXT_KEYS, load_system
from ardennes_qt.store.unitlookup import INDEPENDENTS_HEADER

MAP_FILE = "map/map.txt"
FORMATIONS_FILE = "formations.csv"
COUNTERS_FILE = "counters.csv"
OOA_FILE = "ooa.toml"
# Scenario options the text form writes as keys of their own.
TEXT_OPTIONS = ("reinforcements", "setup_from", "not_in_play")
_SEE_RULE = re.compile(r"^See (\S+?)\.(?: (.*))?$")


# --- reading -------------------------------------------------------------------------------


def module_from_folder(folder: Path) -> Module:
    """A system folder (``scenarios/ardennes2``) as a module; ContentError on bad text."""
    folder = Path(folder)
    with reading(f"{folder.name}/", "the text form"):
        return _module_from_folder(folder)


def _module_from_folder(folder: Path) -> Module:
    map_text = read_text_file(folder / MAP_FILE, MAP_FILE)
    m = parse_map(map_text, str(folder / MAP_FILE))
    loaded = load_system(folder, m.numbering, schema_of(folder.name))
    sources = {MAP_FILE: map_text}
    for path in sorted(folder.glob("*.csv")) + sorted(folder.glob("*.toml")):
        sources[path.name] = read_text_file(path)
    module = Module(
        system=loaded.system,
        map=m,
        formations=dict(loaded.formations),
        counters=dict(loaded.counters),
        scenarios=dict(sorted(loaded.scenarios.items(), key=lambda kv: _order(kv[0]))),
        ooa=tuple(loaded.ooa),
        ooa_notes=tuple(loaded.ooa_notes),
        sources=sources,
    )
    check_module(module, f"{folder.name}/")
    return module


def _order(scenario_id: str):
    return [int(p) if p.isdigit() else p for p in scenario_id.split(".")]


# --- writing -------------------------------------------------------------------------------


def write_folder(module: Module, folder: Path) -> list[str]:
    """Write the module's text form into ``folder``; returns what the text form cannot hold."""
    folder = Path(folder)
    for name, text in module_texts(module).items():
        write_text_atomic(folder / name, text)
    return left_out(module)


def module_texts(module: Module) -> dict[str, str]:
    """Every file of the text form, by path relative to the system folder."""
    generated = canonical_texts(module)
    original = _original_canonical(module)
    return {
        name: module.sources[name] if name in original and original[name] == text else text
        for name, text in generated.items()
    }


def left_out(module: Module) -> list[str]:
    out = []
    if module.layers:
        out.append(f"{len(module.layers)} vector layer(s): their hexes and hexsides are in map.txt")
    if module.backdrop:
        out.append("the backdrop image and its calibration")
    if module.house_rules:
        out.append("the house-rule tables")
    for sid, s in module.scenarios.items():
        extra = sorted(k for k in s.options if k not in TEXT_OPTIONS and k != HOUSE_RULES_OPTION)
        if extra:
            out.append(f"scenario {sid}'s rule options ({', '.join(extra)})")
    return out


def canonical_texts(module: Module) -> dict[str, str]:
    schema = schema_of(module.system)
    if schema is not None and schema.unit_columns is not None:
        return _game_texts(module, schema)
    out = {
        MAP_FILE: format_map(module.map),
        FORMATIONS_FILE: format_formations(module.formations),
        COUNTERS_FILE: format_counters(module.counters),
        OOA_FILE: format_ooa(module),
    }
    for sid, scenario in module.scenarios.items():
        out[f"{sid}.toml"] = format_scenario(module, scenario)
    return out


def _game_texts(module: Module, schema) -> dict[str, str]:
    """The text of a game that declares its own counter columns: its csv files in them, its
    scenarios and Orders of Arrival listed by counter id (``idwrite``)."""
    columns, sections, hid = schema.unit_columns, schema.scenario_sections, module.map.hex_id
    one_sheet = len(module.map.numbering.sheets) == 1
    out = {
        MAP_FILE: format_map(module.map),
        FORMATIONS_FILE: format_game_formations(module.formations, columns),
        COUNTERS_FILE: format_game_counters(module.counters, columns),
        OOA_FILE: format_id_ooa(module.ooa_notes, list(module.ooa), {}, hid),
    }
    for sid, scenario in module.scenarios.items():
        out[f"{sid}.toml"] = format_id_scenario(scenario, module.counters, hid, sections, one_sheet)
    return out


def _original_canonical(module: Module) -> dict[str, str]:
    """The canonical text of what the original files held (nothing if they no longer read)."""
    needed = (MAP_FILE, FORMATIONS_FILE, COUNTERS_FILE, OOA_FILE)
    if not all(name in module.sources for name in needed):
        return {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / module.system
        for name, text in module.sources.items():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_text(text, encoding="utf-8")
        try:
            original = module_from_folder(folder)
        except ValueError:
            return {}
    return canonical_texts(original)


# --- formations and counters ---------------------------------------------------------------


def _csv(columns: tuple[str, ...], rows) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(columns)
    writer.writerows(rows)
    return buffer.getvalue()


def format_formations(formations: dict[str, Formation]) -> str:
    return _csv(
        FORMATION_COLUMNS,
        (
            (f.code, f.name, "|".join(getattr(f, "aliases", ())), f.side, f.nationality, f.colour, f.colour_source,
             _bool(f.independent))
            for f in formations.values()
        ),
    )


# counters.csv as written: every column of the reader's, with the printed values' source
# before the notes (so a value changed in the editor stays marked after a round trip).
WRITTEN_COUNTER_COLUMNS = (*COUNTER_COLUMNS[:-1], *(f"{name}_source" for name in OPTIONAL_SOURCED_FIELDS),
                           COUNTER_COLUMNS[-1])


def format_counters(counters: dict[str, Counter]) -> str:
    return _csv(
        WRITTEN_COUNTER_COLUMNS,
        (
            (c.id, c.side, c.nationality, c.formation, c.designation, c.unit_type, str(c.full),
             str(c.reduced) if c.reduced else "", str(c.steps), c.ma_type, _bool(c.exploit),
             *(c.source_of(name) for name in SOURCED_FIELDS + OPTIONAL_SOURCED_FIELDS), c.notes)
            for c in counters.values()
        ),
    )


def _bool(value: bool) -> str:
    return "true" if value else "false"


# --- TOML pieces ----------------------------------------------------------------------------


def _s(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's)."""
    return json.dumps(text, ensure_ascii=False)


def _list(values) -> str:
    return "[" + ", ".join(_s(v) for v in values) + "]"


def _notes(notes) -> list[str]:
    if not notes:
        return []
    return ["notes = ["] + [f"    {_s(n)}," for n in notes] + ["]"]


def _block(lines: list[str]) -> str:
    body = "\n".join(line.replace("\\", "\\\\") for line in lines)
    return f'"""\n{body}\n"""'


# --- listing items --------------------------------------------------------------------------


def _designation(text: str) -> str:
    return f'"{text}"' if "," in text else text


def listing_item(counter: Counter, independent_word: bool = False, step_loss: bool = False, dg: bool = False) -> str:
    """A counter as the listings print it: ``3-5-10 Inf Bn(+) (A/9)``, with its notes."""
    word = "Independent " if independent_word else ""
    notes = (" (Step Loss)" if step_loss else "") + (" (DG)" if dg else "")
    return f"{counter.full} {word}{counter.unit_type} ({_designation(counter.designation)}){notes}"


# A counter of no formation (Ardennes 1944's corps HQs stand above the divisions): listed under no heading.
_NO_FORMATION = Formation("", "", "", "", "")


def _formation_of(module: Module, code: str) -> Formation:
    return module.formations.get(code) or _NO_FORMATION


def _header(formation: Formation) -> str:
    return formation.name if not formation.independent else (formation.name or INDEPENDENTS_HEADER)


# --- scenarios ------------------------------------------------------------------------------


def format_scenario(module: Module, s: Scenario) -> str:
    hid = module.map.hex_id
    out = [f"# {module.system}, scenario {s.id}.", f"system = {_s(s.system)}", f"id = {_s(s.id)}",
           f"title = {_s(s.title)}", f"maps = {_list(s.maps)}", f"first_turn = {s.first_turn}",
           f"last_turn = {s.last_turn}"]
    first_date = _first_date(s)
    if first_date:
        out.append(f"first_date = {_s(first_date)}")
    borrowed, own_setup = _borrowed_setup(module, s)
    if borrowed:
        out.append(f"setup_from = {_s(borrowed)}")
        out.append(f"not_in_play = {_list(s.options.get('not_in_play', ()))}")
    source = _reinforcement_source(module, s)
    out.append(f"reinforcements = {_s(source)}")
    out.append(f"counts = {_counts(module, s)}")
    if s.blown_bridges:
        out.append(f"blown_bridges = {_list(hid(h) for h in s.blown_bridges)}")
    out += _notes(s.notes)
    if not first_date:
        out += ["", "[dates]"] + [f"{_s(str(t))} = {_s(d)}" for t, d in sorted(s.dates.items())]
    for b in s.bounds:
        out += ["", "[[bounds]]", f"sheet = {_s(b.sheet)}"]
        out += [f"{k} = {getattr(b, k)}" for k in ("min_column", "max_column", "min_row", "max_row")
                if getattr(b, k) is not None]
    if s.initial_control:
        control = sorted(s.initial_control.items(), key=lambda item: module.map.numbering.index(item[0]))
        out += ["", "[initial_control]"] + [f"{_s(hid(h))} = {_s(side)}" for h, side in control]
    if s.vp_overrides:
        values = sorted(s.vp_overrides.items(), key=lambda item: module.map.numbering.index(item[0]))
        out += ["", "[vp_overrides]"] + [f"{_s(hid(h))} = {vp}" for h, vp in values]
    if s.text:
        keys = sorted(s.text, key=lambda k: (TEXT_KEYS.index(k) if k in TEXT_KEYS else len(TEXT_KEYS), k))
        out += ["", "[text]"] + [f"{k} = {_s(s.text[k])}" for k in keys]
    out += _setup(module, own_setup)
    if source == "own":
        for arrival in s.arrivals:
            out += _arrival_tables(module, arrival, "arrivals")
    return "\n".join(out) + "\n"


def _counts(module: Module, s: Scenario) -> str:
    """The counters set up and arriving, by side, as the loader checks them (scenariotext)."""
    def by_side(ids) -> str:
        sides = [module.counters[cid].side for cid in ids]
        return "{ " + ", ".join(f"{side} = {sides.count(side)}" for side in sides_of(module.system)) + " }"

    arriving = [cid for a in s.arrivals if not a.remove for cid in a.counters]
    return f"{{ set_up = {by_side(p.counter for p in s.placements)}, arriving = {by_side(arriving)} }}"


def _first_date(s: Scenario) -> str:
    """The first turn's date when every turn is the next day (1.1), else ""."""
    try:
        start = datetime.strptime(s.dates.get(s.first_turn, ""), DATE_FORMAT)
    except ValueError:
        return ""
    expected = {t: (start + timedelta(days=t - s.first_turn)).strftime(DATE_FORMAT)
                for t in range(s.first_turn, s.last_turn + 1)}
    return s.dates[s.first_turn] if expected == s.dates else ""


def _borrowed_setup(module: Module, s: Scenario) -> tuple[str, list[Placement]]:
    """The scenario whose set-up this one still uses unchanged ("Use the set-up from 7.1"), or
    "", and the set-up lines of its own: after the borrowed set-up, the units left out of it
    and set up elsewhere (all of its set-up when it borrows none)."""
    lender = module.scenarios.get(s.options.get("setup_from", ""))
    if lender is None or "setup_from" in lender.options:
        return "", list(s.placements)
    left_out = set(s.options.get("not_in_play", ()))
    kept = [p for p in lender.placements if p.counter not in left_out]
    own = s.placements[len(kept):]
    if s.placements[: len(kept)] != kept or any(p.counter not in left_out for p in own):
        return "", list(s.placements)
    return lender.id, list(own)


def _reinforcement_source(module: Module, s: Scenario) -> str:
    """The scenario's own choice while its arrivals still agree with it, else its own list."""
    wanted = s.options.get("reinforcements", "own")
    if wanted == "ooa" and s.arrivals == _ooa_for(module, s):
        return "ooa"
    if wanted == "none" and not s.arrivals:
        return "none"
    return "own"


def _ooa_for(module: Module, s: Scenario) -> list[Arrival]:
    return [a for a in module.ooa if s.first_turn <= a.turn <= s.last_turn]


def _setup(module: Module, placements: list[Placement]) -> list[str]:
    """``[setup.<side>]`` tables of formation blocks, one set-up line per counter.

    An independent unit set up between a division's units stays in that division's
    block as an "Independent" item, as the listings print it, so the order holds.
    """
    blocks: dict[str, dict[str, list[str]]] = {}
    current: dict[str, Formation] = {}  # side -> formation of the block written last
    for p in placements:
        counter = module.counters[p.counter]
        formation = _formation_of(module, counter.formation)
        block = current.get(counter.side)
        word = formation.independent and block is not None and not block.independent
        if not word:
            block = current[counter.side] = formation
        at = module.map.hex_id(p.hex)
        where = f"w/i {p.within} {at}" if p.within else at
        line = f"{where}: {listing_item(counter, word, p.step_loss, p.dg)}"
        blocks.setdefault(counter.side, {}).setdefault(_header(block), []).append(line)
    out = []
    for side, headers in blocks.items():
        out += ["", f"[setup.{side}]"]
        out += [f"{_s(header)} = {_block(lines)}" for header, lines in headers.items()]
    return out


# --- arrivals -------------------------------------------------------------------------------


def format_ooa(module: Module) -> str:
    out = [f"# {module.system} Orders of Arrival (both sides)."] + _notes(module.ooa_notes)
    for arrival in module.ooa:
        out += _arrival_tables(module, arrival, "arrival")
    return "\n".join(out) + "\n"


def entry_place_text(m: MapData, a: Arrival) -> tuple[str, str]:
    """The printed entry place and what is left of the note."""
    note = a.note
    if a.areas:
        return " or ".join(a.areas), note
    if a.hexes and a.within:
        return f"w/i {a.within} {m.hex_id(a.hexes[0])}", note
    if a.hexes:
        return " or ".join(m.hex_id(h) for h in a.hexes), note
    if a.edge:
        sheet, _, edge = a.edge.partition(":")
        return f"Map {sheet} {edge} edge", note
    see = _SEE_RULE.match(note)
    if see:
        return f"See {see.group(1)}", see.group(2) or ""
    return "", note


def _arrival_tables(module: Module, a: Arrival, table: str) -> list[str]:
    """One ``[[arrival]]`` per formation of the entry (a listing line names one formation)."""
    out = []
    for header, items in _arrival_groups(module, a):
        out += ["", f"[[{table}]]", f"turn = {a.turn}", f"side = {_s(a.side)}"]
        where, note = entry_place_text(module.map, a)
        if a.remove:
            out.append("remove = true")
        elif where:
            out.append(f"where = {_s(where)}")
        if header:
            out.append(f"formation = {_s(header)}")
        out.append(f"units = {_s(', '.join(items))}")
        if a.roll:
            out.append(f"roll = {a.roll}")
        if note:
            out.append(f"note = {_s(note)}")
    return out


def _arrival_groups(module: Module, a: Arrival) -> list[tuple[str, list[str]]]:
    """(formation header, listed items) per formation, independents listed with their division
    as "Independent" items; a DG item is listed before the others (a closing "(DG)" covers the line)."""
    counters = [module.counters[c] for c in a.counters]
    divisions = list(dict.fromkeys(c.formation for c in counters if not _formation_of(module, c.formation).independent))
    groups: list[tuple[str, list[str]]] = []
    if not divisions:
        independents = list(dict.fromkeys(c.formation for c in counters))
        header = _header(_formation_of(module, independents[0])) if len(independents) == 1 else INDEPENDENTS_HEADER
        groups.append((header, [c.id for c in counters]))
    for i, code in enumerate(divisions):
        members = [c.id for c in counters if c.formation == code
                   or (i == 0 and _formation_of(module, c.formation).independent)]
        groups.append((_header(_formation_of(module, code)), members))
    out = []
    for header, ids in groups:
        dg = [c for c in ids if c in a.dg]
        if dg and len(dg) < len(ids) and ids[-1] in dg:
            ids = [c for c in ids if c in dg] + [c for c in ids if c not in dg]
        items = []
        for cid in ids:
            counter = module.counters[cid]
            word = _formation_of(module, counter.formation).independent and header not in (
                INDEPENDENTS_HEADER, _formation_of(module, counter.formation).name)
            items.append(listing_item(counter, word, cid in a.step_loss, cid in a.dg))
        out.append((header if header != INDEPENDENTS_HEADER else "", items))
    return out
