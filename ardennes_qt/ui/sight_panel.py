"""The line-of-sight dock: the rules' verdict in large words, the two Locations, and every
step of the line - where, what is there, what it does, the rule - with the steps that rest
on a provisional rule marked, in the game's own words.  Below, what a Location sees, once
asked."""

from __future__ import annotations

from html import escape

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QTextBrowser, QVBoxLayout, QWidget

from ardennes_qt.core.system import SightLine
from ardennes_qt.ui.sight_items import CLEAR, COLOURS, HINDERED, SHADE_WORDS, sight_kind

PROVISIONAL_MARK = "≈"
PROVISIONAL_COLOUR = "#b26a00"
PROVISIONAL_ROW = "#fff3e0"
COLUMNS = ("", "Where", "What", "Effect", "Rule")
VERDICT_POINTS = 15
HOW_TO = ("Pick the viewer's hex, then the hex to look at (View ▸ Line of Sight, L, or right-click a hex). "
          "Esc clears.")


def provisional_words(line: SightLine) -> str:
    """Why the answer is provisional, in the words the rules give on their provisional steps."""
    rules = list(dict.fromkeys(step.rule for step in line.steps if step.provisional and step.rule))
    text = "; ".join(rules) if rules else "this answer rests on a provisional rule"
    return text if text.lower().startswith("provisional") else f"provisional: {text}"


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def steps_table(line: SightLine) -> str:
    """The steps as a rich-text table: a row each, the provisional ones marked and tinted."""
    head = "".join(f"<th align=left>{escape(c)}</th>" for c in COLUMNS)
    rows = []
    for step in line.steps:
        mark = f"<span style='color:{PROVISIONAL_COLOUR}'>{PROVISIONAL_MARK}</span>" if step.provisional else ""
        tint = f" style='background-color:{PROVISIONAL_ROW}'" if step.provisional else ""
        cells = "".join(f"<td>{escape(text)}</td>" for text in (step.where, step.what, step.effect, step.rule))
        rows.append(f"<tr{tint}><td>{mark}</td>{cells}</tr>")
    return f"<table width='100%' cellspacing=0 cellpadding=3><tr>{head}</tr>{''.join(rows)}</table>"


class SightPanel(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.line: SightLine | None = None
        self.verdict = QLabel()
        font = QFont(self.verdict.font())
        font.setPointSize(VERDICT_POINTS)
        font.setBold(True)
        self.verdict.setFont(font)
        self.verdict.setWordWrap(True)
        self.locations = QLabel()
        self.locations.setWordWrap(True)
        self.provisional = QLabel()
        self.provisional.setWordWrap(True)
        self.provisional.setStyleSheet(f"color: {PROVISIONAL_COLOUR}")
        # A table in rich text: its cells wrap to the dock's width, the rules' long words too.
        self.steps = QTextBrowser()
        self.steps.setOpenLinks(False)
        self.seen = QLabel()
        self.seen.setWordWrap(True)
        layout = QVBoxLayout(self)
        for widget in (self.verdict, self.locations, self.provisional, self.steps, self.seen):
            layout.addWidget(widget)
        layout.setStretch(3, 1)
        layout.addStretch()  # the words stay at the top while no steps show
        self.clear_line()
        self.hide_seen()

    def clear_line(self) -> None:
        self.line = None
        self.verdict.setText("No line of sight shown")
        self.verdict.setStyleSheet("")
        self.locations.setText(HOW_TO)
        self.provisional.hide()
        self.steps.clear()
        self.steps.hide()

    def show_viewer(self, location: str) -> None:
        """A viewer picked, no line yet."""
        self.clear_line()
        self.verdict.setText(f"From {location}")
        self.locations.setText("Click the hex to look at; the line to the hex under the pointer shows on the map.")

    def show_line(self, line: SightLine) -> None:
        self.line = line
        mark = f" {PROVISIONAL_MARK}" if line.provisional else ""
        self.verdict.setText(capitalised(line.verdict) + mark)
        self.verdict.setStyleSheet(f"color: {COLOURS[sight_kind(line)].name()}")
        self.locations.setText(f"From {line.viewer} to {line.target}")
        self.provisional.setVisible(line.provisional)
        if line.provisional:
            self.provisional.setText(f"{PROVISIONAL_MARK} {capitalised(provisional_words(line))}")
        self.steps.setHtml(steps_table(line))
        self.steps.show()

    def step_words(self) -> list[tuple[str, ...]]:
        """Every row of the steps as shown: (mark, where, what, effect, rule)."""
        texts, block = [], self.steps.document().begin()
        while block.isValid():  # a block a cell, row by row, the heading's first
            texts.append(block.text())
            block = block.next()
        if COLUMNS[1] not in texts:
            return []
        width, start = len(COLUMNS), texts.index(COLUMNS[1]) - 1 + len(COLUMNS)  # past the heading
        return [tuple(texts[i:i + width]) for i in range(start, len(texts) - width + 1, width)]

    def show_working(self, location: str) -> None:
        self.seen.setText(f"Working out what {location} sees…")
        self.seen.show()

    def show_seen(self, location: str, seen: dict[str, int]) -> None:
        hindered = sum(1 for h in seen.values() if h > 0)
        text = (f"{capitalised(location)} sees {len(seen)} hex{'es' if len(seen) != 1 else ''}: "
                f"{len(seen) - hindered} clear (shaded {SHADE_WORDS[CLEAR]})")
        self.seen.setText(f"{text}, {hindered} hindered (shaded {SHADE_WORDS[HINDERED]})." if hindered else f"{text}.")
        self.seen.show()

    def hide_seen(self) -> None:
        self.seen.hide()
