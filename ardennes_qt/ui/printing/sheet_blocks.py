"""The setup sheet's text as blocks for the page flow: small QTextDocuments in HTML,
each one thing a player reads at once (the scenario's facts, one rule's wording, one
formation's set-up, one turn's reinforcements, one note).

Estimated values keep their ``≈`` and are printed in amber ink as well, so the mark
survives a black-and-white printer and a PDF text search alike.
"""

from __future__ import annotations

from html import escape

from PySide6.QtGui import QColor, QFont, QFontMetricsF, QTextDocument

from ardennes_qt.engine.setup_sheet_model import (
    MARK,
    ArrivalEntry,
    FormationSetup,
    SetupSheet,
    SheetUnit,
    TurnArrivals,
)
from ardennes_qt.engine.setup_sheet_words import estimate_line, listing

FONT = "DejaVu Sans"
TABLE_FONT = "DejaVu Sans Condensed"
BASE_PX = 11  # body text: about 8.3 pt
INK = "#1b1b1b"
MUTED = "#5c5c5c"
ESTIMATED_INK = "#9a5b00"
RULE_LINE = "#b8b8b8"
ZEBRA = "#f1f1ee"

STYLE = f"""
body {{ color: {INK}; }}
h1 {{ font-size: 22px; font-weight: bold; margin: 0; }}
h2 {{ font-size: 15px; font-weight: bold; margin: 0; }}
h3 {{ font-size: 12px; font-weight: bold; margin: 0; }}
p {{ margin: 0; }}
.muted {{ color: {MUTED}; }}
.est {{ color: {ESTIMATED_INK}; }}
.small {{ font-size: 9px; }}
.detail {{ font-size: 15px; font-weight: normal; }}
table {{ font-family: '{TABLE_FONT}'; }}
th {{ font-size: 9px; color: {MUTED}; font-weight: normal; text-align: left; border-bottom: 1px solid {RULE_LINE}; }}
td {{ vertical-align: top; }}
"""


def document(html: str, width: float) -> QTextDocument:
    doc = QTextDocument()
    doc.setUseDesignMetrics(True)  # the same line breaks on paper as in the layout
    font = QFont(FONT)
    font.setPixelSize(BASE_PX)
    doc.setDefaultFont(font)
    doc.setDocumentMargin(0)
    doc.setDefaultStyleSheet(STYLE)
    doc.setHtml(html)
    doc.setTextWidth(width)
    return doc


def _marked(text: str) -> str:
    """Escape ``text`` and ink every estimated value in it."""
    words = escape(text).split(" ")
    return " ".join(f'<span class="est">{w}</span>' if w.startswith(MARK) else w for w in words)


def heading(text: str, width: float, detail: str = "") -> QTextDocument:
    extra = f' <span class="muted detail">{escape(detail)}</span>' if detail else ""
    return document(f"<h2>{escape(text)}{extra}</h2>", width)


def title_block(sheet: SetupSheet, width: float) -> QTextDocument:
    facts = [("Turns", ": ".join(t for t in (sheet.turns, sheet.dates) if t)), ("Maps", sheet.maps),
             ("Play area", sheet.play_area)]
    if sheet.setup_source:
        facts.append(("Set-up", sheet.setup_source))
    if sheet.markers:
        facts.append(("At start", "; ".join(sheet.markers)))
    rows = "".join(f'<tr><td class="muted" width="14%">{escape(k)}</td><td>{escape(v)}</td></tr>' for k, v in facts)
    return document(
        f'<p class="muted">Setup sheet · {escape(sheet.which)} · {escape(sheet.map_title)}</p>'
        f"<h1>{escape(sheet.title)}</h1>"
        f'<table width="100%" cellspacing="0" cellpadding="2" style="font-family: \'{FONT}\'; margin-top: 6px;">'
        f"{rows}</table>",
        width,
    )


def rule_block(heading_text: str, text: str, width: float) -> QTextDocument:
    paragraphs = "".join(f"<p>{escape(p)}</p>" for p in text.splitlines() if p.strip())
    return document(f"<h3>{escape(heading_text)}</h3>{paragraphs}", width)


def marks_block(sheet: SetupSheet, width: float) -> QTextDocument:
    rows = "".join(f'<tr><td width="22%"><b>{_marked(mark)}</b></td><td>{escape(meaning)}</td></tr>'
                   for mark, meaning in sheet.marks)
    return document(f'<h3>Marks on this sheet</h3><table width="100%" cellspacing="0" cellpadding="1">{rows}</table>',
                     width)


def _values_cell(unit: SheetUnit) -> str:
    return _marked(unit.shown_values)


SET_UP_COLUMNS = ("Hex", "Values", "Type", "Unit")  # then Status, which takes what is left
CELL_ROOM = 8.0  # pixels of padding and air around a cell's text


def set_up_widths(sheet: SetupSheet, width: float) -> tuple[float, ...]:
    """Widths of the set-up tables' first four columns, wide enough for the longest entry of
    the whole sheet (every formation's table alike), shrunk evenly if they cannot all fit."""
    font = QFont(TABLE_FONT)
    font.setPixelSize(BASE_PX)
    plain = QFontMetricsF(font)
    font.setBold(True)
    bold = QFontMetricsF(font)
    lines = [line for side in sheet.sides for f in side.formations for line in f.lines]
    cells = [(line.place, line.unit.shown_values, line.unit.unit_type) for line in lines]
    widths = [max([plain.horizontalAdvance(name)] + [plain.horizontalAdvance(c[i]) for c in cells]) + CELL_ROOM
              for i, name in enumerate(SET_UP_COLUMNS[:3])]
    widths.append(max([plain.horizontalAdvance("Unit")] + [bold.horizontalAdvance(line.unit.designation)
                                                           for line in lines]) + CELL_ROOM)
    fit = min(1.0, 0.78 * width / sum(widths))  # leave the status at least a fifth of the table
    return tuple(w * fit for w in widths)


def formation_block(formation: FormationSetup, width: float, widths: tuple[float, ...]) -> QTextDocument:
    rows = []
    for i, line in enumerate(formation.lines):
        shade = f' bgcolor="{ZEBRA}"' if i % 2 else ""
        rows.append(
            f"<tr{shade}><td>{escape(line.place)}</td><td>{_values_cell(line.unit)}</td>"
            f"<td>{escape(line.unit.unit_type)}</td><td><b>{escape(line.unit.designation)}</b></td>"
            f"<td>{_marked(line.status)}</td></tr>"
        )
    header = "".join(f'<th width="{w:.0f}">{name}</th>' for name, w in zip(SET_UP_COLUMNS, widths))
    swatch = _swatch(formation.colour)
    return document(
        f"<h3>{swatch}&nbsp;{escape(formation.name)} <span class=\"muted small\">({len(formation.lines)})</span></h3>"
        f'<table width="100%" cellspacing="0" cellpadding="1"><tr>{header}<th>Status</th></tr>{"".join(rows)}</table>',
        width,
    )


def _swatch(colour: str) -> str:
    ink = QColor(colour)
    return f'<span style="background-color: {ink.name()}; color: {ink.name()};">&nbsp;&nbsp;&nbsp;</span>'


def place_width(sheet: SetupSheet, width: float) -> float:
    """The entry-place column: as wide as the longest place of the sheet, at most two fifths."""
    font = QFont(FONT)
    font.setPixelSize(BASE_PX)
    font.setBold(True)
    metrics = QFontMetricsF(font)
    places = [p for side in sheet.reinforcements for t in side.turns for p, _ in t.places]
    return min(width * 0.4, max((metrics.horizontalAdvance(p) for p in places), default=0.0) + 2 * CELL_ROOM)


def turn_block(turn: TurnArrivals, width: float, place_column: float) -> QTextDocument:
    rows = []
    for i, (place, entries) in enumerate(turn.places):
        shade = f' bgcolor="{ZEBRA}"' if i % 2 else ""
        cells = "".join(_entry_html(e) for e in entries)
        rows.append(f'<tr{shade}><td width="{place_column:.0f}"><b>{escape(place)}</b></td><td>{cells}</td></tr>')
    date = f' <span class="muted">· {escape(turn.date)}</span>' if turn.date else ""
    return document(
        f"<h3>Turn {turn.turn}{date}</h3>"
        f'<table width="100%" cellspacing="0" cellpadding="1">{"".join(rows)}</table>',
        width,
    )


def _entry_html(entry: ArrivalEntry) -> str:
    remark = f'<br><i class="muted">{escape(entry.remarks)}</i>' if entry.remarks else ""
    return f"<p><b>{escape(entry.formation)}:</b> {_marked(listing(entry.units))}{remark}</p>"


def estimates_block(sheet: SetupSheet, width: float) -> QTextDocument:
    items = "".join(f'<p style="margin-top: 3px;">{_lead_in(estimate_line(what, rule))}</p>'
                    for what, rule in sheet.estimates)
    return document(
        "<h3>Estimated values</h3>"
        f'<p class="muted">No document prints these values on the counters drawn here; each comes from a stated '
        f"rule, and values so made are marked {MARK} where they show.</p>{items}",
        width,
    )


def _lead_in(text: str) -> str:
    """ "reduced side: the rule" with the words before the colon in bold."""
    head, colon, rest = text.partition(": ")
    return f"<b>{escape(head)}</b>: {escape(rest)}" if colon else escape(text)


def note_block(note: str, width: float, first: bool = False) -> QTextDocument:
    """One note of the map or the transcription; the first carries the notes' heading."""
    heading_html = "<h3>Notes on the map and the transcription</h3>" if first else ""
    return document(f'{heading_html}<p class="small">{escape(note)}</p>', width)
