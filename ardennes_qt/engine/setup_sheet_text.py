"""The setup sheet as plain text, for a terminal, a mail or a script
(``ardennes-qt print-setup ardennes2/7.3 --format text``).

The set-up is one unit per line in columns (hex, values, type, unit, start status and
the table's counter id), formation by formation; reinforcements are turn by turn, entry
place by entry place, each line in the printed listing's own grammar.
"""

from __future__ import annotations

import textwrap

from ardennes_qt.engine.setup_sheet_model import FormationSetup, SetupSheet, SideArrivals, SideSetup
from ardennes_qt.engine.setup_sheet_words import estimate_line, listing, units_count

WIDTH = 100
INDENT = "  "
SETUP_COLUMNS = ("Hex", "Values", "Type", "Unit", "Status", "Counter")


def setup_sheet_text(sheet: SetupSheet) -> str:
    out = [sheet.title, f"{sheet.which} · {sheet.map_title}", ""]
    facts = [("Turns", ", ".join(t for t in (sheet.turns, sheet.dates) if t)), ("Maps", sheet.maps),
             ("Play area", sheet.play_area)]
    if sheet.setup_source:
        facts.append(("Set-up", sheet.setup_source))
    if sheet.markers:
        facts.append(("At start", "; ".join(sheet.markers)))
    for label, text in facts:
        out += _wrapped(text, f"{label + ':':<11}", " " * 11)
    for heading, text in sheet.rules:
        out += ["", heading]
        for paragraph in text.splitlines():
            out += _wrapped(paragraph, INDENT, INDENT)
    if sheet.marks:
        out += ["", "Marks"]
        width = max(len(mark) for mark, _ in sheet.marks) + 2
        for mark, meaning in sheet.marks:
            out += _wrapped(meaning, f"{INDENT}{mark:<{width}}", INDENT + " " * width)
    for side in sheet.sides:
        out += ["", "", f"SET-UP: {side.side.upper()} ({units_count(side.count)})"] + _side_setup(side)
    for side in sheet.reinforcements:
        out += ["", "", f"REINFORCEMENTS: {side.side.upper()}"] + _side_arrivals(side)
    if sheet.estimates:
        out += ["", "", "ESTIMATED VALUES", INDENT + "No document prints these values; each comes from a stated rule."]
        for what, rule in sheet.estimates:
            out += _wrapped(estimate_line(what, rule), INDENT, INDENT + "  ")
    if sheet.notes:
        out += ["", "", "NOTES"]
        for note in sheet.notes:
            out += _wrapped(note, INDENT + "- ", INDENT + "  ")
    return "\n".join(out) + "\n"


def _wrapped(text: str, first: str, rest: str) -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=first, subsequent_indent=rest, break_on_hyphens=False) or [first]


def _setup_rows(formation: FormationSetup) -> list[tuple[str, ...]]:
    return [(line.place, line.unit.shown_values, line.unit.unit_type, line.unit.designation, line.status,
             line.unit.counter_id) for line in formation.lines]


def _side_setup(side: SideSetup) -> list[str]:
    rows = [row for f in side.formations for row in _setup_rows(f)]
    widths = [max(len(c) for c in column) for column in zip(SETUP_COLUMNS, *rows)]

    def row_text(cells) -> str:
        return (INDENT + "  ".join(f"{c:<{w}}" for c, w in zip(cells, widths))).rstrip()

    out = [] if side.formations else ["", INDENT + "No units set up."]
    for formation in side.formations:
        out += ["", f"{formation.name} ({len(formation.lines)})", row_text(SETUP_COLUMNS)]
        out += [row_text(row) for row in _setup_rows(formation)]
    return out


def _side_arrivals(side: SideArrivals) -> list[str]:
    out = []
    for turn in side.turns:
        out += ["", f"Turn {turn.turn}" + (f" ({turn.date})" if turn.date else "")]
        for place, entries in turn.places:
            out.append(INDENT + place)
            for entry in entries:
                out += _wrapped(f"{entry.formation}: {listing(entry.units)}", INDENT * 2, INDENT * 3)
                if entry.remarks:
                    out += _wrapped(entry.remarks, INDENT * 3 + "— ", INDENT * 3 + "  ")
    return out
